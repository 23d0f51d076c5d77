// The one line splitter of JSON Lines input: data files read whole, and
// `trellis heights`/`measure` streaming any number of rows in chunks.

#if canImport(Glibc)
    import Glibc
#endif

/// Splits bytes into lines as they arrive, as a message decoder does: feed
/// it chunks (`append(contentsOf:)`, `read(upTo:using:)`), say when the
/// input ends (`finish()`), and take lines with `next()`.
///
/// A line ends at a line feed (U+000A); the line feed and a carriage
/// return just before it are not part of the line. The last line needs no
/// line feed. Lines are numbered from 1, blank ones included, so a number
/// is the line an editor shows.
///
/// A line longer than `maxLength` bytes is reported (`.tooLong`) as soon as
/// `maxLength + 2` bytes of it are held without a line break, so memory
/// stays bounded by the limit however long the line is.
public struct LineSplitter: Sendable {
    /// One line of the input.
    public enum Line: Sendable, Equatable {
        /// The line's 1-based number and bytes.
        case line(Int, ArraySlice<UInt8>)
        /// The line with this number is longer than `maxLength`.
        case tooLong(Int)
    }

    /// The most bytes a line may hold (without its line break).
    public let maxLength: Int
    /// The number of the last line returned.
    public private(set) var lineNumber = 0
    /// The bytes of the lines returned so far, line breaks included.
    public private(set) var consumed: UInt64 = 0
    /// Whether `finish()` was called: no more input comes.
    public private(set) var isFinished = false
    private var buffer: [UInt8] = []
    private var start = 0

    public init(maxLength: Int = .max) {
        self.maxLength = maxLength
    }

    /// Whether a line holds only spaces and tabs (or nothing): readers of
    /// JSON Lines skip it. Inlinable, so a reader in another module runs it
    /// specialized (generic, it cost ~1,300 instructions a line of 150 bytes
    /// on the thread that reads the input of `trellis heights`).
    @inlinable
    public static func isBlank(_ line: some Collection<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The next line, or nil when more input is needed (or, once finished,
    /// at the end).
    ///
    /// - Complexity: O(length of the line); the line feed is found with `memchr`.
    public mutating func next() -> Line? {
        if let newline = nextNewline() {
            var end = newline
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            let line = buffer[start..<end]
            consumed += UInt64(newline + 1 - start)
            start = newline + 1
            lineNumber += 1
            return line.count > maxLength ? .tooLong(lineNumber) : .line(lineNumber, line)
        }
        if buffer.count - start - 1 > maxLength {
            // No line break within the limit: refused without reading on.
            lineNumber += 1
            start = buffer.count
            return .tooLong(lineNumber)
        }
        guard isFinished, start < buffer.count else { return nil }
        var end = buffer.count
        if buffer[end - 1] == 0x0D { end -= 1 }
        let line = buffer[start..<end]
        consumed += UInt64(buffer.count - start)
        start = buffer.count
        lineNumber += 1
        return line.count > maxLength ? .tooLong(lineNumber) : .line(lineNumber, line)
    }

    /// Adds input after what is held (lines already returned are dropped).
    public mutating func append(contentsOf bytes: some Collection<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds up to `count` bytes that `read` writes into the buffer it is
    /// given (as POSIX `read` does), returning how many it wrote; 0 finishes
    /// the input. A negative result adds nothing and is returned.
    public mutating func read<Failure: Error>(
        upTo count: Int, using read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        compact()
        // Read into a new array of uninitialized bytes and append it (one
        // copy): zero-filling `count` bytes in the buffer and dropping what
        // was not read took 0.5 s a call in debug builds for a 1 MB chunk.
        var outcome: Result<Int, Failure> = .success(0)
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            outcome = Result { () throws(Failure) -> Int in
                try read(UnsafeMutableRawBufferPointer(bytes))
            }
            initialized = max(0, min((try? outcome.get()) ?? 0, count))
        }
        let result = try outcome.get()
        buffer.append(contentsOf: chunk)
        if result == 0 { isFinished = true }
        return result
    }

    /// Says that no more input comes: the bytes after the last line feed
    /// are the last line.
    public mutating func finish() {
        isFinished = true
    }

    /// Calls `body` with every line of `bytes` that is not blank, and its
    /// 1-based number.
    public static func forEachNonBlankLine<Failure: Error>(
        of bytes: some Collection<UInt8>, _ body: (ArraySlice<UInt8>, Int) throws(Failure) -> Void
    ) throws(Failure) {
        var splitter = LineSplitter()
        splitter.append(contentsOf: bytes)
        splitter.finish()
        while case .line(let number, let line)? = splitter.next() {
            if isBlank(line) { continue }
            try body(line, number)
        }
    }

    private mutating func compact() {
        guard start > 0 else { return }
        buffer.removeFirst(start)
        start = 0
    }

    /// The index of the next line feed in the buffer from `start`.
    private func nextNewline() -> Int? {
        buffer.withUnsafeBytes { bytes -> Int? in
            guard start < bytes.count, let base = bytes.baseAddress else { return nil }
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }
}
