// The one way every Trellis parser says where in its input a problem is:
// template files, layout files, data rows, constraint strings, the Visual
// Format Language, markup and frame-tree text.

/// A place in a text: a 1-based line and a 1-based column, printed
/// `line:column` as compilers print it (`cell.json:14:9: …`).
///
/// Lines end at a line feed (U+000A; a carriage return before it belongs to
/// the line). Columns count Unicode scalars: the unit the JSON reader, the
/// constraint-string reader and the markup reader all step through, and one
/// that does not change with the Unicode version's grapheme rules. A
/// position one past the last scalar of a line ("at the end") is valid.
///
///     let position = SourcePosition(scalarOffset: 7, in: "H:|-[a\n][b]")
///     // position.description == "2:1"
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Line 1, column 1: the first scalar of a text.
    public static let start = SourcePosition(line: 1, column: 1)

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The position of the scalar at the 0-based `offset` in `scalars`;
    /// an offset at or past the end gives the position after the last scalar.
    ///
    /// - Complexity: O(`offset`).
    public init<Scalars: Sequence<Unicode.Scalar>>(scalarOffset offset: Int, in scalars: Scalars) {
        var position = SourcePosition.start
        for (index, scalar) in scalars.enumerated() {
            if index >= offset { break }
            position.step(pastLineFeed: scalar == "\n")
        }
        self = position
    }

    /// The position of the scalar at the 0-based `offset` in `text`.
    ///
    /// - Complexity: O(`offset`).
    public init(scalarOffset offset: Int, in text: String) {
        self.init(scalarOffset: offset, in: text.unicodeScalars)
    }

    /// The position of the scalar whose UTF-8 encoding starts at the 0-based
    /// byte `offset` of `utf8` (an offset inside a scalar counts as that
    /// scalar's position; at or past the end, the position after the last).
    ///
    /// - Complexity: O(`offset`).
    public init<Bytes: Sequence<UInt8>>(utf8Offset offset: Int, in utf8: Bytes) {
        var position = SourcePosition.start
        // The lead byte of the scalar that starts before `offset` and has not
        // been stepped past yet; scalars are counted at their lead bytes.
        var pending: UInt8?
        var reachedEnd = true
        for (index, byte) in utf8.enumerated() where byte & 0xC0 != 0x80 {
            if index > offset {  // `offset` is inside the pending scalar
                reachedEnd = false
                break
            }
            if let lead = pending { position.step(pastLineFeed: lead == 0x0A) }
            pending = nil
            if index == offset {
                reachedEnd = false
                break
            }
            pending = byte
        }
        if reachedEnd, let lead = pending { position.step(pastLineFeed: lead == 0x0A) }
        self = position
    }

    /// Where `inner`, a position in a text that starts just after the
    /// character at `self` (a string's opening quote in a file), lies in the
    /// enclosing text: the first scalar of the inner text is one column to
    /// the right of `self`.
    ///
    ///     SourcePosition(line: 14, column: 9).locating(SourcePosition(line: 1, column: 3))
    ///     // 14:12
    public func locating(_ inner: SourcePosition) -> SourcePosition {
        inner.line == 1
            ? SourcePosition(line: line, column: column + inner.column)
            : SourcePosition(line: line + inner.line - 1, column: inner.column)
    }

    /// Moves past one scalar: to the next line after a line feed, else one
    /// column right.
    @inline(__always)
    mutating func step(pastLineFeed: Bool) {
        if pastLineFeed {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
}
