// Where the kern model's loop (`_kernOnlyMeasure`) puts each character's
// cluster: nowhere when it only measures, or into arrays when a piece wider
// than the line must be broken between clusters. The loop is generic over
// the sink, so measuring alone is specialised without a cluster in it.

protocol _ClusterSink {
    /// Whether the loop gives a glyph that repeats the pair before it (the
    /// same glyph, followed by the same glyph or by none alike) the advance
    /// worked out for that pair, without asking its plan and kerning again
    /// (`_kernOnlyMeasure`): where clusters are kept, for the long pieces
    /// of box drawing ("────────┤") broken between clusters.
    static var stepsOverRepeats: Bool { get }
    /// One cluster of the modelled run: its byte offset and its advance
    /// in ems, as `_GlyphTally.add` returned it.
    mutating func keep(cluster: UInt32, em: Double)
    /// Forgets the clusters kept so far (the run is measured again).
    mutating func reset()
}

/// Keeps nothing: the loop that only measures.
struct _DroppedClusters: _ClusterSink {
    static var stepsOverRepeats: Bool { false }
    @inline(__always)
    mutating func keep(cluster: UInt32, em: Double) {}
    @inline(__always)
    mutating func reset() {}
}

/// Keeps each cluster; the workspace appends them once the whole run is
/// known to be modelled (nothing when the model gives up on it). Kept in
/// memory of its own, not the workspace's arrays: appending to those costs
/// an exclusivity check each, and moving them in and out for the run eight
/// (most runs asked for clusters are short, and many are refused). The
/// memory is the caller's, room for one cluster per byte of the run (a
/// character is at least a byte): appending to arrays of its own called
/// Array's growth checks twice a character (the box-drawing tables of
/// 5,000 Chinese rows keep 28,800 clusters).
struct _KeptClusters: _ClusterSink {
    static var stepsOverRepeats: Bool { true }
    let starts: UnsafeMutableBufferPointer<Int32>
    let ems: UnsafeMutableBufferPointer<Double>
    private(set) var count = 0

    init(starts: UnsafeMutableBufferPointer<Int32>, ems: UnsafeMutableBufferPointer<Double>) {
        self.starts = starts
        self.ems = ems
    }

    @inline(__always)
    mutating func keep(cluster: UInt32, em: Double) {
        // (Unchecked writes below: a run giving more clusters than its
        // bytes would write past the caller's memory.)
        precondition(count < starts.count, "more clusters than bytes in a run")
        starts[count] = Int32(truncatingIfNeeded: cluster)
        ems[count] = em
        count += 1
    }

    mutating func reset() { count = 0 }

    /// The clusters kept so far.
    var keptStarts: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(rebasing: starts[..<count])
    }
    var keptEms: UnsafeBufferPointer<Double> { UnsafeBufferPointer(rebasing: ems[..<count]) }
}
