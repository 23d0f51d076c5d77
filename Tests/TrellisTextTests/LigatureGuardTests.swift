// Ligatures as guarded triggers (`_LayoutReader.addLigatures`): a glyph that
// starts a ligature is left to HarfBuzz only in text that has one of its
// ligatures' guards, so Inter's hyphenated words are measured without
// HarfBuzz. Checked against HarfBuzz itself (shaping the piece alone), the
// reference the kern-only model must equal bit for bit.
import Testing

@testable import TrellisText

@Suite struct LigatureGuardTests {
    /// Pieces with Inter's ligature starters: with and without the
    /// components that complete a ligature ("->" an arrow, "<=" ≤, "=>" ⇒,
    /// "<-" ←, "—>" a long arrow).
    static let pieces = [
        "well-known", "joke-", "--", "---", "anyway--he", "-fast-", "S-O-D-A", "OVER-DUE",
        "a=b", "x<y", "<<", "==", "1-2", "–", "—", "a–b", "a—b",
        "->", "-->", "<-", "<--", "<=", "=>", "<=>", "a->b", "—>", "–>", "<->", "x-y>z", "=->",
        "<b>", "-<", ">-",
    ]
    /// The pieces the model must measure itself (no component of any
    /// ligature their hyphens, "<" or "=" start; no capital or digit,
    /// beside which Inter raises a hyphen: "S-O-D-A", "OVER-DUE" and "1-2"
    /// go to HarfBuzz).
    static let simple: Set<String> = [
        "well-known", "joke-", "--", "---", "anyway--he", "-fast-", "a=b", "x<y", "–", "—",
        "a–b", "a—b",
    ]

    @Test(arguments: [FontWeight.regular, .semibold, .bold])
    func guardedLigatureStartersMatchHarfBuzz(weight: FontWeight) throws {
        let face = try Font(family: "Inter", weight: weight)._face
        // The analysis, done (a workspace asking while it runs gets nil).
        _ = try #require(face.kernOnly)
        let workspace = try _Workspace()
        for piece in Self.pieces {
            let bytes = Array(piece.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let range = 0..<buffer.count
                let modelled = workspace.kernOnlyMeasure(
                    buffer, range, trailingStart: buffer.count, face: face)
                let shaped = workspace.shape(
                    buffer, range: range, trailingStart: buffer.count, rtl: false, faces: [face],
                    keepClusters: false)
                if Self.simple.contains(piece) {
                    let measured = try #require(modelled, "\(piece) is measured without HarfBuzz")
                    #expect(measured == shaped, "\(piece)")
                } else if let modelled {
                    // A piece the model takes must still be HarfBuzz's, bit for bit.
                    #expect(modelled == shaped, "\(piece)")
                }
            }
        }
    }

    @Test func arrowsAreStillShapedByHarfBuzz() throws {
        // "->" is one glyph (→) in Inter: its width is not the sum of "-"
        // and ">" kerned, so the model must leave it to HarfBuzz. "<="
        // forms no ligature in Inter (its contextual rules substitute one
        // glyph for one, which the model applies: `_SubstitutionPlan`), so
        // the model may measure it, as HarfBuzz does.
        let face = try Font(family: "Inter")._face
        _ = try #require(face.kernOnly)
        let workspace = try _Workspace()
        for piece in ["->", "-->", "<=", "=>", "<-"] {
            let bytes = Array(piece.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let range = 0..<buffer.count
                let modelled = workspace.kernOnlyMeasure(
                    buffer, range, trailingStart: buffer.count, face: face)
                if piece == "<=" {
                    let shaped = workspace.shape(
                        buffer, range: range, trailingStart: buffer.count, rtl: false,
                        faces: [face], keepClusters: false, tryingKernModel: false)
                    if let modelled { #expect(modelled == shaped, "\(piece)") }
                } else {
                    #expect(modelled == nil, "\(piece)")
                }
            }
        }
    }
}
