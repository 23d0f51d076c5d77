// The widths that follow a row's texts (`solveTextWidths`), kept per shape
// by what they are made from: a header's share (`PostCell.json`'s name,
// handle and time) is worked out once for each combination of its views'
// widths met, and copied for every later row that brings the same.

import TrellisGeometry

/// What `solveTextWidths` gave for one shape, by its inputs: the cell's
/// width, the x and width of the subtree's stack (replayed), and the
/// intrinsic width of every label and button in the subtree, all by their
/// bits. Nothing else in a subtree's widths pass varies between rows of a
/// shape (hidden flags, priorities, spacing and fixed sizes are the
/// shape's; a label's or button's horizontal cost is made from its
/// intrinsic width alone, see `memoKey`; an image's or a box's width cost
/// from the shape alone), so a row of the same inputs gets the same x and
/// width for every node of the subtree, to the bit, without working them
/// out: the general arrangement is a function of those numbers.
/// Refusals are not kept (the general pass throws them again).
struct _TextWidthMemo {
    /// Entries kept per shape; the table is emptied when full (a list
    /// brings a few hundred combinations of a header's widths at most
    /// often, and many more only when its texts are all new).
    static let capacity = 4096

    var entries: [[UInt64]: [(x: Double, width: Double)]] = [:]
    /// The last key made (`_DirectPlan.textWidthKey`), its storage kept.
    var scratch: [UInt64] = []

    /// Keeps `frames` under the last key made (`scratch`).
    mutating func record(_ frames: [(x: Double, width: Double)]) {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[scratch] = frames
    }
}

extension _LanePlan {
    /// The inputs of subtree `number` (`subtree`) of the current shape at
    /// cell width `width`, as `_TextWidthMemo` keys them.
    func textWidthKey(
        _ number: Int, _ subtree: Range<Int>, _ width: Double, into key: inout [UInt64]
    ) {
        key.removeAll(keepingCapacity: true)
        let root = subtree.lowerBound
        key.append(UInt64(number))
        key.append(width.bitPattern)
        key.append(nodes[root].x.bitPattern)
        key.append(nodes[root].width.bitPattern)
        for index in subtree where nodes[index].kind == .label || nodes[index].kind == .button {
            key.append(nodes[index].intrinsic.width.bitPattern)
        }
    }

    /// Sets the subtree's x and width from the shape's memo when a row of
    /// the same inputs was worked out before; true when it did.
    mutating func replayTextWidths(_ number: Int, _ subtree: Range<Int>, _ width: Double) -> Bool {
        guard memoizingTextWidths else { return false }
        if textWidthMemos.count <= lastShape {
            textWidthMemos.append(
                contentsOf: repeatElement(
                    _TextWidthMemo(), count: lastShape + 1 - textWidthMemos.count))
        }
        // (The key's storage moved out and back: it is built in place.)
        var key: [UInt64] = []
        swap(&key, &textWidthMemos[lastShape].scratch)
        textWidthKey(number, subtree, width, into: &key)
        swap(&key, &textWidthMemos[lastShape].scratch)
        guard let frames = textWidthMemos[lastShape].entries[textWidthMemos[lastShape].scratch]
        else { return false }
        for (offset, index) in subtree.enumerated() {
            nodes[index].x = frames[offset].x
            nodes[index].width = frames[offset].width
        }
        textWidthMemoHits += 1
        return true
    }

    /// Keeps the subtree's x and width, just worked out, under the inputs
    /// `replayTextWidths` made its key of.
    mutating func recordTextWidths(_ subtree: Range<Int>) {
        guard memoizingTextWidths, lastShape < textWidthMemos.count else { return }
        let frames = subtree.map { (x: nodes[$0].x, width: nodes[$0].width) }
        textWidthMemos[lastShape].record(frames)
    }
}
