// The one-member JSON object `{"key": "text"}` read without building nodes:
// what `trellis measure` reads per line (a third of the English rows of
// Debian's fortunes hold an escaped quote, and writers such as Python's
// `json.dumps` escape every non-ASCII character as `\u`, so escapes are
// read here too). Parsing such a line with
// `JSONDocumentParser` validated its UTF-8 twice (once for the line, once
// for the string) and built an object node and a member array, which cost
// about 15 instructions a byte of Russian text, more than measuring it.

import CTrellisUTF8

extension JSONDocumentParser {
    /// The string value of `key` when `line` is exactly one JSON object with
    /// that one member and a string value whose escapes, if any, are valid
    /// (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, and `\u` with four hex
    /// digits, a character beyond U+FFFF as a surrogate pair): `{`,
    /// `"key"` (without escapes), `:`, a string, `}`, with JSON whitespace
    /// (space, tab, line feed, carriage return) around each token. Nil for
    /// every other line (other members, an unpaired surrogate, a control character,
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
        /// Where the plain bytes from `start` end (`_jsonPlainEnd` without
        /// the ASCII flag: the value is validated whole below).
        func plainEnd(_ start: Int) -> Int {
            trellis_json_plain_end(base, start, count, nil)
        }
        /// The bytes of a string with escapes, from `start` (after its
        /// opening quote), whose first escape is at `escape`, up to its
        /// closing quote, and where the closing quote ends; nil at an
        /// unknown escape, a `\u` escape without four hex digits or of an
        /// unpaired surrogate, or a control character (left to the parser). It leaves `index` alone: a nested function that set it
        /// made every call check its access at run time (about 130
        /// instructions a line).
        func unescaped(_ start: Int, escape: Int) -> (bytes: [UInt8], end: Int)? {
            // Written into a buffer of the input's size: an escape is never
            // shorter than what it stands for (`\uXXXX`, six bytes, is at
            // most three of UTF-8; a surrogate pair, twelve, is four).
            var end = -1
            let bytes = [UInt8](unsafeUninitializedCapacity: count - start) { out, initialized in
                let out = out.baseAddress!
                var written = escape - start
                out.initialize(from: base + start, count: written)
                var position = escape
                scan: while position < count {
                    let byte = base[position]
                    if byte == 0x22 {
                        end = position + 1
                        break scan
                    }
                    guard byte == 0x5C, position + 1 < count else { break scan }
                    let escaped = base[position + 1]
                    switch escaped {
                    case 0x22, 0x5C, 0x2F: out[written] = escaped  // " \ /
                    case 0x62: out[written] = 0x08  // b
                    case 0x66: out[written] = 0x0C  // f
                    case 0x6E: out[written] = 0x0A  // n
                    case 0x72: out[written] = 0x0D  // r
                    case 0x74: out[written] = 0x09  // t
                    case 0x75:  // u: four hex digits, a surrogate pair as two escapes
                        guard var code = _hex4(base, position + 2, count) else { break scan }
                        position += 4
                        if code & 0xFC00 == 0xD800 {
                            guard position + 7 < count, base[position + 2] == 0x5C,
                                base[position + 3] == 0x75,
                                let low = _hex4(base, position + 4, count),
                                low & 0xFC00 == 0xDC00
                            else { break scan }
                            code = 0x10000 &+ ((code &- 0xD800) << 10) &+ (low &- 0xDC00)
                            position += 6
                        } else if code & 0xFC00 == 0xDC00 {
                            break scan
                        }
                        written &+= _writeUTF8(code, to: out + written) &- 1
                    default: break scan
                    }
                    written &+= 1
                    position += 2
                    // The plain bytes up to the next escape or the end.
                    if position < count && base[position] != 0x5C {
                        let plain = plainEnd(position)
                        (out + written).initialize(from: base + position, count: plain - position)
                        written &+= plain &- position
                        position = plain
                    }
                }
                initialized = written
            }
            return end < 0 ? nil : (bytes, end)
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

/// The value of the four hex digits at `start` (a `\u` escape's), nil if
/// there are fewer than four or one is not a hex digit.
@inline(__always)
func _hex4(_ base: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> UInt32? {
    guard start &+ 4 <= count else { return nil }
    var value: UInt32 = 0
    for offset in 0..<4 {
        let byte = base[start &+ offset]
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte &- 0x30
        case 0x61...0x66: digit = byte &- 0x57
        case 0x41...0x46: digit = byte &- 0x37
        default: return nil
        }
        value = value << 4 | UInt32(digit)
    }
    return value
}

/// Writes the UTF-8 of the scalar `code` (below 0x110000, not a
/// surrogate) at `out`, returning how many bytes it wrote.
@inline(__always)
func _writeUTF8(_ code: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
    switch code {
    case ..<0x80:
        out[0] = UInt8(truncatingIfNeeded: code)
        return 1
    case ..<0x800:
        out[0] = UInt8(truncatingIfNeeded: 0xC0 | code >> 6)
        out[1] = UInt8(truncatingIfNeeded: 0x80 | code & 0x3F)
        return 2
    case ..<0x10000:
        out[0] = UInt8(truncatingIfNeeded: 0xE0 | code >> 12)
        out[1] = UInt8(truncatingIfNeeded: 0x80 | code >> 6 & 0x3F)
        out[2] = UInt8(truncatingIfNeeded: 0x80 | code & 0x3F)
        return 3
    default:
        out[0] = UInt8(truncatingIfNeeded: 0xF0 | code >> 18)
        out[1] = UInt8(truncatingIfNeeded: 0x80 | code >> 12 & 0x3F)
        out[2] = UInt8(truncatingIfNeeded: 0x80 | code >> 6 & 0x3F)
        out[3] = UInt8(truncatingIfNeeded: 0x80 | code & 0x3F)
        return 4
    }
}

/// Where the plain bytes of a JSON string from `start` (before `count`)
/// end: the first quote, backslash or control character, or `count`; 16
/// bytes at a time (CTrellisUTF8's `trellis_json_plain_end`, SSE2 on
/// x86-64). `nonASCII` is set when a byte passed is not ASCII (left alone
/// otherwise). Eight bytes at a time in Swift took about 3 instructions a
/// byte of Russian text in `trellis measure` (callgrind, 2026-12-06).
@inline(__always)
package func _jsonPlainEnd(
    _ base: UnsafePointer<UInt8>, from start: Int, count: Int, nonASCII: inout Bool
) -> Int {
    var seen: Int32 = 0
    let end = trellis_json_plain_end(base, start, count, &seen)
    if seen != 0 { nonASCII = true }
    return end
}
