// The system's fonts through fontconfig, ranked for a pattern as Pango ranks
// them, and the first of them that has a character.
//
// Pango's fallback (pangofc-fontmap.c, 1.50): a font description and a
// language make one fontconfig pattern (family, weight, slant, width, lang),
// completed by FcConfigSubstitute and FcDefaultSubstitute. Font 0 is
// FcFontMatch's answer; the rest are FcFontSort's list (untrimmed), kept to
// TrueType and CFF files, sorted again by FcFontSetSort with trimming (a font
// that covers nothing the fonts before it lack is dropped). A character goes
// to the first font of that list whose coverage has it. The language is the
// item's: the text's language when it is written in the character's script
// (or when nothing is known about the language, as for the C locale's "c"),
// else the script's sample language (Thai "th", Hangul "ko"), else "xx",
// which matches no font's languages (pango-language.c, itemize.c).
import CFontconfig
import Synchronization
import TrellisSupport

#if canImport(Glibc)
    import Glibc
#endif

/// fontconfig's ranked fonts for the family and weight of a collection's
/// first font, per language, and the face chosen for each character.
/// Immutable in what it answers; its caches fill under locks, so threads
/// may share it.
final class _SystemFallback: @unchecked Sendable {
    /// The pattern's family and fontconfig weight (`pattern`).
    var family: String { pattern.family }
    var weight: Int32 { pattern.weight }
    /// What the pattern is read from: the first font's file and face, or
    /// nil for a collection without fonts ("sans-serif", regular).
    private let source: _PatternSource?
    /// `pattern` once read.
    private let described = Locked<(family: String, weight: Int32)?>(nil)
    /// The text's language (`FontCollection.addingSystemFonts(language:)`).
    let language: String
    /// Distinguishes collections that end in different rankings.
    let id: Int

    /// Ranked candidates per (family, weight, language), for the whole
    /// process: a few patterns at most (collections of the same family share
    /// them); each candidate holds a reference on its charset, so the
    /// patterns and font sets fontconfig answered with are freed.
    private static let rankings = Locked<[_TableKey: [_Candidate]]>([:])
    /// The face chosen per (character, language index), nil when no system font has it.
    /// Room for a few thousand characters from the start: growing it
    /// rehashed every answer at each doubling (1.9 M instructions for the
    /// 4,274 characters of 5,000 Chinese rows).
    /// Only for the choices `answers` does not keep: characters beyond the
    /// Basic Multilingual Plane, languages numbered from 4 on.
    private let chosen = Locked<[_TableKey: _FontFace?]>([:])
    /// Whether `chosen` holds a key `answers` could hold (a character of
    /// the Basic Multilingual Plane in a language numbered below 4, an
    /// answer `answers` had no room for: past its 1,024 faces): until
    /// then a character `answers` does not know is not in `chosen` either,
    /// and its lock, which the threads shared on every new character, is
    /// not taken to find that out.
    private let chosenOverlapsAnswers = Atomic<Bool>(false)

    /// `keepChosen` for `scalar` in the language numbered `languageIndex`,
    /// as `face(for:language:index:)` keeps an answer `answers` has no room
    /// for (tests: reaching that needs 1,024 faces).
    func _keepChosen(_ face: _FontFace?, for scalar: UInt32, languageIndex: Int) {
        keepChosen(face, for: UInt64(scalar) | UInt64(languageIndex) << 32)
    }

    /// Keeps `face` in `chosen` for `key` (a scalar and a language number).
    private func keepChosen(_ face: _FontFace?, for key: UInt64) {
        if key & 0xFFFF_FFFF < 0x1_0000 && Int(key >> 32) < _SharedAnswers.languageCount {
            chosenOverlapsAnswers.store(true, ordering: .releasing)
        }
        chosen.withLock { $0[.number(key)] = .some(face) }
    }
    /// The face chosen per character of the Basic Multilingual Plane in the
    /// first four languages, read without a lock (_SystemFonts+SharedAnswers.swift).
    private let answers = _SharedAnswers()
    /// How many (character, language) choices have been looked up (tests:
    /// which characters the scan asks about).
    var _chosenCount: Int { chosen.withLock { $0.count } + answers.count }
    /// How many of them the lock-free table keeps (tests).
    var _sharedAnswerCount: Int { answers.count }
    private let languages = Locked<[String]>([])
    /// The rankings this fallback has used, by language number
    /// (`languageIndex`): found without hashing the family and language
    /// strings of `rankings`' key on every first look-up of a character.
    private let rankingsByIndex = Locked<[_IndexedRanking?]>([])
    /// The first `rankingSlotCount` rankings of `rankingsByIndex`, by
    /// language number, as addresses (0: none yet), read without its lock,
    /// which the threads shared on every new character: each is written
    /// once, under that lock, for the ranking the array keeps for the
    /// fallback's life.
    private let rankingSlots: UnsafeMutablePointer<Atomic<UInt>>
    private static let rankingSlotCount = 8

    /// A ranking with, for each 256-code-point page of the Basic
    /// Multilingual Plane, the first candidate whose coverage has a code
    /// point of it (`candidates.count` when none has), found on the first
    /// look-up in the page: the candidates before it cover no character of
    /// the page, so a look-up starts there. A new Chinese character was
    /// looked for in 18 candidates before the one that has it (5,000
    /// Chinese rows, 2026-12-01).
    private final class _IndexedRanking: @unchecked Sendable {
        let candidates: [_Candidate]
        /// Per page, the first candidate covering it (−1: not found yet).
        /// Atomics, not a lock: the answer depends on the candidates alone,
        /// so two threads that find it at once store the same number, and a
        /// lock the threads shared was taken on every new character.
        private let firstByPage: UnsafeMutablePointer<Atomic<Int32>>

        init(_ candidates: [_Candidate]) {
            self.candidates = candidates
            firstByPage = .allocate(capacity: 0x100)
            for page in 0..<0x100 { (firstByPage + page).initialize(to: Atomic(-1)) }
        }

        deinit {
            firstByPage.deinitialize(count: 0x100)
            firstByPage.deallocate()
        }

        /// The first candidate that may cover `scalar`.
        func start(for scalar: UInt32) -> Int {
            guard scalar < 0x1_0000 else { return 0 }
            let page = Int(scalar >> 8)
            let known = firstByPage[page].load(ordering: .relaxed)
            if known >= 0 { return Int(known) }
            let first = Int32(
                candidates.firstIndex(where: { $0.coversPage(page) }) ?? candidates.count)
            firstByPage[page].store(first, ordering: .relaxed)
            return Int(first)
        }
    }

    /// The scripts `language` is written in (`_Script.written`), read once.
    private let languageScripts: [_Script]?
    /// Collections resolved for texts (`FontCollection._resolved(for:)`),
    /// by the ids of their faces: texts that need the same system fonts
    /// share one collection. At most `resolvedLimit` are kept.
    private let resolved = Locked<[_TableKey: FontCollection]>([:])
    private static let resolvedLimit = 256

    /// One fallback per (first font, language), for the whole process:
    /// collections that end in the same ranking share its caches and its
    /// id, so their widths are cached once (a markup span's bold run
    /// builds its collection again for every text).
    private static let shared = Locked<[_TableKey: _SystemFallback]>([:])
    /// What `describe` read from each font file (path and face index).
    private static let descriptions = Locked<[_TableKey: (family: String, weight: Int32)?]>([:])

    /// fontconfig is used under one lock: its configuration is process-wide.
    private static let fontconfig = Locked<OpaquePointer?>(nil)
    private static let nextID = Locked<Int>(0)

    /// The process's fallback for the family and weight of `source` (see
    /// `pattern`) in text of `language`.
    /// - Complexity: O(1) after the first call for the pair.
    static func shared(source: _PatternSource?, language: String) -> _SystemFallback {
        let key = _TableKey.fallback(source, language: language)
        if let known = shared.withLock({ $0[key] }) { return known }
        let made = _SystemFallback(source: source, language: language)
        return shared.withLock { table in
            if let known = table[key] { return known }
            table[key] = made
            return made
        }
    }

    private init(source: _PatternSource?, language: String) {
        self.source = source
        self.language = language
        self.languageScripts = _Script.written(language)
        self.id = _SystemFallback.nextID.withLock { next in
            next += 1
            return next
        }
        rankingSlots = .allocate(capacity: Self.rankingSlotCount)
        for slot in 0..<Self.rankingSlotCount { (rankingSlots + slot).initialize(to: Atomic(0)) }
    }

    deinit {
        rankingSlots.deinitialize(count: Self.rankingSlotCount)
        rankingSlots.deallocate()
    }

    /// The current fontconfig configuration, loaded on the first call that
    /// needs it (`FcInit` reads and parses every file of /etc/fonts: 26 M
    /// instructions, about a tenth of a cold `trellis measure` of 5,000
    /// English rows, which need no system font); nil when it cannot be
    /// loaded. Called under the fontconfig lock, with its value.
    private static func loadedConfiguration(_ config: inout OpaquePointer?) -> OpaquePointer? {
        if config == nil, FcInit() != 0 { config = FcConfigGetCurrent() }
        return config
    }

    /// The pattern's family and fontconfig weight: those fontconfig reads
    /// from the first font's file (`describe`), else the family FreeType
    /// reads from it at the regular weight, else "sans-serif" at the
    /// regular weight. Read on the first call, when a character first
    /// needs the ranking: `FcFreeTypeQuery` reads the whole file, with its
    /// character coverage (1.8 M instructions for Inter, a sixth of a
    /// one-row `trellis measure`), so what it read is kept in the cache
    /// directory (`_DescriptionCache`); and text whose characters the
    /// collection's own fonts all have never ranks the system's fonts.
    var pattern: (family: String, weight: Int32) {
        if let known = described.withLock({ $0 }) { return known }
        let read = source.flatMap { Self.describe(path: $0.path, index: $0.index) }
        let made = (
            family: read?.family ?? source?.familyName ?? "sans-serif",
            weight: read?.weight ?? Self.fontconfigWeight(openType: 400)
        )
        return described.withLock { known in
            if let known { return known }
            known = made
            return made
        }
    }

    /// fontconfig's weight for an OpenType weight class (400 regular, 700 bold).
    static func fontconfigWeight(openType: Int) -> Int32 {
        fontconfig.withLock { _ in Int32(FcWeightFromOpenType(Int32(openType))) }
    }

    /// The family name and OpenType weight class fontconfig reads from a
    /// font file (`FcFreeTypeQuery`), or nil when it cannot read it.
    /// - Complexity: O(1) after the first call for the file and face (a
    ///   query reads the file's tables).
    static func describe(path: String, index: Int) -> (family: String, weight: Int32)? {
        let key = _TableKey.face(path: path, index: index)
        if let known = descriptions.withLock({ $0[key] }) { return known }
        // Kept across processes (_SystemFonts+DescriptionCache.swift).
        let read = _DescriptionCache.describe(path: path, index: index) {
            _query(path: $0, index: $1)
        }
        descriptions.withLock { $0[key] = .some(read) }
        return read
    }

    /// What `FcFreeTypeQuery` reads from face `index` of the file at
    /// `path` (`describe` without its caches).
    static func _query(path: String, index: Int) -> (family: String, weight: Int32)? {
        fontconfig.withLock { _ -> (String, Int32)? in
            var count: Int32 = 0
            guard
                let pattern = FcFreeTypeQuery(path, UInt32(index), nil, &count)
            else { return nil }
            defer { FcPatternDestroy(pattern) }
            var name: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name
            else { return nil }
            var weight: Int32 = Int32(FC_WEIGHT_REGULAR)
            _ = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
            return (String(cString: name), weight)
        }
    }

    /// The face the system draws `scalar` with in text of `language`: the
    /// first of fontconfig's ranked fonts whose coverage has it (and whose
    /// file, once loaded, maps it to a glyph). Nil when none has it.
    /// - Complexity: O(1) after the first call for the pair.
    func face(for scalar: UInt32, language: String) -> _FontFace? {
        face(for: scalar, language: language, index: languageIndex(language))
    }

    /// The language of the item holding a character of `script` in text of
    /// this fallback's language (`_derivedLanguage`).
    func derivedLanguage(_ script: _Script) -> String {
        _derivedLanguage(script, textLanguage: language, written: languageScripts)
    }

    /// `fonts` followed by `added`, as one collection shared by every text
    /// that needs these fonts.
    func resolvedCollection(_ fonts: [Font], adding added: [_FontFace]) -> FontCollection {
        let key = _TableKey.faceIDs(fonts.map(\._face.id) + added.map(\.id))
        if let known = resolved.withLock({ $0[key] }) { return known }
        let made = FontCollection(fonts + added.map(Font.init(_sharing:)))
        resolved.withLock { table in
            if table.count < Self.resolvedLimit { table[key] = made }
        }
        return made
    }

    /// The number `face(for:language:index:)` knows `language` by.
    func languageIndex(_ language: String) -> Int {
        languages.withLock { known in
            if let index = known.firstIndex(of: language) { return index }
            known.append(language)
            return known.count - 1
        }
    }

    /// `face(for:language:)` with the language's number already looked up
    /// (`languageIndex`), as a text's characters of one script share it.
    func face(for scalar: UInt32, language: String, index languageIndex: Int) -> _FontFace? {
        if let known = answers.answer(scalar, language: languageIndex) {
            return known?.takeUnretainedValue()
        }
        let key = UInt64(scalar) | UInt64(languageIndex) << 32
        if !answers.mayKeep(scalar, language: languageIndex)
            || chosenOverlapsAnswers.load(ordering: .acquiring),
            let known = chosen.withLock({ $0[.number(key)] })
        {
            return known
        }
        let found = searchedFace(for: scalar, language: language, index: languageIndex)
        // Not kept there, and not kept by another thread meanwhile: kept here.
        if !answers.insert(found, for: scalar, language: languageIndex),
            answers.answer(scalar, language: languageIndex) == nil
        {
            keepChosen(found, for: key)
        }
        return found
    }

    /// `face(for:language:index:)` unretained (the fallback keeps its faces).
    @inline(__always)
    func unretainedFace(for scalar: UInt32, language: String, index languageIndex: Int)
        -> Unmanaged<_FontFace>?
    {
        if let known = answers.answer(scalar, language: languageIndex) { return known }
        return face(for: scalar, language: language, index: languageIndex).map {
            Unmanaged.passUnretained($0)
        }
    }

    /// The first of the ranking's candidates for `language` that has
    /// `scalar`, searched without the caches of choices (tests).
    func _searchedFace(for scalar: UInt32, language: String) -> _FontFace? {
        searchedFace(for: scalar, language: language, index: languageIndex(language))
    }

    /// The ranking's choice for `scalar` in `language` (numbered `languageIndex`).
    private func searchedFace(for scalar: UInt32, language: String, index languageIndex: Int)
        -> _FontFace?
    {
        indexedRanking(for: language, index: languageIndex)._withUnsafeGuaranteedRef {
            Self.search($0, for: scalar)
        }
    }

    /// The ranking for `language` (numbered `languageIndex`), made on the
    /// first call, unretained (`rankingsByIndex` keeps it).
    private func indexedRanking(for language: String, index languageIndex: Int)
        -> Unmanaged<_IndexedRanking>
    {
        if languageIndex >= 0 && languageIndex < Self.rankingSlotCount {
            let address = rankingSlots[languageIndex].load(ordering: .acquiring)
            if let known = UnsafeRawPointer(bitPattern: address) {
                return Unmanaged.fromOpaque(known)
            }
        }
        if let known = rankingsByIndex.withLock({
            languageIndex < $0.count ? $0[languageIndex] : nil
        }) {
            return Unmanaged.passUnretained(known)
        }
        let made = _IndexedRanking(self.ranking(for: language))
        return rankingsByIndex.withLock { table in
            if table.count <= languageIndex {
                table.append(contentsOf: repeatElement(nil, count: languageIndex + 1 - table.count))
            }
            // Another thread may have made one meanwhile: the first is
            // kept (a slot may hold its address).
            if table[languageIndex] == nil { table[languageIndex] = made }
            let kept = Unmanaged.passUnretained(table[languageIndex].unsafelyUnwrapped)
            if languageIndex < Self.rankingSlotCount {
                rankingSlots[languageIndex].store(
                    UInt(bitPattern: kept.toOpaque()), ordering: .releasing)
            }
            return kept
        }
    }

    /// The first candidate of `ranking` that has `scalar`'s glyph.
    private static func search(_ ranking: _IndexedRanking, for scalar: UInt32) -> _FontFace? {
        // The candidates unretained (the ranking keeps them): iterating the
        // array retained and released each one asked, about ten a new
        // character of Chinese text.
        var found: _FontFace?
        let start = ranking.start(for: scalar)
        ranking.candidates.withUnsafeBufferPointer { candidates in
            for index in start..<candidates.count {
                let match = Unmanaged.passUnretained(candidates[index])._withUnsafeGuaranteedRef {
                    candidate -> Unmanaged<_FontFace>? in
                    guard candidate.covers(scalar), let face = candidate.unretainedFace,
                        face._withUnsafeGuaranteedRef({ $0.hasGlyph(scalar) })
                    else {
                        return nil
                    }
                    return face
                }
                if let match {
                    found = match.takeUnretainedValue()
                    break
                }
            }
        }
        return found
    }

    /// The color emoji font the system draws an emoji sequence beginning
    /// with `scalar` in: the first of fontconfig's fonts ranked for emoji
    /// ("und-zsye") that is a color emoji font and has `scalar`, even when a
    /// font ranked before it has `scalar` as a text glyph (UTS #51: an emoji
    /// sequence is drawn by the emoji font as a whole; `_EmojiSequences.swift`).
    /// - Complexity: O(1) after the first call for the scalar.
    func colorEmojiFace(for scalar: UInt32) -> _FontFace? {
        let key = _TableKey.number(
            UInt64(scalar) | UInt64(languageIndex(Self.colorEmojiKey)) << 32)
        if let known = chosen.withLock({ $0[key] }) { return known }
        var found: _FontFace?
        for candidate in ranking(for: "und-zsye") {
            guard candidate.covers(scalar), let face = candidate.face, face.isColorEmoji,
                face.hasGlyph(scalar)
            else { continue }
            found = face
            break
        }
        // Under a language number of its own, which `face(for:language:index:)`
        // is never asked with: no key `answers` could hold for it.
        chosen.withLock { $0[key] = .some(found) }
        return found
    }

    /// Checks the ranking for `language` (`ranking(for:)`, made by
    /// fontconfig or read from the cache on disk) against one fontconfig
    /// makes now: the same fonts in the same order, with the same pages;
    /// and each candidate's copied coverage (`_Candidate.covers`) against
    /// fontconfig's own `FcCharSetHasChar` for every code point of the
    /// Basic Multilingual Plane and of the pages beyond it. Returns the
    /// number of candidates and the disagreements found ("path U+XXXX",
    /// or "path: ranking" when the lists differ).
    func _coverageDisagreements(language: String) -> (candidates: Int, found: [String]) {
        let candidates = ranking(for: language)
        let (family, weight) = pattern
        let fresh = Self.fontconfig.withLock { config in
            Self.rank(
                family: family, weight: weight, language: language,
                config: Self.loadedConfiguration(&config))
        }
        var found: [String] = []
        if candidates.count != fresh.count { found.append("\(candidates.count): ranking") }
        for (candidate, made) in zip(candidates, fresh)
        where candidate.path != made.path || candidate.index != made.index
            || candidate.pageBases != made.pageBases || candidate.pageWords != made.pageWords
        {
            found.append(candidate.path + ": ranking")
        }
        for candidate in fresh {
            guard let charset = candidate.charset else { continue }
            let beyond = candidate.pageBases.filter { $0 >= 0x1_0000 }.flatMap { $0..<($0 + 0x100) }
            for scalar in Array(UInt32(0)..<0x1_0000) + beyond {
                let theirs = Self.fontconfig.withLock { _ in FcCharSetHasChar(charset, scalar) != 0
                }
                if theirs != candidate.covers(scalar) {
                    found.append(
                        candidate.path + " U+" + String(scalar, radix: 16, uppercase: true))
                }
            }
        }
        return (candidates.count, found)
    }

    /// The name `colorEmojiFace` caches its choices under (not a language).
    private static let colorEmojiKey = "und-zsye (color emoji fonts only)"

    /// fontconfig's ranking for this family and weight in `language`, made
    /// once: read from the cache on disk when it holds it and nothing it was
    /// made from has changed, else made by fontconfig and written there
    /// (_SystemFonts+RankingCache.swift).
    private func ranking(for language: String) -> [_Candidate] {
        // Read before the fontconfig lock, which `describe` takes.
        let (family, weight) = pattern
        let key = _TableKey.ranking(family: family, weight: weight, language: language)
        // Made under the fontconfig lock, so each key is ranked once.
        return Self.fontconfig.withLock { config in
            if let known = Self.rankings.withLock({ $0[key] }) { return known }
            let made: [_Candidate]
            if let kept = _RankingCache.cached(family: family, weight: weight, language: language) {
                made = kept.map {
                    _Candidate(
                        path: $0.path, index: $0.index, pageBases: $0.pageBases,
                        pageWords: $0.pageWords)
                }
            } else {
                let loaded = Self.loadedConfiguration(&config)
                made = Self.rank(family: family, weight: weight, language: language, config: loaded)
                if let loaded {
                    _RankingCache.keep(
                        made.map {
                            _RankingCache.Entry(
                                path: $0.path, index: $0.index, pageBases: $0.pageBases,
                                pageWords: $0.pageWords)
                        }, family: family, weight: weight, language: language, config: loaded)
                }
            }
            Self.rankings.withLock { $0[key] = made }
            return made
        }
    }

    /// Pango's list (see the top of this file). Called under the fontconfig lock.
    private static func rank(
        family: String, weight: Int32, language: String, config: OpaquePointer?
    ) -> [_Candidate] {
        guard let config, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, weight)
        _ = FcPatternAddInteger(pattern, FC_SLANT, Int32(FC_SLANT_ROMAN))
        _ = FcPatternAddInteger(pattern, FC_WIDTH, Int32(FC_WIDTH_NORMAL))
        if !language.isEmpty { _ = FcPatternAddString(pattern, FC_LANG, language) }
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)

        var result = FcResultMatch
        var candidates: [_Candidate] = []
        // The files and faces already added (a set: the sorted list holds
        // about 160 fonts, and comparing each path with every earlier one
        // cost 1.2 M instructions).
        var added: Set<String> = []
        func add(_ font: OpaquePointer) {
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            var charset: OpaquePointer?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
                FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                let charset
            else { return }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            // The high bits of a variable font's index name an instance; the
            // face is the low 16.
            let path = String(cString: file)
            let face = Int(index & 0xFFFF)
            guard added.insert(path + "\u{0}" + String(face)).inserted else { return }
            candidates.append(_Candidate(path: path, index: face, charset: charset))
        }
        // A candidate keeps its charset (`_Candidate.charset`): the match
        // and the trimmed set are freed once read.
        if let match = FcFontMatch(config, pattern, &result) {
            if isOutlineFormat(match) { add(match) }
            FcPatternDestroy(match)
        }
        guard let sorted = FcFontSort(config, pattern, 0, nil, &result) else { return candidates }
        defer { FcFontSetDestroy(sorted) }
        guard let filtered = FcFontSetCreate() else { return candidates }
        let fonts = UnsafeBufferPointer(
            start: sorted.pointee.fonts, count: Int(sorted.pointee.nfont))
        for case let font? in fonts where isOutlineFormat(font) {
            FcPatternReference(font)
            _ = FcFontSetAdd(filtered, font)
        }
        var sets: [UnsafeMutablePointer<FcFontSet>?] = [filtered]
        let trimmed = sets.withUnsafeMutableBufferPointer {
            FcFontSetSort(config, $0.baseAddress, 1, pattern, 1, nil, &result)
        }
        FcFontSetDestroy(filtered)
        guard let trimmed else { return candidates }
        defer { FcFontSetDestroy(trimmed) }
        for case let font? in UnsafeBufferPointer(
            start: trimmed.pointee.fonts, count: Int(trimmed.pointee.nfont))
        {
            add(font)
        }
        return candidates
    }

    /// TrueType or CFF outlines (Pango's filter_fontset_by_format): no
    /// Type 1 or bitmap-only formats.
    private static func isOutlineFormat(_ font: OpaquePointer) -> Bool {
        var format: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format
        else { return false }
        let name = String(cString: format)
        return name == "TrueType" || name == "CFF"
    }
}

/// The font a system fallback's pattern is read from (`_SystemFallback.pattern`).
struct _PatternSource: Hashable {
    var path: String
    var index: Int
    /// The family FreeType reads from the file, for a file fontconfig
    /// cannot read.
    var familyName: String
}
