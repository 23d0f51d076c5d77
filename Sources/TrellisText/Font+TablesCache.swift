// A face's vertical metrics and family name (`_SFNTTables`) kept across
// processes, in a file of the cache directory (_DiskCache.swift).
//
// FreeType opens the whole face to give them (`FT_New_Memory_Face`): Noto
// Sans CJK's CFF face costs about 2.9 M instructions, DejaVu Sans 0.45 M and
// Inter 0.38 M, in every process that loads them (a one-row run of Chinese
// text loads all three; 2026-12-02). What it gives is a few numbers and a
// name. They are written to `font-tables-<hash>.bin` with what they were
// read from: the font file and the program, each with its `_FileStamp`, and
// FreeType's version. A later process takes them from the file only when
// all of these are as they were and the file is whole
// (`_DiskCache.payload`); anything else is ignored, FreeType reads the face
// again and the file is written anew. A face FreeType cannot read is not
// kept: it is read again, and refused with FreeType's reason, every time.
import CFreeType

extension _SFNTTables {
    /// The file's first eight bytes, and the version of its layout.
    static let cacheMagic: UInt64 = 0x5442_4154_534C_5254  // "TRLSTABT", little-endian
    static let cacheVersion: UInt64 = 1

    /// What a file holds: the tables of face `index` of the font file at `path`.
    typealias CacheContents = _FaceCacheContents<_SFNTTables>

    /// FreeType's version ("freetype 2.12.1"), "" when FreeType cannot start.
    static let cacheFingerprint: String = {
        library.withLock { library -> String in
            guard let started = startedLibrary(&library) else { return "" }
            var (major, minor, patch): (FT_Int, FT_Int, FT_Int) = (0, 0, 0)
            FT_Library_Version(started, &major, &minor, &patch)
            return "freetype \(major).\(minor).\(patch)"
        }
    }()

    /// `read(bytes:length:index:)` of face `index` of the font file at
    /// `path` (whose bytes `bytes` are): from the cache file when it holds
    /// them and nothing they were read from has changed, else read by
    /// FreeType and written there.
    static func readKeeping(path: String, bytes: UnsafePointer<CChar>, length: Int, index: Int)
        throws(Failure) -> _SFNTTables
    {
        guard _DiskCache.isEnabled, path.hasPrefix("/") else {
            return try read(bytes: bytes, length: length, index: index)
        }
        guard
            let file = _DiskCache.file(
                "font-tables", key: "\(path)\u{0}\(index)\u{0}\(_DiskCache.executablePath)")
        else { return try read(bytes: bytes, length: length, index: index) }
        return try _DiskCache.keepingFace(
            in: file, path: path, index: index, fingerprint: cacheFingerprint,
            decode: decodeCache, encode: encodeCache
        ) { () throws(Failure) -> _SFNTTables in
            try read(bytes: bytes, length: length, index: index)
        }
    }

    /// A file (`_DiskCache.frame`) whose payload holds the font's path and
    /// face index, the stamps, FreeType's version, the family name, the
    /// units per em and the five metrics (as the bits of their values).
    static func encodeCache(_ contents: CacheContents) -> [UInt8] {
        var payload = _CacheWriter()
        payload.putFaceSource(of: contents)
        let tables = contents.value
        payload.put(tables.familyName)
        payload.put(Int64(tables.unitsPerEm))
        for value in [
            tables.ascender, tables.descender, tables.lineGap, tables.capHeight, tables.xHeight,
        ] {
            payload.put(value.bitPattern)
        }
        return _DiskCache.frame(magic: cacheMagic, version: cacheVersion, payload: payload.bytes)
    }

    /// What a cache file's bytes hold, or nil when they are not a whole
    /// file of this version or its units per em are not a head table's
    /// (1 to 65,535).
    static func decodeCache(_ bytes: UnsafeRawBufferPointer) -> CacheContents? {
        guard
            let payload = _DiskCache.payload(
                of: bytes, magic: cacheMagic, version: cacheVersion)
        else { return nil }
        var reader = _CacheReader(bytes: payload)
        let contents = reader.faceContents { reader -> _SFNTTables? in
            guard let family = reader.string(), let unitsPerEm = reader.integer(Int64.self),
                (1...0xFFFF).contains(unitsPerEm)
            else { return nil }
            var values: [Double] = []
            for _ in 0..<5 {
                guard let bits = reader.integer(UInt64.self) else { return nil }
                values.append(Double(bitPattern: bits))
            }
            return _SFNTTables(
                familyName: family, unitsPerEm: Int(unitsPerEm), ascender: values[0],
                descender: values[1], lineGap: values[2], capHeight: values[3],
                xHeight: values[4])
        }
        return reader.isAtEnd ? contents : nil
    }
}
