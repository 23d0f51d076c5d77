// A fallback list that ends in the system's fonts: characters none of the
// collection's own fonts has go to the font fontconfig ranks first among
// those that have them, as Pango chooses (see _SystemFonts.swift).
//
// How a text is measured with such a collection: before it is prepared, its
// characters that no font of the collection has are looked up in the
// system's ranking, and the text is shaped with the collection's fonts
// followed by the fonts found, in the order they were first needed
// (`_resolved(for:)`). Every character then takes the same font as from the
// whole ranked list: the collection's own fonts come first in both, and a
// font added for one character that also has another comes, for that other
// character, no earlier than its own choice (checked and reordered below).
// Resolved lists are ordinary collections: the word cache shares their
// widths with any collection of the same files.

extension FontCollection {
    /// These fonts, then the system's fonts in the order fontconfig ranks
    /// them for the first font's family and weight, as Pango falls back.
    ///
    /// ```swift
    /// let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
    /// // "你好" is measured with Noto Sans CJK when fonts-noto-cjk is installed
    /// ```
    /// - Parameter language: the text's language (BCP 47 or POSIX, "zh-cn",
    ///   "ja"); nil for the process's locale, as Pango's default ("c" for the
    ///   C locale, which ranks fonts for no language). A character of a
    ///   script the language is not written in is ranked for the script's
    ///   sample language (Thai for Thai, Korean for Hangul), as Pango does.
    /// - Throws: nothing at present: fontconfig's configuration is loaded
    ///   on the first character none of these fonts has (a process whose
    ///   text needs no system font never pays for it), and if it cannot be
    ///   loaded such characters are missing glyphs, as without system
    ///   fonts. The signature stays throwing so that callers need not change.
    /// - Complexity: O(number of fonts); the system's ranking is made on the
    ///   first character that needs it (one FcFontSort per language).
    public func addingSystemFonts(language: String? = nil) throws(TextError) -> FontCollection {
        // The family and weight fontconfig reads from the first font are
        // read when a character first needs the ranking.
        let source = faces.first.map {
            _PatternSource(path: $0.path, index: $0.index, familyName: $0.familyName)
        }
        let fallback = _SystemFallback.shared(
            source: source, language: language ?? _processLanguage())
        return FontCollection(fonts, systemFallback: fallback)
    }

    /// True when characters none of `fonts` has are looked up in the system's fonts.
    public var endsInSystemFonts: Bool { systemFallback != nil }

    /// The collection to shape `text` with: itself, or for a collection
    /// that ends in the system's fonts, its fonts followed by the system
    /// fonts `text`'s characters need (see the top of this file).
    /// - Complexity: O(n) in the text's length for a collection that ends
    ///   in the system's fonts; O(1) otherwise.
    func _resolved(for text: String) -> FontCollection {
        var memo = _SystemFaceMemo(capacity: 256)
        return _resolved(for: text, memo: &memo)
    }

    /// `_resolved(for:)` with the system's choices remembered in `memo`
    /// (a workspace's, so that a thread asks the shared, locked cache once
    /// per character).
    func _resolved(for text: String, memo: inout _SystemFaceMemo) -> FontCollection {
        guard systemFallback != nil else { return self }
        var text = text
        return text.withUTF8 { _resolved(for: $0, in: 0..<$0.count, memo: &memo) }
    }

    func _resolved(for text: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> FontCollection {
        var memo = _SystemFaceMemo(capacity: 256)
        return _resolved(for: text, in: range, memo: &memo)
    }

    func _resolved(
        for text: UnsafeBufferPointer<UInt8>, in range: Range<Int>, memo: inout _SystemFaceMemo
    ) -> FontCollection {
        // The fallback unretained (the collection keeps it): it is shared by
        // every thread, and binding it retained and released it once a text,
        // moving its count's line between the cores.
        guard let system = systemFallback.map({ Unmanaged.passUnretained($0) }) else {
            return self
        }
        return system._withUnsafeGuaranteedRef {
            _resolved(for: text, in: range, system: $0, memo: &memo)
        }
    }

    private func _resolved(
        for text: UnsafeBufferPointer<UInt8>, in range: Range<Int>, system: _SystemFallback,
        memo: inout _SystemFaceMemo
    ) -> FontCollection {
        var scan = _SystemFaceNeeds(storage: memo.scalarStorage)
        scan.added = memo.takeSpareAdded()
        defer {
            scan.deallocate()
            swap(&scan.added, &memo.spareAdded)
        }
        _forEachSystemFace(text, range, system, memo: &memo, into: &scan)
        if scan.added.isEmpty { return self }
        // Unretained, as the scan collected them (the shared fallback keeps
        // them): retaining each face the check below compares cost four
        // retains and releases a character on Chinese rows (2026-11-29).
        var added = scan.added
        let needs = scan.scalarBuffer
        if added.count > 1 && added.count <= 32 && !memo.checksEveryOrder {
            added = _orderedForOwnChoices(added, needs: needs)
        } else if added.count > 1 {
            // A character's own choice must come before any other added font
            // that also has it; move it forward where one does not.
            let original = added
            var moved = true
            var rounds = 0
            while moved && rounds <= added.count * added.count {
                moved = false
                rounds += 1
                // Where the last need's face is in `added` (nil: find it).
                var placed: UnsafeMutableRawPointer?
                var own = 0
                for need in needs {
                    let scalar = UInt32(truncatingIfNeeded: need)
                    let face = original[Int(need >> 32)].toOpaque()
                    if face != placed {
                        own = added.firstIndex(where: { $0.toOpaque() == face })!
                        placed = face
                    }
                    // The face chosen for a character has it (the system's
                    // choice checks `hasGlyph`), so the first face that has
                    // it is its own unless one before it does.
                    let first = _firstFace(having: scalar, in: added, before: own)
                    if first == own { continue }
                    added.insert(added.remove(at: own), at: first)
                    (moved, placed) = (true, nil)
                }
            }
        }
        // Texts needing the same fonts share one collection (no new objects
        // per text); the thread's last few are kept in `memo`.
        return memo.collection(self, adding: added, system: system)
    }

    /// Adds to `needs` each character of `text[range]` that none of the
    /// collection's fonts has with the system font chosen for it
    /// (`_SystemFaceNeeds.add(_:face:)`), and the color emoji font of each
    /// emoji sequence no color emoji font of the collection draws as a whole
    /// (`colorEmojiFace(for:)`, `_SystemFaceNeeds.addEmoji(_:)`; the
    /// sequence's own characters are also added when the collection lacks
    /// them). Where fonts added for emoji come among the others does not
    /// matter: an emoji sequence takes the first color emoji face that has
    /// it all, wherever it is in the list.
    @inline(__always)
    private func _forEachSystemFace(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ system: _SystemFallback,
        memo: inout _SystemFaceMemo, into needs: inout _SystemFaceNeeds
    ) {
        var emojiEnd = range.lowerBound
        var script = _Script.common
        var index = range.lowerBound
        // Whether the previous scalar was part of an emoji, and a joiner followed it.
        var inEmoji = false
        var joined = false
        // The language of the last script looked up, and its number: a
        // text's characters of one script share them (deriving the language
        // reads the language tag, and its number is found under a lock).
        var lookedUp: (script: _Script, emoji: Bool, index: Int)?
        // Apart from `lookedUp`, so that reading its number copies no string.
        var lookedUpLanguage = ""
        // Looks the language and its number up for `script` (emoji are
        // ranked for "und-zsye", the language emoji fonts declare, as
        // Pango's itemizer asks for them), unless the last look-up was for it.
        // The thread's memo answers for the scripts its last texts met
        // (`_SystemFaceMemo.language`): the fallback's numbers are found
        // under its lock, which the threads shared once a text.
        func lookUp(_ script: _Script, emoji: Bool) {
            if lookedUp.map({ $0.script != script || $0.emoji != emoji }) ?? true {
                let (language, index) = memo.language(of: script, emoji: emoji, system: system)
                lookedUp = (script, emoji, index)
                lookedUpLanguage = language
            }
        }
        // The faces as unretained references, for the per-character checks
        // below, from the collection's own memory (`faceList`): calling
        // through them retains nothing (the collection keeps its faces
        // alive), where each call through `faces` retained and released the
        // face (760,000 times for 5,000 rows of Russian), and binding the
        // array or its first face retained what every thread shares (2.1
        // times a Chinese row for the first face, once a text for the
        // array), each count moving a line between the cores.
        let ownFaces = faceList
        let firstFace = ownFaces.first
        let ownCount = ownFaces.count
        // The first face's coverage of U+0400–U+047F, once a text needs it.
        var cyrillicCoverage: (UInt64, UInt64)?
        while index < range.upperBound {
            // ASCII the first face has, but for keycap bases ("#", "*",
            // digits): no emoji, no fallback, no change of script; only
            // the emoji state below is reset, as for any non-emoji. A run
            // of them is skipped at once (`_asciiSkipEnd`).
            if text[index] < 0x80 && _skipsASCII(text[index]) {
                index = _asciiSkipEnd(text, from: index + 1, to: range.upperBound)
                inEmoji = false
                joined = false
                continue
            }
            let (scalar, length) = _decodeScalar(text, at: index)
            // Kana, ideographs, Hangul, CJK punctuation and box drawing: no
            // emoji, nothing default-ignorable (`_isIdeographOrSyllable`),
            // so only the script, the emoji state and the fonts matter.
            if scalar >= 0x2500 && _isIdeographOrSyllable(scalar) {
                inEmoji = false
                joined = false
                let own = _Script(scalar)
                if own != .common { script = own }
                // A character that keeps the Han script (`_keepsHanScript`)
                // once the script is Han begins a run of Chinese text read
                // in `_hanRunEnd`'s loop, itself included, when the last
                // look-up was for Han without emoji, or when no face of the
                // collection has it (the look-up below is then made first,
                // as for any character): the loop adds its need as the
                // steps below would, and its answer by code point is a load
                // where those steps asked the memo's hash table (the first
                // character of each run: once a row, and after each digit).
                if script == .han && memo.takesHanRuns && _keepsHanScript(scalar) {
                    let lookedUpHan = lookedUp.map { $0.script == .han && !$0.emoji } ?? false
                    if lookedUpHan || !_anyFace(ownFaces, count: ownCount, has: scalar) {
                        lookUp(.han, emoji: false)
                        index = _hanRunEnd(
                            text, from: index, to: range.upperBound, own: ownFaces,
                            language: lookedUpLanguage, languageIndex: lookedUp!.index,
                            system: system, memo: &memo, needs: &needs, reserving: range.count)
                        continue
                    }
                }
                index &+= length
                if !_anyFace(ownFaces, count: ownCount, has: scalar) {
                    lookUp(script, emoji: false)
                    if let face = memo.face(
                        for: scalar, language: lookedUpLanguage, index: lookedUp!.index,
                        system: system)
                    {
                        needs.add(scalar, face: face, reserving: range.count)
                    }
                }
                // The same character again ("────"): the same script and
                // answers, and a need `needs` keeps once; only its bytes.
                index = _repeatEnd(text, from: index, to: range.upperBound, length: length)
                // The rest of a run of Chinese text in a loop of its own
                // (FontCollection+HanRuns.swift).
                if script == .han, memo.takesHanRuns, let known = lookedUp,
                    known.script == .han, !known.emoji
                {
                    index = _hanRunEnd(
                        text, from: index, to: range.upperBound, own: ownFaces,
                        language: lookedUpLanguage, languageIndex: known.index, system: system,
                        memo: &memo, needs: &needs, reserving: range.count)
                }
                continue
            }
            // Non-ASCII below U+2000 the first face has (Latin with
            // diacritics, Greek, Cyrillic…), and the C1 controls: no emoji
            // (only © and ® are, below U+203C), no default-ignorable but
            // the three skipped here, no fallback; only the script and the
            // emoji state.
            if scalar >= 0x80 && scalar < 0x2000 && scalar != 0xA9 && scalar != 0xAE
                && scalar != 0xAD && scalar != 0x34F && scalar != 0x61C, let firstFace,
                firstFace._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) }) || _isControl(scalar)
            {
                inEmoji = false
                joined = false
                let own = _Script(scalar)
                if own != .common { script = own }
                index &+= length
                // The rest of a run of Cyrillic letters of U+0400–U+047F
                // (two bytes, the first D0 or D1; all of that script) that
                // the first face has, and of the ASCII this loop skips
                // (spaces and punctuation between the words), in one loop:
                // the same answers (such a byte changes nothing after such
                // a letter), a fifth of the instructions a letter on
                // Russian rows. The first face's coverage of those 128
                // code points is read once a text.
                if own == .cyrillic {
                    if cyrillicCoverage == nil {
                        cyrillicCoverage = firstFace._withUnsafeGuaranteedRef {
                            ($0.coverageWord(0x400 >> 6), $0.coverageWord(0x440 >> 6))
                        }
                    }
                    index = _cyrillicRunEnd(
                        text, from: index, to: range.upperBound, coverage: cyrillicCoverage!)
                }
                continue
            }
            if index >= emojiEnd,
                scalar >= 0xA9 || scalar == 0x23 || scalar == 0x2A
                    || (0x30...0x39).contains(scalar),
                !_isIdeographOrSyllable(scalar),
                let end = _emojiSequenceEnd(text, at: index, end: range.upperBound)
            {
                emojiEnd = end
                if _emojiSequenceFace(text, index..<end, faces: faces) == nil,
                    let face = system.colorEmojiFace(for: scalar),
                    _emojiSequenceFace(text, index..<end, faces: [face]) != nil
                {
                    needs.addEmoji(face)
                }
            }
            index &+= length
            let next = index < range.upperBound ? _decodeScalar(text, at: index).0 : nil
            let emoji = _presentsAsEmoji(scalar, next: next, continuing: inEmoji && joined)
            joined = scalar == 0x200D
            if !joined && scalar != 0xFE0F { inEmoji = emoji }
            if scalar < 0x80,
                firstFace?._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) }) ?? false
            {
                continue
            }
            let own = _Script(scalar)
            if own != .common { script = own }
            if _isDefaultIgnorable(scalar)
                || ownFaces.contains(where: { $0._withUnsafeGuaranteedRef { $0.hasGlyph(scalar) } })
            {
                continue
            }
            lookUp(script, emoji: emoji)
            guard
                let face = memo.face(
                    for: scalar, language: lookedUpLanguage, index: lookedUp!.index,
                    system: system)
            else { continue }
            needs.add(scalar, face: face, reserving: range.count)
        }
    }
}

extension FontCollection {
    /// The end of the run from `start` (before `end`) of Cyrillic letters
    /// of U+0400–U+047F (two bytes, the first D0 or D1) whose bit is set in
    /// `coverage` (U+0400–U+043F, then U+0440–U+047F) and of the ASCII
    /// bytes `_skipsASCII` steps over: `start` itself when it begins
    /// neither. A word's letters are read in a loop of their own; where
    /// the coverage is whole (every code point of the block), four at a
    /// time first: eight bytes whose every other byte is D0 or D1 and every
    /// other a continuation byte.
    @inline(__always)
    func _cyrillicRunEnd(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        coverage: (UInt64, UInt64)
    ) -> Int {
        guard let base = text.baseAddress else { return start }
        var index = start
        let whole = coverage.0 == ~0 && coverage.1 == ~0
        while index < end {
            let lead = text[index]
            if lead < 0x80 {
                // Spaces and punctuation between words: a byte or two.
                guard _skipsASCII(lead) else { break }
                index &+= 1
                continue
            }
            if whole {
                while index &+ 8 <= end
                    && UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        & 0xC0FE_C0FE_C0FE_C0FE == 0x80D0_80D0_80D0_80D0
                {
                    index &+= 8
                }
            }
            while index &+ 1 < end {
                let lead = text[index]
                let trail = text[index &+ 1]
                let bits = lead & 1 == 0 ? coverage.0 : coverage.1
                guard lead & 0xFE == 0xD0, trail & 0xC0 == 0x80,
                    (bits >> UInt64(trail & 0x3F)) & 1 != 0
                else { break }
                index &+= 2
            }
            // Past the word: ASCII goes round again; anything else ends the run.
            if index >= end || text[index] >= 0x80 { break }
        }
        return index
    }
}

/// The index of the first of `faces` before `end` that has `scalar` (`end`
/// when none has it), asked through unretained references (the shared
/// fallback keeps them): retaining each face asked cost 270,000 retains
/// and releases on 5,000 Chinese rows.
@inline(__always)
private func _firstFace(
    having scalar: UInt32, in faces: [Unmanaged<_FontFace>], before end: Int
) -> Int {
    faces.withUnsafeBufferPointer { faces in
        var first = 0
        while first < end && !faces[first]._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) }) {
            first += 1
        }
        return first
    }
}

/// `faces` (at most 32: the system faces a text's scan added, in the order
/// first needed) in the order the check of `_resolved(for:in:memo:)` leaves
/// them, asking about each character of `needs` (its scalar and its face's
/// index in `faces`) through the set of the other faces that have it.
/// `needs` is overwritten (the scan's storage, not read after this).
///
/// The check's rounds ask, for each character in turn, whether a face
/// before its own has it, and move its own face before the first that
/// does; so a character is the same question as any other with the same
/// face and the same set of other faces having it. Here that set is found
/// once for each character rather than once a round, and the rounds ask
/// about fewer characters, with the same moves:
/// - a character no other face has never moves a face, in any order;
///   it is left out;
/// - a character right after another with the same face and set (once
///   those are left out) moves nothing: the first left no face before its
///   own in the set; it is left out too.
/// The sets are kept where the characters were, and the faces' order on
/// the stack: no memory is allocated unless a face moves.
private func _orderedForOwnChoices(
    _ faces: [Unmanaged<_FontFace>], needs: UnsafeBufferPointer<UInt64>
) -> [Unmanaged<_FontFace>] {
    let count = faces.count
    guard count <= 32, let storage = needs.baseAddress else { return faces }
    // Each question as the set of the other faces (bits by index in
    // `faces`) | its own face's index << 32, written over the characters
    // already read.
    let asked = UnsafeMutablePointer(mutating: storage)
    var askedCount = 0
    faces.withUnsafeBufferPointer { faces in
        var last: UInt64 = 0
        for need in needs {
            let own = Int(truncatingIfNeeded: need >> 32)
            let scalar = UInt32(truncatingIfNeeded: need)
            var others: UInt64 = 0
            var face = 0
            while face < count {
                if face != own && faces[face]._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) }) {
                    others |= 1 << UInt64(face)
                }
                face &+= 1
            }
            if others == 0 { continue }
            let question = others | UInt64(own) << 32
            if question == last { continue }
            asked[askedCount] = question
            askedCount &+= 1
            last = question
        }
    }
    if askedCount == 0 { return faces }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
        // The faces by their index in `faces`, moved as the check moves them.
        for index in 0..<count { (order.baseAddress! + index).initialize(to: index) }
        var moved = true
        var anyMoved = false
        var rounds = 0
        while moved && rounds <= count * count {
            moved = false
            rounds += 1
            for index in 0..<askedCount {
                let others = asked[index] & 0xFFFF_FFFF
                let face = Int(truncatingIfNeeded: asked[index] >> 32)
                var own = 0
                while order[own] != face { own &+= 1 }
                var first = 0
                while first < own && others & 1 << UInt64(order[first]) == 0 { first &+= 1 }
                if first == own { continue }
                var place = own
                while place > first {
                    order[place] = order[place &- 1]
                    place &-= 1
                }
                order[first] = face
                (moved, anyMoved) = (true, true)
            }
        }
        return anyMoved ? order.map { faces[$0] } : faces
    }
}

/// Whether one of the first `count` of `faces` (all of them) has `scalar`:
/// asked for each CJK character of the system-font scan, with the count
/// read once per text rather than by the array's iterator per character.
@inline(__always)
private func _anyFace(
    _ faces: UnsafeBufferPointer<Unmanaged<_FontFace>>, count: Int, has scalar: UInt32
) -> Bool {
    var index = 0
    while index < count {
        if faces[index]._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) }) { return true }
        index += 1
    }
    return false
}

/// True when `scalar` is drawn as an emoji (UTS #51, as Pango's emoji
/// iterator segments text): a character whose default presentation is emoji,
/// a skin-tone modifier, a regional indicator (flags), an emoji character
/// followed by U+FE0F, or an emoji character joined (U+200D) to an emoji.
func _presentsAsEmoji(_ scalar: UInt32, next: UInt32?, continuing: Bool) -> Bool {
    // Below U+203C (‼) only © and ® are emoji characters (emoji-data.txt):
    // Latin, Cyrillic, Greek, Hebrew, Arabic, Indic and Thai letters need no
    // property look-up.
    if scalar < 0x203C && scalar != 0xA9 && scalar != 0xAE { return false }
    guard !_isIdeographOrSyllable(scalar), let value = Unicode.Scalar(scalar)
    else { return false }
    if (0x1F1E6...0x1F1FF).contains(scalar) { return true }
    let properties = value.properties
    if properties.isEmojiPresentation || properties.isEmojiModifier { return true }
    return properties.isEmoji && (next == 0xFE0F || continuing)
}
