// The system-font scan's step over ASCII, eight bytes at a time
// (FontCollection+ASCIISkips.swift), against the rule it speeds up: one
// byte at a time, `_skipsASCII`.
import Testing

@testable import TrellisText

struct ASCIISkipTests {
    @Test func eightBytesAtATimeStopWhereOneAtATimeStops() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        // Inter has every ASCII character, so the scan takes the word path.
        #expect(fonts._skipsAllButKeycapBases)
        // Letters and spaces mostly, with every byte value now and then:
        // the keycap bases, the bytes beside them, controls, non-ASCII.
        let common = Array("the quick, brown fox; 'jumps' (over) ~ lazy?!".utf8)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var checked = 0
        for _ in 0..<4000 {
            let length = next() % 40
            let bytes = (0..<length).map { _ -> UInt8 in
                next() % 6 == 0 ? UInt8(next() % 256) : common[next() % common.count]
            }
            bytes.withUnsafeBufferPointer { text in
                for start in 0...length {
                    for end in [length, max(start, length - next() % 9)] {
                        var expected = start
                        while expected < end && text[expected] < 0x80
                            && fonts._skipsASCII(text[expected])
                        {
                            expected += 1
                        }
                        let found = fonts._asciiSkipEnd(text, from: start, to: end)
                        if found != expected {
                            Issue.record(
                                "\(bytes) from \(start) to \(end): \(found), not \(expected)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100_000)
    }

    @Test func eachKeycapBaseStopsAWordOfOtherwiseSkippedBytes() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        for stop in Array("#*0123456789".utf8) + [0x80, 0xC3, 0xE4, 0xFF] {
            for position in 0..<8 {
                var bytes = Array("abcdefghijklmnop".utf8)
                bytes[position] = stop
                let end = bytes.withUnsafeBufferPointer {
                    fonts._asciiSkipEnd($0, from: 0, to: $0.count)
                }
                #expect(end == position, "byte \(stop) at \(position)")
            }
        }
    }
}
