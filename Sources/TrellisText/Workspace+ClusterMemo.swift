// The clusters of the last long pieces `shape` kept clusters for with
// HarfBuzz's help (a run of them shaped by HarfBuzz), so that a piece wider
// than the line is not shaped again each time it is broken between its
// clusters: right after `prepare` measured it (it keeps the clusters of a
// long piece it shapes alone), and in later texts that hold it. On 5,000
// English rows, 66 such shapings of pieces such as
// "<199710221937.MAA25131@wall.org>" cost HarfBuzz 12 M instructions.

#if canImport(Glibc)
    import Glibc
#endif

/// Up to `capacity` results of `shape(…, keepClusters: true)` for ranges of
/// at least `minimumLength` bytes: each keyed by the range's bytes, where
/// its trailing whitespace starts, its direction and the faces it was
/// shaped with, which decide the result (the same bytes give the same
/// glyphs and clusters, whichever text holds them, as the word cache
/// relies on); cluster starts relative to the range.
struct _ClusterMemo {
    static let minimumLength = 16
    static let capacity = 16

    struct Entry {
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
    /// How many entries the memo holds.
    var count: Int { entries.count }
    /// Where the next entry goes once `entries` is full.
    private var next = 0

    /// The trailing whitespace start of `range` as the memo keys it.
    @inline(__always)
    static func trailing(_ range: Range<Int>, _ trailingStart: Int) -> Int {
        min(max(trailingStart, range.lowerBound), range.upperBound) - range.lowerBound
    }

    func entry(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace]
    ) -> Entry? {
        let trailing = _ClusterMemo.trailing(range, trailingStart)
        for entry in entries
        where entry.bytes.count == range.count && entry.trailing == trailing && entry.rtl == rtl
            && entry.faceIDs.count == faces.count
        {
            let same = entry.bytes.withUnsafeBufferPointer {
                memcmp($0.baseAddress!, text.baseAddress! + range.lowerBound, range.count) == 0
            }
            guard same, entry.faceIDs.indices.allSatisfy({ entry.faceIDs[$0] == faces[$0].id })
            else { continue }
            return entry
        }
        return nil
    }

    mutating func insert(_ entry: Entry) {
        if entries.count < _ClusterMemo.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % _ClusterMemo.capacity
        }
    }
}

extension _Workspace {
    /// Fills the cluster arrays from the memo's result for `range`, if it
    /// has one, and returns its measure.
    func memoizedClusters(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace]
    ) -> _PieceMeasure? {
        guard range.count >= _ClusterMemo.minimumLength,
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
        guard range.count >= _ClusterMemo.minimumLength else { return }
        let base = Int32(range.lowerBound)
        clusterMemo.insert(
            _ClusterMemo.Entry(
                bytes: Array(UnsafeBufferPointer(rebasing: text[range])),
                trailing: _ClusterMemo.trailing(range, trailingStart), rtl: rtl,
                faceIDs: faces.map(\.id), measure: measure,
                starts: clusterStarts.map { $0 - base }, ems: clusterEms,
                missing: clusterMissing, faces: clusterFaces))
    }
}
