// What the system-font scan (FontCollection+SystemFonts.swift) collects
// for one text, and its loop over the characters of a Chinese run whose
// answers a workspace's memo knows (FontCollection+HanRuns.swift).

import CTrellisICU

/// What the system-font scan collects for one text: the system faces it
/// needs, in the order first needed, and each character's choice for the
/// reorder check of `_resolved(for:in:memo:)`. The faces are unretained:
/// the shared `_SystemFallback` that chose them keeps them for the whole
/// process (as `_SystemFaceMemo` holds them).
struct _SystemFaceNeeds {
    var added: [Unmanaged<_FontFace>] = []
    /// Each character's choice, as its scalar and the index in `added` its
    /// face had when first added (scalar | index << 32): collected on the
    /// way rather than found again. Written to memory allocated once for
    /// the text's length (an upper bound on its characters), freed by
    /// `deallocate()`: appending to an array cost a hundred instructions a
    /// character on Chinese rows.
    private var scalars: UnsafeMutablePointer<UInt64>?
    private var scalarCount = 0
    /// Where `scalars` is kept from text to text (a memo's), or nil to
    /// allocate it for this text alone: a workspace's memo kept it, where
    /// allocating and freeing it for every text cost about 350
    /// instructions a row of Chinese text.
    private let storage: _ScalarStorage?
    private var ownsScalars = false

    init(storage: _ScalarStorage? = nil) { self.storage = storage }
    /// The face the last character needed, and its index in `added`.
    private var lastFace: UnsafeMutableRawPointer?
    private var lastIndex = 0
    private var scalarCapacity = 0
    var scalarBuffer: UnsafeBufferPointer<UInt64> {
        UnsafeBufferPointer(start: scalars, count: scalarCount)
    }

    mutating func deallocate() {
        if ownsScalars { scalars?.deallocate() }
        scalars = nil
        scalarCount = 0
    }

    @inline(__always)
    private func slot(of face: Unmanaged<_FontFace>) -> Int? {
        added.firstIndex(where: { $0.toOpaque() == face.toOpaque() })
    }

    /// The color emoji face of an emoji sequence, once.
    mutating func addEmoji(_ face: _FontFace) {
        let face = Unmanaged.passUnretained(face)
        if slot(of: face) == nil { added.append(face) }
    }

    /// A character none of the collection's fonts has, and the system face
    /// chosen for it; `reserving` is the text's length in bytes, an upper
    /// bound on its characters.
    @inline(__always)
    mutating func add(_ scalar: UInt32, face: Unmanaged<_FontFace>, reserving: Int) {
        // Most characters need the font the last one needed (kept here
        // rather than read from `added`: its count and a bounds check a
        // character).
        var index = lastIndex
        if face.toOpaque() != lastFace {
            if let known = slot(of: face) {
                index = known
            } else {
                added.append(face)
                index = added.count - 1
            }
            lastFace = face.toOpaque()
            lastIndex = index
        }
        if scalars == nil {
            if let storage {
                scalars = storage.reserve(reserving)
            } else {
                scalars = .allocate(capacity: reserving)
                ownsScalars = true
            }
            scalarCapacity = reserving
        }
        let need = UInt64(scalar) | UInt64(index) << 32
        // Right after itself ("────"), the reorder check has just made it hold.
        if scalarCount > 0 && scalars.unsafelyUnwrapped[scalarCount &- 1] == need { return }
        precondition(scalarCount < scalarCapacity, "more characters than bytes")
        scalars.unsafelyUnwrapped[scalarCount] = need
        scalarCount += 1
    }
}

extension _SystemFaceNeeds {
    /// The loop of `FontCollection._hanRunEnd` over characters whose
    /// answers `answers` knows (`_SystemFaceMemo.hanAnswers`, naming the
    /// faces of `faces`, `_SystemFaceMemo.hanFaces`): from `start` (before
    /// `end`), the end of the run of characters that keep the Han script
    /// (`_keepsHanScript`), ASCII bytes in `asciiSkips`
    /// (`FontCollection._skipsASCII`) and such characters whose answers
    /// are known, each known system face added as `add(_:face:reserving:)`
    /// adds it; and whether the run stops at a character whose answer is
    /// not known (always so for such a character when `answers` is empty).
    ///
    /// A character whose answer is the last one added in this loop takes
    /// the steps `add` takes for the face the last character needed
    /// (`lastFace`, `lastIndex`), on locals. The copies of a character of
    /// lead byte E2 right after it (box drawing "────", "——", "……") are
    /// stepped over: the same character has the same answer, and a need
    /// right after itself is kept once.
    ///
    /// With `entries` (`_SystemFaceMemo.ideographEntries`), each character
    /// of `_IdeographMemo`'s blocks has its entry there prefetched: the
    /// workspace's `prepare` reads it next, and a text's characters are
    /// spread over the table's 690 KB, so that read missed the caches
    /// (a prefetch changes no value read).
    @inline(__always)
    mutating func addKnownHanRun(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        asciiSkips: (UInt64, UInt64), answers: UnsafeBufferPointer<UInt8>,
        faces: UnsafeBufferPointer<Unmanaged<_FontFace>>, reserving: Int,
        prefetching entries: UnsafeRawPointer?
    ) -> (end: Int, unknown: Bool) {
        let known = !answers.isEmpty
        let bytes = text.baseAddress.unsafelyUnwrapped
        // The answer of the last need added here (0: none yet), its face
        // `lastFace`; with one, `scalars` is allocated and holds a need.
        var lastAnswer: UInt8 = 0
        var count = scalarCount
        // The last need's face index as a need's high bits, and where
        // needs are written: read once a face is added rather than from
        // the fields each character.
        var lastBits: UInt64 = 0
        var stored = scalars
        var capacity = scalarCapacity
        var index = start
        var unknown = false
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                guard FontCollection._skipsASCII(lead, in: asciiSkips) else { break }
                index &+= 1
                continue
            }
            // Every other such character is three bytes long (lead byte E2–EF).
            guard lead & 0xF0 == 0xE0, index &+ 2 < end else { break }
            let second = bytes[index &+ 1]
            let third = bytes[index &+ 2]
            let scalar =
                UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            guard _keepsHanScript(scalar) else { break }
            if let entries, let slot = _IdeographMemo.slot(scalar) {
                // The entry's first and last bytes (an entry may span
                // two cache lines).
                let entry = entries + slot &* MemoryLayout<_IdeographMemo.Entry>.stride
                trellis_prefetch(entry)
                trellis_prefetch(entry + (MemoryLayout<_IdeographMemo.Entry>.size &- 1))
            }
            // The slot of a character `_keepsHanScript` takes is in the table.
            let answer = known ? answers[_SystemFaceMemo.hanSlot(scalar)] : 0
            if answer == 0 {
                unknown = true
                break
            }
            index &+= 3
            if answer == lastAnswer {
                let need = UInt64(scalar) | lastBits
                let stored = stored.unsafelyUnwrapped
                if stored[count &- 1] != need {
                    precondition(count < capacity, "more characters than bytes")
                    stored[count] = need
                    count &+= 1
                }
            } else if answer != _SystemFaceMemo.noSystemFace {
                scalarCount = count
                add(scalar, face: faces[Int(answer &- 2)], reserving: reserving)
                count = scalarCount
                lastAnswer = answer
                lastBits = UInt64(lastIndex) << 32
                stored = scalars
                capacity = scalarCapacity
            }
            if lead == 0xE2 {
                while index &+ 2 < end && bytes[index] == 0xE2 && bytes[index &+ 1] == second
                    && bytes[index &+ 2] == third
                {
                    index &+= 3
                }
            }
        }
        scalarCount = count
        return (index, unknown)
    }
}
