// Turns a fuzzer's bytes into structured input. The same decoding serves the
// libFuzzer targets (Fuzz/) and the fixed-seed runs in the test suite, so a
// crash found by either is replayed by the other from the same bytes.
//
// Shared with the Fuzz package through a symlink (Fuzz/Sources/FuzzBodies).

import TrellisCells
import TrellisSamples
import TrellisTemplateFiles

/// An invariant a fuzz body found broken: what was expected and the input.
struct FuzzViolation: Error, CustomStringConvertible {
    var target: String
    var message: String
    var input: String

    var description: String {
        let shown =
            input.count > 300 ? String(input.prefix(300)) + "…(\(input.utf8.count) bytes)" : input
        return "\(target): \(message)\n  input: \(shown.debugDescription)"
    }
}

/// What a fuzz body did with one input (all three are fine).
enum FuzzOutcome {
    /// The input was valid and its result has the promised shape.
    case accepted
    /// The input was refused with a well-formed error.
    case rejected
    /// The input hits a known, reported bug and was not checked.
    case skipped
}

/// Reads choices from the front of a fuzzer's bytes; reads past the end give 0.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// One element of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// The rest of the input as text, in one of two modes picked by the next byte:
    /// the raw bytes (invalid UTF-8 becomes U+FFFD, as `String(decoding:)` does), or
    /// one token per byte from `tokens`, where the extra codes mean "the next byte
    /// literally" and "repeat the previous token 1–64 times" (long words).
    ///
    /// - Parameter maximumLength: stops appending once the text has this many bytes.
    mutating func text(tokens: [[UInt8]], maximumLength: Int = 1 << 16) -> String {
        var utf8: [UInt8] = []
        if byte() & 1 == 0 {
            utf8 = Array(bytes[min(index, bytes.count)...].prefix(maximumLength))
            index = bytes.count
        } else {
            let literal = tokens.count
            let repeatLast = tokens.count + 1
            var last: [UInt8] = []
            while !isAtEnd, utf8.count < maximumLength {
                let code = Int(byte()) % (tokens.count + 2)
                if code == literal {
                    last = [byte()]
                    utf8 += last
                } else if code == repeatLast {
                    for _ in 0...(Int(byte()) % 64) { utf8 += last }
                } else {
                    last = tokens[code]
                    utf8 += last
                }
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// Fixed-seed byte strings for the test suite's short fuzz runs (the data
/// generator's SplitMix64, so the same seed gives the same inputs everywhere).
struct SeededInputs: Sequence, IteratorProtocol {
    private var random: SplitMix64
    private var remaining: Int
    private let maximumLength: Int

    init(seed: UInt64, count: Int, maximumLength: Int = 160) {
        random = SplitMix64(seed: seed)
        remaining = count
        self.maximumLength = maximumLength
    }

    /// Valid inputs; every fourth input is one of them with 0–2 byte mutations.
    var seeds: [String] = []
    private var produced = 0

    mutating func next() -> [UInt8]? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        produced += 1
        if !seeds.isEmpty, produced % 4 == 0 {
            var bytes = _seedInput(seeds[(produced / 4) % seeds.count])
            for _ in 0..<((produced / 4) % 3) where bytes.count > 1 {
                let at = 1 + Int(random.next() % UInt64(bytes.count - 1))
                switch random.next() % 3 {
                case 0: bytes[at] = UInt8(32 + random.next() % 95)
                case 1: bytes.remove(at: at)
                default: bytes.insert(contentsOf: bytes[at...].prefix(8), at: at)
                }
            }
            return bytes
        }
        let length = Int(random.next() % UInt64(maximumLength + 1))
        return (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
}

/// The fuzz input that decodes to `text` unchanged (mode byte 0: raw bytes).
func _seedInput(_ text: String) -> [UInt8] { [0] + Array(text.utf8) }

/// Text as UTF-8 token bytes.
func _utf8(_ strings: [String]) -> [[UInt8]] { strings.map { Array($0.utf8) } }

/// Throws a violation of `target` with `message` when `condition` is false.
func _require(
    _ condition: Bool, _ target: String, _ message: @autoclosure () -> String,
    input: @autoclosure () -> String
) throws(FuzzViolation) {
    if !condition { throw FuzzViolation(target: target, message: message(), input: input()) }
}
