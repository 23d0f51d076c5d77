// fontconfig's ranking of the system's fonts kept across processes, in a
// file of the user's cache directory, as fontconfig keeps the fonts it has
// read in its own cache files.
//
// Making a ranking first loads fontconfig's configuration (`FcInit` parses
// every file of /etc/fonts: 25.7 M instructions) and then sorts the
// system's fonts (`FcFontMatch`, `FcFontSort` and the trimmed sort:
// 13.0 M), once per process that needs a system font (5,000 Chinese rows,
// 2026-12-01). What the ranking gives is small: the ranked fonts' files
// and faces and their coverage, as fontconfig's pages of 256 code points.
// So a ranking made by fontconfig is written to
// `fontconfig-ranking-<hash>.bin` of the cache directory (_DiskCache.swift)
// with everything it was made from that can change: the configuration
// files fontconfig read and their directories, the font directories, the
// user's configuration places that did not exist, the ranked fonts' files
// and the program itself, each with its inode, size, modification and
// change times (or its absence); fontconfig's version, the environment
// variables it reads and the program's name (its rules may test it). A
// later process takes the ranking from the file only when all of these are
// as they were and the file is whole (its length and a checksum of its
// bytes); anything else (a file damaged, cut short, of another version or
// key, a configuration or a font directory changed) is ignored, and
// fontconfig ranks the fonts again and the file is written anew.
//
// What stays the same across processes, and so may be kept: a ranking is
// fontconfig's answer for one pattern, from its configuration and the fonts
// it finds, and fontconfig's own cache is as fresh as the font directories'
// times (it reads a font file again only when its directory changed); the
// ranked files' own stamps are checked besides.
import CFontconfig

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads and writes rankings of `_SystemFallback` (see the top of this file).
enum _RankingCache {
    /// The file's first eight bytes, and the version of its layout.
    static let magic: UInt64 = 0x4B4E_4152_534C_5254  // "TRLSRANK", little-endian
    static let version: UInt64 = 1

    /// One ranked font as the file keeps it.
    struct Entry: Equatable {
        var path: String
        var index: Int
        var pageBases: [UInt32]
        var pageWords: [UInt32]
    }

    /// What a file holds.
    struct Contents: Equatable {
        var fingerprint: String
        var family: String
        var weight: Int32
        var language: String
        var stamps: [(path: String, stamp: _FileStamp)]
        var entries: [Entry]

        static func == (a: Contents, b: Contents) -> Bool {
            a.fingerprint == b.fingerprint && a.family == b.family && a.weight == b.weight
                && a.language == b.language && a.entries == b.entries
                && a.stamps.elementsEqual(
                    b.stamps, by: { $0.path == $1.path && $0.stamp == $1.stamp })
        }
    }

    /// What, besides the files, a ranking depends on: fontconfig's
    /// version, the environment variables it reads (where its
    /// configuration and the user's fonts are, the default languages) and
    /// the program's name (`FcGetPrgname`: the last component of
    /// /proc/self/exe, which rules may test).
    static func fingerprint() -> String {
        // Lines appended to one string: `[String].joined(separator:)` had
        // the Swift runtime scan the executable's conformance records the
        // first time (about 150,000 instructions a process that ranked).
        var text = "fontconfig \(FcGetVersion())"
        for name in [
            "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME",
            "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "FC_LANG", "LC_ALL",
            "LC_CTYPE", "LANG",
        ] {
            text += "\n" + name + "=" + (getenv(name).map { String(cString: $0) } ?? "(unset)")
        }
        let program = _DiskCache.executablePath
        text += "\nprogram=" + (program.split(separator: "/").last.map(String.init) ?? "")
        return text
    }

    /// The file of the ranking for (`family`, `weight`, `language`) with `fingerprint`.
    static func path(family: String, weight: Int32, language: String, fingerprint: String)
        -> String?
    {
        _DiskCache.file(
            "fontconfig-ranking",
            key: fingerprint + "\u{0}" + family + "\u{0}\(weight)\u{0}" + language)
    }

    /// The ranking kept for (`family`, `weight`, `language`) when its file
    /// is whole and everything it was made from is as it was; nil
    /// otherwise (fontconfig then ranks the fonts).
    static func cached(family: String, weight: Int32, language: String) -> [Entry]? {
        guard _DiskCache.isEnabled else { return nil }
        let fingerprint = fingerprint()
        guard
            let file = path(
                family: family, weight: weight, language: language, fingerprint: fingerprint),
            let bytes = _DiskCache.readFile(file),
            let contents = bytes.withUnsafeBytes({ decode($0) }),
            contents.fingerprint == fingerprint, contents.family == family,
            contents.weight == weight, contents.language == language,
            _stampsHold(contents.stamps)
        else { return nil }
        return contents.entries
    }

    /// Writes `entries`, ranked by fontconfig's configuration `config` for
    /// (`family`, `weight`, `language`), with the stamps of what the
    /// ranking was made from.
    static func keep(
        _ entries: [Entry], family: String, weight: Int32, language: String,
        config: OpaquePointer
    ) {
        guard _DiskCache.isEnabled else { return }
        let fingerprint = fingerprint()
        guard
            let file = path(
                family: family, weight: weight, language: language, fingerprint: fingerprint)
        else { return }
        var paths: [String] = []
        var seen: Set<String> = []
        func add(_ path: String) {
            if !path.isEmpty && seen.insert(path).inserted { paths.append(path) }
        }
        func addList(_ list: OpaquePointer?) {
            guard let list else { return }
            defer { FcStrListDone(list) }
            while let next = FcStrListNext(list) { add(String(cString: next)) }
        }
        // The configuration files and the directories they are in (a file
        // added to conf.d changes its directory).
        if let files = FcConfigGetConfigFiles(config) {
            defer { FcStrListDone(files) }
            while let next = FcStrListNext(files) {
                let file = String(cString: next)
                add(file)
                if let slash = file.lastIndex(of: "/") {
                    add(slash == file.startIndex ? "/" : String(file[..<slash]))
                }
            }
        }
        // The font directories, with those below them, and the configured
        // ones that do not exist (~/.fonts).
        addList(FcConfigGetFontDirs(config))
        addList(FcConfigGetConfigDirs(config))
        // The user's configuration places, which fonts.conf includes when
        // they exist.
        let home = getenv("HOME").map { String(cString: $0) } ?? ""
        var configHome = getenv("XDG_CONFIG_HOME").map { String(cString: $0) } ?? ""
        if !configHome.hasPrefix("/") { configHome = home + "/.config" }
        for user in [
            configHome, configHome + "/fontconfig", configHome + "/fontconfig/fonts.conf",
            configHome + "/fontconfig/conf.d", home + "/.fonts.conf", home + "/.fonts.conf.d",
        ] {
            add(user)
        }
        for entry in entries { add(entry.path) }
        // The program: another build may rank otherwise.
        add(_DiskCache.executablePath)
        let contents = Contents(
            fingerprint: fingerprint, family: family, weight: weight, language: language,
            stamps: paths.map { ($0, _FileStamp(of: $0)) }, entries: entries)
        _DiskCache.writeFile(encode(contents), to: file)
    }

    // MARK: The file's layout

    /// A file (`_DiskCache.frame`) whose payload holds the fingerprint,
    /// family, weight and language; the stamps; the entries (path, face
    /// index, page count, the pages' first code points, their words).
    static func encode(_ contents: Contents) -> [UInt8] {
        var payload = _CacheWriter()
        payload.put(contents.fingerprint)
        payload.put(contents.family)
        payload.put(Int64(contents.weight))
        payload.put(contents.language)
        payload.putStamps(contents.stamps)
        payload.put(UInt32(contents.entries.count))
        for entry in contents.entries {
            payload.put(entry.path)
            payload.put(Int64(entry.index))
            payload.put(UInt32(entry.pageBases.count))
            payload.put(values: entry.pageBases)
            payload.put(values: entry.pageWords)
        }
        return _DiskCache.frame(magic: magic, version: version, payload: payload.bytes)
    }

    /// The contents of a file's bytes, or nil when they are not a whole
    /// file of this version (`_DiskCache.payload`), a field runs past the
    /// end, the pages are not in order within Unicode, or bytes are left over.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> Contents? {
        guard let payload = _DiskCache.payload(of: bytes, magic: magic, version: version)
        else { return nil }
        var reader = _CacheReader(bytes: payload)
        guard let fingerprint = reader.string(), let family = reader.string(),
            let weight = reader.integer(Int64.self), let narrowWeight = Int32(exactly: weight),
            let language = reader.string(), let stamps = reader.stamps(),
            let entryCount = reader.count(each: 16)
        else { return nil }
        var entries: [Entry] = []
        for _ in 0..<entryCount {
            guard let path = reader.string(), let index = reader.integer(Int64.self),
                (0...0xFFFF).contains(index), let pageCount = reader.count(each: 36),
                pageCount <= 0x1100,
                let bases = reader.values(UInt32.self, count: pageCount),
                zip(bases, bases.dropFirst()).allSatisfy({ $0 < $1 }),
                bases.allSatisfy({ $0 & 0xFF == 0 && $0 < 0x11_0000 }),
                let words = reader.values(UInt32.self, count: 8 * pageCount)
            else { return nil }
            entries.append(Entry(path: path, index: Int(index), pageBases: bases, pageWords: words))
        }
        guard reader.isAtEnd else { return nil }
        return Contents(
            fingerprint: fingerprint, family: family, weight: narrowWeight, language: language,
            stamps: stamps, entries: entries)
    }
}
