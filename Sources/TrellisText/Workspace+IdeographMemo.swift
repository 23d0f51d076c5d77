// One-character pieces of Chinese and Japanese text measured from a table
// indexed by code point. UAX #14 puts a break between almost every two
// ideographs (LB31), so most pieces of a Chinese text are one character,
// and a text draws on thousands of distinct ones: the front word cache
// (1,024 entries) kept few of them, and each piece cost a key, its hash
// and a look-up in the shared cache under a lock (5,000 Chinese rows,
// 2026-12-01: 86,000 shared look-ups for 127,000 pieces). Here such a
// piece takes its measure from a table of the workspace, filled the first
// time a character is met with the measure the word cache's miss path
// gives it (`kernOnlyMeasure`, then `ideographKernOnlyMeasure`): the same
// function, so the same bits. A character that path leaves to HarfBuzz is
// marked, and its pieces take the word cache as before. Pass 1 of `prepare`
// writes a run of such pieces in a loop of its own (`memoizedIdeographRun`).
// The workspaces of one measurer share the measures they work out
// (`_SharedIdeographMeasures`).

import Synchronization
import TrellisSupport

/// A workspace's measures of one-character pieces of the CJK blocks
/// (U+3000–U+9FFF, U+FF00–U+FFEF) drawn by a face that only kerns them.
struct _IdeographMemo {
    /// One entry per code point: the face that drew it (its `_FontFace.id`;
    /// −1 while unknown), its measure in ems (NaN when the kern-only model
    /// does not measure it alone), and the last three collections it was
    /// asked for in which that face draws it, each with the face's place
    /// in it (`id << 5 | place`; −1: none), so that the next piece of
    /// any of them need not find the face again (a collection's id stands
    /// for its list of faces). Chinese rows alternate between a few
    /// collections (Noto Sans CJK alone, or with a font for box drawing or
    /// symbols): with one collection kept, 37,920 of 5,000 Chinese rows'
    /// pieces found their face again (2026-12-01); with two, 12,544 of
    /// their one-character pieces. The third fills the entry's padding
    /// (24 bytes either way).
    struct Entry {
        var em: Double = .nan
        var faceID: Int32 = -1
        var collection: Int32 = -1
        var previousCollection: Int32 = -1
        var oldestCollection: Int32 = -1

        /// The place of the drawing face in `collection` when one of the
        /// three collections kept is it, or nil. Read only: a kept place
        /// holds for as long as the entry's face does, whichever was kept
        /// first. Only ids from 0 to 2^26 − 1 are kept.
        @inline(__always)
        func place(in collection: Int32) -> Int? {
            guard collection >= 0 && collection < 1 << 26 else { return nil }
            return place(keyed: collection << 5)
        }

        /// `place(in:)` for the collection whose id, shifted left by 5, is
        /// `key` (an id from 0 to 2^26 − 1): a kept value (`id << 5 |
        /// place`) is that collection's exactly when it differs from `key`
        /// only in its low five bits (−1, none kept, differs in its sign
        /// bit). One test a kept collection, for the loop of
        /// `memoizedIdeographRun`, which works `key` out once.
        @inline(__always)
        func place(keyed key: Int32) -> Int? {
            if UInt32(bitPattern: collection ^ key) < 32 { return Int(collection & 31) }
            if UInt32(bitPattern: previousCollection ^ key) < 32 {
                return Int(previousCollection & 31)
            }
            if UInt32(bitPattern: oldestCollection ^ key) < 32 {
                return Int(oldestCollection & 31)
            }
            return nil
        }

        /// Keeps `kept` (a collection's id and the face's place in it, as
        /// `id << 5 | place`, or −1) as the newest, dropping the oldest.
        @inline(__always)
        mutating func keep(_ kept: Int32) {
            oldestCollection = previousCollection
            previousCollection = collection
            collection = kept
        }
    }

    /// Entries for U+3000–U+9FFF, then U+FF00–U+FFEF.
    static let count = 0x7000 + 0xF0
    /// The first face of the collections the entries were made with (−1:
    /// none yet): what the first face lacks decides which face draws a
    /// character, so a new first face starts the table again.
    private(set) var firstFaceID = -1
    private var entries: _AlignedBuffer<Entry>?

    /// The entry of `scalar`, or nil when it is outside the table's blocks.
    @inline(__always)
    static func slot(_ scalar: UInt32) -> Int? {
        if scalar &- 0x3000 < 0x7000 { return Int(scalar &- 0x3000) }
        if scalar &- 0xFF00 < 0xF0 { return 0x7000 + Int(scalar &- 0xFF00) }
        return nil
    }

    /// The table for collections whose first face is `firstFace`, emptied
    /// when it was made for another.
    @inline(__always)
    mutating func entries(firstFace: Int) -> UnsafeMutablePointer<Entry> {
        if firstFace != firstFaceID || entries == nil {
            if let entries {
                entries.pointer.update(repeating: Entry(), count: _IdeographMemo.count)
            } else {
                entries = _AlignedBuffer(count: _IdeographMemo.count, repeating: Entry())
            }
            firstFaceID = firstFace
        }
        return entries!.pointer
    }

    /// The measure of the character in `slot` drawn alone by the face
    /// numbered `face`, when the table is for collections whose first face
    /// is numbered `firstFace` and holds one; nil otherwise. The table is
    /// only read: a measure kept is the kern-only model's of the character
    /// alone with the face that drew it (`ideographMeasureAlone`).
    @inline(__always)
    func em(slot: Int, firstFace: Int, face: Int) -> Double? {
        guard firstFace == firstFaceID, face < Int(Int32.max), let entries else { return nil }
        let entry = entries.pointer[slot]
        guard entry.faceID == Int32(truncatingIfNeeded: face), !entry.em.isNaN else { return nil }
        return entry.em
    }
}

extension _Workspace {
    /// The measure of the piece `text[start..<start + 3]`, one character
    /// without trailing whitespace, when that character is in the CJK
    /// blocks and the kern-only model measures it alone; nil otherwise
    /// (the piece then takes the word cache). Equal to the word cache's
    /// measure of the piece: that of `kernOnlyMeasure` with the first face,
    /// or else of `ideographKernOnlyMeasure`, as `prepare` measures a piece
    /// no cache has, worked out once per character and face.
    ///
    /// That measure depends only on the first face, the face that draws the
    /// character (`_fallbackFace`, the face `ideographRunFace` gives a piece
    /// of one character) and the character: whether the piece may hold an
    /// emoji sequence depends on the character alone here (one character
    /// is a sequence only when it is displayed as an emoji by default), and
    /// its font mask is the bit of the drawing face, set here for the
    /// collection at hand.
    @inline(__always)
    func memoizedIdeographMeasure(
        _ text: UnsafeBufferPointer<UInt8>, at start: Int, faces: [_FontFace], collection: Int32
    ) -> _PieceMeasure? {
        let lead = text[start]
        // Every character of the table's blocks is three bytes long
        // (lead byte E3–E9, or EF).
        guard lead &- 0xE3 < 7 || lead == 0xEF, usesKernModel, usesIdeographMemo else {
            return nil
        }
        let scalar = _threeByteScalar(text, at: start)
        guard let slot = _IdeographMemo.slot(scalar) else { return nil }
        let firstFaceID = Unmanaged.passUnretained(faces[0])._withUnsafeGuaranteedRef { $0.id }
        let entry = ideographMemo.entries(firstFace: firstFaceID) + slot
        let faceIndex: Int
        if let place = entry.pointee.place(in: collection) {
            faceIndex = place
        } else {
            faceIndex = _fallbackFace(for: scalar, current: -1, faces: faces)
            guard faceIndex < 32 else { return nil }
            let faceID = Unmanaged.passUnretained(faces[faceIndex])._withUnsafeGuaranteedRef {
                Int32(truncatingIfNeeded: $0.id)
            }
            if entry.pointee.faceID != faceID {
                // Another workspace of the measurer may have worked it out.
                // Read unretained (`runCache`: shared by the threads).
                let known = runCache?._withUnsafeGuaranteedRef {
                    $0.ideographs.em(slot: slot, firstFace: firstFaceID, face: faceID)
                }
                if let known {
                    entry.pointee.em = known
                } else {
                    let em = ideographMeasureAlone(
                        text, start..<(start + 3), faceIndex: faceIndex, faces: faces)
                    runCache?._withUnsafeGuaranteedRef {
                        $0.ideographs.insert(em, slot: slot, firstFace: firstFaceID, face: faceID)
                    }
                    entry.pointee.em = em
                }
                entry.pointee.faceID = faceID
                // Kept collections drew it with another face (the oldest
                // goes below).
                entry.pointee.collection = -1
                entry.pointee.previousCollection = -1
            }
            entry.pointee.keep(
                collection >= 0 && collection < 1 << 26 ? collection << 5 | Int32(faceIndex) : -1)
        }
        let em = entry.pointee.em
        if em.isNaN { return nil }
        return _PieceMeasure(
            wordEm: em, spaceEm: 0, wordClusters: 1, spaceClusters: 0,
            fontMask: 1 << UInt32(faceIndex), missingGlyphs: 0)
    }

    /// The word cache's measure of the piece `text[range]`, one character
    /// of three bytes without trailing whitespace (see
    /// `memoizedIdeographMeasure`), in ems, when it is the kern-only
    /// model's with face `faceIndex` and nothing but its width differs from
    /// what `memoizedIdeographMeasure` builds; NaN otherwise.
    @inline(never)
    private func ideographMeasureAlone(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faceIndex: Int,
        faces: [_FontFace]
    ) -> Double {
        // A character displayed as an emoji by default would make the piece
        // an emoji sequence (`_mayHoldEmojiSequence`) in some collections
        // and not others.
        // A character of a face after the first is one the first face
        // lacks (`_fallbackFace` gives the first face that has it), and
        // the first face's kern model, which holds only the characters its
        // cmap maps, does not measure it: that model is asked only for a
        // character of the first face.
        guard _emojiSequenceEnd(text, at: range.lowerBound, end: range.upperBound) == nil,
            let measure =
                (faceIndex == 0
                    ? kernOnlyMeasure(text, range, trailingStart: range.upperBound, face: faces[0])
                    : nil)
                    ?? ideographKernOnlyMeasure(
                        text, _Part(range: range, trailingStart: range.upperBound), faces: faces),
            measure.fontMask == 1 << UInt32(faceIndex),
            measure.wordClusters == 1,
            measure.spaceEm.bitPattern == 0, measure.spaceClusters == 0,
            measure.missingGlyphs == 0, !measure.wordEm.isNaN
        else { return .nan }
        return measure.wordEm
    }

    /// Pass 1 of `prepare` over a run of pieces of one character each:
    /// from break `index` on, while the piece up to the next break is one
    /// character of the table's blocks other than U+3000 (the only
    /// whitespace among them), that break is not hard and the character
    /// has a measure here (`memoizedIdeographMeasure`), the piece is
    /// written to `pieces` measured, as pass 1 writes it in a
    /// left-to-right text: no trailing whitespace and no flags (no tab,
    /// hard break or right-to-left paragraph); its look-up is not written
    /// (`prepare` keeps the run and pass 2 steps over it). `start` and
    /// `pieceCount` move past the pieces taken. Returns the first break not
    /// taken (`index` when none is). The entries of the collection at hand
    /// are read here; the others go through `memoizedIdeographMeasure`.
    @inline(__always)
    func memoizedIdeographRun(
        _ text: UnsafeBufferPointer<UInt8>, offsets: [Int32], hard: [UInt8], from index: Int,
        count: Int, start: inout Int, pieces: UnsafeMutablePointer<_Piece>,
        pieceCount: inout Int, faces: [_FontFace], collection: Int32
    ) -> Int {
        // Most pieces of other text end here, before anything is set up.
        guard index < count, start < text.count, _memoizedScalar(text, at: start) != nil,
            usesKernModel, usesIdeographMemo, !faces.isEmpty, collection >= 0,
            collection < 1 << 26
        else { return index }
        let firstFaceID = Unmanaged.passUnretained(faces[0])._withUnsafeGuaranteedRef { $0.id }
        let entries = ideographMemo.entries(firstFace: firstFaceID)
        // For the next texts' system-font scans to prefetch (the shared
        // slots' address is set by `prepare`, once a text).
        systemFaces.ideographEntries = UnsafeRawPointer(entries)
        var next = index
        var pieceStart = start
        var made = pieceCount
        // The breaks read through their buffers (`count` is at most their
        // length), and a one-character piece's entry asked for
        // `collection` through its key (`Entry.place(keyed:)`).
        let key = collection << 5
        offsets.withUnsafeBufferPointer { offsets in
            hard.withUnsafeBufferPointer { hard in
                let offsets = offsets.baseAddress.unsafelyUnwrapped
                let hard = hard.baseAddress.unsafelyUnwrapped
                while next < count {
                    let end = Int(offsets[next])
                    guard hard[next] == 0 else { break }
                    guard end &- pieceStart == 3, let scalar = _memoizedScalar(text, at: pieceStart)
                    else {
                        // A piece of two to four such characters ("宫。", "《咏")
                        // (Workspace+MemoizedRuns.swift).
                        guard end &- pieceStart <= 12,
                            let measure = memoizedPieceMeasure(
                                text, pieceStart..<end, faces: faces, collection: collection)
                        else { break }
                        (pieces + made).initialize(
                            to: _Piece(
                                end: Int32(end), wordEnd: Int32(end), measure: measure, flags: 0))
                        made &+= 1
                        pieceStart = end
                        next &+= 1
                        continue
                    }
                    let entry = entries + _IdeographMemo.slot(scalar).unsafelyUnwrapped
                    var measure: _PieceMeasure
                    if let place = entry.pointee.place(keyed: key) {
                        let em = entry.pointee.em
                        if em.isNaN { break }
                        measure = _PieceMeasure(
                            wordEm: em, spaceEm: 0, wordClusters: 1, spaceClusters: 0,
                            fontMask: 1 << UInt32(place), missingGlyphs: 0)
                    } else {
                        guard
                            let known = memoizedIdeographMeasure(
                                text, at: pieceStart, faces: faces, collection: collection)
                        else { break }
                        measure = known
                    }
                    (pieces + made).initialize(
                        to: _Piece(
                            end: Int32(truncatingIfNeeded: end),
                            wordEnd: Int32(truncatingIfNeeded: end), measure: measure, flags: 0))
                    made &+= 1
                    pieceStart = end
                    next &+= 1
                }
            }
        }
        start = pieceStart
        pieceCount = made
        return next
    }
}

/// The character at `text[index]` when it is three bytes long, in the
/// blocks of `_IdeographMemo` and not U+3000 (the only whitespace among
/// them); nil otherwise.
@inline(__always)
func _memoizedScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
    let lead = text[index]
    guard lead &- 0xE3 < 7 || lead == 0xEF else { return nil }
    let scalar = _threeByteScalar(text, at: index)
    guard scalar != 0x3000, _IdeographMemo.slot(scalar) != nil else { return nil }
    return scalar
}

/// The offset of the first byte of `text` that is 0xE3 or more (the lead
/// byte of a character from U+3000 on), or an offset before it (the
/// start of the eight bytes that hold it); `text.count` when there is none.
/// Per byte, with its top bit cleared, adding 0x1D carries into the top bit
/// exactly when the byte's low seven bits are 0x63 or more, and cannot
/// carry into the next byte (as `_hasByteFromD6`).
func _firstByteFromE3(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    let raw = UnsafeRawBufferPointer(text)
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index &+ 8 <= text.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if ((word & ~highs) &+ 0x1D1D_1D1D_1D1D_1D1D) & word & highs != 0 { return index }
        index &+= 8
    }
    while index < text.count && text[index] < 0xE3 { index &+= 1 }
    return index
}

/// The measures of `_IdeographMemo`'s entries, shared by the workspaces of
/// one word cache (a measurer's): by the first face, the face that draws
/// the character and the character, on which alone such a measure depends
/// (`_Workspace.memoizedIdeographMeasure`). A workspace asks here before it
/// works a character's measure out (about 1,000 instructions) and puts
/// what it worked out here, so the threads of `trellis measure` work out
/// each character once between them rather than once each (5,000 Chinese
/// rows, two threads: 6,160 characters worked out, about 3,000 of them
/// twice, 2026-12-01). Asked only when a workspace's own table misses.
///
/// Read without a lock: the two threads of `trellis measure` took a
/// lock here 6,858 times on 5,000 Chinese rows, and the lock's line
/// moving between their cores took about 270 ns a call (1.3% of the
/// process's CPU samples for 0.13% of its instructions, 2026-12-02). A
/// slot is written once, under `writing`: its measure, then its key with
/// release ordering; a reader that loads the key it wants with acquire
/// ordering reads the measure written before it. A slot another key
/// holds keeps it (the measure asked for is then worked out again).
final class _SharedIdeographMeasures: Sendable {
    /// A slot: its key (`key(firstFace:face:)`; 0: empty) and its
    /// measure's bits, side by side, so that a look-up reads one cache
    /// line (16 bytes each from a 64-byte boundary: none spans two).
    struct Slot: ~Copyable {
        let key: Atomic<UInt64>
        var em: UInt64
    }

    /// The address of the slots (0 until the first measure is put here),
    /// `_IdeographMemo.count` of them.
    private let table = Atomic<UInt>(0)
    /// Held while a slot is written (`Locked`, which ThreadSanitizer models).
    private let writing = Locked<Void>(())

    deinit {
        guard let slots = Self.slots(table.load(ordering: .acquiring)) else { return }
        slots.deinitialize(count: _IdeographMemo.count)
        UnsafeMutableRawPointer(slots).deallocate()
    }

    /// The key of measures made in collections whose first face is
    /// numbered `firstFace` with the face numbered `face`: never 0; nil
    /// for numbers out of its range (such measures are not shared).
    @inline(__always)
    private static func key(firstFace: Int, face: Int32) -> UInt64? {
        guard firstFace >= 0, firstFace < Int(Int32.max), face >= 0 else { return nil }
        return UInt64(firstFace + 1) << 32 | UInt64(face)
    }

    /// The address of the slots (nil before the first measure is put
    /// here), for a prefetch only.
    var slotsAddress: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: table.load(ordering: .relaxed))
    }

    /// The slots at `address` (nil for 0).
    @inline(__always)
    private static func slots(_ address: UInt) -> UnsafeMutablePointer<Slot>? {
        UnsafeMutablePointer(bitPattern: address)
    }

    /// The measure of the character in `slot` drawn by the face numbered
    /// `face` in collections whose first face is numbered `firstFace`
    /// (NaN for one the model leaves to the word cache), or nil.
    func em(slot: Int, firstFace: Int, face: Int32) -> Double? {
        guard slot >= 0, slot < _IdeographMemo.count,
            let key = Self.key(firstFace: firstFace, face: face),
            let slots = Self.slots(table.load(ordering: .acquiring)),
            slots[slot].key.load(ordering: .acquiring) == key
        else { return nil }
        return Double(bitPattern: slots[slot].em)
    }

    /// Puts `em` in `slot` for the face numbered `face` in collections
    /// whose first face is numbered `firstFace`, unless the slot holds a
    /// measure already.
    func insert(_ em: Double, slot: Int, firstFace: Int, face: Int32) {
        guard slot >= 0, slot < _IdeographMemo.count,
            let key = Self.key(firstFace: firstFace, face: face)
        else { return }
        writing.withLock { _ in
            var slots = Self.slots(table.load(ordering: .acquiring))
            if slots == nil {
                let count = _IdeographMemo.count
                let made = UnsafeMutableRawPointer.allocate(
                    byteCount: MemoryLayout<Slot>.stride * count, alignment: 64
                ).bindMemory(to: Slot.self, capacity: count)
                for index in 0..<count {
                    (made + index).initialize(to: Slot(key: Atomic(0), em: 0))
                }
                table.store(UInt(bitPattern: made), ordering: .releasing)
                slots = made
            }
            let taken = slots.unsafelyUnwrapped
            guard taken[slot].key.load(ordering: .relaxed) == 0 else { return }
            taken[slot].em = em.bitPattern
            taken[slot].key.store(key, ordering: .releasing)
        }
    }
}
