// Where the kern model's loop (`_kernOnlyMeasure`) puts each character's
// cluster: nowhere when it only measures, or into arrays when a piece wider
// than the line must be broken between clusters. The loop is generic over
// the sink, so measuring alone is specialised without a cluster in it.

protocol _ClusterSink {
    /// One cluster of the modelled run: its byte offset and its advance
    /// in ems, as `_GlyphTally.add` returned it.
    mutating func keep(cluster: UInt32, em: Double)
}

/// Keeps nothing: the loop that only measures.
struct _DroppedClusters: _ClusterSink {
    @inline(__always)
    mutating func keep(cluster: UInt32, em: Double) {}
}

/// Keeps each cluster; the workspace appends them once the whole run is
/// known to be modelled (nothing when the model gives up on it). Kept in
/// arrays of its own, not the workspace's: appending to those costs an
/// exclusivity check each, and moving them in and out for the run eight
/// (most runs asked for clusters are short, and many are refused).
struct _KeptClusters: _ClusterSink {
    var starts: [Int32] = []
    var ems: [Double] = []

    @inline(__always)
    mutating func keep(cluster: UInt32, em: Double) {
        starts.append(Int32(truncatingIfNeeded: cluster))
        ems.append(em)
    }
}
