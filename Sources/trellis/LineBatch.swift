// The lines `trellis heights` and `trellis measure` read, a batch at a
// time, for the library's ordered parallel pipeline (TrellisSupport's
// `runBatchPipeline`).

import TrellisData
import TrellisSupport

/// The lines of one batch, copied out of the reader.
struct LineBatch {
    /// A row as read: its input index (the output's `row`), its line in the
    /// file, and where its bytes are in `bytes`.
    struct Line {
        var index: Int
        var line: Int
        var range: Range<Int>
    }

    private(set) var bytes: [UInt8] = []
    private(set) var lines: [Line] = []

    var count: Int { lines.count }
    var isEmpty: Bool { lines.isEmpty }

    mutating func append(index: Int, line: Int, _ text: ArraySlice<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        lines.append(Line(index: index, line: line, range: start..<bytes.count))
    }
}

extension LineBatch: PipelineBatch {}

/// The lines of one batch of `trellis measure`: ranges of one block of the
/// input, which the batch shares with the reader rather than copying them
/// (`LineBlockReader`).
struct BlockBatch: PipelineBatch {
    /// The block the lines lie in (nil while there are none).
    var block: LineBlock?
    var lines: [LineBatch.Line] = []

    var count: Int { lines.count }

    /// The block's bytes up to the end of the last line (read before the
    /// batch was made; the reader may be adding bytes after them).
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: block?.bytes, count: lines.last?.range.upperBound ?? 0)
    }
}
