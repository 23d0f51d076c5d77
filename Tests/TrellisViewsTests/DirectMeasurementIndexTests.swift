// The kept measurements' places and entries (`_Measurements.places`,
// `entries`): under random adds, rewrites, look-ups and growth, every
// place names one entry of its group's hash and every entry has one place,
// and whatever a look-up finds is what was last kept for that very text
// at that very width (a model of the table's contents, a dictionary).

import Testing
import TrellisGeometry
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectMeasurementIndexTests {
    /// Every filled place names a distinct entry (index plus one in its
    /// low bits), whose hash has the place's other bits and picks the
    /// place's group; every entry is named by one place.
    static func checkPlaces(_ table: _Measurements) -> Int {
        var issues = 0
        var named = Set<Int>()
        for (place, word) in table.places.enumerated() where word != 0 {
            let index = Int(word & _Measurements.indexBits) - 1
            guard index >= 0, index < table.entries.count, named.insert(index).inserted else {
                issues += 1
                continue
            }
            let hash = table.entries[index].hash
            if hash & ~_Measurements.indexBits != word & ~_Measurements.indexBits { issues += 1 }
            if table.group(hash) != place & ~(_Measurements.groupSize - 1) { issues += 1 }
        }
        if named.count != table.entries.count { issues += 1 }
        return issues
    }

    /// A text of the pool: small strings and longer ones, some in storage
    /// of their own (the same bytes in another string).
    static func text(_ k: Int, copy: Bool) -> String {
        let base = k % 3 == 0 ? "t\(k)" : "a longer text of the pool, number \(k)"
        guard copy else { return base }
        var own = String(repeating: "-", count: 80)
        own.removeAll(keepingCapacity: true)
        own.append(contentsOf: base)
        return own
    }

    struct Key: Hashable {
        let text: String
        let width: UInt64
    }

    @Test(arguments: [1, 2, 3, 4])
    func lookUpsGiveWhatWasKeptForThatTextAndWidth(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = _Measurements()
        var model: [Key: Size] = [:]
        let widths = [100.0, 287, 0, .infinity, 99.5]
        let pool = [40, 700, 2_000][Int(seed % 3)]
        var (wrong, hits, grows) = (0, 0, 0)
        for step in 0..<30_000 {
            let k = Int(random.next() % UInt64(pool))
            let copy = random.next() % 4 == 0
            let string = Self.text(k, copy: copy)
            let width = widths[Int(random.next() % UInt64(widths.count))]
            let key = Key(text: Self.text(k, copy: false), width: width.bitPattern)
            let text = StackTree.Text.plain(string)
            let size = Size(width: Double(step), height: Double(k))
            let found: Size?
            switch random.next() % 6 {
            case 0:
                found = table.size(text, width)?.size
                if found == nil {
                    table.add(text, width, size, nil)
                    model[key] = size
                }
            case 1:
                table.remember(text, width, size, nil)
                model[key] = size
                found = nil
            case 2:
                found = table.noteSize(text, width, key: _Measurements.key(text, width))?.size
            case 3:
                found = _Measurements.words(text).flatMap { table.wordsHit($0, width) }?.size
            case 4:
                found = _Measurements.words(text).flatMap { table.lastHit($0, width) }?.size
            default:
                if step % 997 == 0, table.places.count < _Measurements.maximumSlotCount,
                    !table.places.isEmpty
                {
                    let before = model.keys.filter {
                        table.size(.plain($0.text), Double(bitPattern: $0.width)) != nil
                    }
                    table.grow(to: 2 * table.places.count)
                    grows += 1
                    // Growing keeps every entry.
                    for key in before
                    where table.size(.plain(key.text), Double(bitPattern: key.width)) == nil {
                        wrong += 1
                    }
                }
                found = nil
            }
            if let found {
                hits += 1
                if model[key] != found { wrong += 1 }
            }
            // (Whatever the table keeps is the last written.)
            if let kept = table.size(text, width)?.size, model[key] != kept { wrong += 1 }
            if step % 2_500 == 0 { wrong += Self.checkPlaces(table) }
        }
        wrong += Self.checkPlaces(table)
        #expect(wrong == 0)
        #expect(hits > 500)
        #expect(grows > 0 || table.grown > 0)
    }
}
