// The one-member JSON object `{"key": "text"}` read without building nodes:
// what `trellis measure` reads per line (a third of the English rows of
// Debian's fortunes hold an escaped quote, so escapes of one character are
// read here too). Parsing such a line with
// `JSONDocumentParser` validated its UTF-8 twice (once for the line, once
// for the string) and built an object node and a member array, which cost
// about 15 instructions a byte of Russian text, more than measuring it.

extension JSONDocumentParser {
    /// The string value of `key` when `line` is exactly one JSON object with
    /// that one member and a string value whose escapes, if any, are of one
    /// character (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`): `{`,
    /// `"key"` (without escapes), `:`, a string, `}`, with JSON whitespace
    /// (space, tab, line feed, carriage return) around each token. Nil for
    /// every other line (other members, a `\u` escape, a control character,
    /// invalid UTF-8, bad syntax): the caller then parses it with
    /// `parse(_:)`, which reports what is wrong where. For any line it
    /// answers, `parse(_:)` gives an object whose `key` member is this same
    /// string (`JSONStringMemberTests` compare the two on random lines; the
    /// `jsonmember` fuzz target too).
    /// - Complexity: O(n) in the length of the line, one pass and one
    ///   UTF-8 validation of the value.
    public static func stringMember(_ key: String, in line: UnsafeBufferPointer<UInt8>)
        -> String?
    {
        guard let base = line.baseAddress else { return nil }
        let count = line.count
        var index = 0
        @inline(__always) func skipWhitespace() {
            while index < count {
                let byte = base[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                index += 1
            }
        }
        @inline(__always) func take(_ byte: UInt8) -> Bool {
            guard index < count, base[index] == byte else { return false }
            index += 1
            return true
        }
        /// Where the plain bytes from `start` end: the first quote,
        /// backslash or control character, or the end of the line. Eight
        /// bytes at a time while none of them stops it (`_mayStopString`),
        /// then one comparison a byte: a quote, a backslash and the controls
        /// are the only bytes below 0x5D that stop it.
        func plainEnd(_ start: Int) -> Int {
            var end = start
            while end &+ 8 <= count
                && !_mayStopString(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
            {
                end &+= 8
            }
            while end < count {
                let byte = base[end]
                if byte < 0x5D && (byte == 0x22 || byte == 0x5C || byte < 0x20) { break }
                end &+= 1
            }
            return end
        }
        /// The bytes of a string with escapes, from `start` (after its
        /// opening quote), whose first escape is at `escape`, up to its
        /// closing quote, and where the closing quote ends; nil at a `\u`
        /// escape, an unknown one or a control character (left to the
        /// parser). It leaves `index` alone: a nested function that set it
        /// made every call check its access at run time (about 130
        /// instructions a line).
        func unescaped(_ start: Int, escape: Int) -> (bytes: [UInt8], end: Int)? {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(count - start)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[start..<escape]))
            var position = escape
            while position < count {
                let byte = base[position]
                if byte == 0x22 { return (bytes, position + 1) }
                guard byte == 0x5C, position + 1 < count else { return nil }
                switch base[position + 1] {
                case 0x22, 0x5C, 0x2F: bytes.append(base[position + 1])  // " \ /
                case 0x62: bytes.append(0x08)  // b
                case 0x66: bytes.append(0x0C)  // f
                case 0x6E: bytes.append(0x0A)  // n
                case 0x72: bytes.append(0x0D)  // r
                case 0x74: bytes.append(0x09)  // t
                default: return nil
                }
                let end = plainEnd(position + 2)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[(position + 2)..<end]))
                position = end
            }
            return nil
        }
        skipWhitespace()
        guard take(0x7B) else { return nil }
        skipWhitespace()
        guard take(0x22) else { return nil }
        let nameEnd = plainEnd(index)
        // The key's bytes compared as a buffer's: comparing with its
        // `utf8` view went through the generic sequence comparison, about
        // 430 instructions a line for "subtitle".
        var key = key
        guard nameEnd < count, base[nameEnd] == 0x22,
            key.withUTF8({ key in
                guard key.count == nameEnd - index else { return false }
                for offset in 0..<key.count where key[offset] != base[index + offset] {
                    return false
                }
                return true
            })
        else { return nil }
        index = nameEnd + 1
        skipWhitespace()
        guard take(0x3A) else { return nil }
        skipWhitespace()
        guard take(0x22) else { return nil }
        let valueStart = index
        let valueEnd = plainEnd(valueStart)
        guard valueEnd < count else { return nil }
        var escaped: [UInt8]?
        if base[valueEnd] == 0x22 {
            index = valueEnd + 1
        } else if base[valueEnd] == 0x5C {
            guard let (bytes, end) = unescaped(valueStart, escape: valueEnd) else { return nil }
            escaped = bytes
            index = end
        } else {
            return nil
        }
        skipWhitespace()
        guard take(0x7D) else { return nil }
        skipWhitespace()
        guard index == count else { return nil }
        // Outside the value the line is ASCII and the key's own UTF-8, and
        // an escape and what it stands for are ASCII: the line is valid
        // UTF-8 exactly when the value's bytes are.
        if let escaped { return _validatedString(escaped.span) }
        return _validatedString(UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd]).span)
    }
}

/// The string of `bytes` when they are valid UTF-8, nil otherwise: what
/// `String(validating:as: UTF8.self)` gives. The bytes found well-formed
/// by `_utf8Validity` (eight at a time through ASCII and two-byte
/// sequences) become a `UTF8Span` without a second validation, with the
/// `isKnownASCII` the standard library's validation would give it (the
/// string's ASCII flag); bytes it refuses go through
/// `UTF8Span(validating:)`, which alone says no. `String(validating:as:)`
/// validated through a function generic over the encoding, which looked
/// up the metadata of its types at run time on every call (about 800
/// instructions a line of `trellis measure`'s input, 2026-12-01).
@inline(__always)
func _validatedString(_ bytes: Span<UInt8>) -> String? {
    if let isASCII = bytes.withUnsafeBufferPointer({ _utf8Validity($0) }) {
        return String(copying: UTF8Span(unchecked: bytes, isKnownASCII: isASCII))
    }
    guard let valid = try? UTF8Span(validating: bytes) else { return nil }
    return String(copying: valid)
}

/// Whether one of the eight bytes of `word` is a quote, a backslash or a
/// control character (below 0x20): the bytes that end a plain JSON string.
/// Exact, with no false answer either way: `(x - 0x01…) & ~x & 0x80…` has a
/// bit set exactly when some byte of `x` is zero, and
/// `(x - 0x20…) & ~x & 0x80…` exactly when some byte is below 0x20 (the
/// borrows of a subtraction only start at such a byte); a quote or
/// backslash byte is a zero byte of `word` XOR that byte repeated.
@inline(__always)
func _mayStopString(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & highs != 0
}
