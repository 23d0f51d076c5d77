// Templates/BaselineCard.json (a header aligned by first baselines: an
// avatar beside a name and a time side by side; a body, a photo; a footer
// aligned by last baselines: likes and a button): the direct path lays its
// rows out as its constraints do, rows met before replayed from its kept
// records (widths solves, heights passes keyed by the labels' baselines),
// and refuses none (the two rows' canvas fits tie but for the engine's
// tie-break by index: `StackTreeBaselineRowsTests`).

import Testing
import TrellisCells
import TrellisTemplateFiles
import TrellisTestSupport

@Suite struct BaselineCardTests {
    /// Rows of names, times and bodies (among them two bodies as high as
    /// each other on other baselines: a Hebrew line above or below a Latin
    /// one), laid out twice over at four widths by one direct cell and one
    /// constraints cell: every frame the same, no row refused.
    @Test func theDirectPathGivesTheConstraintsFramesRowsMetAgainToo() throws {
        let file = try TemplateFile.load(
            path: TestPaths.repository.appendingPathComponent("Templates/BaselineCard.json").path)
        var direct = try TemplateFileDirectCell(file: file)
        var constraints = try TemplateFileCell(file: file)
        let names = [
            "Ana", "A name long enough to give way beside its time", "\u{5D0}\u{5D1}\u{5D2}",
        ]
        let bodies = [
            "", "Short.", "\u{5D0}\u{5D1}\u{5D2}\\nHello", "Hello\\n\u{5D0}\u{5D1}\u{5D2}",
            "A short body that is long enough to wrap onto a second line in this card here.",
        ]
        var rows: [String] = []
        for (k, body) in bodies.enumerated() {
            for name in names {
                let photo = k % 2 == 0 ? #", "photo": [1200, 800]"# : ""
                rows.append(
                    #"{"name": "\#(name)", "time": "\#(k + 1)h", "body": "\#(body)", "likes": "\#(k) likes""#
                        + photo + "}")
            }
        }
        let items = try (rows + rows).map { try TemplateFileStackTreeTests.row($0) }
        let agreement = try TemplateAgreement.compare(
            &direct, &constraints, items: items, widths: [200, 320, 375, 414])
        #expect(agreement.comparisons == items.count * 4)
        #expect(agreement.disagreements == 0, "\(agreement)")
    }
}
