// SourcePosition: 1-based lines and columns in Unicode scalars, the one
// convention of every parser's errors.

import Testing
import TrellisData

@Suite struct SourcePositionTests {
    @Test func printsLineColonColumn() {
        #expect(SourcePosition(line: 14, column: 9).description == "14:9")
        #expect(SourcePosition.start.description == "1:1")
    }

    @Test(arguments: [
        (0, 1, 1), (2, 1, 3),
        // The line feed itself is the last column of line 1.
        (3, 1, 4), (4, 2, 1),
        // "é" is one scalar; the "\r" before a line feed belongs to its line.
        (5, 2, 2), (6, 2, 3), (7, 2, 4), (8, 3, 1),
        // At or past the end: after the last scalar.
        (9, 3, 2), (99, 3, 2),
    ])
    func scalarOffsetsBecomeLinesAndColumns(offset: Int, line: Int, column: Int) {
        #expect(
            SourcePosition(scalarOffset: offset, in: Self.text)
                == SourcePosition(line: line, column: column))
    }

    /// Scalars: a b c \n x é \r \n z (9); UTF-8 bytes: é is two.
    static let text = "abc\nxé\r\nz"

    @Test func utf8OffsetsAgreeWithScalarOffsets() {
        let text = Self.text + "🙂 end"
        var byte = 0
        for (scalarIndex, scalar) in text.unicodeScalars.enumerated() {
            let expected = SourcePosition(scalarOffset: scalarIndex, in: text)
            let width = String(scalar).utf8.count
            // Every byte of a scalar, lead or continuation, is that scalar's place.
            for inside in 0..<width {
                #expect(SourcePosition(utf8Offset: byte + inside, in: Array(text.utf8)) == expected)
            }
            byte += width
        }
        let end = SourcePosition(scalarOffset: text.unicodeScalars.count, in: text)
        #expect(SourcePosition(utf8Offset: byte, in: Array(text.utf8)) == end)
        #expect(SourcePosition(utf8Offset: 0, in: [UInt8]()) == .start)
    }

    @Test func locatingPlacesAStringsPositionsAfterItsQuote() {
        // "cover.top == 16" whose opening quote is at 14:9: the string's
        // first character is at 14:10, its column 3 at 14:12.
        let quote = SourcePosition(line: 14, column: 9)
        #expect(quote.locating(.start) == SourcePosition(line: 14, column: 10))
        #expect(
            quote.locating(SourcePosition(line: 1, column: 3))
                == SourcePosition(line: 14, column: 12))
        #expect(
            quote.locating(SourcePosition(line: 2, column: 3))
                == SourcePosition(line: 15, column: 3))
    }

    @Test func ordersByLineThenColumn() {
        #expect(SourcePosition(line: 1, column: 80) < SourcePosition(line: 2, column: 1))
        #expect(SourcePosition(line: 2, column: 1) < SourcePosition(line: 2, column: 2))
    }
}
