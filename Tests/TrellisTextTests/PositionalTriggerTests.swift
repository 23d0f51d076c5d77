// Rules of coverage tables as positional triggers (`_LayoutReader.addIfMatchable`,
// `_KernOnlyPlan.matchesRule`): a glyph that starts such a rule is left to
// HarfBuzz only where the rule's whole context stands around it. Inter's
// contextual alternates raise brackets, hyphens, colons and other punctuation
// next to a capital or a digit (through spaces and other such punctuation),
// and make "x" between digits a "×"; anywhere else in a piece those glyphs are
// only kerned. Checked against HarfBuzz itself (shaping the piece alone), the
// reference the kern-only model must equal bit for bit.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct PositionalTriggerTests {
    /// Pieces whose punctuation stands beside no capital or digit: the
    /// model measures them itself, though each has a capital, a digit or a
    /// trailing space somewhere (which, taken as a guard anywhere in the
    /// piece, sent them to HarfBuzz: English fortunes have 1,720 such calls
    /// in 5,000 rows).
    static let simple = [
        "(e) ", "bending) ", "windows: ", "Stevenson)", "[the ", "n.: ", "Law:", "Proof: ",
        "Berra: ", "printk(\"CPU0", "(without ", "Rama.] ", "Jean-", "Dial-", "Off-", "x-ray ",
        "1.-",
        "Yoo-", "(and ", "[is] ", "Ada) ", "Max-", "@home ", "x ", "3 x ", "2x",
    ]
    /// Pieces where a rule's context does stand around its first glyph:
    /// HarfBuzz substitutes a case form ("(A", "A-", "A:", "3-"), a ligature
    /// of its own, or "×" ("3x5"), so the plan's trigger check refuses them
    /// and the model measures them only by applying the substitutions
    /// (`_SubstitutionPlan`, SubstitutionPlanTests).
    static let contextual = [
        "(Ada) ", "A-R", "[NOTE: ", "3x5 ", "T-n: ", "2-o", "1990-1951. ", "(2) ", "A :",
        "QOTD: ",
    ]

    /// The kern-only model's measure of `piece` (nil when it leaves the
    /// piece to HarfBuzz) and HarfBuzz's own, the piece shaped alone.
    static func measures(
        _ piece: String, trailingStart: Int, _ workspace: _Workspace, _ face: _FontFace
    ) -> (modelled: _PieceMeasure?, shaped: _PieceMeasure) {
        Array(piece.utf8).withUnsafeBufferPointer { buffer in
            let range = 0..<buffer.count
            let modelled = workspace.kernOnlyMeasure(
                buffer, range, trailingStart: trailingStart, face: face)
            let shaped = workspace.shape(
                buffer, range: range, trailingStart: trailingStart, rtl: false, faces: [face],
                keepClusters: false, tryingKernModel: false)
            return (modelled, shaped)
        }
    }

    @Test(arguments: [FontWeight.regular, .semibold, .bold])
    func punctuationBesideNoContextIsModelled(weight: FontWeight) throws {
        let face = try Font(family: "Inter", weight: weight)._face
        // The analysis, done (a workspace asking while it runs gets nil).
        _ = try #require(face.kernOnly)
        let workspace = try _Workspace()
        for piece in Self.simple + Self.contextual {
            let trailing = piece.utf8.count - piece.reversed().prefix { $0 == " " }.count
            let (modelled, shaped) = Self.measures(piece, trailingStart: trailing, workspace, face)
            if Self.simple.contains(piece) {
                let measured = try #require(modelled, "\(piece) is measured without HarfBuzz")
                #expect(measured == shaped, "\(piece)")
            } else if let modelled {
                // Substituted as HarfBuzz substitutes (`_SubstitutionPlan`):
                // still HarfBuzz's measure, bit for bit.
                #expect(modelled == shaped, "\(piece)")
            }
        }
    }

    /// Contextual pieces where an exception rule listed earlier (one that
    /// applies no lookup: a capitalized word in brackets, a hyphen after a
    /// capital and before a lowercase letter) matches first, so HarfBuzz
    /// keeps every glyph. The model does not follow the order of a
    /// subtable's rules and leaves them to HarfBuzz: slower, never wrong.
    static let keptByAnException: Set<String> = ["(Ada) ", "T-n: ", "2-o"]

    @Test func contextualPiecesChangeUnderHarfBuzz() throws {
        // The other contextual pieces are not modelled for a reason: HarfBuzz
        // gives at least one of their glyphs another glyph than the
        // character's own (a case form, "×"), which pair kerning cannot give.
        let face = try Font(family: "Inter")._face
        let model = try #require(face.kernOnly)
        let workspace = try _Workspace()
        for piece in Self.contextual {
            let bytes = Array(piece.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                guard
                    let (infos, _, count) = workspace.shapeBuffer(buffer, rtl: false, face: face)
                else {
                    Issue.record("HarfBuzz shaped nothing")
                    return
                }
                var changed = false
                for position in 0..<count {
                    let cluster = Int(infos[position].cluster)
                    let scalar = _decodeScalar(buffer, at: cluster).0
                    let own = model.scalars[Int(scalar)] & 0xFFFF
                    if infos[position].codepoint != own { changed = true }
                }
                #expect(changed != Self.keptByAnException.contains(piece), "\(piece)")
            }
        }
    }

    @Test func mixedPunctuationAndCapitalsMatchHarfBuzz() throws {
        // Every piece of random text over capitals, lowercase letters,
        // digits, spaces and Inter's contextual punctuation: whatever the
        // model measures is HarfBuzz's measure, bit for bit.
        let alphabet = Array("AZaz09 ()[]{}@-–—:<>=+~*x.,!?'\"".unicodeScalars)
        var random = SeededGenerator(seed: 38)
        for weight in [FontWeight.regular, .bold] {
            let face = try Font(family: "Inter", weight: weight)._face
            _ = try #require(face.kernOnly)
            let workspace = try _Workspace()
            var modelledCount = 0
            for _ in 0..<3_000 {
                var piece = ""
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    piece.unicodeScalars.append(
                        alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
                }
                let (modelled, shaped) = Self.measures(
                    piece, trailingStart: piece.utf8.count, workspace, face)
                guard let modelled else { continue }
                modelledCount += 1
                #expect(modelled == shaped, "\(piece.debugDescription)")
            }
            // Most such pieces are modelled (not all left to HarfBuzz).
            #expect(modelledCount > 1_000, "\(modelledCount)")
        }
    }
}
