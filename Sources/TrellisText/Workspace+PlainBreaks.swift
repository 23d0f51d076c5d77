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
        reserveBreaks(count + 1)
        return breakOffsets.withUnsafeMutableBufferPointer { offsets in
            breakIsHard.withUnsafeMutableBufferPointer { hard in
                // Without branches on the bytes (a branch per word boundary
                // was mispredicted about once a word): every position is
                // written and kept only when it is a break; whether the text
                // is plain is decided after the loop. One table load per byte
                // gives its class and the classes after which a break comes
                // before it.
                var found = 0
                var notPlain: UInt8 = 0
                var previous = _PlainClass.start
                var beforePrevious: UInt8 = 0
                let letter = _PlainClass.letter | _PlainClass.plain
                _plainClasses.withUnsafeBufferPointer { classes in
                    var index = 0
                    while index < count {
                        // Letters after a letter (LB28: no break, nothing
                        // changes but the class before the previous, which
                        // becomes a letter), most of a text's bytes, are
                        // stepped over in a loop of their own, one test a
                        // letter. The loop below writes `offsets[found]` at
                        // every byte it reads, so the bytes skipped here
                        // need no write either.
                        if previous == letter {
                            let from = index
                            while index < count && (text[index] | 0x20) &- 0x61 < 26 {
                                index &+= 1
                            }
                            if index != from { beforePrevious = letter }
                            if index >= count { break }
                        }
                        let byte = text[index]
                        let entry = classes[Int(byte)]
                        let current = UInt8(truncatingIfNeeded: entry)
                        notPlain |= ~current & _PlainClass.plain
                        // LB25 (numbers) is ICU's business: a digit after a
                        // stop that does not follow a digit.
                        notPlain |= current & previous << 3 & ~beforePrevious & _PlainClass.digit
                        // Not plain: the rest need not be read (a branch
                        // almost never taken; a fifth of the English rows
                        // of "Speed per script" hold a byte outside plain
                        // text, and their bytes were all read before the
                        // letter break finder read them again).
                        if notPlain != 0 { break }
                        offsets[found] = Int32(index)
                        found &+= _bit(previous & UInt8(truncatingIfNeeded: entry >> 8) != 0)
                        // A hyphen after a space or at the start begins a word
                        // (LB20a): it loses its class, so nothing breaks after it.
                        let beginsWord = UInt8(
                            truncatingIfNeeded: _bit(previous & _PlainClass.wordStart != 0))
                        beforePrevious = previous
                        previous = current & ~(_PlainClass.hyphen &* beginsWord)
                        index &+= 1
                    }
                }
                if notPlain != 0 { return nil }
                offsets[found] = Int32(count)
                UnsafeMutableBufferPointer(rebasing: hard[0...found]).update(repeating: 0)
                return found + 1
            }
        }
    }
}

/// The classes of plain text's bytes (UAX #14's, as far as the rules above
/// need them), as bits; a byte outside plain text has none. A quote (class
/// QU) needs no bit of its own: nothing depends on a quote before.
private enum _PlainClass {
    static let space: UInt8 = 1
    static let hyphen: UInt8 = 2
    static let exclamation: UInt8 = 4
    /// A comma, full stop, colon or semicolon (class IS): `digit >> 3`, so
    /// "a digit after a stop" is one shift and mask.
    static let stop: UInt8 = 8
    static let letter: UInt8 = 16
    /// The position before the text (never a byte's class).
    static let start: UInt8 = 32
    static let digit: UInt8 = 64
    /// Set for every byte of plain text.
    static let plain: UInt8 = 128
    static let wordStart = space | start
}

/// Per byte value: its `_PlainClass` bits (low byte) and the classes after
/// which a break comes before it (high byte): after spaces (LB18) before
/// anything but a space, stop, ! or ? (LB13); after a hyphen (one that does
/// not begin a word) before a letter (LB31, LB20a; not before a digit, LB25);
/// after ! or ? before a letter or digit (LB31).
private let _plainClasses: [UInt16] = (0..<256).map { byte -> UInt16 in
    let space = UInt16(_PlainClass.space)
    let hyphen = UInt16(_PlainClass.hyphen)
    let exclamation = UInt16(_PlainClass.exclamation)
    let (classes, breaksAfter): (UInt8, UInt16)
    switch UInt8(byte) {
    case UInt8(ascii: " "): (classes, breaksAfter) = (_PlainClass.space, 0)
    case UInt8(ascii: "-"): (classes, breaksAfter) = (_PlainClass.hyphen, space)
    case UInt8(ascii: "!"), UInt8(ascii: "?"): (classes, breaksAfter) = (_PlainClass.exclamation, 0)
    case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"):
        (classes, breaksAfter) = (_PlainClass.stop, 0)
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        (classes, breaksAfter) = (_PlainClass.letter, space | hyphen | exclamation)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
        (classes, breaksAfter) = (_PlainClass.digit, space | exclamation)
    case UInt8(ascii: "'"), UInt8(ascii: "\""): (classes, breaksAfter) = (0, space)
    default: return 0
    }
    return breaksAfter << 8 | UInt16(classes | _PlainClass.plain)
}
