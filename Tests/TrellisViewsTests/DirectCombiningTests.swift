// Stack costs summed in a plan's storage (`_DirectPlan.combinedCost`, the
// views' costs composed or their running minimums) against `reduce(_Cost())
// { $0 + term }` over the terms `composed(scale:offset:)` and
// `runningMinimum(shiftedBy:)` give: the same bounds, slopes and kinks to
// the bit, over random views (free ones among them), the storage reused
// from one case to the next.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectCombiningTests {
    @Test func costsSummedInAPlansStorageAreTheSameToTheBit() {
        var random = SplitMix64(seed: 0xC0_3B1D)
        var plan = _DirectPlan()
        var mismatches: [String] = []
        var withKinks = 0
        for _ in 0..<20_000 {
            let count = 1 + Int(random.next() % 4)
            plan.costs = (0..<count).map {
                random.next() % 6 == 0
                    ? _Cost() : DirectConvolutionTests.randomCost(&random, rank: $0 + 1)
            }
            let offset = [0, -0.0, -16, Double(random.next() % 100) / 3][Int(random.next() % 4)]
            let scale = random.next() % 3 == 0 ? 1 / Double(count) : 1
            let minimum = random.next() % 2 == 0
            let expected = plan.costs.reduce(_Cost()) {
                $0
                    + (minimum
                        ? $1.runningMinimum(shiftedBy: offset)
                        : $1.composed(scale: scale, offset: offset))
            }
            var got = plan.combinedCost(
                plan.costs.indices, scale: scale, offset: offset, runningMinimum: minimum)
            if !expected.kinks.isEmpty { withKinks += 1 }
            if DirectConvolutionTests.bits(expected) != DirectConvolutionTests.bits(got),
                mismatches.count < 3
            {
                mismatches.append(
                    "costs \(plan.costs), scale \(scale), offset \(offset), minimum \(minimum): \(expected) against \(got)"
                )
            }
            // The sum's storage goes to the next one, as `computeCosts` gives it.
            swap(&got.kinks, &plan.combining.result)
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(withKinks > 10_000)
    }
}
