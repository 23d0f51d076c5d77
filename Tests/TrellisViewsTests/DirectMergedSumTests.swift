// A stack's sum of its views' costs merged in a kept scratch buffer
// (`_Cost.mergedSum`, `_DirectPlan.combinedCost` of plain terms) against
// `reduce(_Cost()) { $0 + term }`: the same bounds, base and kinks to the
// bit, over terms whose kinks meet at shared places (0 and -0, several at
// one place in one term, endless ones), whose deltas are random (so an
// addition in another order gives other bits), free terms with and without
// a base below the solver's precision, terms without kinks that are not
// free (two of them cancelling into a free running sum), kinks out of order
// or not numbers; the plan's scratch grown from one sum to the next.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectMergedSumTests {
    /// A random term: free, without kinks but not free, or with up to
    /// `most` kinks at places drawn from a few (so terms share them), in
    /// order or (rarely) not, one rarely not a number.
    static func randomTerm(_ random: inout SplitMix64, most: UInt64 = 5) -> _Cost {
        var cost = _Cost()
        func number() -> Double { Double(random.next() % 1_000_000) / 997 }
        switch random.next() % 10 {
        case 0:
            return cost
        case 1:
            cost.base[1 + Int(random.next() % 6)] = random.next() % 2 == 0 ? 1e-12 : 0
            return cost  // free: its base's sign is 0
        case 2:
            // (Two of ±3.5 in one lane cancel: the running sum is free again.)
            cost.base[1] = random.next() % 2 == 0 ? 3.5 : -3.5
            if random.next() % 4 == 0 { cost.lo = number() }
            return cost  // no kink, not free
        default:
            break
        }
        if random.next() % 3 == 0 { cost.lo = number() - 500 }
        if random.next() % 3 == 0 { cost.hi = number() + 500 }
        for lane in 1..<7 where random.next() % 2 == 0 { cost.base[lane] = -number() }
        let places: [Double] = [-.infinity, -3, -0.0, 0, 1.5, 12, 12, 48, .infinity]
        var xs = (0..<(1 + Int(random.next() % most))).map { _ in
            random.next() % 4 == 0 ? number() : places[Int(random.next() % UInt64(places.count))]
        }
        if random.next() % 40 != 0 { xs.sort() }
        if random.next() % 60 == 0 { xs[Int(random.next() % UInt64(xs.count))] = .nan }
        for x in xs {
            var delta = _Slope()
            for lane in 0..<7 where random.next() % 3 == 0 { delta[lane] = number() }
            cost.kinks.append(_Kink(x: x, delta: delta))
        }
        return cost
    }

    @Test func sumsMergedInScratchAreTheRunningSumsToTheBit() {
        var random = SplitMix64(seed: 0x5EED_35)
        var plan = _DirectPlan()
        var mismatches: [String] = []
        var shared = 0
        var withKinks = 0
        var merging = 0
        for _ in 0..<20_000 {
            let most: UInt64 = random.next() % 20 == 0 ? 12 : 5
            let count = most == 12 ? 6 : Int(random.next() % 7)
            plan.costs = (0..<count).map { _ in Self.randomTerm(&random, most: most) }
            let expected = plan.costs.reduce(_Cost()) { $0 + $1 }
            let total = plan.costs.reduce(0) { $0 + $1.kinks.count }
            var direct = _Cost()
            var scratch = [_Kink](
                repeating: _Kink(x: 0, delta: _Slope()), count: 2 * max(1, total))
            if plan.costs.filter({ !$0.kinks.isEmpty }).count > 1 { merging += 1 }
            plan.costs.withUnsafeBufferPointer { costs in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    _Cost.mergedSum(costs.indices, of: costs, into: &direct, scratch: scratch)
                }
            }
            if !expected.kinks.isEmpty { withKinks += 1 }
            if expected.kinks.count < total { shared += 1 }
            var got = plan.combinedCost(plan.costs.indices, offset: 0)
            for (label, cost) in [("merged", direct), ("combined", got)]
            where DirectConvolutionTests.bits(cost) != DirectConvolutionTests.bits(expected)
                && mismatches.count < 3
            {
                mismatches.append("\(label): costs \(plan.costs): \(expected) against \(cost)")
            }
            // The sum's storage goes to the next one, as `computeCosts` gives it.
            swap(&got.kinks, &plan.combining.result)
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Most sums with kinks, many of them of two terms with kinks or more
        // (the plan's merged ones), many adding kinks at one place.
        #expect(withKinks > 14_000)
        #expect(merging > 8_000)
        #expect(shared > 3_000)
    }
}
