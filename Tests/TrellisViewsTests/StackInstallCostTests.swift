// A new hierarchy's solver costs what each constraint touches: the stack
// constraint shapes that made building it quadratic merge a bounded number
// of rows per arranged view.

import Testing

@testable import TrellisConstraints
@testable import TrellisViews

@Suite struct StackInstallCostTests {
    /// A fill-aligned vertical stack of 400 labels (UIKit's set: each
    /// `UISV-alignment` row reads `w_k − w_0 = 0` once the trailing links
    /// define the views' positions). Solved for `w_0`, as Kiwi's order by
    /// symbol id would, each was substituted through every earlier row
    /// (about 105,000 rows merged for 400 labels); solved for `w_k`, held by
    /// no other row, a bounded number per label.
    @Test func aFillAlignedStacksRowsMergeLinearly() throws {
        let count = 400
        let (root, _, labels) = LongStackTests.column(of: count)
        root.layoutIfNeeded()
        let engine = try #require(root._rootEngine)
        #expect(engine.solver._substitutedRowCount <= 40 * count)
        #expect(labels[count - 1].frame.minY == Double(24 * (count - 1)))
    }
}
