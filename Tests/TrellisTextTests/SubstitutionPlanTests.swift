// Pieces at which a plan's substitutions act, measured without HarfBuzz
// (`_SubstitutionPlan`, _SubstitutionPlan.swift): the plan's GSUB lookups
// applied to the cmap glyphs as HarfBuzz applies them, one glyph for one,
// then each glyph kerned against the next. Checked against HarfBuzz itself
// (each piece shaped alone), bit for bit, for Inter and Roboto.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct SubstitutionPlanTests {
    /// Inter raises these pieces' colon, hyphen or brackets (case forms
    /// beside a capital or digit) or keeps them by an exception rule: the
    /// model measures them itself.
    static let substituted = [
        "I:58 ", "V:874,", "A-R", "(IPv6,", "less(1) ", "(2) ", "[NOTE: ", "(Ada) ", "T-n: ",
        "2-o", "1990-1951. ", "CD-", "UTF-8 ", "3x5 ", "1:2", "A-Z", "x-1", "(1/2)",
    ]

    /// The kern-only model's measure of `piece` and HarfBuzz's own.
    static func measures(_ piece: String, _ workspace: _Workspace, _ face: _FontFace)
        -> (modelled: _PieceMeasure?, shaped: _PieceMeasure)
    {
        let trailing = piece.utf8.count - piece.reversed().prefix { $0 == " " }.count
        return Array(piece.utf8).withUnsafeBufferPointer { buffer in
            let range = 0..<buffer.count
            let modelled = workspace.kernOnlyMeasure(
                buffer, range, trailingStart: trailing, face: face)
            let shaped = workspace.shape(
                buffer, range: range, trailingStart: trailing, rtl: false, faces: [face],
                keepClusters: false, tryingKernModel: false)
            return (modelled, shaped)
        }
    }

    @Test(arguments: [FontWeight.regular, .bold])
    func interCaseFormsAreModelled(weight: FontWeight) throws {
        let face = try Font(family: "Inter", weight: weight)._face
        _ = try #require(face.kernOnly)
        let workspace = try _Workspace()
        for piece in Self.substituted {
            let (modelled, shaped) = Self.measures(piece, workspace, face)
            let measured = try #require(modelled, "\(piece) is measured without HarfBuzz")
            #expect(measured == shaped, "\(piece)")
        }
    }

    @Test(arguments: ["Inter", "Roboto"])
    func randomTriggersMatchHarfBuzz(family: String) throws {
        // Capitals, digits, lowercase letters, spaces and punctuation that
        // contextual rules, ligatures and fractions look at: whatever the
        // model measures is HarfBuzz's measure, bit for bit, and its
        // clusters are HarfBuzz's.
        let alphabet = Array("AIVZaxz0159 ()[]{}@-–—:/<>=+~*×.,!?'\"→".unicodeScalars)
        var random = SeededGenerator(seed: 26)
        let face = try Font(family: family)._face
        _ = try #require(face.kernOnly)
        let workspace = try _Workspace()
        var modelledCount = 0
        for _ in 0..<4_000 {
            var piece = ""
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                piece.unicodeScalars.append(
                    alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
            }
            let (modelled, shaped) = Self.measures(piece, workspace, face)
            guard let modelled else { continue }
            modelledCount += 1
            #expect(modelled == shaped, "\(piece.debugDescription)")
            Array(piece.utf8).withUnsafeBufferPointer { buffer in
                let range = 0..<buffer.count
                workspace.clusterEms.removeAll()
                _ = workspace.kernOnlyMeasureKeepingClusters(
                    buffer, range, trailingStart: buffer.count, face: face)
                let kept = workspace.clusterEms
                workspace.clusterEms.removeAll()
                _ = workspace.shape(
                    buffer, range: range, trailingStart: buffer.count, rtl: false,
                    faces: [face], keepClusters: true, tryingKernModel: false)
                #expect(kept == workspace.clusterEms, "\(piece.debugDescription)")
            }
        }
        // Inter's case forms are substituted by the model, so most of its
        // pieces are modelled (Roboto's ligatures and other lookups leave
        // more of them to HarfBuzz).
        #expect(modelledCount > (family == "Inter" ? 2_000 : 0), "\(modelledCount)")
    }

    @Test(arguments: ["Inter", "Roboto"])
    func skippedLookupsChangeNothing(family: String) throws {
        // `substitute` skips the lookups no glyph of the piece may start:
        // the glyphs and the answer are those of running every lookup.
        let alphabet = Array("AIVZaxz0159 ()[]{}@-–—:/<>=+~*×.,!?'\"→fil".unicodeScalars)
        var random = SeededGenerator(seed: 38)
        let face = try Font(family: family)._face
        let model = try #require(face.kernOnly)
        var compared = 0
        for _ in 0..<2_000 {
            var entries: [UInt32] = []
            for _ in 0..<Int.random(in: 1...10, using: &random) {
                let scalar = alphabet[Int.random(in: 0..<alphabet.count, using: &random)].value
                guard Int(scalar) < model.scalars.count else { continue }
                entries.append(model.scalars[Int(scalar)])
            }
            guard let first = entries.first, first >> 16 != _KernOnlyFace.ineligible,
                entries.allSatisfy({ $0 >> 16 != _KernOnlyFace.ineligible }),
                let plan = face.substitutionPlan(scriptClass: Int(first >> 16))
            else { continue }
            let initial = entries.enumerated().map { UInt64($1 & 0xFFFF) | UInt64($0) << 32 }
            var skipping = initial
            var checking = initial
            let skipped = skipping.withUnsafeMutableBufferPointer {
                plan.substitute($0, count: initial.count)
            }
            let checked = checking.withUnsafeMutableBufferPointer {
                plan.substitute($0, count: initial.count, checkingEveryLookup: true)
            }
            #expect(skipped == checked, "\(entries)")
            if checked { #expect(skipping == checking, "\(entries)") }
            compared += 1
        }
        #expect(compared > 1_000, "\(compared)")
    }
}
