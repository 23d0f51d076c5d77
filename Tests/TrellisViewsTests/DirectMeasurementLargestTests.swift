// A label's measurement table at its largest size (`_Measurements`,
// `admitsAtLargest`): a list cycling through more texts than the table
// holds finds about as many as it holds, where replacing round robin
// finds only texts of groups few of them share; a list that moves on to a new set of texts it comes back
// to finds them again once their groups have taken them.

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct DirectMeasurementLargestTests {
    static func text(_ k: Int) -> StackTree.Text { .plain("Body \(k) of a list") }
    static func size(_ k: Int) -> Size { Size(width: Double(k) + 0.5, height: Double(k % 5)) }

    /// Looks every text of `texts` up once, in order, keeping each one
    /// missed; returns how many were found (each with its own size).
    static func pass(_ table: inout _Measurements, _ texts: Range<Int>) -> Int {
        var found = 0
        for k in texts {
            if let known = table.size(text(k), 300) {
                #expect(known.size == size(k))
                found += 1
            } else {
                table.add(text(k), 300, size(k), nil)
            }
        }
        return found
    }

    /// A table made at the largest size (its texts added after growing).
    static func largest() -> _Measurements {
        var table = _Measurements()
        table.add(text(-1), 300, size(-1), nil)
        table.grow(to: _Measurements.maximumSlotCount)
        return table
    }

    /// Twice as many texts as places, five times round: from the third
    /// round on the table finds more than three eighths of them (about
    /// half: measured 31,862 of 65,536 in the third); replacing round
    /// robin, it found a fifth (13,782: the texts of groups that fewer
    /// than nine of them share).
    @Test func aCycleLongerThanTheTableFindsWhatItKeeps() {
        var table = Self.largest()
        let texts = 0..<(2 * _Measurements.maximumSlotCount)
        var found: [Int] = []
        for _ in 0..<5 { found.append(Self.pass(&table, texts)) }
        #expect(found[0] == 0)
        #expect(found[2] > 3 * texts.count / 8, "found \(found)")
        #expect(found[4] > 3 * texts.count / 8, "found \(found)")
        #expect(table.places.count == _Measurements.maximumSlotCount)
    }

    /// A list that fills the table with texts it never comes back to, then
    /// cycles through a few hundred new ones (fewer than the places): by
    /// the eighth round nearly all of them are found.
    @Test func aNewSetOfTextsTakesItsPlaces() {
        var table = Self.largest()
        _ = Self.pass(&table, 0..<(3 * _Measurements.maximumSlotCount))
        let recurring = 1_000_000..<1_000_400
        var found: [Int] = []
        for _ in 0..<40 { found.append(Self.pass(&table, recurring)) }
        #expect(found[0] == 0)
        #expect(found[39] >= 390, "found \(found)")
    }
}
