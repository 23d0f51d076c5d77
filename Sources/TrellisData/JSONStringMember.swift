// The one-member JSON object `{"key": "text"}` read without building nodes:
// what `trellis measure` reads per line. Parsing such a line with
// `JSONDocumentParser` validated its UTF-8 twice (once for the line, once
// for the string) and built an object node and a member array, which cost
// about 15 instructions a byte of Russian text, more than measuring it.

extension JSONDocumentParser {
    /// The string value of `key` when `line` is exactly one JSON object with
    /// that one member and a string value without escapes: `{`, `"key"`,
    /// `:`, a string, `}`, with JSON whitespace (space, tab, line feed,
    /// carriage return) around each token. Nil for every other line (other
    /// members, an escape, a control character, invalid UTF-8, bad syntax):
    /// the caller then parses it with `parse(_:)`, which reports what is
    /// wrong where. For any line it answers, `parse(_:)` gives an object
    /// whose `key` member is this same string (`JSONStringMemberTests`
    /// compare the two on random lines; the `jsonmember` fuzz target too).
    /// - Complexity: O(n) in the length of the line, one pass and one
    ///   UTF-8 validation of the value.
    public static func stringMember(_ key: String, in line: UnsafeBufferPointer<UInt8>)
        -> String?
    {
        var index = 0
        @inline(__always) func skipWhitespace() {
            while index < line.count {
                let byte = line[index]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
                index += 1
            }
        }
        @inline(__always) func take(_ byte: UInt8) -> Bool {
            guard index < line.count, line[index] == byte else { return false }
            index += 1
            return true
        }
        /// The bytes of a string without escapes or control characters,
        /// after its opening quote, up to its closing quote (consumed). One
        /// comparison a byte: a quote, a backslash and the controls are the
        /// only bytes below 0x5D that stop it.
        func plainString() -> Range<Int>? {
            guard let base = line.baseAddress else { return nil }
            let start = index
            var end = start
            let count = line.count
            while end < count {
                let byte = base[end]
                if byte < 0x5D && (byte == 0x22 || byte == 0x5C || byte < 0x20) { break }
                end += 1
            }
            guard end < count, base[end] == 0x22 else { return nil }
            index = end + 1
            return start..<end
        }
        skipWhitespace()
        guard take(0x7B) else { return nil }
        skipWhitespace()
        guard take(0x22), let name = plainString(),
            line[name].elementsEqual(key.utf8)
        else { return nil }
        skipWhitespace()
        guard take(0x3A) else { return nil }
        skipWhitespace()
        guard take(0x22), let value = plainString() else { return nil }
        skipWhitespace()
        guard take(0x7D) else { return nil }
        skipWhitespace()
        guard index == line.count else { return nil }
        // Outside the value the line is ASCII and the key's own UTF-8: it
        // is valid UTF-8 exactly when the value is.
        return String(validating: UnsafeBufferPointer(rebasing: line[value]), as: UTF8.self)
    }
}
