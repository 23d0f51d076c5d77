// Files that keep, across processes, what TrellisText works out once per
// process from the system's fonts: fontconfig's ranking
// (_SystemFonts+RankingCache.swift) and a face's kern-only analysis
// (KernOnlyShaping+Cache.swift). They live in `$XDG_CACHE_HOME/trellis`
// (`~/.cache/trellis` when `XDG_CACHE_HOME` is not set), as fontconfig keeps
// its own caches; `TRELLIS_FONT_CACHE=off` neither reads nor writes them.
//
// A file is never trusted as it is: it begins with a magic number, the
// version of its layout, its payload's length and a checksum of the payload,
// and its reader (`_CacheReader`) checks every length and count against what
// is left. The payload names what it was made from (the files, each with
// its `_FileStamp`, the program itself among them) and the reader's caller
// takes it only when every stamp is as it was. A file is written under a
// name of its own and renamed, so a reader sees a whole file or none. The
// directory keeps the `_DiskCache.fileLimit` files written last.

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What a path was when a cache file was made: absent, or its inode, size,
/// and modification and change times (following links).
struct _FileStamp: Equatable {
    var exists = false
    var inode: UInt64 = 0
    var size: Int64 = 0
    var modified: (Int64, Int64) = (0, 0)
    var changed: (Int64, Int64) = (0, 0)

    static func == (a: _FileStamp, b: _FileStamp) -> Bool {
        a.exists == b.exists && a.inode == b.inode && a.size == b.size
            && a.modified == b.modified && a.changed == b.changed
    }

    /// `path` now (`stat`).
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

/// The cache directory and the files' frame (see the top of this file).
enum _DiskCache {
    /// False when `TRELLIS_FONT_CACHE` is "off" (or "0").
    static var isEnabled: Bool {
        guard let value = getenv("TRELLIS_FONT_CACHE") else { return true }
        let setting = String(cString: value)
        return setting != "off" && setting != "0"
    }

    /// `$XDG_CACHE_HOME/trellis` (an absolute `XDG_CACHE_HOME`), else
    /// `$HOME/.cache/trellis`; nil without either.
    static var directory: String? {
        var base = getenv("XDG_CACHE_HOME").map { String(cString: $0) } ?? ""
        if !base.hasPrefix("/") {
            guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/")
            else { return nil }
            base = home + "/.cache"
        }
        return base + "/trellis"
    }

    /// The path of the running program (/proc/self/exe), or "" when it cannot be read.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, 4096)
        guard length > 0 else { return "" }
        buffer[length] = 0
        return String(cString: buffer)
    }

    /// The path of the file `prefix-<hash of key>.bin` in `directory`.
    static func file(_ prefix: String, key: String) -> String? {
        guard let directory else { return nil }
        // FNV-1a: a name, not a proof (the file holds what it is for).
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return directory + "/" + prefix + "-" + String(repeating: "0", count: 16 - hex.count)
            + hex + ".bin"
    }

    /// A file's bytes: `magic`, `version` (as 64 bits), the payload's
    /// length and checksum, the payload. Integers are little-endian.
    static func frame(magic: UInt64, version: UInt64, payload: [UInt8]) -> [UInt8] {
        let sum = payload.withUnsafeBytes { checksum($0) }
        var file: [UInt8] = []
        file.reserveCapacity(32 + payload.count)
        for word in [magic, version, UInt64(payload.count), sum] {
            withUnsafeBytes(of: word.littleEndian) { file.append(contentsOf: $0) }
        }
        return file + payload
    }

    /// The payload of `bytes` when they are a whole file of `magic` and
    /// `version` (its length and checksum as the frame says); nil otherwise.
    static func payload(of bytes: UnsafeRawBufferPointer, magic: UInt64, version: UInt64)
        -> UnsafeRawBufferPointer?
    {
        var reader = _CacheReader(bytes: bytes)
        guard reader.integer(UInt64.self) == magic, reader.integer(UInt64.self) == version,
            let length = reader.integer(UInt64.self), let sum = reader.integer(UInt64.self),
            length == UInt64(bytes.count - reader.offset)
        else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[reader.offset...])
        return checksum(payload) == sum ? payload : nil
    }

    /// A checksum of `bytes`: it finds a file damaged or cut short, not one
    /// made to fool it. Four lanes of eight bytes each (a multiply and a
    /// shift a word, each step a bijection of the lane), then the rest a
    /// word at a time on the first lane, the last bytes, and the lanes
    /// folded one into the next: a change to any word changes its lane and
    /// so the sum. With one lane, each word's multiply waited for the one
    /// before; four run side by side in about the same instructions. The
    /// cache files the first Chinese row of a process reads (Noto Sans
    /// CJK's, about 1 MB) took 0.28 ms a process, 0.09 ms in four lanes
    /// (perf, 100 one-row runs each, 2026-12-04).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD
        let seed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var lanes = (
            seed, seed ^ 0x6A09_E667_F3BC_C908, seed ^ 0xBB67_AE85_84CA_A73B,
            seed ^ 0x3C6E_F372_FE94_F82B
        )
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        @inline(__always) func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (hash ^ word) &* multiplier
            return mixed ^ mixed >> 29
        }
        var offset = 0
        while offset &+ 32 <= bytes.count {
            lanes.0 = mix(lanes.0, word(offset))
            lanes.1 = mix(lanes.1, word(offset &+ 8))
            lanes.2 = mix(lanes.2, word(offset &+ 16))
            lanes.3 = mix(lanes.3, word(offset &+ 24))
            offset &+= 32
        }
        while offset &+ 8 <= bytes.count {
            lanes.0 = mix(lanes.0, word(offset))
            offset &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift &+= 8
            offset &+= 1
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        hash = (hash ^ tail ^ shift) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ hash >> 32
    }

    /// The bytes of the file at `path` (at most 64 MB), or nil.
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0, info.st_size <= 64 << 20 else {
            return nil
        }
        let size = Int(info.st_size)
        var complete = false
        // Read into the array's storage as it is made (no zeroing first).
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { raw, initialized in
            var offset = 0
            while offset < size {
                let count = read(descriptor, raw.baseAddress! + offset, size - offset)
                if count <= 0 { break }
                offset += count
            }
            complete = offset == size
            if !complete { raw.baseAddress!.update(repeating: 0, count: size) }
            initialized = size
        }
        return complete ? bytes : nil
    }

    /// Writes `bytes` to `path` (in the cache directory, made if missing)
    /// through a file of this process's own, renamed over it. Failures
    /// are ignored: the next process works the answer out again.
    static func writeFile(_ bytes: [UInt8], to path: String) {
        // The directory, and the cache directory it is in (as fontconfig
        // makes ~/.cache/fontconfig).
        if let directory, let slash = directory.lastIndex(of: "/"), slash > directory.startIndex {
            _ = mkdir(String(directory[..<slash]), 0o755)
            _ = mkdir(directory, 0o755)
        }
        // The process and a count: threads of one process writing the same
        // file do not share a temporary file.
        let serial = temporaryFiles.add(1, ordering: .relaxed).newValue
        let temporary = path + ".\(getpid()).\(serial).tmp"
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
        if close(descriptor) == 0 && written && rename(temporary, path) == 0 {
            trim(keeping: fileLimit)
            return
        }
        _ = unlink(temporary)
    }

    private static let temporaryFiles = Atomic<Int>(0)

    /// How many cache files the directory keeps: a file is written per
    /// font file, face and program, and fonts loaded from paths that come
    /// and go (a test's or a fuzzer's temporary fonts, each build of a
    /// program) would otherwise add files without end.
    static let fileLimit = 128

    /// Removes the files least recently written until the directory holds
    /// at most `limit` cache files (`.bin`), and temporary files (`.tmp`)
    /// left an hour or more ago by a process that stopped mid-write.
    static func trim(keeping limit: Int) {
        guard let directory, let stream = opendir(directory) else { return }
        var files: [(modified: Int, name: String)] = []
        var stale: [String] = []
        let now = Int(time(nil))
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            let isCache = name.hasSuffix(".bin")
            guard isCache || name.hasSuffix(".tmp") else { continue }
            var info = stat()
            guard stat(directory + "/" + name, &info) == 0 else { continue }
            let modified = Int(info.st_mtim.tv_sec)
            if isCache {
                files.append((modified, name))
            } else if now - modified >= 3600 {
                stale.append(name)
            }
        }
        closedir(stream)
        for name in stale { _ = unlink(directory + "/" + name) }
        guard files.count > limit else { return }
        files.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
        for file in files.prefix(files.count - limit) {
            _ = unlink(directory + "/" + file.name)
        }
    }
}

/// Builds a cache file's payload (little-endian integers; a string is its
/// length in bytes, 32 bits, and its UTF-8).
struct _CacheWriter {
    var bytes: [UInt8] = []

    mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func put(_ string: String) {
        put(UInt32(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    /// The values, one after the other.
    mutating func put<T: FixedWidthInteger>(values: [T]) {
        // The machine's byte order is the file's on little-endian machines:
        // one copy (a value at a time cost 70 instructions).
        #if _endian(little)
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
            for value in values { put(value) }
        #endif
    }

    /// A count, then the values.
    mutating func put<T: FixedWidthInteger>(array: [T]) {
        put(UInt32(array.count))
        put(values: array)
    }

    /// An array that is mostly zero: its count, the count of the others,
    /// then each of those as its index (32 bits) and its value.
    mutating func put(sparse array: [UInt64]) {
        put(UInt32(array.count))
        put(UInt32(array.lazy.filter { $0 != 0 }.count))
        for (index, value) in array.enumerated() where value != 0 {
            put(UInt32(index))
            put(value)
        }
    }

    mutating func put(_ stamp: _FileStamp) {
        put(UInt8(stamp.exists ? 1 : 0))
        put(stamp.inode)
        put(stamp.size)
        put(stamp.modified.0)
        put(stamp.modified.1)
        put(stamp.changed.0)
        put(stamp.changed.1)
    }
}

/// Reads a cache file's payload in order, each field checked against what
/// is left (nil past the end).
struct _CacheReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard bytes.count - offset >= MemoryLayout<T>.size else { return nil }
        let value = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return T(littleEndian: value)
    }

    /// `count` values of `T`.
    mutating func values<T: FixedWidthInteger>(_: T.Type, count: Int) -> [T]? {
        let size = MemoryLayout<T>.size
        guard count >= 0, (bytes.count - offset) / size >= count else { return nil }
        let start = offset
        offset += size * count
        return [T](unsafeUninitializedCapacity: count) { values, initialized in
            // The file's byte order is the machine's on little-endian
            // machines: one copy.
            #if _endian(little)
                if count > 0 {
                    UnsafeMutableRawPointer(values.baseAddress!).copyMemory(
                        from: bytes.baseAddress! + start, byteCount: size * count)
                }
            #else
                for k in 0..<count {
                    values[k] = T(
                        littleEndian: bytes.loadUnaligned(
                            fromByteOffset: start + size * k, as: T.self))
                }
            #endif
            initialized = count
        }
    }

    /// An array written by `_CacheWriter.put(sparse:)` of at most
    /// `limit` elements, its indices in increasing order, without its
    /// trailing zeros (up to its last value that is not zero: `_trimmed`),
    /// or padded with zeros to `length` elements when that is more.
    mutating func sparse(limit: Int, length: Int? = nil) -> [UInt64]? {
        guard let count = integer(UInt32.self), Int(count) <= limit,
            let nonzero = self.count(each: 12), nonzero <= Int(count)
        else { return nil }
        // `count(each:)` checked that the pairs are all there; the last
        // one's index, checked below, is where the array ends.
        let start = offset
        let end =
            nonzero == 0
            ? 0
            : Int(
                UInt32(
                    littleEndian: bytes.loadUnaligned(
                        fromByteOffset: start + 12 * (nonzero - 1), as: UInt32.self))) + 1
        guard end <= Int(count) else { return nil }
        var array = [UInt64](repeating: 0, count: max(end, length ?? 0))
        var last = -1
        offset += 12 * nonzero
        let valid = array.withUnsafeMutableBufferPointer { array -> Bool in
            for k in 0..<nonzero {
                let index = Int(
                    UInt32(
                        littleEndian: bytes.loadUnaligned(
                            fromByteOffset: start + 12 * k, as: UInt32.self)))
                let value = UInt64(
                    littleEndian: bytes.loadUnaligned(
                        fromByteOffset: start + 12 * k + 4, as: UInt64.self))
                guard index > last, index < end, value != 0 else { return false }
                array[index] = value
                last = index
            }
            return true
        }
        return valid ? array : nil
    }

    /// A count, then that many values of `T` (`_CacheWriter.put(array:)`).
    mutating func array<T: FixedWidthInteger>(_ type: T.Type) -> [T]? {
        guard let count = integer(UInt32.self) else { return nil }
        return values(type, count: Int(count))
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

    /// A count of items of at least `each` bytes each, no more than what
    /// is left could hold.
    mutating func count(each: Int) -> Int? {
        guard let count = integer(UInt32.self), Int(count) <= (bytes.count - offset) / each
        else { return nil }
        return Int(count)
    }

    mutating func stamp() -> _FileStamp? {
        guard let exists = integer(UInt8.self), exists <= 1,
            let inode = integer(UInt64.self), let size = integer(Int64.self),
            let modified = integer(Int64.self), let modifiedNanoseconds = integer(Int64.self),
            let changed = integer(Int64.self), let changedNanoseconds = integer(Int64.self)
        else { return nil }
        var stamp = _FileStamp()
        stamp.exists = exists == 1
        stamp.inode = inode
        stamp.size = size
        stamp.modified = (modified, modifiedNanoseconds)
        stamp.changed = (changed, changedNanoseconds)
        return stamp
    }

    /// Stamped paths (`_CacheWriter.putStamps`).
    mutating func stamps() -> [(path: String, stamp: _FileStamp)]? {
        guard let count = count(each: 61) else { return nil }
        var stamps: [(path: String, stamp: _FileStamp)] = []
        for _ in 0..<count {
            guard let path = string(), let stamp = stamp() else { return nil }
            stamps.append((path, stamp))
        }
        return stamps
    }
}

extension _CacheWriter {
    /// A count, then each path and its stamp.
    mutating func putStamps(_ stamps: [(path: String, stamp: _FileStamp)]) {
        put(UInt32(stamps.count))
        for (path, stamp) in stamps {
            put(path)
            put(stamp)
        }
    }
}

extension _DiskCache {
    /// The stamps of `paths` now, those that are empty left out.
    static func stamps(of paths: [String]) -> [(path: String, stamp: _FileStamp)] {
        paths.filter { !$0.isEmpty }.map { (path: $0, stamp: _FileStamp(of: $0)) }
    }

    /// What `decode` reads from the bytes of `file`, nil when it cannot be
    /// read or `decode` refuses them.
    static func readContents<Contents>(
        _ file: String, _ decode: (UnsafeRawBufferPointer) -> Contents?
    ) -> Contents? {
        readFile(file)?.withUnsafeBytes { decode($0) }
    }

    /// The value `kept` takes from what `decode` reads from `file` (nil:
    /// the file does not hold it, or a stamp no longer holds); else
    /// `make`'s, written to `file` by `encode` with the stamps of
    /// `stamping` taken before `make` runs.
    static func keeping<Contents, Value, Failure: Error>(
        _ file: String, stamping paths: [String],
        decode: (UnsafeRawBufferPointer) -> Contents?, kept: (Contents) -> Value?,
        make: () throws(Failure) -> Value,
        encode: (Value, [(path: String, stamp: _FileStamp)]) -> [UInt8]
    ) throws(Failure) -> Value {
        if let contents = readContents(file, decode), let value = kept(contents) {
            return value
        }
        let taken = stamps(of: paths)
        let made = try make()
        writeFile(encode(made, taken), to: file)
        return made
    }
}

/// True when every path's stamp is as it was.
func _stampsHold(_ stamps: [(path: String, stamp: _FileStamp)]) -> Bool {
    stamps.allSatisfy { _FileStamp(of: $0.path) == $0.stamp }
}
