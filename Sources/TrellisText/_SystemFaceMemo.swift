// What a workspace keeps of the system-font scan (FontCollection+SystemFonts.swift)
// from text to text: the system faces each character was given, the
// collections its last texts resolved to, the answers of Chinese runs by
// code point (FontCollection+HanRuns.swift) and the memory for a text's
// characters.

/// The system faces a thread has looked up (`_SystemFallback.face(for:language:index:)`),
/// in a direct-mapped table: what the shared cache answered, without its
/// lock (Chinese text asks for nearly every character).
struct _SystemFaceMemo {
    /// Slots, a power of two, and the shift that takes a hash to a slot.
    private let size: Int
    private let shift: UInt64
    /// Per slot: the key (scalar, language number, fallback id, and a bit
    /// that marks the slot used) and the answer.
    /// Allocated on first use.
    private var keys: [UInt64] = []
    /// Unretained: the shared `_SystemFallback` that chose a face keeps it
    /// for the whole process, and a slot's key names that fallback's id,
    /// never given to another (reference counting these answers was a
    /// tenth of the scan's instructions on Chinese text).
    private var faces: [Unmanaged<_FontFace>?] = []
    /// The system-font scan's characters, kept from text to text.
    let scalarStorage = _ScalarStorage()
    /// The array the system-font scan collects a text's faces in, kept: one
    /// allocated, grown and freed per text cost about 500 instructions a row.
    var spareAdded: [Unmanaged<_FontFace>] = []

    /// `spareAdded`, emptied, leaving it empty (so that its buffer is unique).
    mutating func takeSpareAdded() -> [Unmanaged<_FontFace>] {
        var taken: [Unmanaged<_FontFace>] = []
        swap(&taken, &spareAdded)
        // From the end: a text adds a few faces at most, and
        // `removeAll(keepingCapacity:)` takes Array's generic range
        // replacement, about 85 instructions even when there is nothing.
        while !taken.isEmpty { taken.removeLast() }
        return taken
    }

    /// The collections the last texts resolved to that needed system
    /// fonts, newest first, at most `recentCount`: the id of the
    /// collection each was resolved from, the faces added (unretained, as
    /// `faces`) and the result. Texts of one script need the same few
    /// fonts, and finding their shared collection again
    /// (`_SystemFallback.resolvedCollection`) built and hashed an array of
    /// face ids under a lock for every text. One remembered collection
    /// missed on 3,341 of 4,725 Chinese rows, which alternate between
    /// Noto Sans CJK alone and with a font for box drawing or symbols.
    private var recent: [(base: Int32, added: [Unmanaged<_FontFace>], collection: FontCollection)] =
        []
    private static let recentCount = 4

    /// The languages the system-font scan looked up, by fallback (its id),
    /// script and emoji presentation, with their numbers
    /// (`language(of:emoji:system:)`).
    private var languages:
        [(system: Int, script: _Script, emoji: Bool, language: String, index: Int)] =
            []

    /// The language characters of `script` (emoji: those presented as
    /// emoji, ranked for "und-zsye" as Pango's itemizer asks for them) are
    /// looked up in with `system`, and its number there
    /// (`_SystemFallback.languageIndex`), kept for the next texts: both are
    /// fixed for a fallback (its language is a constant, and a number, once
    /// given, is never given to another language).
    mutating func language(of script: _Script, emoji: Bool, system: _SystemFallback)
        -> (language: String, index: Int)
    {
        for known in languages
        where known.system == system.id && known.script == script && known.emoji == emoji {
            return (known.language, known.index)
        }
        let language = emoji ? "und-zsye" : system.derivedLanguage(script)
        let index = system.languageIndex(language)
        // A text meets a handful of scripts; a list kept short stays a
        // short search.
        if languages.count >= 16 { languages.removeAll() }
        languages.append((system.id, script, emoji, language, index))
        return (language, index)
    }

    /// The answers of `_hanRunEnd` by code point (`hanAnswers`), and the
    /// collection, language and fallback numbers they are for. A byte
    /// each, a system face named by its place in `hanFaces`: every text
    /// reads the table at random, and its Chinese characters alone
    /// (U+4E00–U+9FFF) take 21 KB of it, where with the faces' addresses,
    /// eight bytes each, they took 168 KB, and with two bytes 42 KB, more
    /// than a core's 32 KB data cache.
    var hanAnswers: [UInt8] = []
    /// The system faces `hanAnswers` names, unretained (as `faces`).
    var hanFaces: [Unmanaged<_FontFace>] = []
    var hanKey = (-1, -1, -1)
    var keepsHanAnswers: Bool { size >= 4096 }
    /// Whether `_resolved(for:in:memo:)` runs its order check over every
    /// character a text needed a system face for, rather than over the few
    /// that can move a face (`_orderedForOwnChoices`): the general path,
    /// for tests to compare with.
    var checksEveryOrder = false
    /// Whether the system-font scan reads runs of Chinese text in a loop
    /// of their own (`FontCollection._hanRunEnd`); false: every character
    /// goes through the scan's own steps, the general path, for tests to
    /// compare with.
    var takesHanRuns = true
    /// The entries of the workspace's ideograph memo
    /// (`_IdeographMemo.entries(firstFace:)`, set by the workspace that
    /// keeps both memos; nil: none), which the scan of a Chinese run
    /// prefetches for the characters it reads (`_SystemFaceNeeds.
    /// addKnownHanRun`). Only prefetched, never read through: an address
    /// no longer the table's would cost a useless prefetch, not a wrong
    /// value.
    var ideographEntries: UnsafeRawPointer?
    /// The slots of the measures the workspace shares with the others of
    /// its measurer (`_SharedIdeographMeasures.slotsAddress`; nil: none
    /// yet), which the scan prefetches for a character it meets for the
    /// first time (FontCollection+HanRuns.swift), as `ideographEntries`.
    var sharedIdeographSlots: UnsafeRawPointer?

    init(capacity: Int = 4096) {
        var size = 1
        while size < capacity { size <<= 1 }
        self.size = size
        shift = UInt64(64 - size.trailingZeroBitCount)
    }

    /// `base`'s fonts followed by `added`, as `system.resolvedCollection`
    /// gives them (`base` ends in `system`'s fonts).
    mutating func collection(
        _ base: FontCollection, adding added: [Unmanaged<_FontFace>], system: _SystemFallback
    ) -> FontCollection {
        // By index, the entries' parts compared in place: each entry bound
        // to a local retained its list and its collection (shared by the
        // threads) for the comparison.
        for index in recent.indices
        where recent[index].base == base.id
            && recent[index].added.elementsEqual(added, by: { $0.toOpaque() == $1.toOpaque() })
        {
            return recent[index].collection
        }
        let made = system.resolvedCollection(
            base.fonts, adding: added.map { $0.takeUnretainedValue() })
        if recent.count == Self.recentCount { recent.removeLast() }
        recent.insert((base.id, added, made), at: 0)
        return made
    }

    /// The face `system` chooses for `scalar` in `language` (whose number is `index`).
    @inline(__always)
    mutating func face(
        for scalar: UInt32, language: String, index: Int, system: _SystemFallback
    ) -> Unmanaged<_FontFace>? {
        let key =
            1 << 63 | UInt64(scalar) | UInt64(truncatingIfNeeded: index & 0xFF) << 21
            | UInt64(truncatingIfNeeded: system.id & 0x3FFF_FFFF) << 29
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        guard index < 0x100, system.id < 0x3FFF_FFFF else {
            return system.unretainedFace(for: scalar, language: language, index: index)
        }
        if keys.isEmpty {
            keys = Array(repeating: 0, count: size)
            faces = Array(repeating: nil, count: size)
        }
        if keys[slot] == key { return faces[slot] }
        let found = system.unretainedFace(for: scalar, language: language, index: index)
        keys[slot] = key
        faces[slot] = found
        return found
    }
}

/// Memory for `_SystemFaceNeeds`' characters that a memo keeps from text to
/// text (one thread at a time uses a memo), grown to the longest text.
final class _ScalarStorage {
    private var pointer: UnsafeMutablePointer<UInt64>?
    private var capacity = 0

    /// Room for `count` characters, valid until the next call.
    @inline(__always)
    func reserve(_ count: Int) -> UnsafeMutablePointer<UInt64> {
        if let pointer, capacity >= count { return pointer }
        pointer?.deallocate()
        let made = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        (pointer, capacity) = (made, count)
        return made
    }

    deinit { pointer?.deallocate() }
}
