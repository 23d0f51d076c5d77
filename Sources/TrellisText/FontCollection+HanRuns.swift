// The system-font scan's step over a run of Chinese text
// (FontCollection+SystemFonts.swift): once the scan's script is Han and its
// language is looked up for Han, the ideographs, CJK punctuation, box
// drawing, fullwidth punctuation and general punctuation ("“", "—", "…")
// that follow change neither (each is of the Han or the Common script, not
// an emoji, not default-ignorable), nor does ASCII the scan steps over
// (`_skipsASCII`), so only the fonts matter. They are read in a loop of
// their own: in the scan's loop each such character cost about 200
// instructions, most of them moving the loop's state between registers and
// the stack (5,000 Chinese rows, 2026-11-30). Each character's answer (the
// system face it needs, or none) is kept in a table of the workspace's memo
// by code point (`hanAnswers`), so a character met again costs a load
// rather than asking the collection's faces and the memo's hash table.

import CTrellisICU

extension FontCollection {
    /// The end of the run from `start` (before `end`) of characters that
    /// keep the Han script (`_keepsHanScript`) and of ASCII bytes
    /// `_skipsASCII` steps over; each of those characters that none of
    /// `own` has is added to `needs` with the system's choice for it in
    /// `language` (whose number is `languageIndex`), as
    /// `_forEachSystemFace` adds it when its script is Han and its last
    /// look-up was for Han without emoji. `start` itself when it begins no
    /// such character.
    @inline(never)
    func _hanRunEnd(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        own: UnsafeBufferPointer<Unmanaged<_FontFace>>, language: String, languageIndex: Int,
        system: _SystemFallback, memo: inout _SystemFaceMemo, needs: inout _SystemFaceNeeds,
        reserving: Int
    ) -> Int {
        var index = start
        let ownCount = own.count
        // This collection's answers in this language, by code point.
        memo.useHanAnswers(collection: Int(id), languageIndex: languageIndex, system: system.id)
        // Read here: the memo read inside the closures below made the
        // compiler copy the answers' arrays, retained and released each
        // round.
        let entries = memo.ideographEntries
        while index < end {
            // The characters whose answers are known, in a loop that reads
            // the answers through pointers (_SystemFaceNeeds.swift); it
            // stops at one not asked about yet, asked below.
            let (stop, unknown) = memo.hanAnswers.withUnsafeBufferPointer { answers in
                memo.hanFaces.withUnsafeBufferPointer { faces in
                    needs.addKnownHanRun(
                        text, from: index, to: end, asciiSkips: asciiSkips, answers: answers,
                        faces: faces, reserving: reserving,
                        prefetching: entries)
                }
            }
            index = stop
            guard unknown else { break }
            let scalar = _threeByteScalar(text, at: index)
            index &+= 3
            // A character this workspace's scan has not met is one its
            // ideograph memo has not measured either: `prepare` will ask
            // the measures the workspaces share for it, whose slot the
            // other thread may have just written.
            if let shared = memo.sharedIdeographSlots, let slot = _IdeographMemo.slot(scalar) {
                trellis_prefetch(
                    shared + slot &* MemoryLayout<_SharedIdeographMeasures.Slot>.stride)
            }
            let slot = _SystemFaceMemo.hanSlot(scalar)
            var owned = false
            var face = 0
            while face < ownCount {
                if own[face]._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) }) {
                    owned = true
                    break
                }
                face &+= 1
            }
            // Asked of the fallback's shared answers by code point, not
            // through the memo's hash table (`_SystemFaceMemo.face`): the
            // same answer, and a character's first sighting found its
            // slot there cold, one cache miss more.
            if !owned,
                let chosen = system.unretainedFace(
                    for: scalar, language: language, index: languageIndex)
            {
                memo.setHanAnswer(slot, face: chosen)
                needs.add(scalar, face: chosen, reserving: reserving)
            } else {
                memo.setHanAnswer(slot, _SystemFaceMemo.noSystemFace)
            }
        }
        return index
    }
}

extension _SystemFaceMemo {
    /// The value in `hanAnswers` for a character that takes no system face
    /// (one of the collection's own faces has it, or no system face does);
    /// 0 for one not asked about yet; else 2 + the system face's place in
    /// `hanFaces`.
    static let noSystemFace: UInt8 = 1

    /// The slot of a character `_keepsHanScript` takes: U+2000–U+9FFF,
    /// then U+FF00–U+FF20.
    @inline(__always)
    static func hanSlot(_ scalar: UInt32) -> Int {
        scalar >= 0xFF00 ? 0x8000 + Int(scalar - 0xFF00) : Int(scalar &- 0x2000)
    }

    /// Makes `hanAnswers` answer for the collection `collection` (its id:
    /// it stands for its list of faces) in the language numbered
    /// `languageIndex` of the fallback numbered `system`, emptied when it
    /// answered for others. Only a workspace's memo (a capacity of 4,096
    /// or more) keeps answers: a memo made for one text would fill 32 KB
    /// for it.
    @inline(__always)
    mutating func useHanAnswers(collection: Int, languageIndex: Int, system: Int) {
        guard keepsHanAnswers else { return }
        let key = (collection, languageIndex, system)
        if hanAnswers.isEmpty || hanKey != key {
            hanAnswers = [UInt8](repeating: 0, count: 0x8021)
            hanFaces.removeAll()
            hanKey = key
        }
    }

    /// Keeps that the character in `slot` takes no system face.
    @inline(__always)
    mutating func setHanAnswer(_ slot: Int, _ answer: UInt8) {
        if !hanAnswers.isEmpty { hanAnswers[slot] = answer }
    }

    /// Keeps that the character in `slot` takes the system face `face`
    /// (unretained, as `face(for:language:index:system:)` gives it); not
    /// kept past 254 faces (the character is then asked about each time).
    mutating func setHanAnswer(_ slot: Int, face: Unmanaged<_FontFace>) {
        guard !hanAnswers.isEmpty else { return }
        var place = hanFaces.firstIndex { $0.toOpaque() == face.toOpaque() }
        if place == nil && hanFaces.count < Int(UInt8.max) - 1 {
            hanFaces.append(face)
            place = hanFaces.count - 1
        }
        if let place { hanAnswers[slot] = UInt8(place + 2) }
    }
}

/// True for characters whose script (`_Script(_:)`) is Han or Common, so
/// that after them the scan's script is still Han when it was, that are
/// neither emoji (`_emojiSequenceEnd`, `_presentsAsEmoji`) nor
/// default-ignorable: the unified ideographs and Extension A (Han), CJK
/// symbols and punctuation but U+3030 and U+303D (Han or Common), box
/// drawing, the fullwidth punctuation and digits U+FF00–U+FF20, and the
/// general punctuation U+2010–U+2027 and U+2030–U+203B (Common; below
/// U+203C, the first emoji of the block, and without the default-ignorable
/// U+200B–U+200F and U+202A–U+202E and the separators U+2028 and U+2029).
@inline(__always)
func _keepsHanScript(_ scalar: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(scalar) || (0x3400...0x4DBF).contains(scalar)
        || ((0x3000...0x303F).contains(scalar) && scalar != 0x3030 && scalar != 0x303D)
        || (0x2500...0x257F).contains(scalar) || (0xFF00...0xFF20).contains(scalar)
        || (0x2010...0x2027).contains(scalar) || (0x2030...0x203B).contains(scalar)
}

/// The end of the copies of the `length` bytes before `start` that follow
/// each other from `start` (before `end`): `start` itself when none does.
@inline(__always)
func _repeatEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, length: Int)
    -> Int
{
    var index = start
    while index &+ length <= end {
        var same = true
        for offset in 0..<length where text[index &+ offset] != text[start &- length &+ offset] {
            same = false
            break
        }
        guard same else { break }
        index &+= length
    }
    return index
}

/// True for kana, CJK ideographs, Hangul syllables, fullwidth forms (not
/// the halfwidth Hangul filler, U+FFA0, which is default-ignorable), CJK
/// symbols and punctuation (not U+3030 WAVY DASH and U+303D PART
/// ALTERNATION MARK, which are emoji) and box drawing: blocks with no
/// emoji and no default-ignorable character, where Chinese, Japanese and
/// Korean text spends its characters ("，", "。", "「", and the "─" and "│"
/// of its tables), so their Unicode properties need not be looked up.
@inline(__always)
func _isIdeographOrSyllable(_ scalar: UInt32) -> Bool {
    (0x3040...0x30FF).contains(scalar) || (0x3400...0x9FFF).contains(scalar)
        || (0xAC00...0xD7A3).contains(scalar) || (0xFF00...0xFF9F).contains(scalar)
        || ((0x3000...0x303F).contains(scalar) && scalar != 0x3030 && scalar != 0x303D)
        || (0x2500...0x257F).contains(scalar)
}
