// The two small cache files' readers (a face's tables, `Font+TablesCache.swift`;
// fontconfig's description of a font, `_SystemFonts+DescriptionCache.swift`)
// as the `fontcache` fuzz target reaches them: a real file's payload to
// damage, its frame, and the reader.

extension _FontCacheFuzzing {
    /// The payload of a font-tables file (`kind` 0) or a fontconfig
    /// description file (any other `kind`) of face 0 of the font file at
    /// `path`, stamped with it, as this process writes one.
    public static func smallFilePayload(kind: Int, fontAt path: String) -> [UInt8] {
        let stamps = [(path: path, stamp: _FileStamp(of: path))]
        let file: [UInt8]
        if kind == 0 {
            file = _SFNTTables.encodeCache(
                _SFNTTables.CacheContents(
                    fingerprint: "freetype 2.12.1", path: path, index: 0, stamps: stamps,
                    value: _SFNTTables(
                        familyName: "Inter", unitsPerEm: 2048, ascender: 1984, descender: -494,
                        lineGap: 0, capHeight: 1490, xHeight: 1118)))
        } else {
            file = _DescriptionCache.encode(
                _DescriptionCache.Contents(
                    fingerprint: "fontconfig 21400", path: path, index: 0, stamps: stamps,
                    value: _DescriptionCache.Description(family: "Inter", weight: 80)))
        }
        return Array(file.dropFirst(32))
    }

    /// `payload` as a whole file of that kind (magic, version, length, checksum).
    public static func smallFileFrame(kind: Int, _ payload: [UInt8]) -> [UInt8] {
        kind == 0
            ? _DiskCache.frame(
                magic: _SFNTTables.cacheMagic, version: _SFNTTables.cacheVersion, payload: payload)
            : _DiskCache.frame(
                magic: _DescriptionCache.magic, version: _DescriptionCache.version,
                payload: payload)
    }

    /// Reads `bytes` as a file of that kind: nil when the reader refuses
    /// it; else whether what it read is written again as the same bytes.
    public static func readSmallFile(kind: Int, _ bytes: [UInt8]) -> Bool? {
        bytes.withUnsafeBytes { raw -> Bool? in
            if kind == 0 {
                return _SFNTTables.decodeCache(raw).map { _SFNTTables.encodeCache($0) == bytes }
            }
            return _DescriptionCache.decode(raw).map { _DescriptionCache.encode($0) == bytes }
        }
    }
}
