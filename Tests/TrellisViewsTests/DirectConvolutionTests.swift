// The cost of views laid end to end made in a plan's buffers
// (`_Cost.convolution(of:in:extra:offset:stretches:)`) against the way it
// was made before, an array of stretches per view (kept here as the
// reference): the same bounds, slopes and kinks to the bit, over random
// views (intrinsic lengths, fixed lengths, bounds, regions not modelled,
// costs of stacks laid end to end themselves), the buffers reused from one
// case to the next.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectConvolutionTests {
    /// A view's stretches as `anchored(view:)` made them before, one array
    /// of each side per view.
    static func referenceAnchored(_ cost: _Cost) -> (
        anchor: Double, left: [_Cost.Segment], right: [_Cost.Segment]
    ) {
        let anchor = cost.anchor
        var left: [_Cost.Segment] = []
        var right: [_Cost.Segment] = []
        var slope = cost.base
        var start = -Double.infinity
        var index = 0
        while true {
            let end = index < cost.kinks.count ? cost.kinks[index].x : .infinity
            let a = max(start, cost.lo)
            let b = min(end, cost.hi)
            if b > a {
                if b > anchor, !_isNegligible(b - max(a, anchor), anchor) {
                    right.append(_Cost.Segment(length: b - max(a, anchor), slope: slope, view: 0))
                }
                if a < anchor, !_isNegligible(min(b, anchor) - a, anchor) {
                    left.append(_Cost.Segment(length: min(b, anchor) - a, slope: slope, view: 0))
                }
            }
            guard index < cost.kinks.count else { break }
            slope += cost.kinks[index].delta
            start = end
            index += 1
        }
        left.reverse()
        return (anchor, left, right)
    }

    /// The stretches up to the first endless one, as made before.
    static func referenceUpToEndless(_ segments: [_Cost.Segment], growing: Bool)
        -> [_Cost.Segment]
    {
        guard let end = segments.firstIndex(where: { !$0.length.isFinite }) else {
            return segments
        }
        var used = Array(segments[...end])
        let dropped = segments[(end + 1)...].filter { $0.slope[0] != 0 }
        guard !dropped.isEmpty else { return used }
        var bound = _modelled(used[end].slope)
        for segment in dropped {
            let other = _modelled(segment.slope)
            let order = _compare(other, bound)
            if growing ? order < 0 : order > 0 { bound = other }
        }
        bound[0] = growing ? 1 : -1
        used[end].slope = bound
        return used
    }

    /// The convolution as made before: every view's stretches gathered,
    /// sorted, cut at the first endless one, then read left to right.
    static func reference(_ costs: [_Cost], offset: Double) -> _Cost {
        let parts = costs.map(referenceAnchored)
        var center = offset
        var right: [_Cost.Segment] = []
        var left: [_Cost.Segment] = []
        for part in parts {
            center += part.anchor
            right += part.right
            left += part.left
        }
        _sortCheapestFirst(&right, ascending: true)
        _sortCheapestFirst(&left, ascending: false)
        let leftUsed = referenceUpToEndless(left, growing: false)
        let rightUsed = referenceUpToEndless(right, growing: true)
        let low = center - leftUsed.reduce(0) { $0 + $1.length }
        let high = center + rightUsed.reduce(0) { $0 + $1.length }
        var result = _Cost(lo: low, hi: high)
        let sequence = leftUsed.reversed() + rightUsed
        guard let first = sequence.first else { return result }
        result.base = first.slope
        var position =
            leftUsed.isEmpty
            ? center + first.length
            : center - leftUsed.dropLast().reduce(0) { $0 + $1.length }
        for index in sequence.indices.dropFirst() {
            let delta = sequence[index].slope - sequence[index - 1].slope
            if _sign(delta) != 0 { result.kinks.append(_Kink(x: position, delta: delta)) }
            position += sequence[index].length
        }
        return result
    }

    /// A random view: as `DirectSharingTests.randomCost`, or with a region
    /// not modelled below a length, or an image's length (an equal term at
    /// its rank's weight under a cap), at lengths off the pixel grid.
    static func randomCost(_ random: inout SplitMix64, rank: Int) -> _Cost {
        var cost = DirectSharingTests.randomCost(&random, rank: rank)
        switch random.next() % 5 {
        case 0:
            var bound = _Slope()
            bound[1 + Int(random.next() % 4)] = 1e-6
            cost.addUnmodelled(below: Double(random.next() % 900) / 7, bound: bound)
        case 1:
            var image = _Cost()
            image.hi = Double(random.next() % 300)
            image.addEqual(
                Double(random.next() % 4000) / 11, lane: 1 + Int(random.next() % 4),
                weight: _TieBreak.weight(rank: rank))
            return image
        default:
            break
        }
        return cost
    }

    static func bits(_ cost: _Cost) -> [UInt64] {
        var bits = [cost.lo.bitPattern, cost.hi.bitPattern, UInt64(cost.kinks.count)]
        for lane in 0..<16 { bits.append(cost.base[lane].bitPattern) }
        for kink in cost.kinks {
            bits.append(kink.x.bitPattern)
            for lane in 0..<16 { bits.append(kink.delta[lane].bitPattern) }
        }
        return bits
    }

    @Test func viewsLaidEndToEndInBuffersCostTheSameToTheBit() {
        var random = SplitMix64(seed: 0xC0_4701)
        var stretches = _Stretches()
        var mismatches: [String] = []
        var withKinks = 0
        var endless = 0
        for _ in 0..<20_000 {
            let count = 1 + Int(random.next() % 5)
            var costs = (0..<count).map { Self.randomCost(&random, rank: $0 + 1) }
            if random.next() % 4 == 0 {
                // A stack laid end to end among the views (its cost made before).
                let inner = (0..<2).map { Self.randomCost(&random, rank: $0 + 7) }
                costs.append(Self.reference(inner, offset: 3))
            }
            let offset = Double(random.next() % 100) / 3
            let extra: _Cost? = random.next() % 3 == 0 ? _Cost(lo: 0) : nil
            let expected = Self.reference(costs + (extra.map { [$0] } ?? []), offset: offset)
            let got = _Cost.convolution(
                of: Array(costs.indices), in: costs, extra: extra, offset: offset,
                stretches: &stretches)
            if !expected.kinks.isEmpty { withKinks += 1 }
            if expected.lo == -.infinity || expected.hi == .infinity { endless += 1 }
            if Self.bits(expected) != Self.bits(got), mismatches.count < 3 {
                mismatches.append("costs \(costs), offset \(offset): \(expected) against \(got)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The cases say something: most have kinks, many an endless side.
        #expect(withKinks > 15_000)
        #expect(endless > 5_000)
    }
}
