// A label's or button's intrinsic length goes into its cost in one go
// (`_LaneCost.addIntrinsic`): the same bounds, base and kinks, to the bit,
// as the terms added one at a time (`addAtLeast`, `addAtMost`, the floor).

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectIntrinsicTermsTests {
    typealias Cost = _Cost

    @Test func intrinsicTermsInOneGoAreTheTermsAddedOneAtATime() {
        var random = SplitMix64(seed: 0x1717)
        let lanes = [0, 1, 2, 3, 5, 7]
        var inOneGo = 0
        var mismatches: [String] = []
        for _ in 0..<4000 {
            let compression = lanes[Int(random.next() % 6)]
            let hugging = lanes[Int(random.next() % 6)]
            let lengths: [Double] = [
                0, -0.0, -3, 1e-12, .infinity, .nan, Double(random.next() % 100_000) / 7,
            ]
            let length = lengths[Int(random.next() % UInt64(lengths.count))]
            let weight = 1 + Double(random.next() % 64) * (1 / 1024)
            let floors: [Double?] = [nil, 1024, 0.75, 1024]
            let floor = floors[Int(random.next() % 4)]
            var made = Cost()
            made.addIntrinsic(
                length, compression: compression, hugging: hugging, weight: weight, floor: floor)
            var added = Cost()
            added.addAtLeast(length, lane: compression, weight: weight)
            added.addAtMost(length, lane: hugging, weight: weight)
            if let floor { added.addAtLeast(0, lane: compression, weight: floor) }
            if floor != nil, compression != 0, hugging != 0, length > 0, length.isFinite {
                inOneGo += 1
            }
            if DirectConvolutionTests.bits(made) != DirectConvolutionTests.bits(added),
                mismatches.count < 3
            {
                mismatches.append(
                    "\(length) at \(compression)/\(hugging), weight \(weight), floor \(String(describing: floor)):\n \(made)\n \(added)"
                )
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(inOneGo > 400)
    }
}
