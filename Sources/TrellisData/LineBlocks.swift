// Lines read into blocks that the batches holding them share: each byte of
// the input is copied once, by the read that brings it in (`trellis
// measure`, whose rows are measured where they were read).

#if canImport(Glibc)
    import Glibc
#endif

/// Bytes of input in one allocation, each written once: the reader adds
/// bytes after those read so far while other threads read lines before
/// them.
public final class LineBlock: @unchecked Sendable {
    /// The block's memory: `count` bytes read, the rest not yet written.
    private let memory: UnsafeMutableRawBufferPointer
    /// Bytes read into the block so far (written by the reader only).
    fileprivate var count = 0

    fileprivate init(capacity: Int) {
        memory = .allocate(byteCount: max(capacity, 1), alignment: 16)
    }

    deinit { memory.deallocate() }

    fileprivate var capacity: Int { memory.count }

    fileprivate var base: UnsafeMutableRawPointer { memory.baseAddress! }

    /// The block's first byte: a line's bytes are `bytes + range`, within
    /// what was read before the line was returned.
    public var bytes: UnsafePointer<UInt8> {
        UnsafePointer(base.assumingMemoryBound(to: UInt8.self))
    }
}

/// Splits input into lines as `LineSplitter` does (a line ends at a line
/// feed, a carriage return just before it is not part of it, the last line
/// needs none; lines are numbered from 1, blank ones included), reading the
/// input into `LineBlock`s: a block is filled as far as it holds, and a
/// line it cannot hold goes to a new block (the part already read copied
/// there), so that each line lies in one block and most bytes are copied
/// only by the read itself. No line is too long (use `LineSplitter` for a
/// limit).
public struct LineBlockReader {
    /// The block of the line returned last (and of the next one, unless it
    /// needs a new block).
    public private(set) var block: LineBlock
    /// Where the next line begins in `block`.
    private var start = 0
    /// The number of the last line returned.
    public private(set) var lineNumber = 0
    /// Whether the input has ended (a read gave 0 bytes).
    public private(set) var isFinished = false
    /// The bytes of each block after the first (more when a line needs it).
    private let blockSize: Int

    /// - Parameters:
    ///   - firstBlockSize: bytes the first block holds (for a file, what is
    ///     left of it plus one, so that its end is found in one block).
    ///   - blockSize: bytes each later block holds.
    public init(firstBlockSize: Int, blockSize: Int = 1 << 20) {
        block = LineBlock(capacity: firstBlockSize)
        self.blockSize = max(blockSize, 1)
    }

    /// The next line: its number and its range in `block`; nil at the end
    /// of the input, or, with `stayingInBlock`, when the next line needs a
    /// new block (the next call without it moves there). `read` writes up
    /// to the buffer's count of bytes into it and returns how many (0 at the
    /// end of the input), as POSIX `read` does.
    public mutating func next<Failure: Error>(
        stayingInBlock: Bool = false,
        read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> (number: Int, range: Range<Int>)? {
        while true {
            let available = block.count
            if start < available,
                let found = memchr(block.base + start, 0x0A, available - start)
            {
                let end = block.base.distance(to: found)
                return take(upTo: end, next: end + 1)
            }
            if isFinished {
                guard start < available else { return nil }
                return take(upTo: available, next: available)
            }
            if block.count == block.capacity {
                if stayingInBlock { return nil }
                let rest = available - start
                let next = LineBlock(capacity: max(blockSize, 2 * rest))
                if rest > 0 { next.base.copyMemory(from: block.base + start, byteCount: rest) }
                next.count = rest
                block = next
                start = 0
            }
            let room = UnsafeMutableRawBufferPointer(
                start: block.base + block.count, count: block.capacity - block.count)
            let added = try read(room)
            if added <= 0 {
                isFinished = true
            } else {
                block.count += min(added, room.count)
            }
        }
    }

    /// The line from `start` to `end` (a carriage return before `end` left
    /// out); the next one begins at `next`.
    private mutating func take(upTo end: Int, next: Int) -> (number: Int, range: Range<Int>) {
        var last = end
        if last > start, block.bytes[last - 1] == 0x0D { last -= 1 }
        let range = start..<last
        start = next
        lineNumber += 1
        return (lineNumber, range)
    }
}
