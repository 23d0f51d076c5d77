// Line counts against Pango 1.50 (the reference tool pango_measure.c, outside
// this repository, built by Scripts/pango-setup.sh: same fonts, Inter 17,
// unhinted, unrounded positions, PANGO_WRAP_WORD_CHAR). Pango's output is committed as
// Fixtures/pango-inter-17.tsv; Scripts/pango-reference.sh regenerates it.
import Foundation
import Testing
import TrellisText

@Suite struct PangoAgreementTests {
    static let widths: [Double] = [120, 287, 500]

    struct Reference {
        var fingerprint: UInt64
        var lines: [Int]  // at widths 120, 287, 500
    }

    static func reference() throws -> [Reference] {
        let text = try String(contentsOfFile: Fixtures.path("pango-inter-17.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t")
            return Reference(
                fingerprint: UInt64(fields[1], radix: 16) ?? 0,
                lines: fields[2...].compactMap { Int($0) })
        }
    }

    /// The corpus is the same on every run; with TRELLIS_CORPUS_OUT set, it is
    /// also written out (PATH.jsonl, PATH.fingerprints) for the Pango script.
    @Test func corpusIsDeterministic() throws {
        let rows = Corpus.rows()
        #expect(rows == Corpus.rows())
        #expect(rows.count == 3000)
        #expect(rows.map(\.count).min() == 1)
        #expect(rows.map(\.count).max() == 600)
        if let path = ProcessInfo.processInfo.environment["TRELLIS_CORPUS_OUT"] {
            try Corpus.jsonLines(rows).write(
                toFile: path + ".jsonl", atomically: true, encoding: .utf8)
            let prints = rows.enumerated().map {
                "\($0.offset)\t\(String(Corpus.fingerprint($0.element), radix: 16))\n"
            }
            try prints.joined().write(
                toFile: path + ".fingerprints", atomically: true, encoding: .utf8)
        }
    }

    @Test func fixtureDescribesThisCorpus() throws {
        let rows = Corpus.rows()
        let reference = try Self.reference()
        #expect(reference.count == rows.count)
        let stale = zip(rows, reference).filter { Corpus.fingerprint($0.0) != $0.1.fingerprint }
            .count
        #expect(stale == 0, "the corpus changed: run Scripts/pango-reference.sh")
    }

    @Test(arguments: [0, 1, 2])
    func lineCountsAgreeWithPangoOnAtLeast99_5Percent(widthIndex: Int) throws {
        let rows = Corpus.rows()
        let reference = try Self.reference()
        let width = Self.widths[widthIndex]
        let style = try interStyle(17)
        let layouts = try TextMeasurer().layouts(rows, style: style, width: width)
        var disagreements: [String] = []
        for (index, layout) in layouts.enumerated()
        where layout.lineCount != reference[index].lines[widthIndex] {
            disagreements.append(
                "row \(index): trellis \(layout.lineCount), pango \(reference[index].lines[widthIndex]): \(rows[index].debugDescription)"
            )
        }
        let agreement = 1 - Double(disagreements.count) / Double(rows.count)
        if ProcessInfo.processInfo.environment["TRELLIS_SHOW_DISAGREEMENTS"] != nil {
            print(
                "width \(width): agreement \(agreement)\n" + disagreements.joined(separator: "\n"))
        }
        #expect(agreement >= 0.995, "width \(width): \(disagreements.count) rows disagree")
    }
}
