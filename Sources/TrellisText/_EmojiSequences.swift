// Emoji sequences take the color emoji font as a whole (UTS #51, Unicode
// Emoji, section 1.4 "Definitions" and 2 "Design Guidelines"): an emoji
// presentation sequence (a character followed by VS16, U+FE0F), an emoji
// modifier sequence (a modifier base followed by a skin tone), a keycap
// sequence ([0-9#*] U+FE0F U+20E3), a flag (two regional indicators), a tag
// sequence (U+1F3F4, tags, U+E007F) and a ZWJ sequence of such elements
// are each one grapheme cluster (UAX #29 rules GB9, GB11, GB12/13) and are
// displayed as one emoji. Chosen character by character, a sequence whose
// base a text font also has (U+2764 HEAVY BLACK HEART in "❤️‍🔥", U+270C in
// "✌🏾", "#" in "#️⃣") was split across two fonts: the text font's glyph for
// the base and the emoji font's for the rest, two glyphs where the emoji font
// has one (issue 38: 309 of Emoji 15.0's 3,655 fully-qualified sequences).
//
// A sequence the emoji font does not have in full (a component it lacks)
// keeps the character-by-character choice, so its components fall back to
// the fonts that have them and only characters no font has are missing.

/// Where the emoji sequence that begins at `index` ends, when it is displayed
/// as an emoji (UTS #51): an emoji presentation sequence (ED-9a), a modifier
/// sequence (ED-13), a keycap sequence (ED-14c), a flag (ED-14), a tag
/// sequence (ED-14a), a character whose default presentation is emoji
/// (Emoji_Presentation, ED-6), or a ZWJ sequence (ED-16) of such elements
/// with at least one of them. Nil otherwise, and for a character followed by
/// the text presentation selector U+FE0E (ED-8a).
/// - Complexity: O(k) in the sequence's scalars; O(1) for a character below
///   U+203C other than ©, ®, the digits, "#" and "*".
func _emojiSequenceEnd(_ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int? {
    guard var (position, presents) = _emojiElement(text, at: index, end: end) else { return nil }
    // ZWJ sequences (ED-15a emoji_zwj_element: an emoji character, or a
    // presentation, modifier or tag sequence).
    while position + 3 < end && _isZWJ(text, at: position),
        let element = _emojiElement(text, at: position + 3, end: end)
    {
        position = element.end
        presents = presents || element.presents
    }
    return presents ? position : nil
}

/// One element of an emoji sequence at `index`: where it ends and whether it
/// is displayed as an emoji on its own. Nil when the character there is not
/// an emoji character (emoji-data.txt's Emoji property).
private func _emojiElement(_ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (
    end: Int, presents: Bool
)? {
    let (scalar, length) = _decodeScalar(text, at: index)
    var position = index + length
    let next = position < end ? _decodeScalar(text, at: position) : (0, 0)
    if scalar < 0x80 {
        // A keycap base is an emoji only with U+FE0F and/or U+20E3 after it.
        guard scalar == 0x23 || scalar == 0x2A || (0x30...0x39).contains(scalar) else {
            return nil
        }
        if next.0 == 0xFE0F {
            position += next.1
            if position < end && _decodeScalar(text, at: position).0 == 0x20E3 { position += 3 }
            return (position, true)
        }
        return next.0 == 0x20E3 ? (position + next.1, true) : nil
    }
    // Below U+203C (‼) only © and ® are emoji characters (emoji-data.txt).
    if scalar < 0x203C && scalar != 0xA9 && scalar != 0xAE { return nil }
    if _isIdeographOrSyllable(scalar) { return nil }
    if (0x1F1E6...0x1F1FF).contains(scalar) {
        // A flag: two regional indicators (GB12, GB13); one alone is an emoji too.
        if (0x1F1E6...0x1F1FF).contains(next.0) { position += next.1 }
        return (position, true)
    }
    guard let value = Unicode.Scalar(scalar) else { return nil }
    let properties = value.properties
    guard properties.isEmoji else { return nil }
    var presents = properties.isEmojiPresentation
    if next.0 == 0xFE0E { return (position + next.1, false) }
    if next.0 == 0xFE0F {
        presents = true
        position += next.1
    } else if (0x1F3FB...0x1F3FF).contains(next.0) && properties.isEmojiModifierBase {
        presents = true
        position += next.1
    }
    // A tag sequence: tag characters U+E0020–U+E007E ended by U+E007F.
    var tags = position
    while tags < end {
        let (tag, tagLength) = _decodeScalar(text, at: tags)
        guard (0xE0020...0xE007F).contains(tag) else { break }
        tags += tagLength
        if tag == 0xE007F {
            position = tags
            presents = true
            break
        }
    }
    return (position, presents)
}

@inline(__always)
private func _isZWJ(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    text[index] == 0xE2 && text[index + 1] == 0x80 && text[index + 2] == 0x8D
}

/// The color emoji face that draws the emoji sequence `text[range]` as a
/// whole: the first of `faces` that is a color emoji font and has every
/// character of the sequence but the default-ignorable ones (ZWJ, variation
/// selectors, tags, which it hides when it has no ligature). Nil when none
/// has them all: the sequence's characters then choose their faces one by one.
func _emojiSequenceFace(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace]
) -> Int? {
    faceLoop: for (faceIndex, face) in faces.enumerated() where face.isColorEmoji {
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = _decodeScalar(text, at: index)
            index += length
            if !_isDefaultIgnorable(scalar) && !face.hasGlyph(scalar) { continue faceLoop }
        }
        return faceIndex
    }
    return nil
}

/// True when `text[range]` may hold an emoji sequence that a color emoji
/// face among `faces` other than the first should draw as a whole, so the
/// range cannot be shaped with the first face alone even when it has every
/// glyph. False positives only cost itemizing the range by face.
/// - Complexity: O(n) over the bytes; a property look-up only for
///   characters from U+203C on (and ©, ®, U+FE0F) outside CJK blocks.
func _mayHoldEmojiSequence(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace]
) -> Bool {
    guard faces.count > 1, !_isColorEmoji(faces, 0), _anyColorEmoji(faces) else {
        return false
    }
    var index = range.lowerBound
    while index < range.upperBound {
        let byte = text[index]
        if byte < 0xC2 {
            index += 1
            continue
        }
        let (scalar, length) = _decodeScalar(text, at: index)
        // Keycaps and presentation sequences end in U+FE0F or U+20E3.
        if scalar == 0xFE0F || scalar == 0x20E3 { return true }
        if _emojiSequenceEnd(text, at: index, end: range.upperBound) != nil { return true }
        index += length
    }
    return false
}

/// Whether `faces[index]` is a color emoji font, asked through an
/// unretained reference (the array keeps the face alive), as
/// `_face(_:_:has:)` asks: reading `faces[index].isColorEmoji` retained and
/// released the face, several times a piece of Chinese text.
@inline(__always)
func _isColorEmoji(_ faces: [_FontFace], _ index: Int) -> Bool {
    Unmanaged.passUnretained(faces[index])._withUnsafeGuaranteedRef { $0.isColorEmoji }
}

/// Whether one of `faces` is a color emoji font (`_isColorEmoji`).
@inline(__always)
func _anyColorEmoji(_ faces: [_FontFace]) -> Bool {
    var index = 0
    while index < faces.count {
        if _isColorEmoji(faces, index) { return true }
        index += 1
    }
    return false
}
