// The cache files' readers (_DiskCache.swift) as the `fontcache` fuzz target
// reaches them: a real file's payload to damage, the frame that makes the
// damaged payload whole again (its length and checksum), and where this
// process reads a face's kern-only analysis and substitution tables from.
import CHarfBuzz

/// Cache files for fuzzing their readers (the `fontcache` fuzz target).
@_spi(Fuzzing)
public enum _FontCacheFuzzing {
    /// The payload of the kern-only cache file of face `index` of the font
    /// file at `path`, as this process writes it, and the file this process
    /// reads that face's analysis from; nil without a cache directory.
    public static func kernOnlyFile(fontAt path: String, index: Int = 0) throws(TextError) -> (
        file: String, payload: [UInt8]
    )? {
        let face = try Font._unshared(path: path, index: index, kernOnlyModel: false)._face
        let program = _DiskCache.executablePath
        guard let file = _KernOnlyFace.cacheFile(path: path, index: index, program: program)
        else { return nil }
        let analysis = _KernOnlyFace.analyze(face: hb_font_get_face(face.hbFont), font: face.hbFont)
        let stamps = [path, program].filter { !$0.isEmpty }.map {
            (path: $0, stamp: _FileStamp(of: $0))
        }
        let bytes = _KernOnlyFace.encodeCache(
            analysis, path: path, index: index, fingerprint: _KernOnlyFace.cacheFingerprint(),
            stamps: stamps)
        return (file, Array(bytes.dropFirst(32)))
    }

    /// The payload of the substitution tables' cache file of face `index`
    /// of the font file at `path` (_SubstitutionTables+Cache.swift), as
    /// this process writes it, and the file this process reads that face's
    /// tables from; nil without a cache directory.
    public static func substitutionsFile(fontAt path: String, index: Int = 0) throws(TextError)
        -> (file: String, payload: [UInt8])?
    {
        let face = try Font._unshared(path: path, index: index, kernOnlyModel: false)._face
        let program = _DiskCache.executablePath
        guard
            let file = _SubstitutionTables.cacheFile(path: path, index: index, program: program)
        else { return nil }
        let bytes = _SubstitutionTables.encodeCache(
            _FaceCacheContents(
                fingerprint: _SubstitutionTables.cacheFingerprint(), path: path, index: index,
                stamps: _DiskCache.stamps(of: [path, program]),
                value: _SubstitutionTables.make(face: hb_font_get_face(face.hbFont))))
        return (file, Array(bytes.dropFirst(32)))
    }

    /// Makes `font`'s substitution tables (reading their cache file) and
    /// its first script class's plan, as measuring a piece with one of its
    /// triggers does.
    public static func makeSubstitutionPlan(_ font: Font) {
        _ = font._face.substitutionPlan(scriptClass: 0)
    }

    /// `payload` as a whole substitution tables' cache file.
    public static func substitutionsFrame(_ payload: [UInt8]) -> [UInt8] {
        _DiskCache.frame(
            magic: _SubstitutionTables.cacheMagic, version: _SubstitutionTables.cacheVersion,
            payload: payload)
    }

    /// `payload` as a whole kern-only cache file (magic, version, length, checksum).
    public static func kernOnlyFrame(_ payload: [UInt8]) -> [UInt8] {
        _DiskCache.frame(
            magic: _KernOnlyFace.cacheMagic, version: _KernOnlyFace.cacheVersion,
            payload: payload)
    }

    /// The payload of a ranking file of the font files `paths` (each face
    /// 0, with the pages of the code points `scalars`), stamped with them.
    public static func rankingPayload(fonts paths: [String], scalars: [UInt32]) -> [UInt8] {
        var bases: [UInt32] = []
        var words: [UInt32] = []
        for scalar in Set(scalars.map { $0 & ~0xFF }).sorted() where scalar < 0x11_0000 {
            bases.append(scalar)
            var page = [UInt32](repeating: 0, count: 8)
            for member in scalars where member & ~0xFF == scalar {
                page[Int(member & 0xFF) >> 5] |= 1 << (member & 31)
            }
            words += page
        }
        let contents = _RankingCache.Contents(
            fingerprint: _RankingCache.fingerprint(), family: "sans-serif", weight: 80,
            language: "en", stamps: paths.map { ($0, _FileStamp(of: $0)) },
            entries: paths.map {
                _RankingCache.Entry(path: $0, index: 0, pageBases: bases, pageWords: words)
            })
        return Array(_RankingCache.encode(contents).dropFirst(32))
    }

    /// `payload` as a whole ranking file.
    public static func rankingFrame(_ payload: [UInt8]) -> [UInt8] {
        _DiskCache.frame(
            magic: _RankingCache.magic, version: _RankingCache.version, payload: payload)
    }

    /// What the ranking reader makes of a file's bytes: nil when it refuses
    /// them, else each entry's path and its count of pages; it throws a
    /// description when an accepted file breaks what the reader promises
    /// (pages in order, within Unicode, eight words each).
    public static func readRanking(_ bytes: [UInt8]) throws(TextError) -> [(
        path: String, pages: Int
    )]? {
        guard let contents = bytes.withUnsafeBytes({ _RankingCache.decode($0) }) else {
            return nil
        }
        for entry in contents.entries {
            guard entry.pageWords.count == 8 * entry.pageBases.count,
                zip(entry.pageBases, entry.pageBases.dropFirst()).allSatisfy({ $0 < $1 }),
                entry.pageBases.allSatisfy({ $0 & 0xFF == 0 && $0 < 0x11_0000 }),
                (0...0xFFFF).contains(entry.index)
            else {
                throw .invalidFontFile(
                    path: entry.path, reason: "the ranking reader accepted malformed pages")
            }
        }
        return contents.entries.map { ($0.path, $0.pageBases.count) }
    }
}
