// Random stack-tree template files on random rows: the direct path against
// the file's constraints (see FuzzBodies/TemplateFileStackDifferential.swift).

import Testing
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
}
