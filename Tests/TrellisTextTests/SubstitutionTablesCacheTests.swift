// A face's compiled GSUB lookups kept in a cache file
// (_SubstitutionTables+Cache.swift): read back, they are the tables
// compiled afresh, set for set and subtable for subtable, for the bundled
// fonts and DejaVu Sans when installed, and plans made from them
// substitute as plans from fresh tables do; the reader refuses a file cut
// short, damaged, for another face, path or fingerprint, whose stamps no
// longer hold, or whose numbers the substitution model would read past an
// array or run with (a whole file made to name them).
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

struct SubstitutionTablesCacheTests {
    static func faces() throws -> [_FontFace] {
        var faces = try ["Inter", "Roboto", "Noto Sans Arabic"].map { try Font(family: $0)._face }
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        if _FileStamp(of: dejaVu).exists { faces.append(try Font(path: dejaVu)._face) }
        return faces
    }

    static func hbFace(_ face: _FontFace) -> OpaquePointer { hb_font_get_face(face.hbFont) }

    static func encode(
        _ tables: _SubstitutionTables?, _ face: _FontFace,
        stamp: _FileStamp? = nil, fingerprint: String = _SubstitutionTables.cacheFingerprint()
    ) -> [UInt8] {
        _SubstitutionTables.encodeCache(
            _FaceCacheContents(
                fingerprint: fingerprint, path: face.path, index: face.index,
                stamps: [(face.path, stamp ?? _FileStamp(of: face.path))], value: tables))
    }

    /// The tables a process takes from `bytes` for `face` (as
    /// `_DiskCache.keepingFace` takes them), `.some(nil)` for a face not
    /// modelled; nil when it refuses them.
    static func decoded(_ bytes: [UInt8], _ face: _FontFace, path: String? = nil)
        -> _SubstitutionTables??
    {
        bytes.withUnsafeBytes {
            _SubstitutionTables.decodeCache($0, face: hbFace(face))?.value(
                ofFace: path ?? face.path, index: face.index,
                fingerprint: _SubstitutionTables.cacheFingerprint())
        }
    }

    /// Whether two compiles hold the same numbers and sets.
    static func same(_ a: _SubstitutionTables?, _ b: _SubstitutionTables?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.glyphCount == b.glyphCount, a.marks.words == b.marks.words,
            a.sets.map(\.words) == b.sets.map(\.words), a.lookups.count == b.lookups.count
        else { return false }
        return zip(a.lookups, b.lookups).allSatisfy { x, y in
            x.flags == y.flags && x.firsts.words == y.firsts.words
                && x.maskGlyphs == y.maskGlyphs && x.masks == y.masks
                && x.subtables.count == y.subtables.count
                && zip(x.subtables, y.subtables).allSatisfy(same)
        }
    }

    static func same(_ x: _PlanSubtable, _ y: _PlanSubtable) -> Bool {
        let placesAgree =
            x.places == nil && y.places == nil
            || x.places.map { xs in
                y.places.map { ys in
                    xs.elementsEqual(ys) { $0.offset == $1.offset && $0.set == $1.set }
                } ?? false
            } ?? false
        return placesAgree && x.offset == y.offset && x.type == y.type
            && x.firsts.words == y.firsts.words && x.before == y.before && x.after == y.after
            && x.inputCount == y.inputCount && x.lookupCount == y.lookupCount
            && x.records == y.records && x.seconds?.words == y.seconds?.words
    }

    @Test func readBackTheyAreTheTablesCompiledAfresh() throws {
        var modelled = 0
        for face in try Self.faces() {
            let fresh = _SubstitutionTables.make(face: Self.hbFace(face))
            if fresh != nil { modelled += 1 }
            let kept = try #require(Self.decoded(Self.encode(fresh, face), face), "\(face.path)")
            #expect(Self.same(kept, fresh), "\(face.path)")
        }
        // Inter and Roboto at least: the files hold lookups, not only "none".
        #expect(modelled >= 2)
    }

    /// Plans of every script class made from the tables read back apply
    /// their substitutions to Inter's contextual triggers as plans from
    /// tables compiled afresh: the same glyphs, the same answer.
    @Test func plansFromTablesReadBackSubstituteAsFreshOnes() throws {
        let face = try Font(family: "Inter")._face
        let hbFace = Self.hbFace(face)
        let fresh = try #require(_SubstitutionTables.make(face: hbFace))
        let kept = try #require(Self.decoded(Self.encode(fresh, face), face) ?? nil)
        let texts = ["I:58", "A-R", "less(1)", "H:M", "(B)", "ff fi 1/2", "->", "Ф:Ж", "a:b"]
        var substituted = 0
        for (scriptClass, script) in _KernOnlyFace.scripts.enumerated() {
            guard let a = _SubstitutionPlan.make(face: hbFace, script: script, tables: fresh),
                let b = _SubstitutionPlan.make(face: hbFace, script: script, tables: kept)
            else { continue }
            for text in texts {
                let glyphs = text.unicodeScalars.map { scalar -> UInt64 in
                    var glyph: hb_codepoint_t = 0
                    _ = hb_font_get_nominal_glyph(face.hbFont, scalar.value, &glyph)
                    return UInt64(glyph)
                }
                var x = glyphs
                var y = glyphs
                let answerA = x.withUnsafeMutableBufferPointer {
                    a.substitute($0, count: glyphs.count)
                }
                let answerB = y.withUnsafeMutableBufferPointer {
                    b.substitute($0, count: glyphs.count)
                }
                #expect(answerA == answerB && x == y, "class \(scriptClass): \(text)")
                if answerA && x != glyphs { substituted += 1 }
            }
        }
        // The triggers are substituted somewhere (the test reaches the rules).
        #expect(substituted > 0)
    }

    @Test func refusesFilesCutShortDamagedOrForAnotherFace() throws {
        let face = try Font(family: "Inter")._face
        let bytes = Self.encode(_SubstitutionTables.make(face: Self.hbFace(face)), face)
        CacheFileDamage.expectRefused(bytes) { Self.decoded($0, face) != nil }
        #expect(Self.decoded(bytes, face, path: face.path + "x") == nil)
        // Another face's glyph count: Roboto's file is not Inter's.
        let roboto = try Font(family: "Roboto")._face
        #expect(Self.decoded(bytes, roboto, path: face.path) == nil)
        let other = Self.encode(
            _SubstitutionTables.make(face: Self.hbFace(face)), face,
            fingerprint: "harfbuzz 0.0.0")
        #expect(Self.decoded(other, face) == nil)
        var stamp = _FileStamp(of: face.path)
        stamp.size += 1
        let stale = Self.encode(
            _SubstitutionTables.make(face: Self.hbFace(face)), face, stamp: stamp)
        #expect(Self.decoded(stale, face) == nil)
    }

    /// Whole files (checksums matching) of tables the compiler never makes,
    /// each of which the model would read past an array or loop on: a place
    /// before the rule's backtrack or past its lookahead, a context set the
    /// file does not hold, a rule with places and no input (its next
    /// position would be its own), a mask naming a subtable the lookup does
    /// not have, masks without their glyphs, a set of more words than the
    /// face's glyphs fill. Each is refused; the tables as
    /// compiled are taken.
    @Test func refusesNumbersTheModelWouldReadPast() throws {
        let face = try Font(family: "Inter")._face
        let fresh = try #require(_SubstitutionTables.make(face: Self.hbFace(face)))
        #expect(Self.decoded(Self.encode(fresh, face), face) != nil)
        var found: (lookup: Int, subtable: Int)?
        for l in fresh.lookups.indices where found == nil {
            if let s = fresh.lookups[l].subtables.firstIndex(where: {
                $0.places?.isEmpty == false
            }) {
                found = (l, s)
            }
        }
        let (lookupIndex, subtableIndex) = try #require(found)
        let original = fresh.lookups[lookupIndex].subtables[subtableIndex]
        let places = try #require(original.places)
        func with(_ subtable: _PlanSubtable) -> _SubstitutionTables {
            let lookup = fresh.lookups[lookupIndex]
            var subtables = lookup.subtables
            subtables[subtableIndex] = subtable
            var lookups = fresh.lookups
            lookups[lookupIndex] = _PlanLookup(
                flags: lookup.flags, subtables: subtables, firsts: lookup.firsts,
                maskGlyphs: lookup.maskGlyphs, masks: lookup.masks)
            return tables(lookups: lookups)
        }
        func tables(lookups: [_PlanLookup]) -> _SubstitutionTables {
            _SubstitutionTables(
                gsubBlob: hb_blob_reference(fresh.gsubBlob),
                gposBlob: hb_blob_reference(fresh.gposBlob), lookups: lookups, sets: fresh.sets,
                marks: fresh.marks, glyphCount: fresh.glyphCount)
        }
        func rule(places: [(offset: Int, set: Int)], inputCount: Int? = nil) -> _PlanSubtable {
            _PlanSubtable(
                offset: original.offset, type: original.type, firsts: original.firsts,
                places: places, before: original.before, after: original.after,
                inputCount: inputCount ?? original.inputCount, lookupCount: original.lookupCount,
                records: original.records, seconds: original.seconds)
        }
        let damaged: [(String, _SubstitutionTables)] = [
            (
                "place before the backtrack",
                with(rule(places: places + [(-original.before - 1, 0)]))
            ),
            ("place past the lookahead", with(rule(places: places + [(original.after, 0)]))),
            ("a set the file lacks", with(rule(places: places + [(1, fresh.sets.count)]))),
            ("no input", with(rule(places: places, inputCount: 0))),
        ]
        var masked = fresh.lookups
        let maskedIndex = try #require(masked.firstIndex { !$0.masks.isEmpty })
        let lookup = masked[maskedIndex]
        masked[maskedIndex] = _PlanLookup(
            flags: lookup.flags, subtables: lookup.subtables, firsts: lookup.firsts,
            maskGlyphs: lookup.maskGlyphs,
            masks: lookup.masks.map { _ in UInt64(1) << UInt64(lookup.subtables.count) })
        var unglyphed = fresh.lookups
        unglyphed[maskedIndex] = _PlanLookup(
            flags: lookup.flags, subtables: lookup.subtables, firsts: lookup.firsts,
            maskGlyphs: Array(lookup.maskGlyphs.dropLast()), masks: lookup.masks)
        let longMarks = _SubstitutionTables(
            gsubBlob: hb_blob_reference(fresh.gsubBlob),
            gposBlob: hb_blob_reference(fresh.gposBlob), lookups: fresh.lookups,
            sets: fresh.sets, marks: _GlyphSet(words: fresh.marks.words + [1]),
            glyphCount: fresh.glyphCount)
        for (name, tables) in damaged + [
            ("a set past the face's glyphs", longMarks),
            ("a mask naming no subtable", tables(lookups: masked)),
            ("a mask without its glyph", tables(lookups: unglyphed)),
        ] {
            #expect(Self.decoded(Self.encode(tables, face), face) == nil, "\(name)")
        }
    }

    /// `makeKeeping` writes the file the first time and reads it the
    /// second: the same tables, the file left as it was.
    @Test func aSecondProcessReadsTheFileTheFirstWrote() throws {
        guard _DiskCache.isEnabled else { return }
        let face = try Font(family: "Inter")._face
        let hbFace = Self.hbFace(face)
        let made = _SubstitutionTables.makeKeeping(
            face: hbFace, path: face.path, index: face.index)
        let file = try #require(
            _SubstitutionTables.cacheFile(
                path: face.path, index: face.index, program: _DiskCache.executablePath))
        let written = try #require(_DiskCache.readFile(file))
        #expect(Self.decoded(written, face) != nil)
        let kept = _SubstitutionTables.makeKeeping(
            face: hbFace, path: face.path, index: face.index)
        #expect(Self.same(made, kept))
        #expect(Self.same(kept, _SubstitutionTables.make(face: hbFace)))
        #expect(_DiskCache.readFile(file) == written)
    }
}
