// A face's kern-only analysis (`_KernOnlyFace`, KernOnlyShaping.swift) kept
// across processes, in a file of the cache directory (_DiskCache.swift).
//
// The analysis reads the face's cmap, GDEF, GSUB and GPOS and the Unicode
// properties of every candidate code point, once per process and face:
// about 31 M instructions for Inter and Noto Sans CJK in a process that
// measures Chinese text (2026-12-01), most of it Noto Sans CJK's 36,000
// code points. What it gives is a few arrays: per code point its glyph and
// script class, per glyph its advance, per script class a plan (its simple
// glyphs and the bits of its guarded and positional triggers) and the
// offsets of its pair adjustment subtables in GPOS. They are written to
// `kern-only-<hash>.bin` with what they were made from: the font file and
// the program (which holds the analysis's rules and, through HarfBuzz's
// version, its shape plans), each with its `_FileStamp`, HarfBuzz's
// version and its default language (a shape plan's language). A later
// process takes the analysis from the file only when all of these are as
// they were, the file is whole (`_DiskCache.payload`) and every array has
// the length the face gives it (glyph count, code point table) and every
// glyph it names is one of the face's; anything else is ignored, and the
// face is analyzed again and the file written anew.
import CHarfBuzz

extension _KernOnlyFace {
    /// The file's first eight bytes, and the version of its layout.
    static let cacheMagic: UInt64 = 0x4E52_454B_534C_5254  // "TRLSKERN", little-endian
    static let cacheVersion: UInt64 = 1

    /// `analyze(face:font:)` of the face `index` of the file at `path`:
    /// from the cache file when it holds it and nothing it was made from
    /// has changed, else worked out and written there.
    static func analyzeKeeping(
        face: OpaquePointer, font: OpaquePointer, path: String, index: Int
    ) -> _KernOnlyFace? {
        guard _DiskCache.isEnabled, path.hasPrefix("/") else {
            return analyze(face: face, font: font)
        }
        let fingerprint = cacheFingerprint()
        let program = _DiskCache.executablePath
        guard let file = cacheFile(path: path, index: index, program: program) else {
            return analyze(face: face, font: font)
        }
        if let bytes = _DiskCache.readFile(file),
            let kept = bytes.withUnsafeBytes({
                decodeCache($0, face: face, path: path, index: index, fingerprint: fingerprint)
            })
        {
            return kept
        }
        // Stamped before the analysis reads the tables.
        let stamps = [path, program].filter { !$0.isEmpty }.map {
            (path: $0, stamp: _FileStamp(of: $0))
        }
        let made = analyze(face: face, font: font)
        _DiskCache.writeFile(
            encodeCache(
                made, path: path, index: index, fingerprint: fingerprint, stamps: stamps),
            to: file)
        return made
    }

    /// The cache file of face `index` of the font file at `path`: a file
    /// per program (each stamps its own file), face and font file.
    static func cacheFile(path: String, index: Int, program: String) -> String? {
        _DiskCache.file("kern-only", key: "\(path)\u{0}\(index)\u{0}\(program)")
    }

    /// HarfBuzz's version and default language.
    static func cacheFingerprint() -> String {
        let language = hb_language_to_string(hb_language_get_default()).map {
            String(cString: $0)
        }
        return "harfbuzz " + String(cString: hb_version_string()) + "\nlanguage "
            + (language ?? "")
    }

    /// A file (`_DiskCache.frame`) whose payload holds the fingerprint, the
    /// file's path and face index, the stamps, whether the face is modelled
    /// at all, and then its arrays: code points, advances, the analysis
    /// steps, whether pairs are read from GPOS, the distinct plans (simple
    /// glyphs' words; needs, guards, starts and members, sparse; rules), each script
    /// class's plan (−1: none), each class's pair subtables (−1: none).
    static func encodeCache(
        _ analysis: _KernOnlyFace?, path: String, index: Int, fingerprint: String,
        stamps: [(path: String, stamp: _FileStamp)]
    ) -> [UInt8] {
        var payload = _CacheWriter()
        payload.put(fingerprint)
        payload.put(path)
        payload.put(Int64(index))
        payload.putStamps(stamps)
        payload.put(UInt8(analysis == nil ? 0 : 1))
        if let analysis {
            payload.put(array: analysis.scalars)
            payload.put(array: analysis.advances)
            payload.put(Int64(analysis.analysisSteps))
            payload.put(UInt8(analysis.gpos == nil ? 0 : 1))
            var plans: [_KernOnlyPlan] = []
            var classes: [Int32] = []
            for plan in analysis.simple {
                guard let plan else {
                    classes.append(-1)
                    continue
                }
                if let known = plans.firstIndex(where: { $0 === plan }) {
                    classes.append(Int32(known))
                } else {
                    classes.append(Int32(plans.count))
                    plans.append(plan)
                }
            }
            payload.put(UInt32(plans.count))
            for plan in plans {
                payload.put(array: plan.simple.words)
                // Per glyph, and zero for most glyphs.
                payload.put(sparse: plan.needs)
                payload.put(sparse: plan.guards)
                payload.put(sparse: plan.starts)
                payload.put(sparse: plan.members)
                payload.put(UInt32(plan.rules.count))
                for rule in plan.rules {
                    payload.put(UInt32(rule.count))
                    for (offset, set) in rule {
                        payload.put(Int64(offset))
                        payload.put(set)
                    }
                }
            }
            payload.put(array: classes)
            payload.put(UInt32(analysis.pairLookups.count))
            for pairs in analysis.pairLookups {
                guard let pairs else {
                    payload.put(Int32(-1))
                    continue
                }
                payload.put(Int32(pairs.lookups.count))
                for subtables in pairs.lookups { payload.put(array: subtables.map(Int64.init)) }
            }
        }
        return _DiskCache.frame(magic: cacheMagic, version: cacheVersion, payload: payload.bytes)
    }

    /// Whether each of `scalars`' entries is ineligible, or of an eligible
    /// class with a glyph below `glyphCount`. One pass of comparisons made
    /// numbers, with no branch and no early exit, which the compiler turns
    /// into a vector loop (eight entries a round): Noto Sans CJK's 65,536
    /// entries cost 0.65 M instructions a process here, 1.01 M through
    /// `allSatisfy` (callgrind of a process whose first row is Chinese,
    /// 18.4 M in all, 2026-12-06).
    static func _entriesFit(_ scalars: [UInt32], glyphCount: Int) -> Bool {
        let limit = UInt32(clamping: min(glyphCount, 0x1_0000))
        return scalars.withUnsafeBufferPointer { entries in
            var misfits: UInt32 = 0
            for entry in entries {
                let kind = entry >> 16
                let above: UInt32 = kind > ineligible ? 1 : 0
                let below: UInt32 = kind < ineligible ? 1 : 0
                let noGlyph: UInt32 = entry & 0xFFFF >= limit ? 1 : 0
                misfits |= above | (below & noGlyph)
            }
            return misfits == 0
        }
    }

    /// The analysis a cache file's bytes hold for the face `index` of
    /// `path` (`face`, whose glyph count the arrays must fit), as
    /// `.some(nil)` for a face not modelled; nil when the bytes are not a
    /// whole file of this version, are for another face or fingerprint, a
    /// stamp no longer holds, or an array or glyph does not fit the face.
    static func decodeCache(
        _ bytes: UnsafeRawBufferPointer, face: OpaquePointer, path: String, index: Int,
        fingerprint: String
    ) -> _KernOnlyFace?? {
        guard
            let payload = _DiskCache.payload(
                of: bytes, magic: cacheMagic, version: cacheVersion)
        else { return nil }
        var reader = _CacheReader(bytes: payload)
        guard reader.string() == fingerprint, reader.string() == path,
            reader.integer(Int64.self) == Int64(index), let stamps = reader.stamps(),
            let modelled = reader.integer(UInt8.self), modelled <= 1
        else { return nil }
        guard modelled == 1 else {
            return reader.isAtEnd && _stampsHold(stamps) ? .some(nil) : nil
        }
        let glyphCount = Int(hb_face_get_glyph_count(face))
        let words = (glyphCount + 63) / 64
        guard let scalars = reader.array(UInt32.self),
            scalars.count == scalarLimit || scalars.count == cjkScalarLimit,
            _entriesFit(scalars, glyphCount: glyphCount),
            let advances = reader.array(Int32.self), advances.count == glyphCount,
            let steps = reader.integer(Int64.self), let readsPairs = reader.integer(UInt8.self),
            readsPairs <= 1, let planCount = reader.count(each: 40)
        else { return nil }
        var plans: [_KernOnlyPlan] = []
        for _ in 0..<planCount {
            guard let simple = reader.array(UInt64.self), simple.count == words,
                // Each without its trailing zeros, as `_KernOnlyPlan` keeps
                // them: a glyph past an array's end has no bits there.
                let needs = reader.sparse(limit: glyphCount),
                let guards = reader.sparse(limit: glyphCount),
                let starts = reader.sparse(limit: glyphCount),
                let members = reader.sparse(limit: glyphCount),
                let ruleCount = reader.count(each: 4), ruleCount <= 64
            else { return nil }
            var rules: [[(offset: Int, set: UInt64)]] = []
            for _ in 0..<ruleCount {
                guard let count = reader.count(each: 16) else { return nil }
                var rule: [(offset: Int, set: UInt64)] = []
                for _ in 0..<count {
                    guard let offset = reader.integer(Int64.self), abs(offset) <= 0x1_0000,
                        let set = reader.integer(UInt64.self), set.nonzeroBitCount == 1
                    else { return nil }
                    rule.append((Int(offset), set))
                }
                rules.append(rule)
            }
            // A glyph's rule bits name rules the plan has (`matchesRule`
            // reads `rules` by them).
            let ruleBits: UInt64 = ruleCount == 64 ? .max : (1 << UInt64(ruleCount)) - 1
            guard starts.allSatisfy({ $0 & ~ruleBits == 0 }) else { return nil }
            plans.append(
                _KernOnlyPlan(
                    simple: _GlyphSet(words: simple), needs: needs, guards: guards,
                    starts: starts, members: members, rules: rules))
        }
        guard let classes = reader.array(Int32.self), classes.count == Self.scripts.count,
            classes.allSatisfy({ $0 >= -1 && Int($0) < plans.count }),
            let pairCount = reader.count(each: 4),
            pairCount == (readsPairs == 1 ? Self.scripts.count : 0)
        else { return nil }
        var pairLookups: [_PairLookups?] = []
        for _ in 0..<pairCount {
            guard let lookupCount = reader.integer(Int32.self), lookupCount >= -1 else {
                return nil
            }
            if lookupCount < 0 {
                pairLookups.append(nil)
                continue
            }
            var lookups: [[Int]] = []
            for _ in 0..<lookupCount {
                guard let subtables = reader.array(Int64.self),
                    subtables.allSatisfy({ (0...Int64(UInt32.max)).contains($0) })
                else { return nil }
                lookups.append(subtables.map { Int($0) })
            }
            pairLookups.append(_PairLookups(lookups: lookups))
        }
        guard reader.isAtEnd, _stampsHold(stamps) else { return nil }
        return _KernOnlyFace(
            scalars: scalars, advances: advances,
            simple: classes.map { $0 < 0 ? nil : plans[Int($0)] }, pairLookups: pairLookups,
            gpos: readsPairs == 1 ? hb_face_reference_table(face, _tag("GPOS")) : nil,
            analysisSteps: Int(steps))
    }
}
