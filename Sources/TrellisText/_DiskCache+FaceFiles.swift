// Cache files that keep what a library read from one face of a font file
// (FreeType's tables, `Font+TablesCache.swift`; fontconfig's description,
// `_SystemFonts+DescriptionCache.swift`; the compiled substitutions,
// `_SubstitutionTables+Cache.swift`). Each payload begins with what it
// was read from: the font file's path and the face's index, the stamps of
// the font file and the program, and the reading library's fingerprint;
// the value follows. A later process takes the value only when all of
// these are as they were.

/// What a cache file of one face holds (see above).
struct _FaceCacheContents<Value> {
    var fingerprint: String
    var path: String
    var index: Int
    var stamps: [(path: String, stamp: _FileStamp)]
    /// What the library read.
    var value: Value

    /// `value` when the contents are of face `index` of the font file at
    /// `path` as a library of fingerprint `fingerprint` reads it, and the
    /// files they were made from are as they were; nil otherwise.
    func value(ofFace path: String, index: Int, fingerprint: String) -> Value? {
        guard self.fingerprint == fingerprint, self.path == path, self.index == index,
            _stampsHold(stamps)
        else { return nil }
        return .some(value)
    }
}

extension _FaceCacheContents: Equatable where Value: Equatable {
    static func == (a: Self, b: Self) -> Bool {
        a.fingerprint == b.fingerprint && a.path == b.path && a.index == b.index
            && a.value == b.value
            && a.stamps.elementsEqual(
                b.stamps, by: { $0.path == $1.path && $0.stamp == $1.stamp })
    }
}

extension _CacheWriter {
    /// The path, the face index, the stamps and the fingerprint of `contents`.
    mutating func putFaceSource<Value>(of contents: _FaceCacheContents<Value>) {
        put(contents.path)
        put(Int64(contents.index))
        putStamps(contents.stamps)
        put(contents.fingerprint)
    }
}

extension _CacheReader {
    /// What `_CacheWriter.putFaceSource` wrote, with `value` read after it
    /// by `readValue`; nil when the bytes are not that, the face index is
    /// not one of a font file's (0 to 65,535) or `readValue` refuses.
    mutating func faceContents<Value>(
        _ readValue: (inout _CacheReader) -> Value?
    ) -> _FaceCacheContents<Value>? {
        guard let path = string(), let index = integer(Int64.self),
            (0..<0x1_0000).contains(index), let stamps = stamps(),
            let fingerprint = string(), let value = readValue(&self)
        else { return nil }
        return _FaceCacheContents(
            fingerprint: fingerprint, path: path, index: Int(index), stamps: stamps, value: value)
    }
}

extension _DiskCache {
    /// `make()`, the value of face `index` of the font file at `path` as a
    /// library of fingerprint `fingerprint` reads it: from `file` (read by
    /// `decode`) when it holds it for that face and fingerprint and the font
    /// file and the program are unchanged, else made and written there (by
    /// `encode`).
    static func keepingFace<Value, Failure: Error>(
        in file: String, path: String, index: Int, fingerprint: String,
        decode: (UnsafeRawBufferPointer) -> _FaceCacheContents<Value>?,
        encode: (_FaceCacheContents<Value>) -> [UInt8],
        make: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        try keeping(
            file, stamping: [path, executablePath], decode: decode,
            kept: { $0.value(ofFace: path, index: index, fingerprint: fingerprint) },
            make: make,
            encode: { value, stamps in
                encode(
                    _FaceCacheContents(
                        fingerprint: fingerprint, path: path, index: index, stamps: stamps,
                        value: value))
            })
    }
}
