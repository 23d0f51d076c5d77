// A workspace prepares one text after another. The arrays a prepared text
// is made of (its pieces, or a plain paragraph's compact block and cluster
// counts) are written over the storage the text before left, when it left
// some, instead of being allocated and freed a text at a time: the pieces
// array a plain paragraph does not keep, always; a text's own arrays when
// a measurer that keeps no prepared texts (`trellis measure`, which
// measures each text once) drops it (`TextMeasurer._withLines`). About
// 700 instructions of a one-letter row's 7,600 in `trellis measure`.
// Storage for more than `sparePiecesCapacity` pieces is not kept: one
// long text must not leave the workspace holding its arrays.

extension _Workspace {
    /// The most pieces whose storage a workspace keeps (a piece takes 48
    /// bytes in a pieces array, 2.5 doubles in a compact block and 2
    /// counts beside it).
    static let sparePiecesCapacity = 4_096

    /// The pieces array the last text left for reuse, or a new empty one
    /// (the caller writes over it).
    @inline(__always)
    func takeSparePieces() -> [_Piece] {
        var pieces: [_Piece] = []
        swap(&pieces, &sparePieces)
        return pieces
    }

    /// `_PreparedText.init` of these parts (its missing clusters' source
    /// left for the caller to set), its compact form written over the
    /// storage the last text dropped left; the pieces array a plain
    /// paragraph does not keep stays for the next text (`takeSparePieces`).
    func makePrepared(
        text: String, fonts: FontCollection, pieces: [_Piece],
        bidiRuns: [(end: Int32, level: UInt8)]
    ) -> _PreparedText {
        var block: [Double] = []
        swap(&block, &spareBlock)
        var clusters: [Int32] = []
        swap(&clusters, &spareClusters)
        let prepared = _PreparedText(
            text: text, fonts: fonts, pieces: pieces, bidiRuns: bidiRuns,
            compactingPlainParagraphs: usesPlainParagraphs,
            block: consume block, clusters: consume clusters)
        if prepared.isPlainParagraph && pieces.capacity <= Self.sparePiecesCapacity {
            sparePieces = pieces
        }
        return prepared
    }

    /// Keeps the arrays of `prepared`, measured and about to be dropped,
    /// for the next text, when nothing else holds it (a layout made from
    /// it may): once the caller drops it, the workspace holds them alone.
    @inline(__always)
    func recycle(_ prepared: inout _PreparedText) {
        guard prepared.styles == nil, isKnownUniquelyReferenced(&prepared) else { return }
        let storage = prepared.storage
        let limit = Self.sparePiecesCapacity
        if storage.pieces.capacity <= limit, !storage.pieces.isEmpty {
            sparePieces = storage.pieces
        }
        if storage.block.capacity <= 3 * limit { spareBlock = storage.block }
        if storage.clusters.capacity <= 2 * limit { spareClusters = storage.clusters }
    }
}
