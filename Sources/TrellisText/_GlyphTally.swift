// A run's glyph advances summed into a piece measure (single-piece and
// batched shaping).

/// Sums a run's glyph advances into a piece measure: advances in ems, split
/// at `trailingStart` into the word and its hanging whitespace, and
/// character clusters counted on each side (for letter spacing). Shared by
/// single-piece and batched shaping, so both add the same numbers in the same order.
struct _GlyphTally {
    let perUnit: Double
    var wordEm = 0.0
    var spaceEm = 0.0
    var wordClusters: Int32 = 0
    var spaceClusters: Int32 = 0
    var missing: Int32 = 0
    var previousCluster: UInt32 = .max
    /// Whether the last glyph added began a new cluster.
    var isNewCluster = false

    init(perUnit: Double) { self.perUnit = perUnit }

    /// Adds one glyph (in the buffer's order) and returns its advance in ems.
    @inline(__always)
    mutating func add(cluster: UInt32, advance: Int32, isMissing: Bool, trailingStart: Int)
        -> Double
    {
        let advance = Double(advance) * perUnit
        isNewCluster = cluster != previousCluster
        // Counts of a piece's glyphs: far from overflowing.
        if isMissing && isNewCluster { missing &+= 1 }
        if Int(cluster) >= trailingStart {
            spaceEm += advance
            if isNewCluster { spaceClusters &+= 1 }
        } else {
            wordEm += advance
            if isNewCluster { wordClusters &+= 1 }
        }
        previousCluster = cluster
        return advance
    }

    func addTo(_ measure: inout _PieceMeasure) {
        measure.wordEm += wordEm
        measure.spaceEm += spaceEm
        measure.wordClusters += wordClusters
        measure.spaceClusters += spaceClusters
        measure.missingGlyphs += missing
    }
}
