// The word-width cache as callers size and count it.

extension TextMeasurer {
    /// Makes room in the word cache for about `pieces` distinct pieces at
    /// once, where its tables would otherwise double their way there, each
    /// step leaving the smaller table behind (5,000 rows of Russian prose,
    /// 35,621 pieces: 4 MB of tables and 4 MB freed on the way). For a
    /// caller that knows how much text comes (`trellis measure`, from its
    /// input's size); measurements do not depend on it.
    package func _reserveWordCache(pieces: Int) { words.reserve(pieces: pieces) }

    /// Number of distinct pieces in the word-width cache.
    public var cachedWordCount: Int { words.count }
}
