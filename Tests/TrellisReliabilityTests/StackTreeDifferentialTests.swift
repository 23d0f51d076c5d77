// The direct stack path against the constraint engine on random stack trees
// (see FuzzBodies/StackTreeDifferential.swift): equal frames, or refused.

import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StackTreeDifferentialTests {
    @Test func directFramesEqualTheEnginesOnRandomTrees() {
        let count = getenv("TRELLIS_STACKTREE_CASES").flatMap { Int(String(cString: $0)) } ?? 5000
        let run = StackTreeDifferentialRun.run(first: 0x57AC_7EE0, count: count)
        print("stack tree differential: \(run.summary)")
        for (reason, number) in run.unsupportedReasons.sorted(by: { $0.value > $1.value }) {
            print("  unsupported \(number): \(reason)")
        }
        for (reason, number) in run.refusedReasons.sorted(by: { $0.value > $1.value }) {
            print("  refused \(number): \(reason)")
        }
        for case_ in run.engineFittingDiffers.prefix(3) {
            print("engine fitting differs: \(case_)")
        }
        let failed = run.failures.count
        #expect(failed == 0, "\(failed) failed; first: \(run.failures.first ?? "")")
        // Most trees must be laid out, or the property says little.
        #expect(run.agreed * 2 > run.total, "\(run.summary)")
    }
}
