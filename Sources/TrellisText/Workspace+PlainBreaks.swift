// Break opportunities of plain ASCII text found in one pass over its
// bytes, without ICU (most list rows and prose are such text).

extension _Workspace {
    /// The break opportunities of plain text without asking ICU, or nil when
    /// the text is not plain. Plain text has only ASCII letters and digits,
    /// spaces, the stops , . ; : (UAX #14 class IS), ! and ? (EX), ' and "
    /// (QU) and the hyphen (HY), where the rules reduce to:
    /// - after a run of spaces (LB18), except before a stop, ! or ? (LB13);
    /// - after a hyphen before a letter (LB31), unless the hyphen begins a
    ///   word (LB20a: at the start or after a space); not before a digit (LB25);
    /// - after ! or ? before a letter or digit (LB31);
    /// - at the end; nowhere else (LB7, LB13, LB19, LB21, LB23, LB28, LB29).
    /// A stop followed by a digit but not preceded by one (as in "v.2") is
    /// left to ICU, for LB25's numeric rules. Equality with ICU is tested on
    /// random strings over this alphabet (`plainTextBreaksEqualICUBreaks`).
    /// - Complexity: O(n), one pass over the bytes.
    func plainBreaks(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.count
        if breakOffsets.count < count + 1 {
            breakOffsets = Array(repeating: 0, count: count + 1)
            breakIsHard = Array(repeating: 0, count: count + 1)
        }
        return breakOffsets.withUnsafeMutableBufferPointer { offsets in
            breakIsHard.withUnsafeMutableBufferPointer { hard in
                // Without branches on the bytes (a branch per word boundary
                // was mispredicted about once a word): every position is
                // written and kept only when it is a break; whether the text
                // is plain is decided after the loop.
                var found = 0
                var notPlain = 0
                var previous: UInt8 = 0
                var beforePrevious: UInt8 = 0
                for index in 0..<count {
                    let byte = text[index]
                    // One test per byte for the whole alphabet: bit sets of
                    // the bytes below and above 64.
                    let allowed =
                        byte < 64 ? _plainLow >> UInt64(byte) : _plainHigh >> UInt64(byte & 63)
                    notPlain |= Int(truncatingIfNeeded: ~allowed & 1) | Int(byte >> 7)
                    let isDigit = byte &- 0x30 < 10
                    let isLetter = (byte | 0x20) &- 0x61 < 26
                    let isStop = _isStop(byte)
                    let isExclamation = byte == 0x21 || byte == 0x3F
                    // LB25 (numbers) is ICU's business: a digit after a stop
                    // that does not follow a digit.
                    notPlain |= _bit(isDigit && _isStop(previous) && !(beforePrevious &- 0x30 < 10))
                    offsets[found] = Int32(index)
                    found &+= _bit(
                        (previous == 0x20 && byte != 0x20 && !isStop && !isExclamation)
                            || (previous == 0x2D && isLetter && beforePrevious != 0x20
                                && index != 1)
                            || ((previous == 0x21 || previous == 0x3F) && (isLetter || isDigit)))
                    beforePrevious = previous
                    previous = byte
                }
                if notPlain != 0 { return nil }
                offsets[found] = Int32(count)
                UnsafeMutableBufferPointer(rebasing: hard[0...found]).update(repeating: 0)
                return found + 1
            }
        }
    }
}

/// Bytes 0–63 of plain text as a bit set: space, ! " ' , - . : ; ?, digits.
private let _plainLow: UInt64 =
    1 << 0x20 | 1 << 0x21 | 1 << 0x22 | 1 << 0x27 | 1 << 0x2C | 1 << 0x2D | 1 << 0x2E
    | 1 << 0x3A | 1 << 0x3B | 1 << 0x3F | 0x03FF << 0x30

/// A comma, full stop, colon or semicolon (UAX #14 class IS).
@inline(__always)
private func _isStop(_ byte: UInt8) -> Bool {
    byte == 0x2C || byte == 0x2E || byte == 0x3A || byte == 0x3B
}

/// Bytes 64–127 of plain text as a bit set (bit = byte − 64): A–Z, a–z.
private let _plainHigh: UInt64 = 0x07FF_FFFE << 0 | 0x07FF_FFFE << 32
