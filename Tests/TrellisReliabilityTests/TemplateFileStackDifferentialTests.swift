// Random stack-tree template files on random rows: the direct path against
// the file's constraints (see FuzzBodies/TemplateFileStackDifferential.swift).

import Testing
import TrellisData
import TrellisTemplateFiles
import TrellisTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TemplateFileStackDifferentialTests {
    @Test func directFramesEqualTheFilesConstraintsOnRandomFilesAndRows() {
        // 400 files under Scripts/soak.sh, 100 in the test command.
        let count = Soak.count("TRELLIS_STACKFILE_CASES", quick: 100, soak: 400)
        let run = StackFileDifferentialRun.run(first: 0x5_7AC_F11E, count: count)
        print("stack file differential: \(run.summary)")
        for (reason, number) in run.reasons.sorted(by: { $0.value > $1.value }).prefix(12) {
            print("  \(number): \(reason)")
        }
        for case_ in run.engineFittingDiffers.prefix(3) {
            print("engine fitting differs: \(case_)")
        }
        let failed = run.failures.count
        #expect(failed == 0, "\(failed) failed; first: \(run.failures.first ?? "")")
        // Most rows must be laid out, or the property says little.
        #expect(run.agreed * 2 > run.total, "\(run.summary)")
        #expect(run.badRows > 0, "rows the file cannot show are generated too")
    }

    /// Found by the `stackfile` fuzz target: a vertical stack whose views
    /// are all hidden, an image without a cap (missing from the row) and a
    /// button (its nested field missing). The template engine gave the
    /// hidden image no aspect constraint in a cell made for the row (its
    /// width then the button's, 16, through `UISV-alignment`), the direct
    /// path the square's (width 0, and the button's with it). A hidden
    /// image without a cap now takes the square's ratio in the engine too
    /// (without that, every row here fails).
    static let allHiddenImageFile = #"""
        {"name": "Random", "views": [
          {"id": "v0", "kind": "stack", "axis": "vertical", "layoutMargins": [4, 6, 2, 3],
           "spacing": 4.0},
          {"id": "v1", "kind": "image", "parent": "v0", "image": "p0"},
          {"id": "v2", "kind": "button", "parent": "v0", "field": "o0.f1", "hiddenWhenEmpty": true,
           "textStyle": {"font": "Inter", "size": 13}, "insets": [4, 8, 4, 8]}
        ], "constraints": [
          "v0.top == contentView.margins.top", "v0.leading == contentView.margins.leading",
          "contentView.margins.bottom == v0.bottom", "v0.trailing == contentView.margins.trailing"
        ]}
        """#

    @Test func aHiddenImageWithoutACapInAStackOfHiddenViewsAgrees() {
        let test = StackFileCase(
            json: Self.allHiddenImageFile, rows: ["{}", "{}", "{}"], width: 200)
        for (number, verdict) in StackFileDifferential.check(test).enumerated() {
            guard case .agreed = verdict else {
                Issue.record("row \(number + 1): \(verdict)")
                continue
            }
        }
    }

    /// A reused cell whose image was shown (4:3) lays a row with every view
    /// hidden out as a cell made for that row does (each view 0 wide).
    @Test func aHiddenImageWithoutACapIsLaidOutAsInAFreshCell() throws {
        let file = try TemplateFile.parse(Self.allHiddenImageFile, file: "random.json")
        var reused = try TemplateFileCell(file: file)
        let shown = JSONRow(["p0": .array([.number(4), .number(3)])])
        let hidden = JSONRow([:])
        _ = try reused.layout(shown, width: 200)
        _ = try reused.layout(hidden, width: 200)
        var fresh = try TemplateFileCell(file: file)
        _ = try fresh.layout(hidden, width: 200)
        for id in ["v1", "v2"] {
            #expect(reused.cell.views[id]?.frame == fresh.cell.views[id]?.frame, "\(id)")
            #expect(fresh.cell.views[id]?.frame.width == 0, "\(id)")
        }
    }
}
