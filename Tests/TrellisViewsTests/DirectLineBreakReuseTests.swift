// A label measured again at a width whose lines are those of its last
// measurement (`TextMeasurer._keepsLines`) keeps that measurement's size
// (`_DirectPlan.measureText`, `reusingLineBreaks`). Kept plans that keep it
// and kept and new plans that measure every time give every row of comment
// cells and variants the same layout to the bit, or the same error.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectLineBreakReuseTests {
    @Test func keptLineBreaksGiveTheLayoutsOfLabelsMeasuredAgain() {
        var random = SplitMix64(seed: 0x3636)
        for (number, entry) in DirectLeftOutPassTests.trees().enumerated() {
            var kept = DirectStackLayout()
            var measuring = DirectStackLayout()
            measuring.plan.reusingLineBreaks = false
            let (mismatches, laidOut) = DirectRootCostTests.compareRows(
                of: entry.tree, number: number, &kept, &measuring, &random,
                labels: ["kept", "measured", "new"]
            ) { fresh in
                fresh.plan.reusingLineBreaks = false
            }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(laidOut > 100, "tree \(number)")
            let reuses = kept.plan.lineBreakReuses
            #expect(reuses > 5, "tree \(number): \(reuses)")
            #expect(measuring.plan.lineBreakReuses == 0)
        }
    }
}
