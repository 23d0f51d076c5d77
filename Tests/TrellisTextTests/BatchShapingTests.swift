// Batched shaping (several new pieces of plain text in one HarfBuzz call) must
// give each piece it keeps exactly the measure of shaping that piece alone,
// and must leave out pieces at a boundary HarfBuzz marks unsafe to break.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct BatchShapingTests {
    typealias Part = (range: Range<Int>, trailingStart: Int)

    /// Shapes `parts` of `text` in one batch, and each alone; returns the
    /// batch's measures (nil where it left a piece out) and the ones alone.
    static func measures(
        _ text: String, _ parts: [Part], family: String = "Inter",
        separator: [UInt8] = _batchSeparator
    ) throws -> (batched: [_PieceMeasure?], alone: [_PieceMeasure]) {
        let face = try Font(family: family)._face
        let workspace = try _Workspace()
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var batched: [_PieceMeasure?] = []
            workspace.shapeBatch(
                buffer, parts.map(_Part.init), face: face, into: &batched, separator: separator)
            let alone = parts.map {
                workspace.shape(
                    buffer, range: $0.range, trailingStart: $0.trailingStart, rtl: false,
                    faces: [face], keepClusters: false)
            }
            return (batched, alone)
        }
    }

    /// The pieces of plain `text` between its break opportunities, as prepare makes them.
    static func pieces(_ text: String) throws -> [Part]? {
        let workspace = try _Workspace()
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> [Part]? in
            guard let count = workspace.plainBreaks(buffer) else { return nil }
            var start = 0
            var parts: [Part] = []
            for end in workspace.breakOffsets[0..<count].map(Int.init) where end > start {
                parts.append(
                    (start..<end, _trailingWhitespaceStart(buffer, end: end, start: start)))
                start = end
            }
            return parts
        }
    }

    @Test(arguments: ["Inter", "Roboto"])
    func batchedPiecesMeasureAsShapedAlone(family: String) throws {
        var kept = 0
        var total = 0
        for row in Corpus.rows() {
            guard let parts = try Self.pieces(row), parts.count > 1 else { continue }
            let (batched, alone) = try Self.measures(row, parts, family: family)
            for (measure, reference) in zip(batched, alone) {
                total += 1
                guard let measure else { continue }
                #expect(measure == reference, "\(row.debugDescription)")
                kept += 1
            }
        }
        #expect(total > 1000)
        #expect(kept * 10 > total * 9)  // spaces between words rarely interact
    }

    @Test func kernedBoundaryIsLeftOut() throws {
        // Side by side (no separator), Inter kerns A and V (1904 → 1712
        // units for A), so HarfBuzz marks V unsafe to break: neither side
        // may be taken from the batch.
        let (batched, _) = try Self.measures("AV", [(0..<1, 1), (1..<2, 2)], separator: [])
        #expect(batched.count == 2)
        #expect(batched[0] == nil)
        #expect(batched[1] == nil)
    }

    @Test func separatorKeepsKernedAndContextualNeighbours() throws {
        // With U+FFFF between them (`_batchSeparator`), A and V are not
        // kerned and Inter's case forms ("-" raised between capitals, "(2)"
        // beside a digit) do not look into the next part: every part is
        // kept, each with its measure alone.
        for (text, parts) in [
            ("AV", [(0..<1, 1), (1..<2, 2)]),
            ("A-B-C", [(0..<2, 2), (2..<4, 4), (4..<5, 5)]),
            ("(2) A ", [(0..<4, 3), (4..<6, 5)]),
        ] as [(String, [Part])] {
            let (batched, alone) = try Self.measures(text, parts)
            #expect(batched.map { $0 } == alone.map { $0 }, "\(text)")
        }
    }

    @Test(arguments: ["Inter", "Roboto"])
    func randomPiecesMeasureAsShapedAlone(family: String) throws {
        // Random strings of letters of several scripts, digits, punctuation
        // Inter's contextual rules act on, marks, emoji and spaces, cut at
        // random, batched by the script HarfBuzz gives each part alone (as
        // `shapeScriptBatches` batches them): every part a batch keeps is
        // its measure alone, and the separator keeps more parts than
        // shaping them side by side.
        let alphabet: [String] =
            ["A", "V", "a", "x", "(", ")", "-", ">", "<", "=", ":", "[", "]", "1", "2", "/"]
            + ["é", "e\u{301}", "ж", "Ж", "λ", "ß", "“", "”", "…", "—", "😀", "👍🏽", "中"]
            + [" ", " ", " ", "  ", "\u{200D}", "ﬁ", "fi", "->", "3x5", "\t", "\u{A0}"]
        let face = try Font(family: family)._face
        let workspace = try _Workspace()
        var generator = SeededGenerator(seed: 1738)
        var kept = 0
        var keptSideBySide = 0
        var total = 0
        for _ in 0..<600 {
            let count = Int.random(in: 2...30, using: &generator)
            let text = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
                .joined()
            let bytes = Array(text.utf8)
            // Cut at scalar boundaries, each part's trailing spaces as prepare finds them.
            var cuts = Set<Int>()
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                var cut = Int.random(in: 1..<bytes.count, using: &generator)
                while cut < bytes.count && bytes[cut] & 0xC0 == 0x80 { cut += 1 }
                if cut < bytes.count { cuts.insert(cut) }
            }
            bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                var groups: [hb_script_t: [Part]] = [:]
                for end in cuts.sorted() + [bytes.count] {
                    let part = (
                        start..<end, _trailingWhitespaceStart(buffer, end: end, start: start)
                    )
                    groups[_guessedScript(buffer, part.0), default: []].append(part)
                    start = end
                }
                for parts in groups.values where parts.count > 1 {
                    var batched: [_PieceMeasure?] = []
                    var sideBySide: [_PieceMeasure?] = []
                    workspace.shapeBatch(buffer, parts.map(_Part.init), face: face, into: &batched)
                    workspace.shapeBatch(
                        buffer, parts.map(_Part.init), face: face, into: &sideBySide,
                        separator: [])
                    for (order, part) in parts.enumerated() {
                        let alone = workspace.shape(
                            buffer, range: part.range, trailingStart: part.trailingStart,
                            rtl: false, faces: [face], keepClusters: false, tryingKernModel: false)
                        total += 1
                        if let measure = sideBySide[order] {
                            #expect(measure == alone, "\(text.debugDescription) \(parts)")
                            keptSideBySide += 1
                        }
                        if let measure = batched[order] {
                            #expect(measure == alone, "\(text.debugDescription) \(parts)")
                            kept += 1
                        }
                    }
                }
            }
        }
        #expect(total > 1_000)
        #expect(kept > keptSideBySide, "kept \(kept), side by side \(keptSideBySide), of \(total)")
        #expect(kept * 2 > total, "kept \(kept) of \(total)")
    }

    @Test func spaceSeparatedPiecesAreKept() throws {
        // With a space after A, the pair is not kerned: both are kept, each
        // with its own measure (A: 1904 units, space: 792 units, of 2816 per em).
        let (batched, alone) = try Self.measures("A V ", [(0..<2, 1), (2..<4, 3)])
        #expect(batched[0] == alone[0])
        #expect(batched[1] == alone[1])
        #expect(batched[0]?.wordEm == 1904.0 / 2816)
        #expect(batched[0]?.spaceEm == 792.0 / 2816)
    }
}
