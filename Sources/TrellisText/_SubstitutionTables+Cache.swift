// A face's GSUB lookups as the substitution model compiled them
// (`_SubstitutionTables`, _SubstitutionPlan.swift) kept across processes,
// in a file of the cache directory (_DiskCache.swift), as a face's tables
// and description are (_DiskCache+FaceFiles.swift).
//
// Compiling them reads every GSUB lookup's subtables and coverages into
// glyph sets, checks each against HarfBuzz's sanitized copy and asks
// HarfBuzz for the face's marks: 3.9 M instructions for Inter (107
// lookups) in every process that meets one of its contextual triggers
// ("I:58", "A-R"), about a millisecond before the first such piece is
// measured (2026-12-04). Reading them back costs about 0.7 M.
//
// The file (`substitutions-<hash>.bin`) holds what the tables were made
// from: the font file and the program (which holds the compiler's rules),
// each with its `_FileStamp`, and HarfBuzz's version (its sanitizer decides
// which subtables the compile accepts). A later process takes the tables
// from the file only when all of these are as they were, the file is whole
// (`_DiskCache.payload`), the face has the glyph count the file names, and
// every index and count the substitution model reads without a bounds
// check is one the compiler could have written (`decodeCache`); anything
// else is ignored, and the tables are compiled again and the file written
// anew.
import CHarfBuzz

extension _SubstitutionTables {
    /// The file's first eight bytes, and the version of its layout.
    static let cacheMagic: UInt64 = 0x4255_5347_534C_5254  // "TRLSGSUB", little-endian
    static let cacheVersion: UInt64 = 1

    /// What a cache file holds: the face's tables, or nil for a face not modelled.
    typealias CacheContents = _FaceCacheContents<_SubstitutionTables?>

    /// `make(face:)` of the face `index` of the file at `path`: from the
    /// cache file when it holds the face's tables and nothing they were
    /// made from has changed, else compiled and written there.
    static func makeKeeping(face: OpaquePointer, path: String, index: Int)
        -> _SubstitutionTables?
    {
        guard _DiskCache.isEnabled, path.hasPrefix("/"),
            let file = cacheFile(path: path, index: index, program: _DiskCache.executablePath)
        else { return make(face: face) }
        return _DiskCache.keepingFace(
            in: file, path: path, index: index, fingerprint: cacheFingerprint(),
            decode: { decodeCache($0, face: face) }, encode: encodeCache,
            make: { make(face: face) })
    }

    /// The cache file of face `index` of the font file at `path`: a file
    /// per program, face and font file.
    static func cacheFile(path: String, index: Int, program: String) -> String? {
        _DiskCache.file("substitutions", key: "\(path)\u{0}\(index)\u{0}\(program)")
    }

    /// HarfBuzz's version.
    static func cacheFingerprint() -> String {
        "harfbuzz " + String(cString: hb_version_string())
    }

    /// A file (`_DiskCache.frame`) whose payload holds what the tables were
    /// read from (`_CacheWriter.putFaceSource`), whether the face is
    /// modelled at all, and then its glyph count, marks, context sets
    /// (sparse words each) and lookups: flags, first glyphs, the subtable
    /// masks and their glyphs, and each subtable's offset, type, first
    /// glyphs, places (a flag, then offset and set of each), before,
    /// after, input count, lookup count, records, and second glyphs (a
    /// flag, then sparse words).
    static func encodeCache(_ contents: CacheContents) -> [UInt8] {
        var payload = _CacheWriter()
        payload.putFaceSource(of: contents)
        payload.put(UInt8(contents.value == nil ? 0 : 1))
        if let tables = contents.value {
            payload.put(UInt32(tables.glyphCount))
            payload.put(sparse: tables.marks.words)
            payload.put(UInt32(tables.sets.count))
            for set in tables.sets { payload.put(sparse: set.words) }
            payload.put(UInt32(tables.lookups.count))
            for lookup in tables.lookups {
                payload.put(Int64(lookup.flags))
                payload.put(sparse: lookup.firsts.words)
                payload.put(array: lookup.maskGlyphs)
                payload.put(array: lookup.masks)
                payload.put(UInt32(lookup.subtables.count))
                for subtable in lookup.subtables { payload.put(subtable) }
            }
        }
        return _DiskCache.frame(magic: cacheMagic, version: cacheVersion, payload: payload.bytes)
    }

    /// What a cache file's bytes hold, its tables made for `face` (whose
    /// glyph count they must have); nil when the bytes are not a whole
    /// file of this version, or a count, index or glyph is not one the
    /// compiler writes. Whether they are of this face, fingerprint and
    /// files is `CacheContents.value(ofFace:index:fingerprint:)`'s to say.
    static func decodeCache(_ bytes: UnsafeRawBufferPointer, face: OpaquePointer)
        -> CacheContents?
    {
        guard
            let payload = _DiskCache.payload(of: bytes, magic: cacheMagic, version: cacheVersion)
        else { return nil }
        var reader = _CacheReader(bytes: payload)
        guard
            let contents = reader.faceContents({ reader -> _SubstitutionTables?? in
                guard let modelled = reader.integer(UInt8.self), modelled <= 1 else { return nil }
                guard modelled == 1 else { return .some(nil) }
                // A face whose tables the reader refuses: the file is refused.
                guard let tables = reader.tables(face: face) else { return nil }
                return .some(.some(tables))
            }),
            reader.isAtEnd
        else { return nil }
        return contents
    }
}

extension _CacheWriter {
    fileprivate mutating func put(_ subtable: _PlanSubtable) {
        put(Int64(subtable.offset))
        put(Int64(subtable.type))
        put(sparse: subtable.firsts.words)
        put(UInt8(subtable.places == nil ? 0 : 1))
        if let places = subtable.places {
            put(UInt32(places.count))
            for (offset, set) in places {
                put(Int64(offset))
                put(Int64(set))
            }
        }
        for value in [
            subtable.before, subtable.after, subtable.inputCount, subtable.lookupCount,
            subtable.records,
        ] {
            put(Int64(value))
        }
        put(UInt8(subtable.seconds == nil ? 0 : 1))
        if let seconds = subtable.seconds { put(sparse: seconds.words) }
    }
}

extension _CacheReader {
    /// Tables as `_SubstitutionTables.make` compiles them for `face`.
    fileprivate mutating func tables(face: OpaquePointer) -> _SubstitutionTables? {
        let glyphCount = Int(hb_face_get_glyph_count(face))
        let words = (glyphCount + 63) / 64
        guard glyphCount > 0, glyphCount <= _SubstitutionTables.maximumGlyphCount,
            integer(UInt32.self) == UInt32(glyphCount),
            let marks = glyphSet(words: words),
            let setCount = count(each: 8), setCount <= _LookupCompiler.maximumSets
        else { return nil }
        var sets: [_GlyphSet] = []
        for _ in 0..<setCount {
            guard let set = glyphSet(words: words) else { return nil }
            sets.append(set)
        }
        // A GSUB table has at most 65,535 lookups.
        guard let lookupCount = count(each: 28), lookupCount <= 0xFFFF else { return nil }
        var lookups: [_PlanLookup] = []
        var subtables = 0
        for _ in 0..<lookupCount {
            guard let lookup = lookup(words: words, glyphCount: glyphCount, sets: setCount)
            else { return nil }
            subtables += lookup.subtables.count
            guard subtables <= _SubstitutionTables.maximumSubtables else { return nil }
            lookups.append(lookup)
        }
        return _SubstitutionTables(
            gsubBlob: hb_face_reference_table(face, _tag("GSUB"))!,
            gposBlob: hb_face_reference_table(face, _tag("GPOS"))!, lookups: lookups, sets: sets,
            marks: marks, glyphCount: glyphCount)
    }

    /// A glyph set of a face of `words` words (`_GlyphSet(count:)`'s),
    /// written sparse, read with its trailing zeros.
    fileprivate mutating func glyphSet(words: Int) -> _GlyphSet? {
        sparse(limit: words, length: words).map { _GlyphSet(words: $0) }
    }

    /// A count of a subtable (before, after, input, lookups): of 16 bits,
    /// or two of them added (after: input and lookahead).
    private mutating func shortCount() -> Int? {
        guard let value = integer(Int64.self), (0...0x1_FFFF).contains(value) else { return nil }
        return Int(value)
    }

    /// A lookup as `_LookupCompiler.lookup` makes one: flags of 16 bits;
    /// a mask for each glyph of `maskGlyphs` (ascending glyphs of the
    /// face), only for 5 to 64 subtables, naming only subtables it has.
    fileprivate mutating func lookup(words: Int, glyphCount: Int, sets: Int) -> _PlanLookup? {
        guard let flags = integer(Int64.self), (0...0xFFFF).contains(flags),
            let firsts = glyphSet(words: words),
            let maskGlyphs = array(Int32.self), let masks = array(UInt64.self),
            masks.count == maskGlyphs.count,
            let subtableCount = count(each: 66)
        else { return nil }
        guard masks.isEmpty || (5...64).contains(subtableCount),
            masks.allSatisfy({ subtableCount == 64 || $0 >> UInt64(subtableCount) == 0 }),
            zip(maskGlyphs, maskGlyphs.dropFirst()).allSatisfy({ $0 < $1 }),
            maskGlyphs.allSatisfy({ $0 >= 0 && Int($0) < glyphCount })
        else { return nil }
        var subtables: [_PlanSubtable] = []
        for _ in 0..<subtableCount {
            guard let subtable = subtable(words: words, sets: sets) else { return nil }
            subtables.append(subtable)
        }
        return _PlanLookup(
            flags: Int(flags), subtables: subtables, firsts: firsts, maskGlyphs: maskGlyphs,
            masks: masks)
    }

    /// A subtable as `_LookupCompiler` makes one: an offset within a table
    /// (32 bits), a lookup type (1 to 8), counts of 16 bits; a context
    /// rule's places each between its `before` glyphs before the first
    /// input and its `after` glyphs from it, off the first input, naming one
    /// of the `sets` context sets, with an input of at least one glyph
    /// (the rule's next position is past its input).
    fileprivate mutating func subtable(words: Int, sets: Int) -> _PlanSubtable? {
        guard let offset = integer(Int64.self), (0...Int64(UInt32.max)).contains(offset),
            let type = integer(Int64.self), (1...8).contains(type),
            let firsts = glyphSet(words: words),
            let hasPlaces = integer(UInt8.self), hasPlaces <= 1
        else { return nil }
        var places: [(offset: Int, set: Int)]?
        if hasPlaces == 1 {
            guard let count = self.count(each: 16) else { return nil }
            var made: [(offset: Int, set: Int)] = []
            made.reserveCapacity(count)
            for _ in 0..<count {
                guard let place = integer(Int64.self), let set = integer(Int64.self),
                    (0..<Int64(sets)).contains(set)
                else { return nil }
                made.append((Int(place), Int(set)))
            }
            places = made
        }
        guard let before = shortCount(), let after = shortCount(), let inputCount = shortCount(),
            let lookupCount = shortCount(), let records = integer(Int64.self),
            (0...Int64(UInt32.max)).contains(records),
            inputCount <= after,
            places.map({ places in
                inputCount >= 1
                    && places.allSatisfy { $0.offset != 0 && (-before..<after).contains($0.offset) }
            }) ?? true,
            let hasSeconds = integer(UInt8.self), hasSeconds <= 1
        else { return nil }
        var seconds: _GlyphSet?
        if hasSeconds == 1 {
            guard let set = glyphSet(words: words) else { return nil }
            seconds = set
        }
        return _PlanSubtable(
            offset: Int(offset), type: Int(type), firsts: firsts, places: places, before: before,
            after: after, inputCount: inputCount, lookupCount: lookupCount, records: Int(records),
            seconds: seconds)
    }
}
