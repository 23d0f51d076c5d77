// `LineBlockReader` (the input of `trellis measure`) against `LineSplitter`,
// the one line splitter of JSON Lines input: the same lines, numbers and
// bytes, whatever the block sizes and however the reads are cut.

import Testing
import TrellisData
import TrellisSupport

@Suite struct LineBlockReaderTests {
    /// `text`'s lines as `LineSplitter` gives them, fed whole.
    static func splitterLines(_ text: [UInt8]) -> [String] {
        var splitter = LineSplitter()
        splitter.append(contentsOf: text)
        splitter.finish()
        var lines: [String] = []
        while case .line(let number, let bytes)? = splitter.next() {
            lines.append("\(number):" + bytes.map { String($0) }.joined(separator: ","))
        }
        return lines
    }

    /// `text`'s lines as `LineBlockReader` gives them, each read handing
    /// over at most `readSize` bytes; batches of at most `batch` lines stay
    /// in one block, as `trellis measure`'s do. Every line's bytes are read
    /// from its block after the whole input is read (a block must keep
    /// them).
    static func blockLines(
        _ text: [UInt8], firstBlock: Int, blockSize: Int, readSize: Int, batch: Int
    ) -> [String] {
        var reader = LineBlockReader(firstBlockSize: firstBlock, blockSize: blockSize)
        var offset = 0
        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            let count = min(buffer.count, readSize, text.count - offset)
            for k in 0..<count { buffer[k] = text[offset + k] }
            offset += count
            return count
        }
        var held: [(LineBlock, Int, Range<Int>)] = []
        while true {
            var lines: [(Int, Range<Int>)] = []
            var block: LineBlock?
            while lines.count < batch,
                let line = reader.next(stayingInBlock: !lines.isEmpty, read: read)
            {
                if lines.isEmpty { block = reader.block }
                #expect(reader.block === block, "a batch's lines lie in one block")
                lines.append(line)
            }
            guard let block else { break }
            held += lines.map { (block, $0.0, $0.1) }
        }
        return held.map { block, number, range in
            "\(number):" + range.map { String(block.bytes[$0]) }.joined(separator: ",")
        }
    }

    @Test func theLinesOfRandomTextsAreTheSplitters() {
        var random = SplitMix64(seed: 38)
        // Bytes that matter to the splitting, and others.
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x0D, 0x0A, 0x20, 0x61, 0x62, 0xD0, 0x00]
        for trial in 0..<3_000 {
            let length = Int(random.next() % (trial % 10 == 0 ? 3_000 : 120))
            let text = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            let firstBlock = 1 + Int(random.next() % 200)
            let blockSize = 1 + Int(random.next() % 64)
            let readSize = 1 + Int(random.next() % 300)
            let batch = 1 + Int(random.next() % 8)
            let expected = Self.splitterLines(text)
            let got = Self.blockLines(
                text, firstBlock: firstBlock, blockSize: blockSize, readSize: readSize,
                batch: batch)
            #expect(got == expected, "trial \(trial): \(text)")
            if got != expected { return }
        }
    }

    @Test func aFileReadIntoItsSizePlusOneIsOneBlockAndOneRead() {
        let text = Array("{\"a\": 1}\r\n\n{\"b\": 2}".utf8)
        var reader = LineBlockReader(firstBlockSize: text.count + 1)
        var reads = 0
        var given = false
        func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            reads += 1
            guard !given else { return 0 }
            given = true
            buffer.copyBytes(from: text)
            return text.count
        }
        let first = reader.block
        var numbers: [Int] = []
        while let line = reader.next(read: read) { numbers.append(line.number) }
        #expect(numbers == [1, 2, 3])
        #expect(reader.block === first)
        #expect(reads == 2)  // the bytes, then the end
    }
}
