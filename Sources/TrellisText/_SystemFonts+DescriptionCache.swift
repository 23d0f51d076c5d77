// What fontconfig reads from a font file for a system fallback's pattern
// (`_SystemFallback.describe`) kept across processes, in a file of the
// cache directory (_DiskCache.swift).
//
// `FcFreeTypeQuery` reads the whole file, with its character coverage:
// 1.8 M instructions for Inter, in every process whose text first needs a
// system font (a one-row run of Chinese text costs 26.8 M in all,
// 2026-12-02), to give a family name and a weight. They are written to
// `fontconfig-description-<hash>.bin` with what they were read from: the
// font file and the program, each with its `_FileStamp`, and fontconfig's
// version and the environment it reads (`_RankingCache.fingerprint`). A
// later process takes them from the file only when all of these are as
// they were and the file is whole (`_DiskCache.payload`); anything else is
// ignored, and fontconfig reads the font again and the file is written anew.

enum _DescriptionCache {
    /// The file's first eight bytes, and the version of its layout.
    static let magic: UInt64 = 0x4353_4544_534C_5254  // "TRLSDESC", little-endian
    static let version: UInt64 = 1

    /// What a file holds: the description (nil: fontconfig could not read
    /// the font) of face `index` of the font file at `path`.
    struct Contents: Equatable {
        var fingerprint: String
        var path: String
        var index: Int
        var stamps: [(path: String, stamp: _FileStamp)]
        var description: (family: String, weight: Int32)?

        static func == (a: Contents, b: Contents) -> Bool {
            a.fingerprint == b.fingerprint && a.path == b.path && a.index == b.index
                && a.description?.family == b.description?.family
                && a.description?.weight == b.description?.weight
                && (a.description == nil) == (b.description == nil)
                && a.stamps.elementsEqual(
                    b.stamps, by: { $0.path == $1.path && $0.stamp == $1.stamp })
        }
    }

    /// The cache file of face `index` of the font file at `path`.
    static func file(path: String, index: Int, fingerprint: String) -> String? {
        _DiskCache.file(
            "fontconfig-description", key: fingerprint + "\u{0}" + path + "\u{0}\(index)")
    }

    /// `query(path, index)`: from the cache file when it holds the
    /// description and nothing it was read from has changed, else read by
    /// `query` and written there.
    static func describe(
        path: String, index: Int, query: (String, Int) -> (family: String, weight: Int32)?
    ) -> (family: String, weight: Int32)? {
        guard _DiskCache.isEnabled, path.hasPrefix("/") else { return query(path, index) }
        let fingerprint = _RankingCache.fingerprint()
        guard let file = file(path: path, index: index, fingerprint: fingerprint) else {
            return query(path, index)
        }
        typealias Description = (family: String, weight: Int32)?
        return _DiskCache.keeping(
            file, stamping: [path, _DiskCache.executablePath], decode: decode,
            kept: { kept -> Description? in
                guard kept.fingerprint == fingerprint, kept.path == path, kept.index == index,
                    _stampsHold(kept.stamps)
                else { return nil }
                return .some(kept.description)
            },
            make: { query(path, index) },
            encode: { description, stamps in
                encode(
                    Contents(
                        fingerprint: fingerprint, path: path, index: index, stamps: stamps,
                        description: description))
            })
    }

    /// A file (`_DiskCache.frame`) whose payload holds the font's path and
    /// face index, the stamps, the fingerprint, and whether a description
    /// follows, then its family and weight.
    static func encode(_ contents: Contents) -> [UInt8] {
        var payload = _CacheWriter()
        payload.put(contents.path)
        payload.put(Int64(contents.index))
        payload.putStamps(contents.stamps)
        payload.put(contents.fingerprint)
        if let description = contents.description {
            payload.put(UInt8(1))
            payload.put(description.family)
            payload.put(description.weight)
        } else {
            payload.put(UInt8(0))
        }
        return _DiskCache.frame(magic: magic, version: version, payload: payload.bytes)
    }

    /// What a cache file's bytes hold, or nil when they are not a whole
    /// file of this version.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> Contents? {
        guard let payload = _DiskCache.payload(of: bytes, magic: magic, version: version) else {
            return nil
        }
        var reader = _CacheReader(bytes: payload)
        guard let path = reader.string(), let index = reader.integer(Int64.self),
            (0..<0x1_0000).contains(index), let stamps = reader.stamps(),
            let fingerprint = reader.string(), let described = reader.integer(UInt8.self),
            described <= 1
        else { return nil }
        var description: (family: String, weight: Int32)?
        if described == 1 {
            guard let family = reader.string(), let weight = reader.integer(Int32.self) else {
                return nil
            }
            description = (family, weight)
        }
        guard reader.isAtEnd else { return nil }
        return Contents(
            fingerprint: fingerprint, path: path, index: Int(index), stamps: stamps,
            description: description)
    }
}
