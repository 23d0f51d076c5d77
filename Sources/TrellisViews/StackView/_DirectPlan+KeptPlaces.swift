// The general widths solve's places kept from its last arrangement: a solve
// whose costs and root width are those of the last (a label measured again
// at its new width to the same intrinsic width) leaves them as they are.

/// The x and width of every node as the general widths solve last arranged
/// them (`_LanePlan.keepsHorizontalPlaces`), and what from.
struct _KeptPlaces {
    /// `_LanePlan.horizontalCostRuns` when they were arranged (the costs
    /// they follow are those that computation made or kept).
    var run = -1
    /// The shape whose costs they follow (`_LanePlan.lastShape`).
    var shape = -1
    /// Every node's x and width, two a node, by bits.
    var places: [UInt64] = []
}

extension _LanePlan {
    /// Whether every node's x and width are what `arrange(0, .horizontal)`
    /// would give now, the root's x and width set: the last general solve
    /// arranged them from the horizontal costs made in the computation
    /// before this one (`horizontalCostRuns`), of the same shape, and this
    /// one kept every cost (the root's memo is kept only where every view
    /// below it is: `computeCosts`), and every node's x and width,
    /// the root's among them, are still those it set, by bits (a row's
    /// nodes are cleared, a replay or the frame pass writes others).
    ///
    /// Exact: along the horizontal axis, `arrange` reads the root's x and
    /// width, the costs, the shape (visible views, gaps, margins, hidden
    /// flags, the tree's settings) and writes only x and width, so the
    /// same inputs give the same operations on the same numbers.
    mutating func keepsHorizontalPlaces() -> Bool {
        guard keptPlaces.run &+ 1 == horizontalCostRuns, keptPlaces.shape == lastShape,
            memos[0].kept.count == nodes.count, memos[0].kept[0],
            keptPlaces.places.count == 2 * nodes.count
        else { return false }
        // (Read through the buffers, as `heightKey(into:)` reads the nodes.)
        return nodes.withUnsafeBufferPointer { nodes in
            keptPlaces.places.withUnsafeBufferPointer { places in
                for index in nodes.indices {
                    guard places[2 * index] == nodes[index].x.bitPattern,
                        places[2 * index + 1] == nodes[index].width.bitPattern
                    else { return false }
                }
                return true
            }
        }
    }

    /// Keeps every node's x and width, just arranged from the current
    /// horizontal costs (`keepsHorizontalPlaces`).
    mutating func keepHorizontalPlaces() {
        keptPlaces.run = horizontalCostRuns
        keptPlaces.shape = lastShape
        if keptPlaces.places.count != 2 * nodes.count {
            keptPlaces.places = [UInt64](repeating: 0, count: 2 * nodes.count)
        }
        nodes.withUnsafeBufferPointer { nodes in
            keptPlaces.places.withUnsafeMutableBufferPointer { places in
                for index in nodes.indices {
                    places[2 * index] = nodes[index].x.bitPattern
                    places[2 * index + 1] = nodes[index].width.bitPattern
                }
            }
        }
    }
}
