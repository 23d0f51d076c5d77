// The clusters of pieces `shape` kept clusters for with HarfBuzz's help (a
// run of them shaped by HarfBuzz), so that a piece is not shaped again each
// time it is cut between its clusters or counted for missing glyphs: a long
// piece wider than the line, right after `prepare` measured it (it keeps the
// clusters of a long piece it shapes alone), and in later texts that hold
// it (on 5,000 English rows, 66 shapings of pieces such as
// "<199710221937.MAA25131@wall.org>" cost HarfBuzz 12 M instructions); an
// emoji or a character the fonts lack, in every text it comes back in.

#if canImport(Glibc)
    import Glibc
#endif

/// Up to `capacity` results of `shape(…, keepClusters: true)`, each keyed
/// by the range's bytes, where its trailing whitespace starts, its
/// direction and the faces it was shaped with, which decide the result (the
/// same bytes give the same glyphs and clusters, whichever text holds them,
/// as the word cache relies on); cluster starts relative to the range.
/// Found through a direct-mapped table by the key's hash (`_ByteKey`), the
/// entry checked against the key; the oldest entry is replaced once full.
/// Pieces of any length are kept: a piece cut between its clusters
/// (truncation, character wrapping) or counted for missing glyphs
/// (`missingClusters`) is often a short one whose runs need HarfBuzz (an
/// emoji, a character the font lacks), met again in other texts.
struct _ClusterMemo {
    /// The shortest piece `prepare` keeps the clusters of when it shapes it
    /// (a piece that may be wider than a line).
    static let minimumLength = 16
    static let capacity = 1024
    /// Places of the direct-mapped table (a power of two).
    static let places = 2048

    struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var trailing: Int
        var rtl: Bool
        var faceIDs: [Int]
        var measure: _PieceMeasure
        var starts: [Int32]
        var ems: [Double]
        var missing: [Bool]
        var faces: [Int32]
    }

    private var entries: [Entry] = []
    /// Each place's entry plus one (0: none), by the key's hash.
    private var slots = [Int32](repeating: 0, count: _ClusterMemo.places)
    /// How many entries the memo holds.
    var count: Int { entries.count }
    /// Where the next entry goes once `entries` is full.
    private var next = 0

    /// The trailing whitespace start of `range` as the memo keys it.
    @inline(__always)
    static func trailing(_ range: Range<Int>, _ trailingStart: Int) -> Int {
        min(max(trailingStart, range.lowerBound), range.upperBound) - range.lowerBound
    }

    @inline(__always)
    static func hash(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailing: Int, rtl: Bool
    ) -> UInt64 {
        _ByteKey(UnsafeRawBufferPointer(text), range, tag: UInt32(trailing) << 1 | (rtl ? 1 : 0))
            .hash
    }

    func entry(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace]
    ) -> Entry? {
        guard !entries.isEmpty else { return nil }
        let trailing = _ClusterMemo.trailing(range, trailingStart)
        let hash = _ClusterMemo.hash(text, range, trailing: trailing, rtl: rtl)
        let place = Int(slots[Int(truncatingIfNeeded: hash) & (_ClusterMemo.places - 1)])
        guard place > 0 else { return nil }
        let entry = entries[place - 1]
        guard entry.hash == hash, entry.bytes.count == range.count, entry.trailing == trailing,
            entry.rtl == rtl, entry.faceIDs.count == faces.count
        else { return nil }
        let same = entry.bytes.withUnsafeBufferPointer {
            memcmp($0.baseAddress!, text.baseAddress! + range.lowerBound, range.count) == 0
        }
        guard same, entry.faceIDs.indices.allSatisfy({ entry.faceIDs[$0] == faces[$0].id })
        else { return nil }
        return entry
    }

    mutating func insert(_ entry: Entry) {
        let place: Int
        if entries.count < _ClusterMemo.capacity {
            entries.append(entry)
            place = entries.count
        } else {
            entries[next] = entry
            place = next + 1
            next = (next + 1) % _ClusterMemo.capacity
        }
        // (A place still naming a replaced entry finds another hash there.)
        slots[Int(truncatingIfNeeded: entry.hash) & (_ClusterMemo.places - 1)] = Int32(place)
    }
}

extension _Workspace {
    /// Fills the cluster arrays from the memo's result for `range`, if it
    /// has one, and returns its measure.
    func memoizedClusters(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace]
    ) -> _PieceMeasure? {
        guard !range.isEmpty,
            let entry = clusterMemo.entry(
                text, range, trailingStart: trailingStart, rtl: rtl, faces: faces)
        else { return nil }
        let base = Int32(range.lowerBound)
        clusterStarts.append(contentsOf: entry.starts.lazy.map { $0 + base })
        clusterEms.append(contentsOf: entry.ems)
        clusterMissing.append(contentsOf: entry.missing)
        clusterFaces.append(contentsOf: entry.faces)
        return entry.measure
    }

    /// Puts the clusters `shape` has just left in logical order and, where
    /// `memoizes` (no trailing face of its own), keeps them in the memo.
    func _finishAndMemoizeClusters(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace], memoizes: Bool, measure: _PieceMeasure
    ) {
        _finishClusters(text, range, rtl: rtl)
        if memoizes {
            memoizeClusters(
                text, range, trailingStart: trailingStart, rtl: rtl, faces: faces,
                measure: measure)
        }
    }

    /// Keeps the clusters `shape` has just left in the cluster arrays for
    /// `range` (all of them: `shape` emptied the arrays first).
    func memoizeClusters(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace], measure: _PieceMeasure
    ) {
        guard !range.isEmpty else { return }
        let base = Int32(range.lowerBound)
        let trailing = _ClusterMemo.trailing(range, trailingStart)
        clusterMemo.insert(
            _ClusterMemo.Entry(
                hash: _ClusterMemo.hash(text, range, trailing: trailing, rtl: rtl),
                bytes: Array(UnsafeBufferPointer(rebasing: text[range])),
                trailing: trailing, rtl: rtl,
                faceIDs: faces.map(\.id), measure: measure,
                starts: clusterStarts.map { $0 - base }, ems: clusterEms,
                missing: clusterMissing, faces: clusterFaces))
    }
}
