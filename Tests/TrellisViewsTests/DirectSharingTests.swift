// The direct path's distribution fill without listing stretches where no
// view moves from its best length (`_DirectPlan.sharedLengths`) against the
// general share-out (`_Cost.anchored` and `_Cost.distribute`): the same
// lengths to the bit, or the same refusal, over random views.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectSharingTests {
    /// A view's cost as the direct path makes them: an intrinsic length
    /// (compression resistance and hugging, weighed by rank, with the
    /// engine's floor), a fixed length (required or optional), required
    /// bounds, or nothing (a free view).
    static func randomCost(_ random: inout SplitMix64, rank: Int) -> _Cost {
        var cost = _Cost()
        let length = Double(random.next() % 120) / 3
        // Ranks repeat now and then, so slopes tie and views could trade.
        let weight = _TieBreak.weight(rank: Int(random.next() % 3) == 0 ? 1 : rank)
        switch random.next() % 6 {
        case 0:
            break  // free
        case 1:
            cost.addEqual(length, lane: Int(random.next() % 2))
        case 2:
            cost.addAtLeast(length, lane: 0)
            cost.addAtMost(length + Double(random.next() % 30), lane: 0)
        default:
            let compression = 1 + Int(random.next() % 4)
            let hugging = 1 + Int(random.next() % 4)
            cost.addAtLeast(length, lane: compression, weight: weight)
            cost.addAtMost(length, lane: hugging, weight: weight)
            cost.addAtLeast(0, lane: compression, weight: _TieBreak.floorWeight)
        }
        return cost
    }

    /// What `share` gave before: every view anchored, the difference
    /// shared out by `distribute`.
    static func general(_ costs: [_Cost], _ room: Double) throws(_StackCostError) -> [Double] {
        let parts = costs.indices.map { costs[$0].anchored(view: $0) }
        let center = parts.reduce(0) { $0 + $1.anchor }
        let changes = try _Cost.distribute(
            parts, costs: costs, total: room, center: center, "the views")
        return costs.indices.map { parts[$0].anchor + changes[$0] }
    }

    /// `costs` (nodes 1… of `plan`, node 0 their stack) sharing `room`:
    /// the general share-out's lengths (`general`, then `takeTheRest`)
    /// and `sharedLengths`', or their refusals, and whether they are the
    /// same to the bit.
    static func compare(_ plan: inout _DirectPlan, _ costs: [_Cost], _ room: Double) -> (
        expected: Result<[Double], _StackCostError>, got: Result<[Double], _StackCostError>,
        same: Bool
    ) {
        plan.costs = [_Cost()] + costs
        let visible = Array(1...costs.count)
        let expected: Result<[Double], _StackCostError>
        do throws(_StackCostError) {
            var lengths = try Self.general(costs, room)
            plan.takeTheRest(visible, room, &lengths)
            expected = .success(lengths)
        } catch {
            expected = .failure(error)
        }
        let got: Result<[Double], _StackCostError>
        do throws(_StackCostError) {
            got = .success(try plan.sharedLengths(visible, room, "the views"))
        } catch {
            got = .failure(error)
        }
        switch (expected, got) {
        case (.success(let a), .success(let b)):
            let same = a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
            return (expected, got, same)
        case (.failure(let a), .failure(let b)):
            return (expected, got, a == b)
        default:
            return (expected, got, false)
        }
    }

    @Test func sharingEqualsTheGeneralShareOutToTheBit() {
        var random = SplitMix64(seed: 0x5AA2E)
        var plan = _DirectPlan()
        var cases = 0
        var atAnchors = 0
        var refusedAtAnchors = 0
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let count = 1 + Int(random.next() % 4)
            let costs = (0..<count).map { Self.randomCost(&random, rank: $0 + 1) }
            let anchors = costs.reduce(0) { $0 + $1.anchor }
            let room: Double
            switch random.next() % 4 {
            case 0: room = anchors  // every view at its best length
            case 1: room = anchors + 1e-12 * Double(random.next() % 3)  // within the tolerance
            default: room = anchors + Double(Int(random.next() % 61) - 30) / 3
            }
            let (expected, got, same) = Self.compare(&plan, costs, room)
            cases += 1
            if _isNegligible(room - anchors, room) {
                atAnchors += 1
                if case .failure = expected { refusedAtAnchors += 1 }
            }
            if !same, mismatches.count < 5 {
                mismatches.append("room \(room), costs \(costs): \(expected) against \(got)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Both ways are exercised: at the anchors (ties among them refused) and beyond.
        #expect(atAnchors > cases / 3)
        #expect(refusedAtAnchors > 100)
    }

    /// A stack's cost as the direct path sums them (a column of labels
    /// aligned to fill: several views' costs added, their kinks merged),
    /// now and then with a region whose cost is not modelled.
    static func randomSummedCost(_ random: inout SplitMix64, rank: Int) -> _Cost {
        var cost = randomCost(&random, rank: rank)
        for term in 0..<random.below(4) {
            cost = cost + randomCost(&random, rank: rank + term + 1)
        }
        if random.below(8) == 0 {
            var bound = _Slope()
            bound[1 + random.below(4)] = Double(1 + random.below(3)) / 2
            cost.addUnmodelled(below: Double(random.below(90)) / 3, bound: bound)
        }
        return cost
    }

    /// Off the anchors, the share-out worked in the plan's buffers
    /// (`_Cost.writeStretches`, the buffers' `distribute`) against the
    /// general one (`anchored`, the arrays' `distribute`): the same
    /// lengths to the bit, or the same refusal, for up to six views whose
    /// costs have many kinks (stacks' sums) and regions not modelled.
    @Test func sharingOffTheAnchorsEqualsTheGeneralShareOutToTheBit() {
        var random = SplitMix64(seed: 0x5AA2F)
        var plan = _DirectPlan()
        var moved = 0
        var refused = 0
        var mismatches: [String] = []
        for _ in 0..<30_000 {
            let count = 1 + random.below(6)
            let costs = (0..<count).map { Self.randomSummedCost(&random, rank: 3 * $0 + 1) }
            let anchors = costs.reduce(0) { $0 + $1.anchor }
            let room = anchors + Double(random.below(241) - 120) / 3
            let (expected, got, same) = Self.compare(&plan, costs, room)
            if !_isNegligible(room - anchors, room) {
                if case .success = expected { moved += 1 } else { refused += 1 }
            }
            if !same, mismatches.count < 5 {
                mismatches.append("room \(room), costs \(costs): \(expected) against \(got)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Views moved off their anchors, and refusals of every kind met.
        #expect(moved > 10_000)
        #expect(refused > 1_000)
    }

    /// Beside views of required lengths, the one view that may give way
    /// takes what they leave, to the bit whatever its own cost (its
    /// label's text): `room − Σ others`, not its anchor plus a change.
    @Test func theOneViewThatGivesWayTakesTheRestWhateverItsText() {
        var plan = _DirectPlan()
        let room = 375 - 32 - 10.0
        var widths: Set<UInt64> = []
        // Text widths on the pixel grid (thirds of a point): 66 of these
        // 1,500 give another last bit as `anchor + (room − (40 + anchor))`.
        for intrinsic in (0..<1500).map({ Double($0) / 3 }) {
            var label = _Cost()
            label.addAtLeast(intrinsic, lane: 1, weight: _TieBreak.weight(rank: 2))
            label.addAtMost(intrinsic, lane: 2, weight: _TieBreak.weight(rank: 2))
            label.addAtLeast(0, lane: 1, weight: _TieBreak.floorWeight)
            var avatar = _Cost()
            avatar.addEqual(40, lane: 0)
            plan.costs = [_Cost(), avatar, label]
            let lengths = try? plan.sharedLengths([1, 2], room, "the views")
            #expect(lengths?[0] == 40)
            if let width = lengths?[1] { widths.insert(width.bitPattern) }
        }
        #expect(widths == [(room - 40).bitPattern])
    }
}
