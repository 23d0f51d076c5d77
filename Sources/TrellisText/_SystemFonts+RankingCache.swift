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
// `$XDG_CACHE_HOME/trellis/fontconfig-ranking-<hash>.bin` (`~/.cache` when
// `XDG_CACHE_HOME` is not set) with everything it was made from that can
// change: the configuration files fontconfig read and their directories,
// the font directories, the user's configuration places that did not
// exist, and the ranked fonts' files, each with its inode, size,
// modification and change times (or its absence); fontconfig's version,
// the environment variables it reads and the program's name (its rules
// may test it). A later process takes the ranking from the file only when
// all of these are as they were, and the file is whole (its length and a
// checksum of its bytes); anything else (a file damaged, cut short, of
// another version, another key, a configuration or a font directory
// changed) is ignored, and fontconfig ranks the fonts again and the file
// is written anew. Files are written under a name of their own and
// renamed, so a reader sees a whole file or none. `TRELLIS_FONT_CACHE=off`
// neither reads nor writes them.
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
    static let version: UInt32 = 1

    /// What a path was when the ranking was made: absent, or its inode,
    /// size, and modification and change times.
    struct Stamp: Equatable {
        var exists = false
        var inode: UInt64 = 0
        var size: Int64 = 0
        var modified: (Int64, Int64) = (0, 0)
        var changed: (Int64, Int64) = (0, 0)

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.exists == b.exists && a.inode == b.inode && a.size == b.size
                && a.modified == b.modified && a.changed == b.changed
        }

        /// `path` now (`stat`, following links).
        init(of path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            exists = true
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
            changed = (Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec))
        }

        init() {}
    }

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
        var stamps: [(path: String, stamp: Stamp)]
        var entries: [Entry]

        static func == (a: Contents, b: Contents) -> Bool {
            a.fingerprint == b.fingerprint && a.family == b.family && a.weight == b.weight
                && a.language == b.language && a.entries == b.entries
                && a.stamps.elementsEqual(
                    b.stamps, by: { $0.path == $1.path && $0.stamp == $1.stamp })
        }
    }

    /// False when `TRELLIS_FONT_CACHE` is "off" (or "0").
    static var isEnabled: Bool {
        guard let value = getenv("TRELLIS_FONT_CACHE") else { return true }
        let setting = String(cString: value)
        return setting != "off" && setting != "0"
    }

    /// What, besides the files, a ranking depends on: fontconfig's
    /// version, the environment variables it reads (where its
    /// configuration and the user's fonts are, the default languages) and
    /// the program's name (`FcGetPrgname`: the last component of
    /// /proc/self/exe, which rules may test).
    static func fingerprint() -> String {
        var parts = ["fontconfig \(FcGetVersion())"]
        for name in [
            "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME",
            "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "FC_LANG", "LC_ALL",
            "LC_CTYPE", "LANG",
        ] {
            parts.append(name + "=" + (getenv(name).map { String(cString: $0) } ?? "(unset)"))
        }
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        let program = length > 0 ? String(cString: Array(buffer[0..<length]) + [0]) : ""
        parts.append("program=" + (program.split(separator: "/").last.map(String.init) ?? ""))
        return parts.joined(separator: "\n")
    }

    /// The file for `key`'s ranking with `fingerprint`, or nil when the
    /// process has no cache directory (no `XDG_CACHE_HOME` or `HOME`).
    static func path(family: String, weight: Int32, language: String, fingerprint: String)
        -> (directory: String, file: String)?
    {
        var base = getenv("XDG_CACHE_HOME").map { String(cString: $0) } ?? ""
        if !base.hasPrefix("/") {
            guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/")
            else { return nil }
            base = home + "/.cache"
        }
        // FNV-1a of everything the file is for: its name, not its proof
        // (the file holds the key and fingerprint themselves).
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in (fingerprint + "\u{0}" + family + "\u{0}\(weight)\u{0}" + language).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return (base + "/trellis", base + "/trellis/fontconfig-ranking-" + name + ".bin")
    }

    /// The ranking kept for (`family`, `weight`, `language`) when its file
    /// is whole and everything it was made from is as it was; nil
    /// otherwise (fontconfig then ranks the fonts).
    static func cached(family: String, weight: Int32, language: String) -> [Entry]? {
        guard isEnabled else { return nil }
        let fingerprint = fingerprint()
        guard
            let file = path(
                family: family, weight: weight, language: language, fingerprint: fingerprint)?
                .file,
            let bytes = readFile(file),
            let contents = bytes.withUnsafeBytes({ decode($0) }),
            contents.fingerprint == fingerprint, contents.family == family,
            contents.weight == weight, contents.language == language,
            contents.stamps.allSatisfy({ Stamp(of: $0.path) == $0.stamp })
        else { return nil }
        return contents.entries
    }

    /// Writes `entries`, ranked by fontconfig's configuration `config` for
    /// (`family`, `weight`, `language`), with the stamps of what the
    /// ranking was made from. Failures are ignored (the next process ranks
    /// the fonts again).
    static func keep(
        _ entries: [Entry], family: String, weight: Int32, language: String,
        config: OpaquePointer
    ) {
        guard isEnabled else { return }
        let fingerprint = fingerprint()
        guard
            let place = path(
                family: family, weight: weight, language: language, fingerprint: fingerprint)
        else { return }
        var paths: [String] = []
        var seen: Set<String> = []
        func add(_ path: String) {
            if seen.insert(path).inserted { paths.append(path) }
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
        let contents = Contents(
            fingerprint: fingerprint, family: family, weight: weight, language: language,
            stamps: paths.map { ($0, Stamp(of: $0)) }, entries: entries)
        let bytes = encode(contents)
        _ = mkdir(place.directory, 0o755)
        let temporary = place.file + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        if close(descriptor) == 0 && written {
            if rename(temporary, place.file) != 0 { _ = unlink(temporary) }
        } else {
            _ = unlink(temporary)
        }
    }

    /// The bytes of a file of at most 64 MB, or nil.
    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= 64 << 20 else {
            return nil
        }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        let complete = bytes.withUnsafeMutableBytes { raw -> Bool in
            var offset = 0
            while offset < size {
                let count = read(descriptor, raw.baseAddress! + offset, size - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        return complete ? bytes : nil
    }

    // MARK: The file's layout

    /// A file: the magic number, the version, a word left zero, the
    /// payload's length and its checksum (`checksum`), then the payload:
    /// the fingerprint, family, weight and language; the stamps (path,
    /// whether it exists, inode, size, modification and change times);
    /// the entries (path, face index, page count, the pages' first code
    /// points, their words). Integers are little-endian; a string is its
    /// length in bytes (32 bits) and its UTF-8.
    static func encode(_ contents: Contents) -> [UInt8] {
        var payload: [UInt8] = []
        func put<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { payload.append(contentsOf: $0) }
        }
        func put(_ string: String) {
            put(UInt32(string.utf8.count))
            payload.append(contentsOf: string.utf8)
        }
        put(contents.fingerprint)
        put(contents.family)
        put(Int64(contents.weight))
        put(contents.language)
        put(UInt32(contents.stamps.count))
        for (path, stamp) in contents.stamps {
            put(path)
            put(UInt8(stamp.exists ? 1 : 0))
            put(stamp.inode)
            put(stamp.size)
            put(stamp.modified.0)
            put(stamp.modified.1)
            put(stamp.changed.0)
            put(stamp.changed.1)
        }
        put(UInt32(contents.entries.count))
        for entry in contents.entries {
            put(entry.path)
            put(Int64(entry.index))
            put(UInt32(entry.pageBases.count))
            for base in entry.pageBases { put(base) }
            for word in entry.pageWords { put(word) }
        }
        var file: [UInt8] = []
        let sum = payload.withUnsafeBytes { checksum($0) }
        for word in [magic, UInt64(version), UInt64(payload.count), sum] {
            withUnsafeBytes(of: word.littleEndian) { file.append(contentsOf: $0) }
        }
        return file + payload
    }

    /// The contents of a file's bytes, or nil when they are not a whole
    /// file of this version: every length and count is checked against
    /// what is left, the pages must be in order within Unicode, the
    /// payload must end where the header says and match its checksum.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> Contents? {
        var reader = _CacheReader(bytes: bytes)
        guard reader.integer(UInt64.self) == magic,
            reader.integer(UInt64.self) == UInt64(version),
            let length = reader.integer(UInt64.self),
            let sum = reader.integer(UInt64.self),
            length == UInt64(bytes.count - reader.offset),
            checksum(UnsafeRawBufferPointer(rebasing: bytes[reader.offset...])) == sum,
            let fingerprint = reader.string(), let family = reader.string(),
            let weight = reader.integer(Int64.self), let narrowWeight = Int32(exactly: weight),
            let language = reader.string(),
            let stampCount = reader.count(each: 61)
        else { return nil }
        var stamps: [(path: String, stamp: Stamp)] = []
        for _ in 0..<stampCount {
            var stamp = Stamp()
            guard let path = reader.string(), let exists = reader.integer(UInt8.self),
                exists <= 1,
                let inode = reader.integer(UInt64.self), let size = reader.integer(Int64.self),
                let modified = reader.integer(Int64.self),
                let modifiedNanoseconds = reader.integer(Int64.self),
                let changed = reader.integer(Int64.self),
                let changedNanoseconds = reader.integer(Int64.self)
            else { return nil }
            stamp.exists = exists == 1
            stamp.inode = inode
            stamp.size = size
            stamp.modified = (modified, modifiedNanoseconds)
            stamp.changed = (changed, changedNanoseconds)
            stamps.append((path, stamp))
        }
        guard let entryCount = reader.count(each: 16) else { return nil }
        var entries: [Entry] = []
        for _ in 0..<entryCount {
            guard let path = reader.string(), let index = reader.integer(Int64.self),
                (0...0xFFFF).contains(index), let pageCount = reader.count(each: 36),
                pageCount <= 0x1100
            else { return nil }
            var bases: [UInt32] = []
            bases.reserveCapacity(pageCount)
            for _ in 0..<pageCount {
                guard let base = reader.integer(UInt32.self), base & 0xFF == 0, base < 0x11_0000,
                    bases.last.map({ $0 < base }) ?? true
                else { return nil }
                bases.append(base)
            }
            guard let words = reader.words(8 * pageCount) else { return nil }
            entries.append(Entry(path: path, index: Int(index), pageBases: bases, pageWords: words))
        }
        guard reader.offset == bytes.count else { return nil }
        return Contents(
            fingerprint: fingerprint, family: family, weight: narrowWeight, language: language,
            stamps: stamps, entries: entries)
    }

    /// A checksum of `bytes`, eight at a time (a multiply and a shift a
    /// word): it finds a file damaged or cut short, not one made to fool it.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset &+ 8 <= bytes.count {
            let word = UInt64(
                littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift &+= 8
            offset &+= 1
        }
        hash = (hash ^ tail ^ shift) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ hash >> 32
    }
}

/// Reads a cache file's fields in order, each checked against what is left.
private struct _CacheReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard bytes.count - offset >= MemoryLayout<T>.size else { return nil }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return T(littleEndian: value)
    }

    /// `count` 32-bit words.
    mutating func words(_ count: Int) -> [UInt32]? {
        guard (bytes.count - offset) / 4 >= count else { return nil }
        let start = offset
        offset += 4 * count
        return (0..<count).map {
            UInt32(
                littleEndian: bytes.loadUnaligned(fromByteOffset: start + 4 * $0, as: UInt32.self))
        }
    }

    /// A string of at most 64 KB of valid UTF-8.
    mutating func string() -> String? {
        guard let length = integer(UInt32.self), length <= 0x1_0000,
            bytes.count - offset >= Int(length)
        else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + Int(length))])
        offset += Int(length)
        return String(validating: slice, as: UTF8.self)
    }

    /// A count of items of at least `each` bytes each, no more than what is left could hold.
    mutating func count(each: Int) -> Int? {
        guard let count = integer(UInt32.self), Int(count) <= (bytes.count - offset) / each
        else { return nil }
        return Int(count)
    }
}
