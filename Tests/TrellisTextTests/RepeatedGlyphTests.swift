// The kern model's loop where it keeps clusters (`_kernOnlyMeasure` with
// `_KeptClusters`) gives a glyph that repeats the pair before it ("────",
// "ll", "==") that pair's advance without asking its plan and kerning
// again: the same measures and clusters, bit for bit, as asking for every
// glyph (`_Workspace.stepsOverRepeatedGlyphs` off) and as HarfBuzz.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct RepeatedGlyphTests {
    /// Box drawing, CJK text and punctuation, and Latin letters, digits and
    /// punctuation fonts kern, substitute or guard ("AV", "Te", "->",
    /// "(A)", "3x5", "ff").
    static let pieces: [String] =
        ["─", "━", "│", "┤", "├", "═", "╔", "┼", "中", "国", "，", "。", "《", "》", "“", "”", "…"]
        + ["A", "V", "T", "W", "Y", "e", "o", "l", "f", "v", "w", "y", ".", ",", "-", "=", ">"]
        + ["(", ")", ":", "1", "3", "x", "’", "—", " ", "AV", "To", "Ye", "11", "ff", "—–"]

    /// `shape`'s measure and kept clusters of every piece (ICU's breaks)
    /// and of the whole of `text`, by `workspace`.
    static func shapes(_ text: String, _ workspace: _Workspace, faces: [_FontFace]) throws
        -> [String]
    {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var parts = try KernOnlyShapingTests.pieces(buffer, workspace)
            parts.append((0..<buffer.count, buffer.count))
            return parts.map { range, trailing in
                KernOnlyShapingTests.clusters(workspace, buffer, range, trailing, faces)
            }
        }
    }

    @Test(arguments: [("Inter", FontWeight.regular), ("Inter", .semibold), ("Roboto", .regular)])
    func repeatedGlyphsKeepTheClustersOfEveryGlyphAsked(family: String, weight: FontWeight)
        throws
    {
        let base = try FontCollection(Font(family: family, weight: weight)).addingSystemFonts()
        // The first font, and the fonts the system adds for the pieces
        // (Noto Sans CJK, DejaVu Sans for box drawing).
        let faces = base._resolved(for: Self.pieces.joined()).faces
        #expect(faces.count > 1)
        let fast = try _Workspace()
        let general = try _Workspace()
        general.stepsOverRepeatedGlyphs = false
        let harfBuzz = try _Workspace()
        harfBuzz.usesKernModel = false
        var generator = SeededGenerator(seed: 3_839)
        var repeated = 0
        for _ in 0..<500 {
            let text = RepeatedFallbackTests.randomRuns(Self.pieces, runs: 1...16, &generator)
            if text.unicodeScalars.count > Set(text.unicodeScalars).count { repeated += 1 }
            // Twice: the first time teaches the models pairs.
            for _ in 0..<2 {
                for set in [[faces[0]], faces] {
                    let expected = try Self.shapes(text, general, faces: set)
                    #expect(try Self.shapes(text, fast, faces: set) == expected, "\(text)")
                    #expect(try Self.shapes(text, harfBuzz, faces: set) == expected, "\(text)")
                }
            }
        }
        #expect(repeated > 300)
        #expect(fast.usesKernModel && general.usesKernModel)
    }

    /// Clusters after copies of a box-drawing line or a dash ("────",
    /// "——", which `_joinClustersToGraphemes` steps over) begin only where
    /// grapheme clusters do (a mark after them joins the copy before it).
    @Test func clustersAfterRepeatedLinesBeginAtGraphemeBoundaries() throws {
        let pieces = ["─", "━", "│", "—", "…", "中", "a", " ", "\u{301}", "\u{20DD}", "\u{200D}"]
        let faces = try FontCollection(Font(family: "Inter")).addingSystemFonts()
            ._resolved(for: pieces.joined()).faces
        let workspace = try _Workspace()
        var generator = SeededGenerator(seed: 3_840)
        for _ in 0..<1_000 {
            let text = RepeatedFallbackTests.randomRuns(pieces, runs: 1...12, &generator)
            var boundaries = Set<Int32>()
            var offset: Int32 = 0
            for character in text {
                boundaries.insert(offset)
                offset += Int32(character.utf8.count)
            }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                _ = workspace.shape(
                    buffer, range: 0..<buffer.count, trailingStart: buffer.count, rtl: false,
                    faces: faces, keepClusters: true)
            }
            #expect(
                Set(workspace.clusterStarts).isSubset(of: boundaries), "\(text.debugDescription)")
        }
    }
}
