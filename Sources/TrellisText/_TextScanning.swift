// Byte scans of UTF-8 text that preparing and laying out a text share:
// hard breaks, hanging whitespace, right-to-left characters.

/// Where the hard break characters at the end of `start..<end` begin, and
/// whether they are a line separator (U+2028, VT, FF: a break that does not
/// end the bidi paragraph) rather than a paragraph break.
@inline(__always)
func _hardBreakStart(_ text: UnsafeBufferPointer<UInt8>, end: Int, start: Int) -> (
    start: Int, isLineSeparator: Bool
) {
    var position = end
    if position - 3 >= start && text[position - 3] == 0xE2 && text[position - 2] == 0x80
        && (text[position - 1] == 0xA8 || text[position - 1] == 0xA9)
    {
        return (position - 3, text[position - 1] == 0xA8)
    }
    if position - 2 >= start && text[position - 2] == 0xC2 && text[position - 1] == 0x85 {
        return (position - 2, false)
    }
    // VT and FF are mandatory line breaks (UAX #14 class BK) but not
    // paragraph separators: UAX #9 gives them bidi classes S and WS (only
    // class B, LF, CR, NEL, U+2029 and U+001C–U+001E, ends a paragraph), so
    // the lines after them keep the paragraph's direction, as after U+2028.
    if position > start && (text[position - 1] == 0x0B || text[position - 1] == 0x0C) {
        return (position - 1, true)
    }
    if position > start && text[position - 1] == 0x0A {
        position -= 1
        if position > start && text[position - 1] == 0x0D { position -= 1 }
        return (position, false)
    }
    if position > start && text[position - 1] == 0x0D { return (position - 1, false) }
    return (end, false)
}

/// Where the whitespace that may hang past a line's end begins: spaces and
/// tabs (UAX #14 class SP and BA spaces), not no-break spaces.
@inline(__always)
func _trailingWhitespaceStart(_ text: UnsafeBufferPointer<UInt8>, end: Int, start: Int) -> Int {
    var position = end
    while position > start {
        let byte = text[position - 1]
        if byte == 0x20 || byte == 0x09 {
            position -= 1
            continue
        }
        if byte >= 0x80 && position - 3 >= start {
            let b0 = text[position - 3]
            let b1 = text[position - 2]
            // U+3000, U+2000–U+2006, U+2008–U+200A, U+205F, U+1680
            if (b0 == 0xE3 && b1 == 0x80 && byte == 0x80)
                || (b0 == 0xE2 && b1 == 0x80 && byte >= 0x80 && byte <= 0x8A && byte != 0x87)
                || (b0 == 0xE2 && b1 == 0x81 && byte == 0x9F)
                || (b0 == 0xE1 && b1 == 0x9A && byte == 0x80)
            {
                position -= 3
                continue
            }
        }
        break
    }
    return position
}

/// True when the UTF-8 text may hold a right-to-left character (Hebrew,
/// Arabic, Syriac, Thaana, NKo…, their presentation forms, RTL scripts beyond
/// the BMP, or RLM/RLE/RLO/RLI). False positives only cost a bidi pass.
@inline(__always)
func _mayContainRightToLeft(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    let raw = UnsafeRawBufferPointer(text)
    while index < count {
        // Eight bytes at a time while none of them is 0xD6 or more (ASCII,
        // and the lead and continuation bytes of Latin, Greek and Cyrillic
        // letters): those bytes only step on below.
        while index &+ 8 <= count
            && !_hasByteFromD6(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        {
            index &+= 8
        }
        guard index < count else { break }
        let byte = text[index]
        if byte < 0xD6 {
            index += 1
            continue
        }
        // A three-byte character whose lead byte is E1 or E3–EE (U+1000–
        // U+1FFF, U+3000–U+EFFF: kana, CJK punctuation, ideographs,
        // Hangul), or E2 before 82–BF (U+2080–U+2FFF: box drawing among
        // them), starts no right-to-left character, and its continuation
        // bytes (80–BF) are below 0xD6: stepped over whole, where Chinese
        // text went back to the eight-byte loop after each of its bytes
        // (the same answer for any bytes: only those three are skipped).
        if index &+ 2 < count, byte == 0xE1 || (byte >= 0xE2 && byte <= 0xEE) {
            let next = text[index &+ 1]
            if next & 0xC0 == 0x80, text[index &+ 2] & 0xC0 == 0x80, byte != 0xE2 || next >= 0x82 {
                index &+= 3
                // The characters after it with lead bytes E3–EE (a Chinese
                // text's ideographs and punctuation), in a loop of their own.
                while index &+ 2 < count, text[index] &- 0xE3 <= 0x0B,
                    text[index &+ 1] & 0xC0 == 0x80, text[index &+ 2] & 0xC0 == 0x80
                {
                    index &+= 3
                }
                continue
            }
        }
        if byte <= 0xDF { return true }  // U+0580–U+07FF
        if index + 1 < count {
            let next = text[index + 1]
            if byte == 0xE0 && next >= 0xA0 && next <= 0xA3 { return true }  // U+0800–U+08FF
            if byte == 0xEF && next >= 0xAC && next <= 0xBB { return true }  // U+FB00–U+FEFF
            if byte == 0xE2 && index + 2 < count {
                let last = text[index + 2]
                if (next == 0x80 && (last == 0x8F || last == 0xAB || last == 0xAE))
                    || (next == 0x81 && last == 0xA7)
                {
                    return true
                }
            }
            if byte == 0xF0 && (next == 0x90 || next == 0x9E) { return true }  // U+10800–, U+1E800–
        }
        index += 1
    }
    return false
}

/// True when every byte of the text is ASCII (below 0x80); eight bytes at
/// a time, so a Russian text leaves at its first word and an English one
/// costs well under an instruction a byte.
@inline(__always)
func _isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(text)
    let count = raw.count
    var index = 0
    var high: UInt64 = 0
    while index + 8 <= count {
        high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if high & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
    }
    while index < count {
        if raw[index] >= 0x80 { return false }
        index += 1
    }
    return true
}

/// Whether a byte of `word` is 0xD6 or more. Per byte, with its top bit
/// cleared (`low`), adding 0x2A carries into the top bit exactly when the
/// byte is above 0x55 and cannot carry into the next byte; a byte is 0xD6
/// or more exactly when its top bit is set and its low seven bits are.
@inline(__always)
func _hasByteFromD6(_ word: UInt64) -> Bool {
    let highs: UInt64 = 0x8080_8080_8080_8080
    let low = word & ~highs
    return (low &+ 0x2A2A_2A2A_2A2A_2A2A) & word & highs != 0
}
