// Whether bytes are well-formed UTF-8, 32 bytes at a time with AVX2
// (CTrellisUTF8), otherwise eight at a time where they are ASCII and
// two-byte sequences (Latin, Greek, Cyrillic text): what `trellis measure`
// checks of every line's text. The standard library's
// validation (`UTF8Span(validating:)`) reads a byte at a time once a text
// leaves ASCII: about 11 instructions a byte of Russian text, 19 M of the
// 283 M a run of 5,000 Russian rows took (callgrind, 2026-12-02).

import CTrellisUTF8

/// Whether `bytes` are well-formed UTF-8, and if so whether they are all
/// ASCII (nil when they are not well-formed): the answer
/// `UTF8Span(validating:)` gives, and its `isKnownASCII`.
///
/// Well-formed is the Unicode Standard's Table 3-7 ("Well-Formed UTF-8
/// Byte Sequences"): U+0000–U+007F as 00–7F; U+0080–U+07FF as C2–DF
/// 80–BF; U+0800–U+0FFF as E0 A0–BF 80–BF; U+1000–U+CFFF as E1–EC 80–BF
/// 80–BF; U+D000–U+D7FF as ED 80–9F 80–BF; U+E000–U+FFFF as EE–EF 80–BF
/// 80–BF; U+10000–U+3FFFF as F0 90–BF 80–BF 80–BF; U+40000–U+FFFFF as
/// F1–F3 80–BF 80–BF 80–BF; U+100000–U+10FFFF as F4 80–8F 80–BF 80–BF.
///
/// Where the processor has AVX2, CTrellisUTF8's `trellis_utf8_validity`
/// checks 32 bytes at a time (Keiser and Lemire's lookup algorithm, as
/// simdjson and simdutf check UTF-8): 1.3 instructions a byte of Russian
/// text and 1.6 of Chinese in `trellis measure` (a line's value each call,
/// about 140 bytes), where `_utf8ValidityScalar` below takes 4.2 and 8.1
/// (callgrind, 2026-12-06). Elsewhere the scalar check answers.
/// `UTF8ValidityTests` compares both with the standard library's answers
/// on random bytes.
/// - Complexity: O(n).
@inline(__always)
package func _utf8Validity(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    switch trellis_utf8_validity(bytes.baseAddress, bytes.count) {
    case 1: return true
    case 0: return false
    case -1: return nil
    default: return _utf8ValidityScalar(bytes)
    }
}

/// `_utf8Validity`'s answer without vector instructions. Eight bytes are
/// taken at once while they hold only ASCII and two-byte sequences
/// (`_twoByteBlock`); anything else, and whatever a block leaves, is read a
/// sequence at a time against the table (`_sequenceLength`), which alone
/// decides that bytes are not well-formed.
/// - Complexity: O(n).
package func _utf8ValidityScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    var isASCII = true
    let highs: UInt64 = 0x8080_8080_8080_8080
    while index < count {
        // ASCII 32 bytes at a time (all of an English text).
        while index &+ 32 <= count {
            let bytes = UnsafeRawPointer(base + index)
            let words =
                bytes.loadUnaligned(as: UInt64.self)
                | bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                | bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                | bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            if words & highs != 0 { break }
            index &+= 32
        }
        // Blocks of eight bytes. `pending` is 0x80 when the block before
        // ended in the lead byte of a two-byte sequence.
        var pending: UInt64 = 0
        while index &+ 8 <= count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            guard let carried = _twoByteBlock(word, pending: pending) else { break }
            if word & highs != 0 { isASCII = false }
            pending = carried
            index &+= 8
        }
        // A sequence a block began and did not end is read again whole.
        if pending != 0 { index &-= 1 }
        // The last bytes, at most eight: done when the text's last eight
        // bytes are ASCII (those before `index` were read already).
        if count &- index <= 8 && count >= 8
            && UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self) & highs == 0
        {
            return isASCII
        }
        // Then sequences one at a time: ASCII or two bytes once, three or
        // four bytes (Chinese text) for as long as they follow each other,
        // and all of the last seven bytes.
        while true {
            // Three-byte sequences (E0–EF and two continuation bytes, the
            // second bounded after E0 and ED) four bytes at a time: most of
            // a Chinese text's characters.
            while index &+ 4 <= count {
                let word = UInt32(
                    littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
                guard word & 0xC0C0F0 == 0x8080E0 else { break }
                // The lead's low bits and bit 5 of the second byte: E0 80–9F
                // is overlong, ED A0–BF a surrogate.
                let bounds = word & 0x200F
                guard bounds != 0x0000 && bounds != 0x200D else { break }
                isASCII = false
                index &+= 3
            }
            guard index < count else { return isASCII }
            let length = _sequenceLength(base, at: index, count: count)
            guard length > 0 else { return nil }
            if length > 1 { isASCII = false }
            index &+= length
            if index &+ 8 <= count && (length < 3 || base[index] < 0xE0) { break }
        }
    }
    return isASCII
}

/// Whether the eight bytes of `word` (the first in its lowest byte) hold
/// only ASCII and well-formed two-byte sequences (C2–DF 80–BF), a sequence
/// ending in the last byte possibly beginning in the block before
/// (`pending`, 0x80, when the block before ended in such a lead byte):
/// nil when not (the bytes are then read a sequence at a time), otherwise
/// 0x80 when the last byte is a lead byte whose sequence goes on in the
/// next block, and 0.
///
/// Every byte's two top bits say what it is: 0x (ASCII), 10 (continuation)
/// or 11 (lead; 110 a lead of two bytes). The block is taken when it has
/// no lead of three or four bytes, every continuation byte follows a lead
/// byte and every lead byte but the last is followed by a continuation
/// byte (the continuations are exactly the leads moved one byte on), and
/// no lead is C0 or C1 (bits 1–4 clear: overlong).
@inline(__always)
func _twoByteBlock(_ word: UInt64, pending: UInt64) -> UInt64? {
    let highs: UInt64 = 0x8080_8080_8080_8080
    let top = word & highs
    if top == 0 { return pending == 0 ? 0 : nil }
    let second = (word << 1) & highs
    let third = (word << 2) & highs
    let leads = top & second
    if leads & third != 0 { return nil }
    let continuations = top & ~second
    guard continuations == (leads << 8 | pending) else { return nil }
    // Bits 1–4 of each byte, plus 0x7F: bit 7 is set when one of them is
    // (at most 0x1E + 0x7F, no carry into the next byte).
    let notOverlong = ((word & 0x1E1E_1E1E_1E1E_1E1E) &+ 0x7F7F_7F7F_7F7F_7F7F) & highs
    guard leads & ~notOverlong == 0 else { return nil }
    return leads >> 56
}

/// The length of the well-formed UTF-8 sequence at `index` (before
/// `count`), by the Unicode Standard's Table 3-7; 0 when there is none.
@inline(__always)
func _sequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int {
    let lead = base[index]
    if lead < 0x80 { return 1 }
    @inline(__always) func isContinuation(_ offset: Int) -> Bool {
        base[index &+ offset] & 0xC0 == 0x80
    }
    if lead < 0xC2 { return 0 }
    if lead < 0xE0 {
        return index &+ 1 < count && isContinuation(1) ? 2 : 0
    }
    if lead < 0xF0 {
        guard index &+ 2 < count, isContinuation(1), isContinuation(2) else { return 0 }
        let second = base[index &+ 1]
        // E0 A0–BF (no overlong form), ED 80–9F (no surrogate).
        if lead == 0xE0 && second < 0xA0 || lead == 0xED && second >= 0xA0 { return 0 }
        return 3
    }
    guard lead < 0xF5, index &+ 3 < count, isContinuation(1), isContinuation(2),
        isContinuation(3)
    else { return 0 }
    let second = base[index &+ 1]
    // F0 90–BF (no overlong form), F4 80–8F (nothing past U+10FFFF).
    if lead == 0xF0 && second < 0x90 || lead == 0xF4 && second >= 0x90 { return 0 }
    return 4
}
