import Testing
import TrellisData
import TrellisTestSupport

/// `_jsonPlainEnd` (16 bytes at a time) against a byte-at-a-time reading of
/// what ends a JSON string's plain bytes: a quote, a backslash, a control
/// character.
@Suite struct JSONPlainEndTests {
    static func expected(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? bytes.count
    }

    /// Random texts of up to 100 bytes (plain bytes of every value from
    /// 0x20, ASCII and not), with none, one or a few stopping bytes at
    /// random places, read from every start: the same end.
    @Test func randomTextsEndWhereAByteStopsThem() {
        var random = SeededGenerator(seed: 0x706c_6169)
        let stops: [UInt8] = [0x22, 0x5C, 0x00, 0x09, 0x0A, 0x1F]
        for _ in 0..<4_000 {
            var bytes = (0..<random.below(100)).map { _ -> UInt8 in
                var byte = UInt8(0x20 + random.below(224))
                while byte == 0x22 || byte == 0x5C { byte = UInt8(0x20 + random.below(224)) }
                return byte
            }
            if !bytes.isEmpty {
                for _ in 0..<random.below(4) {
                    bytes[random.below(bytes.count)] = stops[random.below(stops.count)]
                }
            }
            for start in 0...bytes.count {
                // An empty array's buffer has no address: any pointer
                // does, as no byte is read.
                var nonASCII = false
                let end = bytes.withUnsafeBufferPointer {
                    let base = $0.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    return _jsonPlainEnd(base, from: start, count: $0.count, nonASCII: &nonASCII)
                }
                let expected = Self.expected(bytes, from: start)
                #expect(end == expected, "\(bytes) from \(start)")
                #expect(
                    nonASCII == bytes[start..<expected].contains { $0 >= 0x80 },
                    "\(bytes) from \(start)")
            }
        }
    }

    /// Every byte value at every place of a 40-byte plain text: it stops
    /// the text exactly when it is a quote, a backslash or a control, and
    /// is seen as not ASCII exactly from 0x80 on.
    @Test func everyByteAtEveryPlace() {
        for place in 0..<40 {
            for byte in UInt8.min...UInt8.max {
                var bytes = Array(repeating: UInt8(0x61), count: 40)
                bytes[place] = byte
                var nonASCII = false
                let end = bytes.withUnsafeBufferPointer {
                    _jsonPlainEnd($0.baseAddress!, from: 0, count: 40, nonASCII: &nonASCII)
                }
                let stops = byte == 0x22 || byte == 0x5C || byte < 0x20
                #expect(end == (stops ? place : 40), "\(byte) at \(place)")
                #expect(nonASCII == (byte >= 0x80), "\(byte) at \(place)")
            }
        }
    }
}
