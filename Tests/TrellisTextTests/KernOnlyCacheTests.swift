// A face's kern-only analysis kept in a cache file (KernOnlyShaping+Cache.swift):
// read back, it is the analysis worked out afresh, array for array, for the
// bundled fonts and the system's fonts Chinese rows fall back to; and its
// reader refuses a file cut short, damaged, for another face or fingerprint,
// or whose stamps no longer hold.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

struct KernOnlyCacheTests {
    /// The faces to check: the bundled fonts, and Noto Sans CJK and DejaVu
    /// Sans when installed.
    static func faces() throws -> [_FontFace] {
        var faces = try ["Inter", "Roboto", "Noto Sans Arabic"].map { try Font(family: $0)._face }
        for path in [
            "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        ] where _FileStamp(of: path).exists {
            faces.append(try Font(path: path)._face)
        }
        return faces
    }

    /// The file `analyzeKeeping` would write for `face`, stamped with itself.
    static func file(_ face: _FontFace) -> (bytes: [UInt8], fresh: _KernOnlyFace?) {
        let fresh = _KernOnlyFace.analyze(face: hb_font_get_face(face.hbFont), font: face.hbFont)
        let bytes = _KernOnlyFace.encodeCache(
            fresh, path: face.path, index: face.index,
            fingerprint: _KernOnlyFace.cacheFingerprint(),
            stamps: [(face.path, _FileStamp(of: face.path))])
        return (bytes, fresh)
    }

    static func decoded(_ bytes: [UInt8], _ face: _FontFace, path: String? = nil)
        -> _KernOnlyFace??
    {
        bytes.withUnsafeBytes {
            _KernOnlyFace.decodeCache(
                $0, face: hb_font_get_face(face.hbFont), path: path ?? face.path, index: face.index,
                fingerprint: _KernOnlyFace.cacheFingerprint())
        }
    }

    /// Whether two analyses hold the same arrays.
    static func same(_ a: _KernOnlyFace?, _ b: _KernOnlyFace?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.scalars == b.scalars, a.advances == b.advances,
            a.analysisSteps == b.analysisSteps, (a.gpos == nil) == (b.gpos == nil),
            a.simple.count == b.simple.count, a.pairLookups.count == b.pairLookups.count
        else { return false }
        for (x, y) in zip(a.simple, b.simple) {
            guard let x, let y else {
                if x != nil || y != nil { return false }
                continue
            }
            guard x.simple.words == y.simple.words, x.needs == y.needs, x.guards == y.guards,
                x.starts == y.starts, x.members == y.members,
                x.rules.elementsEqual(
                    y.rules,
                    by: { $0.elementsEqual($1, by: { $0.offset == $1.offset && $0.set == $1.set }) }
                )
            else { return false }
        }
        return zip(a.pairLookups, b.pairLookups).allSatisfy { $0?.lookups == $1?.lookups }
    }

    @Test func readBackItIsTheAnalysisWorkedOutAfresh() throws {
        for face in try Self.faces() {
            let (bytes, fresh) = Self.file(face)
            let kept = try #require(Self.decoded(bytes, face), "\(face.path)")
            #expect(Self.same(kept, fresh), "\(face.path)")
        }
    }

    @Test func refusesFilesCutShortDamagedOrForAnotherFace() throws {
        let face = try Font(family: "Inter")._face
        let (bytes, _) = Self.file(face)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 3_000)) {
            #expect(Self.decoded(Array(bytes[0..<length]), face) == nil, "\(length) bytes")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var damaged = bytes
            damaged[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(
                in: 1...255, using: &generator)
            #expect(Self.decoded(damaged, face) == nil)
        }
        #expect(Self.decoded(bytes, face, path: face.path + "x") == nil)
        // Another face's glyph count: Roboto's file is not Inter's.
        let roboto = try Font(family: "Roboto")._face
        #expect(Self.decoded(bytes, roboto, path: face.path) == nil)
    }

    @Test func refusesAFileWhoseStampNoLongerHolds() throws {
        let face = try Font(family: "Inter")._face
        let fresh = _KernOnlyFace.analyze(face: hb_font_get_face(face.hbFont), font: face.hbFont)
        var stamp = _FileStamp(of: face.path)
        stamp.size += 1
        let bytes = _KernOnlyFace.encodeCache(
            fresh, path: face.path, index: face.index,
            fingerprint: _KernOnlyFace.cacheFingerprint(), stamps: [(face.path, stamp)])
        #expect(Self.decoded(bytes, face) == nil)
    }

    /// A whole file (its checksum matching) whose plan gives a glyph the
    /// bit of a rule the plan does not have: `matchesRule` would read past
    /// `rules` (found by the `fontcache` fuzz target), so it is refused.
    @Test func refusesAPlanWhoseRuleBitsNameNoRule() throws {
        let face = try Font(family: "Inter")._face
        let fresh = try #require(
            _KernOnlyFace.analyze(face: hb_font_get_face(face.hbFont), font: face.hbFont))
        let plan = try #require(fresh.simple.compactMap { $0 }.first)
        let glyphCount = fresh.advances.count
        // The plan keeps its arrays without their trailing zeros.
        var starts = plan.starts + [UInt64](repeating: 0, count: glyphCount - plan.starts.count)
        let members = plan.members
        starts[1] |= 1 << UInt64(plan.rules.count)
        let damaged = _KernOnlyPlan(
            simple: plan.simple, needs: plan.needs, guards: plan.guards, starts: starts,
            members: members, rules: plan.rules)
        let analysis = _KernOnlyFace(
            scalars: fresh.scalars, advances: fresh.advances,
            simple: fresh.simple.map { $0 === plan ? damaged : $0 },
            pairLookups: fresh.pairLookups, gpos: fresh.gpos.map { hb_blob_reference($0) },
            analysisSteps: fresh.analysisSteps)
        let bytes = _KernOnlyFace.encodeCache(
            analysis, path: face.path, index: face.index,
            fingerprint: _KernOnlyFace.cacheFingerprint(),
            stamps: [(face.path, _FileStamp(of: face.path))])
        #expect(Self.decoded(bytes, face) == nil)
    }

    /// A whole file whose character table names a glyph the face does not
    /// have, or a class past the ineligible one, is refused wherever the
    /// entry lies (first, last, in the middle); an ineligible entry's glyph
    /// bits are not read.
    @Test func refusesACharacterTableEntryWithoutAGlyphOrClass() throws {
        let face = try Font(family: "Inter")._face
        let fresh = try #require(
            _KernOnlyFace.analyze(face: hb_font_get_face(face.hbFont), font: face.hbFont))
        let glyphCount = UInt32(fresh.advances.count)
        func file(_ scalars: [UInt32]) -> [UInt8] {
            let analysis = _KernOnlyFace(
                scalars: scalars, advances: fresh.advances, simple: fresh.simple,
                pairLookups: fresh.pairLookups, gpos: fresh.gpos.map { hb_blob_reference($0) },
                analysisSteps: fresh.analysisSteps)
            return _KernOnlyFace.encodeCache(
                analysis, path: face.path, index: face.index,
                fingerprint: _KernOnlyFace.cacheFingerprint(),
                stamps: [(face.path, _FileStamp(of: face.path))])
        }
        #expect(Self.decoded(file(fresh.scalars), face) != nil)
        let eligible = try #require(
            fresh.scalars.firstIndex { $0 >> 16 < _KernOnlyFace.ineligible })
        let kind = fresh.scalars[eligible] & 0xFFFF_0000
        for place in [0, 1, fresh.scalars.count / 2 + 3, fresh.scalars.count - 1] {
            for bad in [
                kind | glyphCount, kind | 0xFFFF, (_KernOnlyFace.ineligible + 1) << 16,
                0xFFFF_0000,
            ] {
                var scalars = fresh.scalars
                scalars[place] = bad
                #expect(Self.decoded(file(scalars), face) == nil, "entry \(place) = \(bad)")
            }
            var scalars = fresh.scalars
            scalars[place] = _KernOnlyFace.ineligible << 16 | 0xFFFF
            #expect(Self.decoded(file(scalars), face) != nil, "ineligible entry \(place)")
        }
    }

    /// `_entriesFit` answers as the plain predicate it replaces, on random
    /// tables of every length up to 40 and glyph counts around the entries'.
    @Test func entriesFitAnswersAsThePlainPredicate() {
        var generator = SplitMix64(seed: 38)
        for _ in 0..<4_000 {
            let count = Int(generator.next() % 41)
            let glyphCount = Int(generator.next() % 70_000)
            let scalars = (0..<count).map { _ -> UInt32 in
                let kind = UInt32(generator.next() % 10)
                let glyph = UInt32(generator.next() % 70_000) & 0xFFFF
                // Mostly entries that fit, so that whole tables pass too.
                return generator.next() % 8 == 0
                    ? kind << 16 | glyph
                    : (kind % 8) << 16 | (glyphCount > 0 ? glyph % UInt32(glyphCount) : 0)
            }
            let expected = scalars.allSatisfy {
                $0 >> 16 == _KernOnlyFace.ineligible
                    || ($0 >> 16 < _KernOnlyFace.ineligible && Int($0 & 0xFFFF) < glyphCount)
            }
            #expect(
                _KernOnlyFace._entriesFit(scalars, glyphCount: glyphCount) == expected,
                "\(scalars) \(glyphCount)")
        }
    }
}
