// The widths of a shape that no row's texts can change, worked out once per
// width and replayed for the shape's later rows: the first step of a
// compiled per-shape plan (record what the general planner decides, replay
// it for rows of the same shape).

import TrellisGeometry

/// What the widths pass gave for one shape (hidden flags and empty texts)
/// at the widths met, when they follow from the shape alone (`applies`).
struct _WidthRecord {
    /// Whether the shape's record is made yet (`applies` read). (Not an
    /// optional record: read through an optional, the whole record was
    /// copied, its arrays retained, to read one field.)
    var made = false
    /// Whether every view's width and x follow from required constraints
    /// and the cell's width alone but in `free` (`_DirectPlan.textWidthSubtrees`).
    var applies = false
    /// The subtrees (a stack and its views, as node ranges) whose widths
    /// follow the texts, worked out again on every row (`replayWidths`);
    /// empty: every width is replayed.
    var free: [Range<Int>] = []
    /// Each width met (by its bits): every node's x and width, or the
    /// refusal the pass threw (and no frames). (Not a `Result`: a read of
    /// its frames in place copied the result, retaining them.)
    var entries:
        [(width: UInt64, frames: [(x: Double, width: Double)], refusal: _StackCostError?)] = []
    var next = 0

    /// The place of `width`'s entry in `entries` (its widths compared in
    /// place: a loop over the entries copied each, retaining its result).
    func place(_ width: Double) -> Int? {
        let bits = width.bitPattern
        return entries.withUnsafeBufferPointer { entries in
            for k in entries.indices where entries[k].width == bits { return k }
            return nil
        }
    }

    /// Writes the x and width of every node as the entry of `width`
    /// holds them into `nodes` (as many as the entry's), or gives its
    /// refusal; nil where no entry is of `width`. (The entries read in
    /// place: a copy of an entry retained its frames.)
    func replay(_ width: Double, into nodes: UnsafeMutableBufferPointer<_DirectNode>)
        -> Result<Void, _StackCostError>?
    {
        guard let place = place(width) else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            if let refusal = entries[place].refusal { return .failure(refusal) }
            entries[place].frames.withUnsafeBufferPointer { frames in
                precondition(frames.count == nodes.count)
                for index in nodes.indices {
                    nodes[index].x = frames[index].x
                    nodes[index].width = frames[index].width
                }
            }
            return .success(())
        }
    }

    /// Keeps the last four widths (a list is laid out at one or two).
    mutating func record(
        _ width: Double, _ result: Result<[(x: Double, width: Double)], _StackCostError>
    ) {
        let entry: (width: UInt64, frames: [(x: Double, width: Double)], refusal: _StackCostError?)
        switch result {
        case .success(let frames): entry = (width.bitPattern, frames, nil)
        case .failure(let refusal): entry = (width.bitPattern, [], refusal)
        }
        if entries.count < 4 {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % 4
        }
    }
}

extension _LanePlan {
    /// Whether the widths pass at `width` will be replayed (so labels of
    /// several lines need not be measured on one line first: only the
    /// widths pass reads that length).
    /// (Mutating: a method of the plan that is not, called from one that
    /// is, copied the whole plan first.)
    mutating func replaysWidths(at width: Double) -> Bool {
        guard replayingWidths, checking == nil, lastShape < widthRecords.count else {
            return false
        }
        return widthRecords[lastShape].applies && widthRecords[lastShape].place(width) != nil
    }

    /// The widths pass (`solveWidths`) for a shape whose widths follow
    /// from the shape alone: the x and width of every node as the general
    /// pass gave them at this width for the shape's first row (or its
    /// refusal), else the general pass, recorded. True when the widths
    /// were set (or the refusal thrown) here.
    ///
    /// Where a stack's views share its width by their texts (`PostCell.json`'s
    /// name, handle and time) but the stack's own width is fixed, only that
    /// stack's views are worked out again (`solveTextWidths`).
    ///
    /// Exact: where every view's width is fixed by required constraints
    /// (vertical stacks that fill, fill-equally stacks, filling stacks of
    /// fixed boxes and one other view, which takes the rest:
    /// `takeTheRest`), and no label's width is bounded by a required
    /// hugging or compression resistance, the general pass computes every
    /// x and width from the cell's width, margins, spacing and fixed sizes
    /// only, with the same operations in the same order whatever the
    /// texts: the same bits in every row of the shape. Anything else (a
    /// view that could give way, baselines, proportions, equal spacing,
    /// hidden views placed by their own lengths, the passes the engine
    /// checks) leaves the shape to the general pass in every row.
    mutating func replayWidths(_ width: Double, _ insets: EdgeInsets) throws(_StackCostError)
        -> Bool
    {
        guard replayingWidths, checking == nil else { return false }
        if widthRecords.count <= lastShape {
            widthRecords.append(
                contentsOf: repeatElement(_WidthRecord(), count: lastShape + 1 - widthRecords.count)
            )
        }
        guard widthRecords[lastShape].made else {
            // A shape not met yet: is it one whose widths can be replayed?
            let free = textWidthSubtrees()
            widthRecords[lastShape] = _WidthRecord(
                made: true, applies: free != nil, free: free ?? [])
            return try replayWidths(width, insets)
        }
        guard widthRecords[lastShape].applies else { return false }
        let textWidths = !widthRecords[lastShape].free.isEmpty
        // (The shape's record read and the nodes written through their
        // buffers, the records taken out of the plan meanwhile: read
        // through `widthRecords[lastShape]`, the record's arrays were
        // retained; `nodes[index].x = …` checked the array's uniqueness.)
        let shape = lastShape
        var records: [_WidthRecord] = []
        swap(&records, &widthRecords)
        let replayed = records.withUnsafeBufferPointer { records in
            nodes.withUnsafeMutableBufferPointer { nodes in
                records[shape].replay(width, into: nodes)
            }
        }
        swap(&records, &widthRecords)
        if let replayed {
            try replayed.get()
            widthReplays += 1
            if textWidths { try solveTextWidths(widthRecords[lastShape].free, width, insets) }
            return true
        }
        do throws(_StackCostError) {
            try solveWidthsGenerally(width, insets)
        } catch {
            // (Where some widths follow the texts, so may a refusal.)
            if !textWidths { widthRecords[lastShape].record(width, .failure(error)) }
            throw error
        }
        widthRecords[lastShape].record(width, .success(nodes.map { (x: $0.x, width: $0.width) }))
        return true
    }
}
