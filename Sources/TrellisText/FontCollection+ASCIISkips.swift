// The system-font scan's step over ASCII (FontCollection+SystemFonts.swift):
// the bytes it need not look at (`_skipsASCII`), eight at a time where the
// first font has every ASCII character.

extension FontCollection {
    /// True when `asciiSkips` is that of a first font that has every ASCII
    /// character: every byte below 0x80 but the keycap bases "#", "*" and
    /// the digits.
    var _skipsAllButKeycapBases: Bool {
        asciiSkips.0 == ~(1 << 0x23 | 1 << 0x2A | 0x3FF << 0x30) && asciiSkips.1 == ~0
    }

    /// The end of the run of bytes of `text` from `start` (before `end`)
    /// that `_skipsASCII` steps over: `start` itself when it is not one.
    /// Where the first font has every ASCII character, eight bytes are
    /// tested at once (`_skipsWord`): a byte at a time cost 16 instructions
    /// a byte, 13 M of the 451 M of a cold measure of 5,000 English rows.
    @inline(__always)
    func _asciiSkipEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        if _skipsAllButKeycapBases, let base = text.baseAddress {
            let bytes = UnsafeRawPointer(base)
            while index &+ 8 <= end
                && _skipsWord(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index &+= 8
            }
        }
        while index < end && text[index] < 0x80 && _skipsASCII(text[index]) { index += 1 }
        return index
    }
}

/// True when each of the eight bytes of `word` is below 0x80 and is not a
/// keycap base ("#" 0x23, "*" 0x2A, "0"–"9" 0x30–0x39): the bytes the scan
/// skips when the first font has every ASCII character.
@inline(__always)
func _skipsWord(_ word: UInt64) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    if word & high != 0 { return false }
    return _bytesBetween(word, 0x2F, 0x3A) | _bytesBetween(word, 0x22, 0x24)
        | _bytesBetween(word, 0x29, 0x2B) == 0
}

/// For a word whose bytes are all below 0x80: bit 7 of each byte set when
/// that byte is above `low` and below `high` (`low` ≤ 127, `high` ≤ 128),
/// the others clear ("hasbetween", Sean Eron Anderson's Bit Twiddling
/// Hacks). No byte's arithmetic carries or borrows into the next: 127 +
/// `high` − byte stays within 0...255, and so does byte + 127 − `low`.
@inline(__always)
func _bytesBetween(_ word: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    return (ones &* (127 &+ high) &- word) & ~word & (word &+ ones &* (127 &- low))
        & 0x8080_8080_8080_8080
}
