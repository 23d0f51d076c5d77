// The one line splitter: JSON Lines' rules (jsonlines.org: "the line
// separator is '\n'", "'\r\n' is also supported because surrounding
// white space is implicitly ignored when parsing JSON values"; the last
// line may end without one), fed whole or a byte at a time.

import Testing
import TrellisData

@Suite struct LineSplitterTests {
    /// Every line of `text` fed in chunks of `chunk` bytes.
    static func lines(_ text: String, chunk: Int, maxLength: Int = .max) -> [LineSplitter.Line] {
        var splitter = LineSplitter(maxLength: maxLength)
        var result: [LineSplitter.Line] = []
        var rest = Array(text.utf8)[...]
        while true {
            while let line = splitter.next() {
                result.append(line)
                if case .tooLong = line { return result }
            }
            if splitter.isFinished { return result }
            if rest.isEmpty {
                splitter.finish()
            } else {
                splitter.append(contentsOf: rest.prefix(chunk))
                rest = rest.dropFirst(chunk)
            }
        }
    }

    static func texts(_ lines: [LineSplitter.Line]) -> [String] {
        lines.map {
            switch $0 {
            case .line(let number, let bytes): "\(number):" + String(decoding: bytes, as: UTF8.self)
            case .tooLong(let number): "\(number):too long"
            }
        }
    }

    @Test(arguments: [1, 2, 3, 1 << 16])
    func splitsAtLineFeedsDroppingACarriageReturnBefore(chunk: Int) {
        let text = "{\"a\": 1}\r\n\n  \n{\"b\": \"x\ry\"}\n{\"c\": 3}"
        #expect(
            Self.texts(Self.lines(text, chunk: chunk)) == [
                "1:{\"a\": 1}", "2:", "3:  ", "4:{\"b\": \"x\ry\"}", "5:{\"c\": 3}",
            ])
    }

    @Test func aFinalLineFeedEndsTheLastLineWithoutAnotherOne() {
        #expect(Self.texts(Self.lines("a\nb\n", chunk: 1)) == ["1:a", "2:b"])
        #expect(Self.texts(Self.lines("", chunk: 1)) == [])
        #expect(Self.texts(Self.lines("\r", chunk: 1)) == ["1:"])
    }

    @Test(arguments: [1, 4, 100])
    func aLineOverTheLimitIsReportedWithItsNumber(chunk: Int) {
        // "abcd" fits a limit of 4 (its "\r" is not part of it); "abcdef" does not.
        #expect(
            Self.texts(Self.lines("abcd\r\nabcdef\nz", chunk: chunk, maxLength: 4)) == [
                "1:abcd", "2:too long",
            ])
        #expect(
            Self.texts(Self.lines("ab\nabcdefgh", chunk: chunk, maxLength: 4)) == [
                "1:ab", "2:too long",
            ])
    }

    @Test func anUnendedLongLineIsRefusedBeforeItIsAllRead() {
        var splitter = LineSplitter(maxLength: 4)
        splitter.append(contentsOf: Array("abcdef".utf8))  // 6 bytes > 4 + "\r\n", no line feed
        #expect(splitter.next() == .tooLong(1))
        #expect(!splitter.isFinished)
    }

    @Test func countsTheBytesOfTheLinesReturned() {
        var splitter = LineSplitter()
        splitter.append(contentsOf: Array("ab\r\ncd\nef".utf8))
        _ = splitter.next()
        #expect(splitter.consumed == 4)
        _ = splitter.next()
        #expect(splitter.consumed == 7)
        #expect(splitter.next() == nil)  // "ef" may go on
        splitter.finish()
        _ = splitter.next()
        #expect(splitter.consumed == 9)
    }

    @Test func readsFromAFunctionAsPOSIXReadDoes() {
        var splitter = LineSplitter()
        var source = Array("one\ntwo".utf8)[...]
        var lines: [String] = []
        while true {
            if let line = splitter.next() {
                if case .line(_, let bytes) = line {
                    lines.append(String(decoding: bytes, as: UTF8.self))
                }
                continue
            }
            if splitter.isFinished { break }
            let count = splitter.read(upTo: 3) { buffer -> Int in
                let part = source.prefix(buffer.count)
                buffer.copyBytes(from: part)
                source = source.dropFirst(part.count)
                return part.count
            }
            #expect(count >= 0)
        }
        #expect(lines == ["one", "two"])
        // A failed read adds nothing and does not end the input.
        var failing = LineSplitter()
        #expect(failing.read(upTo: 8) { _ in -1 } == -1)
        #expect(!failing.isFinished && failing.next() == nil)
    }

    @Test func skipsBlankLinesButCountsThem() {
        var seen: [String] = []
        LineSplitter.forEachNonBlankLine(of: Array("a\n \t\n\nb\r\n".utf8)) { line, number in
            seen.append("\(number):" + String(decoding: line, as: UTF8.self))
        }
        #expect(seen == ["1:a", "4:b"])
        #expect(LineSplitter.isBlank(Array(" \t".utf8)) && !LineSplitter.isBlank(Array(" x".utf8)))
    }
}
