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

    /// A font's family name and fontconfig weight.
    struct Description: Equatable {
        var family: String
        var weight: Int32
    }

    /// What a file holds: the description (nil: fontconfig could not read
    /// the font) of face `index` of the font file at `path`.
    typealias Contents = _FaceCacheContents<Description?>

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
        return _DiskCache.keepingFace(
            in: file, path: path, index: index, fingerprint: fingerprint, decode: decode,
            encode: encode
        ) { query(path, index).map { Description(family: $0.family, weight: $0.weight) } }
        .map { (family: $0.family, weight: $0.weight) }
    }

    /// A file (`_DiskCache.frame`) whose payload holds the font's path and
    /// face index, the stamps, the fingerprint, and whether a description
    /// follows, then its family and weight.
    static func encode(_ contents: Contents) -> [UInt8] {
        var payload = _CacheWriter()
        payload.putFaceSource(of: contents)
        if let description = contents.value {
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
        let contents = reader.faceContents { reader -> Description?? in
            guard let described = reader.integer(UInt8.self), described <= 1 else { return nil }
            guard described == 1 else { return .some(nil) }
            guard let family = reader.string(), let weight = reader.integer(Int32.self) else {
                return nil
            }
            return Description(family: family, weight: weight)
        }
        return reader.isAtEnd ? contents : nil
    }
}
