// The direct path's per-label cache of measurements (`_Measurements`): a
// text met rows ago is not measured again, and what the cache gives is what
// measuring gives, to the bit (texts told apart by every byte and by width).

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct DirectMeasurementCacheTests {
    static let inter = try! FontCollection.bundled("Inter")

    /// 120 names (as many as a list's authors' handles), among them long
    /// ones of the same length that differ only in the middle (beyond the
    /// bytes the hash reads), and non-ASCII ones.
    static let names: [String] = (0..<120).map { k in
        switch k % 4 {
        case 0: return "Author \(k)"
        case 1: return "Екатерина \(k) 🌸"
        case 2:
            // 80 bytes, the 40th byte an "i" or a "W" (other widths).
            let middle = k % 8 == 2 ? "i" : "W"
            return String(repeating: "a", count: 39) + middle + String(repeating: "b", count: 36)
                + "\(1000 + k)"
        default: return "@handle_\(k)@mastodon.social"
        }
    }

    /// A header of a name and a handle over a body of several lines.
    static var tree: StackTree {
        let style = TextStyle(fonts: inter, size: 15)
        var handle = StackTree.LabelNode("", style: style)
        handle.horizontalHugging = 249
        let header = StackTree.Stack(
            axis: .horizontal, spacing: 4,
            children: [.label(.init("", style: style)), .label(handle)])
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 6,
                layoutMargins: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16),
                children: [.stack(header), .label(.init("", style: style, numberOfLines: 0))]))
    }

    /// Row `k`: the name and handle cycle through `names` (at other
    /// phases), the body is new in every row.
    static func row(_ k: Int, of tree: StackTree) -> StackTreeRow {
        var row = StackTreeRow(tree)
        row.texts[2] = .plain(names[k % names.count])
        row.texts[3] = .plain(names[(k * 7 + 3) % names.count])
        row.texts[4] = .plain("Row \(k): \(names[k % names.count]) wrote a body that wraps")
        return row
    }

    @Test func textsMetRowsAgoAreNotMeasuredAgainAndGiveTheSameLayout() {
        let tree = Self.tree
        #expect(tree.directLayoutUnsupportedReason == nil)
        var kept = DirectStackLayout()
        var mismatches: [String] = []
        var addedAfterFirstCycle = (name: 0, handle: 0)
        let rows = 3 * Self.names.count
        for k in 0..<rows {
            let row = Self.row(k, of: tree)
            let width = k % 3 == 0 ? 320.0 : 375
            let got = try? kept.layout(row, of: tree, width: width)
            var fresh = DirectStackLayout()
            let expected = try? fresh.layout(tree.applying(row), width: width)
            #expect(got != nil)
            if got != expected, mismatches.count < 3 {
                mismatches.append(
                    "row \(k) at \(width): kept \(String(describing: got)), fresh \(String(describing: expected))"
                )
            }
            if k == Self.names.count - 1 {
                addedAfterFirstCycle = (kept.plan.measured[2].added, kept.plan.measured[3].added)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // One-line labels are measured on one line, whatever the width:
        // after the first cycle of names every text is found.
        #expect(addedAfterFirstCycle.name == Self.names.count)
        #expect(kept.plan.measured[2].added == Self.names.count)
        #expect(kept.plan.measured[3].added == Self.names.count)
    }

    @Test func entriesAreToldApartByEveryByteAndByWidth() {
        var cache = _Measurements()
        // Same length, same first and last 32 bytes: one byte in the middle differs.
        let a = String(repeating: "x", count: 40) + "i" + String(repeating: "y", count: 40)
        let b = String(repeating: "x", count: 40) + "W" + String(repeating: "y", count: 40)
        cache.add(.plain(a), 100, Size(width: 1, height: 2), nil)
        #expect(cache.size(.plain(b), 100) == nil)
        #expect(cache.size(.plain(a), 200) == nil)
        #expect(cache.size(.plain(a), 100)?.size == Size(width: 1, height: 2))
        cache.add(.plain(b), 100, Size(width: 3, height: 4), nil)
        #expect(cache.size(.plain(a), 100)?.size == Size(width: 1, height: 2))
        #expect(cache.size(.plain(b), 100)?.size == Size(width: 3, height: 4))
        // Baselines recorded for a kept measurement.
        cache.remember(.plain(a), 100, Size(width: 1, height: 2), (5, 6))
        #expect(cache.size(.plain(a), 100)?.baselines?.first == 5)
        #expect(cache.added == 2)
        // Many texts: every one still kept answers with its own size.
        for k in 0..<100 {
            cache.add(.plain("text \(k)"), .infinity, Size(width: Double(k), height: 1), nil)
        }
        var found = 0
        for k in 0..<100 {
            guard let known = cache.size(.plain("text \(k)"), .infinity) else { continue }
            #expect(known.size.width == Double(k))
            found += 1
        }
        #expect(found > 80)
    }

    /// The place last found or kept (`last`) answers for its own string's
    /// words at its own width only (`lastHit`); the same bytes in another
    /// string are found by the table.
    @Test func lastPlaceAnswersForItsOwnTextOnly() {
        var cache = _Measurements()
        let a = String(repeating: "x", count: 40) + "i" + String(repeating: "y", count: 40)
        let b = String(repeating: "x", count: 40) + "W" + String(repeating: "y", count: 40)
        let words = { (text: String) in _Measurements.words(.plain(text))! }
        cache.add(.plain(a), 100, Size(width: 1, height: 2), nil)
        #expect(cache.lastHit(words(a), 100)?.size == Size(width: 1, height: 2))
        #expect(cache.lastHit(words(b), 100) == nil)
        #expect(cache.lastHit(words(a), 200) == nil)
        cache.add(.plain(b), 100, Size(width: 3, height: 4), nil)
        #expect(cache.lastHit(words(a), 100) == nil)
        #expect(cache.lastHit(words(b), 100)?.size == Size(width: 3, height: 4))
        let key = _Measurements.key(.plain(a), 100)
        #expect(cache.noteSize(.plain(a), 100, key: key)?.size == Size(width: 1, height: 2))
        #expect(cache.lastHit(words(a), 100)?.size == Size(width: 1, height: 2))
        // Baselines recorded for the kept measurement are the last place's.
        cache.remember(.plain(a), 100, Size(width: 1, height: 2), (5, 6))
        #expect(cache.lastHit(words(a), 100)?.baselines?.first == 5)
        // The same bytes in a string of its own storage: other words.
        var copy = String(repeating: "-", count: 90)
        copy.removeAll(keepingCapacity: true)
        copy.append(contentsOf: a)
        #expect(cache.lastHit(words(copy), 100) == nil)
        #expect(cache.size(.plain(copy), 100)?.size == Size(width: 1, height: 2))
    }

    /// A label or a button keeps what it measured while its text, its width
    /// and its style stay (a row of the same texts measures nothing); a new
    /// text, another width or another style measures it again, and every
    /// layout is a fresh plan's.
    @Test func aNodeIsMeasuredAgainWhenItsTextWidthOrStyleChanges() {
        func tree(size: Double) -> StackTree {
            let style = TextStyle(fonts: Self.inter, size: size)
            return StackTree(
                root: .init(
                    axis: .vertical, spacing: 6,
                    children: [
                        .label(.init("", style: style)),
                        .label(.init("", style: style, numberOfLines: 0)),
                        .button(.init("Reply", style: style)),
                    ]))
        }
        let body = "A body of several words that wraps at the narrower of the widths"
        var kept = DirectStackLayout()
        var mismatches: [String] = []
        var fresh = DirectStackLayout()
        /// Lays a row out and returns how many measurements each node added
        /// (`fresh` laid it out in a new plan).
        func added(_ tree: StackTree, _ name: String, _ width: Double) -> [Int] {
            let before = kept.plan.measured.map(\.added)
            var row = StackTreeRow(tree)
            row.texts[1] = .plain(name)
            row.texts[2] = .plain(body)
            let got = try? kept.layout(row, of: tree, width: width)
            fresh = DirectStackLayout()
            let expected = try? fresh.layout(tree.applying(row), width: width)
            if got == nil || got != expected {
                mismatches.append("\(name) at \(width): \(String(describing: got))")
            }
            let after = kept.plan.measured.map(\.added)
            return after.indices.map { after[$0] - (before.count == after.count ? before[$0] : 0) }
        }
        let small = tree(size: 15)
        let name = "Ekaterina Ivanovna Petrova"
        #expect(added(small, name, 320) != [0, 0, 0, 0])
        // The same row again, then the same bytes in another string: kept.
        #expect(added(small, name, 320) == [0, 0, 0, 0])
        var copy = String(repeating: "-", count: 40)
        copy.removeAll(keepingCapacity: true)
        copy.append(contentsOf: name)
        #expect(added(small, copy, 320) == [0, 0, 0, 0])
        // Another name: that label only.
        #expect(added(small, "Ann", 320) == [0, 1, 0, 0])
        // Another width: the label of several lines only (one-line labels
        // and the button measure on one line).
        #expect(added(small, "Ann", 200) == [0, 0, 1, 0])
        #expect(added(small, "Ann", 200) == [0, 0, 0, 0])
        // Another style (another structure): every text measured again, as
        // in a new plan.
        let large = tree(size: 17)
        _ = added(large, "Ann", 200)
        let measuredAgain = kept.plan.measured.map(\.added)
        #expect(measuredAgain == fresh.plan.measured.map(\.added))
        #expect(measuredAgain.map { $0 > 0 } == [false, true, true, true])
        #expect(added(large, "Ann", 200) == [0, 0, 0, 0])
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// A small string's hash read from its words (`_smallHash`) is the one
    /// its bytes give, and a text is found by its bytes whichever way its
    /// string keeps them (small, or in storage of its own).
    @Test func smallStringsHashAsTheirBytes() {
        let texts =
            (0...15).map { String(repeating: "a", count: $0) } + [
                "é", "12m", "25000 likes", "Екатерина",
            ]
        for text in texts {
            let small = _Measurements.key(.plain(text), 100)
            // The same bytes in a string of its own storage (not small).
            var stored = String(repeating: "-", count: 40)
            stored.removeAll(keepingCapacity: true)
            stored.append(contentsOf: text)
            let key = _Measurements.key(.plain(stored), 100)
            #expect(key.hash == small.hash && key.bytes == small.bytes)
            var cache = _Measurements()
            cache.add(.plain(text), 100, Size(width: 7, height: 8), nil)
            #expect(cache.size(.plain(stored), 100)?.size == Size(width: 7, height: 8))
            #expect(
                cache.noteSize(.plain(stored), 100, key: key)?.size == Size(width: 7, height: 8))
        }
        var cache = _Measurements()
        cache.add(.plain("12m"), 100, Size(width: 1, height: 2), nil)
        #expect(cache.size(.plain("13m"), 100) == nil)
        #expect(cache.lastHit(_Measurements.words(.plain("12"))!, 100) == nil)
    }

    /// The table doubles (`grow`) when a list comes back to more texts than
    /// it holds, up to `maximumSlotCount`, and then finds them; it keeps
    /// its size when no text comes back; growing keeps every entry, each
    /// answering as before, and the last place's.
    @Test func tableGrowsWhenTextsComeBackBeyondItsSize() {
        let size = { (k: Int) in Size(width: Double(k) + 0.25, height: Double(k % 7)) }
        let text = { (k: Int) in StackTree.Text.plain("Comment \(k) of a long list of them") }
        // 2,000 texts, twelve times over: far more than 512 places hold.
        var cycling = _Measurements()
        let missedInRound = Self.missesByRound(
            &cycling, texts: 2000, rounds: 12, width: 300, text: text, size: size)
        #expect(cycling.grown > 0)
        #expect(cycling.places.count > _Measurements.initialSlotCount)
        #expect(cycling.places.count <= _Measurements.maximumSlotCount)
        #expect(missedInRound[1] > 1000)
        #expect(missedInRound[11] < 500)

        // 20,000 texts, each once: no ghost hits, no growth.
        var once = _Measurements()
        for k in 0..<20000 { once.add(text(k), 300, size(k), nil) }
        #expect(once.grown == 0)
        #expect(once.places.count == _Measurements.initialSlotCount)

        // Growing keeps every entry found before, with its answer.
        var table = _Measurements()
        for k in 0..<399 { table.add(text(k), 300, size(k), k % 3 == 0 ? (1, 2) : nil) }
        // (The last text added in a string of its own: `lastHit` tells it
        // by its string's words.)
        let last = text(399)
        table.add(last, 300, size(399), nil)
        let words = _Measurements.words(last)!
        let before = (0..<400).map { table.size(text($0), 300) }
        let lastBefore = table.lastHit(words, 300)
        table.grow(to: 2 * _Measurements.initialSlotCount)
        #expect(table.places.count == 2 * _Measurements.initialSlotCount)
        for k in 0..<400 {
            let after = table.size(text(k), 300)
            #expect(after?.size == before[k]?.size)
            #expect(after?.baselines?.first == before[k]?.baselines?.first)
            #expect(after?.baselines?.last == before[k]?.baselines?.last)
        }
        #expect(table.lastHit(words, 300)?.size == lastBefore?.size)
    }

    /// Texts 0 to `texts` looked up in `table` at `width`, `rounds` times
    /// over, each found with its size or added where missed: the misses of
    /// each round.
    static func missesByRound(
        _ table: inout _Measurements, texts: Int, rounds: Int, width: Double,
        text: (Int) -> StackTree.Text, size: (Int) -> Size
    ) -> [Int] {
        var missedInRound: [Int] = []
        for _ in 0..<rounds {
            var missed = 0
            for k in 0..<texts {
                if let known = table.size(text(k), width) {
                    #expect(known.size == size(k))
                } else {
                    table.add(text(k), width, size(k), nil)
                    missed += 1
                }
            }
            missedInRound.append(missed)
        }
        return missedInRound
    }

    /// A table grown for a list coming back to its texts finds nearly all
    /// of them from the next round on: it is grown to twice the places
    /// that would have held them, since a group of eight places overflows
    /// long before every place is taken (a list cycling through 3,000
    /// texts in a table of 4,096 places missed about one in nine, every
    /// round).
    @Test func aGrownTableFindsNearlyEveryTextOfTheList() {
        let size = { (k: Int) in Size(width: Double(k) + 0.5, height: 20) }
        let text = { (k: Int) in StackTree.Text.plain("Row \(k) of a list laid out again") }
        for count in [3000, 6000, 10000] {
            var table = _Measurements()
            let missedInRound = Self.missesByRound(
                &table, texts: count, rounds: 6, width: 320, text: text, size: size)
            // From the fourth round on, fewer than one text in a hundred missed.
            #expect(
                missedInRound[3...].allSatisfy { $0 * 100 < count }, "\(count): \(missedInRound)")
            #expect(table.places.count <= _Measurements.maximumSlotCount)
        }
    }
}
