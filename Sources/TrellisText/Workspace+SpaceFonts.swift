// Which font the spaces at the end of a piece are drawn with, when the
// character after them decides it, as Pango's itemizer decides.
//
// Pango (itemize.c, `itemize_state_process_run`, `consider_as_space`,
// `itemize_state_add_character`) cuts a paragraph into runs where the
// script or the emoji presentation changes (spaces, digits and punctuation
// are of the Common script and continue the run before them), and inside a
// run gives each character the first font that has it, except that a space
// chooses no font of its own:
//
// - a space takes the font of the item it is in, that of the character
//   before it in the same run;
// - spaces that begin a run (after an emoji, whose sequence is a run of its
//   own, or where a markup span's attributes change) take the font of the
//   next character in the run: `itemize_state_add_character` gives an item
//   that starts with spaces the font of its first other character, and a
//   change of attributes starts a new item. In "65535<span size="22pt">
//   之间</span>" the space is Noto Sans CJK's at 22 pt, not Inter's;
// - when the font changes right after some spaces, the spaces move to the
//   new font if it comes earlier in the fallback list ("less fallback",
//   pango#249): between a Chinese character and "%" the space is Inter's.
//
// A piece's measure is cached by its bytes, so a piece whose trailing spaces
// follow the next piece's font is measured outside the caches; such pieces
// are rare (a space after an emoji before Chinese text, a space between
// Chinese text and a digit or ASCII punctuation).

extension _Workspace {
    /// The face the trailing whitespace of a piece takes from the character
    /// after the piece, or nil when the spaces take the face `_fallbackFace`
    /// gives them (the face of the character before them, or for spaces
    /// after a color emoji the first face that has a space).
    ///
    /// - Parameters:
    ///   - start: where the piece starts; `wordEnd` where its trailing
    ///     whitespace starts; `next` where the next piece starts (the piece
    ///     ends without a hard break).
    /// - Complexity: O(1) for most pieces; for a piece ending in a
    ///   character the first face lacks, O(k) in the characters back to
    ///   the last one of a script other than Common.
    ///   - beginsRun: whether `start` begins one of Pango's runs (an
    ///     attributed run): spaces right at `start` then take the face of
    ///     the next character.
    static func trailingSpaceFace(
        _ text: UnsafeBufferPointer<UInt8>, start: Int, wordEnd: Int, next: Int,
        faces: [_FontFace], beginsRun: Bool = false
    ) -> Int? {
        let spacesBeginRun = beginsRun && wordEnd == start
        guard faces.count > 1, wordEnd > start || spacesBeginRun, wordEnd < next,
            next < text.count
        else {
            return nil
        }
        // After printable ASCII the first face has (most pieces), the face
        // before the spaces is the first face: nothing moves them (below).
        if !spacesBeginRun {
            let end = text[wordEnd &- 1]
            if end &- 0x21 < 0x5E
                && Unmanaged.passUnretained(faces[0])._withUnsafeGuaranteedRef({
                    $0.hasGlyph(UInt32(end))
                })
            {
                return nil
            }
        }
        // Spaces only: a tab is a forced break in Pango and a tab stop here.
        var index = wordEnd
        while index < next {
            if text[index] == 0x09 { return nil }
            index += _decodeScalar(text, at: index).1
        }
        // The last character before the spaces that chooses a font.
        var position = wordEnd
        var last: UInt32 = 0
        while position > start {
            position -= 1
            while position > start && text[position] & 0xC0 == 0x80 { position -= 1 }
            let scalar = _decodeScalar(text, at: position).0
            if !_isDefaultIgnorable(scalar) {
                last = scalar
                break
            }
        }
        if last == 0 && !spacesBeginRun { return nil }
        // No face before spaces that begin a run: they have none of their own.
        let before = spacesBeginRun ? -1 : _fallbackFace(for: last, current: -1, faces: faces)
        // A space is Inter's after a character Inter has: the first face is
        // first in every fallback list, so nothing moves the space from it.
        if before == 0 { return nil }
        let (nextScalar, nextLength) = _decodeScalar(text, at: next)
        if _isDefaultIgnorable(nextScalar) || nextScalar < 0x20 { return nil }
        let afterNext =
            next + nextLength < text.count ? _decodeScalar(text, at: next + nextLength).0 : nil
        if _presentsAsEmoji(nextScalar, next: afterNext, continuing: false) { return nil }
        let after = _fallbackFace(for: nextScalar, current: -1, faces: faces)
        if _isColorEmoji(faces, after) { return nil }
        // The next character must continue the run: a script of its own
        // (not Common) starts a new run unless the run has that script.
        let nextScript = _Script(nextScalar)
        if nextScript != .common && spacesBeginRun {
            // Brackets and all, as Pango's script iterator cuts runs.
            let script = _pangoRunScript(text, before: wordEnd)
            if script != .common && script != nextScript { return nil }
        } else if nextScript != .common {
            var back = wordEnd
            while back > 0 {
                back -= 1
                while back > 0 && text[back] & 0xC0 == 0x80 { back -= 1 }
                let script = _Script(_decodeScalar(text, at: back).0)
                if script != .common {
                    if script != nextScript { return nil }
                    break
                }
            }
        }
        let (space, _) = _decodeScalar(text, at: wordEnd)
        let kept = _fallbackFace(for: space, current: before, faces: faces)
        let chosen: Int
        if before < 0 || _isColorEmoji(faces, before) {
            // The spaces begin a run: of their own after the emoji's, or
            // where the attributes change.
            chosen = after
        } else {
            // The spaces move only to a face earlier in the list.
            chosen = after < before ? after : before
        }
        return chosen == kept || !faces[chosen].hasGlyph(space) ? nil : chosen
    }
}

/// Each character's face in a range as `shape` chooses it, trailing spaces
/// aside: the fallback face, except for a run of spaces inside the range
/// whose face the character after them decides (`innerSpaceFace`), and an
/// emoji sequence, which takes a color emoji face as a whole when one has
/// all of it (`_emojiSequenceFace`). The
/// measuring and the glyph-placing loops share it, so glyphs are drawn in
/// the faces they were measured with.
struct _FaceChooser {
    private let range: Range<Int>
    /// Where the range's trailing whitespace starts.
    private let contentEnd: Int
    /// The face of the spaces before `movedEnd`, decided at their first.
    private var movedEnd: Int
    private var movedFace = 0
    /// Whether some face is a color emoji font, and the face of the emoji
    /// sequence before `emojiEnd` (`_emojiSequenceFace`).
    private let hasColorEmoji: Bool
    private var emojiEnd: Int
    private var emojiFace = 0
    /// The last character `_fallbackFace` was asked about and its answer
    /// (`_RepeatedFallback`): a table's run of "─" asks once.
    private var fallback = _RepeatedFallback()

    init(range: Range<Int>, contentEnd: Int, faces: [_FontFace]) {
        self.range = range
        self.contentEnd = contentEnd
        movedEnd = range.lowerBound
        emojiEnd = range.lowerBound
        hasColorEmoji = faces.count > 1 && _anyColorEmoji(faces)
    }

    /// The face of `scalar` at `index` (characters in order), after a
    /// character in face `current`.
    @inline(__always)
    mutating func face(
        _ text: UnsafeBufferPointer<UInt8>, at index: Int, scalar: UInt32, current: Int,
        faces: [_FontFace]
    ) -> Int {
        if index < movedEnd { return movedFace }
        if index < emojiEnd { return emojiFace }
        // An emoji sequence takes the emoji font as a whole (_EmojiSequences.swift).
        if hasColorEmoji
            && (scalar >= 0xA9 || scalar == 0x23 || scalar == 0x2A
                || (0x30...0x39).contains(scalar)),
            let end = _emojiSequenceEnd(text, at: index, end: range.upperBound),
            let face = _emojiSequenceFace(text, index..<end, faces: faces)
        {
            (emojiFace, emojiEnd) = (face, end)
            return face
        }
        if scalar == 0x20 && index < contentEnd,
            let moved = _Workspace.innerSpaceFace(
                text, at: index, range: range, contentEnd: contentEnd, faces: faces)
        {
            (movedFace, movedEnd) = moved
            return movedFace
        }
        return fallback.face(for: scalar, current: current, faces: faces)
    }

    /// Where the copies of `scalar` (three bytes long) that follow each
    /// other from `index` end (before `end`), when the character before
    /// `index` is `scalar` itself, the last one `face(_:at:scalar:current:faces:)`
    /// answered for, and its answer is the current face of each copy
    /// (the caller's run goes on in it):
    /// each copy then takes that answer, so the copies need not be asked
    /// about. That holds for a character of `_isIdeographOrSyllable` ("─",
    /// "中"): not a space, so past any spaces whose face was moved; in no
    /// emoji sequence (none begins at it, and one that began before it
    /// would have held it); and asked of `_fallbackFace` with the last
    /// answer as the current face, it gives that answer again
    /// (`_RepeatedFallback`). `index` itself for any other character.
    @inline(__always)
    func copiesEnd(_ text: UnsafeBufferPointer<UInt8>, from index: Int, scalar: UInt32, end: Int)
        -> Int
    {
        // The character before `index` took the last answer when it was
        // past any moved spaces and emoji sequence.
        guard index &- 3 >= movedEnd, index &- 3 >= emojiEnd, _isIdeographOrSyllable(scalar),
            fallback.lastScalar == scalar
        else { return index }
        return _repeatEnd(text, from: index, to: end, length: 3)
    }
}

extension _Workspace {
    /// The face of a run of spaces inside `range` (a piece, or the part of
    /// one in one run and direction) that a character of the range follows,
    /// and where the spaces end; nil when the face `_fallbackFace` gives
    /// them stands. Pango chooses these spaces' font as it chooses a
    /// piece's trailing spaces' (`trailingSpaceFace`): ICU puts no break
    /// after spaces before a closing bracket or a full stop (UAX #14 LB13),
    /// so in "称 ." the space is inside a piece, and it is Inter's, as the
    /// full stop is. Only U+0020 runs are considered.
    ///
    /// - Parameters:
    ///   - index: the first space of the run (after the range's start);
    ///     `contentEnd` where the range's trailing whitespace starts.
    /// - Complexity: O(k) in the spaces, and `trailingSpaceFace`'s.
    @inline(__always)
    static func innerSpaceFace(
        _ text: UnsafeBufferPointer<UInt8>, at index: Int, range: Range<Int>, contentEnd: Int,
        faces: [_FontFace]
    ) -> (face: Int, end: Int)? {
        var end = index
        while end < contentEnd && text[end] == 0x20 { end += 1 }
        guard index > range.lowerBound, end < contentEnd else { return nil }
        return trailingSpaceFace(
            text, start: range.lowerBound, wordEnd: index, next: end, faces: faces
        ).map { ($0, end) }
    }

    /// `trailingSpaceFace` for the part of an attributed text's piece drawn
    /// in one run (`part`, with the run's `faces`, ending at `runEnd`;
    /// `beginsRun` tells whether `part` starts where the run does): only
    /// for the part that ends the piece when the next character is in the
    /// same run (Pango starts a run where attributes change). A part of
    /// only spaces at its run's start takes the next character's face.
    static func trailingSpaceFace(
        _ text: UnsafeBufferPointer<UInt8>, part: Range<Int>, wordEnd: Int, next: Int,
        runEnd: Int, faces: [_FontFace], beginsRun: () -> Bool
    ) -> Int? {
        guard part.upperBound == next, next < runEnd else { return nil }
        let spacesOnly = wordEnd <= part.lowerBound
        return trailingSpaceFace(
            text, start: part.lowerBound, wordEnd: max(wordEnd, part.lowerBound), next: next,
            faces: faces, beginsRun: spacesOnly && beginsRun())
    }
}
