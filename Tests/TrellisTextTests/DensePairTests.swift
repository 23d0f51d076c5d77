// A new pair's kerning read through arrays by glyph (_GPOSPairs+Dense.swift)
// must be what the binary searches of `pairAdjustment` give, and a glyph
// that no coverage table of a plan's pair subtables lists
// (`_KernOnlyFace.pairFirsts`) must kern with nothing: every pair of the
// first glyphs of the bundled fonts, DejaVu Sans (a font of more glyphs)
// and Noto Sans CJK (which keeps the searches). The system fonts are
// skipped, saying so, without them.
import Foundation
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct DensePairTests {
    /// K(first, second) under the plan of `scriptClass` by the searches
    /// alone (`pairKerning` without the arrays).
    static func searched(_ model: _KernOnlyFace, _ first: Int, _ second: Int, _ scriptClass: Int)
        -> Int32?
    {
        guard let plan = model.pairLookups[scriptClass], let gpos = model.gpos else { return nil }
        let reader = _LayoutReader(blob: gpos, budget: nil)
        var total: Int32 = 0
        do throws(_LayoutReader.Malformed) {
            for subtables in plan.lookups {
                for subtable in subtables {
                    guard let value = try reader.pairAdjustment(subtable, first, second)
                    else { continue }
                    total &+= value
                    break
                }
            }
        } catch {
            return nil
        }
        return total
    }

    /// Compares both ways for the pairs of the face's first `limit`
    /// glyphs (and the last few) under every plan whose pairs are read;
    /// returns how many pairs kern.
    static func check(_ face: _FontFace, limit: Int) throws -> Int {
        let model = try #require(face.kernOnly)
        let count = model.advances.count
        let glyphs = Array(0..<min(limit, count)) + Array(max(0, count - 8)..<count)
        var kerned = 0
        for scriptClass in model.pairLookups.indices where model.pairLookups[scriptClass] != nil {
            let firsts = model.pairFirsts[scriptClass]
            for first in glyphs {
                for second in glyphs {
                    let expected = searched(model, first, second, scriptClass)
                    let read = model.pairKerning(
                        UInt32(first), UInt32(second), scriptClass: scriptClass)
                    #expect(read == expected, "glyphs \(first), \(second), class \(scriptClass)")
                    if let firsts, !firsts.contains(first) {
                        #expect(expected == 0, "glyph \(first) kerns outside the coverage")
                    }
                    if let expected, expected != 0 { kerned += 1 }
                }
            }
        }
        return kerned
    }

    @Test(arguments: [("Inter", FontWeight.regular), ("Inter", .bold), ("Roboto", .regular)])
    func bundledFontsReadTheSamePairs(family: String, weight: FontWeight) throws {
        let face = try Font(family: family, weight: weight)._face
        let model = try #require(face.kernOnly)
        // Their plans' tables are in order: the arrays are used.
        #expect(model.densePairs.contains { $0 != nil })
        let kerned = try Self.check(face, limit: 300)
        #expect(kerned > 100, "kerned \(kerned)")
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(
                atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
            "needs Debian's fonts-dejavu-core"))
    func dejaVuSansReadsTheSamePairs() throws {
        let face = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")._face
        _ = try Self.check(face, limit: 200)
    }

    @Test(
        .enabled(
            if: systemScriptFontsInstalled,
            "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
    func notoSansCJKKernsNoIdeograph() throws {
        let faces = try FontCollection(Font(family: "Inter")).addingSystemFonts()
            ._resolved(for: "中").faces
        let face = faces[faces.count - 1]
        let model = try #require(face.kernOnly)
        // Too many glyphs for the arrays: the searches, and the coverage.
        #expect(model.densePairs.allSatisfy { $0 == nil })
        _ = try Self.check(face, limit: 150)
        // The Han plan (the first CJK class).
        let firsts = try #require(model.pairFirsts[_KernOnlyFace.firstCJKClass])
        for value in [0x4E00, 0x4E2D, 0x6587, 0x9FA5] {
            let glyph = Int(model.scalars[value] & 0xFFFF)
            #expect(!firsts.contains(glyph), "U+\(String(value, radix: 16))")
        }
    }
}
