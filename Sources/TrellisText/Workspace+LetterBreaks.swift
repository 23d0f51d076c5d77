// Break opportunities of text in Latin, Greek and Cyrillic letters or
// Chinese ideographs with common punctuation, found in one pass over its
// bytes without ICU: Russian, German and Chinese prose, and English text
// with brackets, dashes or curly quotes, which the ASCII shortcut
// (`plainBreaks`) leaves. ICU's iterator cost about 200 instructions a
// character (callgrind: 204 M of 898 M on 5,000 Russian rows); this pass
// about 40.

extension _Workspace {
    /// The break opportunities of `text` by UAX #14's rules, or nil when it
    /// holds a character or a sequence this pass leaves to ICU. It takes
    /// characters of the classes AL (letters of Latin, Greek, Cyrillic;
    /// ASCII symbols such as & * @ #; · ² ³ ← → ■ □), NU (ASCII digits), SP,
    /// IS (, . : ;), SY (/), PR ($ + \ £ ¥ ±), PO (% °), EX (! ?), QU (' " « »
    /// ‘ ’ “ ” ‹ ›), HY (-), BA (– ‧ | and the narrow spaces U+2002–U+200A),
    /// B2 (—), IN (…), OP (( [ { „ ‚), CP () ]), CL (}), GL (no-break
    /// spaces), CM (combining marks after a letter),
    /// and for Chinese text ID (CJK ideographs, fullwidth digits and －), CL
    /// (、 。 ， 」 》 ）), NS (： ； ・), fullwidth OP (「 《 （) and EX
    /// (！ ？), and box drawing (AL), where
    /// the rules reduce to a table of the class before (and whether spaces
    /// came between) and the class after (`_LetterClass.pairRule`).
    /// Left to ICU: every other character (line feeds, kana, Hangul,
    /// Hebrew, Arabic, emoji…), LB25's numbers (a digit after a stop that
    /// follows spaces, or after a slash that does not follow a digit;
    /// anything but a digit after a slash that does; PR and PO beside
    /// digits, brackets, stops, hyphens and each other), a mark after a
    /// space or at the start (LB10), and a word-initial hyphen before an
    /// opening bracket, a no-break space or a dash (LB20a).
    ///
    /// The breaks then go through `joinHangingWhitespace`, as ICU's do, so
    /// a text gets the same pieces whichever finds its breaks: equality
    /// with ICU is tested on Unicode's LineBreakTest.txt, on every
    /// character of the table in context, on random strings and on real
    /// prose (LetterBreaksTests).
    /// - Complexity: O(n), one pass over the bytes.
    func letterBreaks(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.count
        reserveBreaks(count + 1)
        // The first lead byte from E3 (`wideLeadFrom`).
        var firstWide = count
        // Whether it holds U+2000–U+200A, whitespace a piece may start
        // with: without them (nor tabs, U+3000…, which it leaves to ICU,
        // and with no break before a space, LB7) no piece is whitespace
        // alone, and `joinHangingWhitespace` would join nothing.
        var spacesToJoin = false
        let found: Int? = breakOffsets.withUnsafeMutableBufferPointer { offsets in
            _letterClassTable.withUnsafeBufferPointer { classes in
                _letterPairTable.withUnsafeBufferPointer { pairs in
                    var found = 0
                    var before = _LetterClass.start
                    var beforeThat = _LetterClass.start
                    var spaces = false
                    var index = 0
                    // Offsets and counts below `count` (a buffer's length):
                    // added without overflow checks.
                    while index < count {
                        // Letters right after a letter (LB28: no break,
                        // the class stays AL), most of a text's
                        // characters, in a loop of their own (nothing
                        // changes but the offset), stepped over by their
                        // first byte's length (`_letterRunStepsStart`):
                        // ASCII letters, U+00C0–U+00FF and U+0400–U+047F
                        // (Latin-1 and Cyrillic letters, all AL), and box
                        // drawing, U+2500–U+257F (AL: a table's runs of
                        // "─"). Stepping over one a round of the loop
                        // below, tested letter by letter, cost about 12
                        // to 16 instructions a letter.
                        if before == _LetterClass.letter && !spaces {
                            while index < count {
                                let step = Int(classes[_letterRunStepsStart &+ Int(text[index])])
                                if step == 0 || step == 3 && text[index &+ 1] & 0xFE != 0x94 {
                                    break
                                }
                                index &+= step
                            }
                            if index >= count { break }
                        }
                        // Ideographs right after an ideograph (LB31: a
                        // break before each; the class stays ID), most of
                        // a Chinese text's characters, without the tables,
                        // in a loop of their own as letters above
                        // (`_ideographRunBreaks`, about 25 instructions an
                        // ideograph; a round of the loop below each, 48).
                        if before == _LetterClass.ideographic && !spaces {
                            let run = _ideographRunBreaks(
                                text, from: index, count: count, into: offsets.baseAddress! + found)
                            if run > 0 {
                                found &+= run
                                index &+= 3 &* run
                                beforeThat = _LetterClass.ideographic
                                if index >= count { break }
                            }
                        }
                        let lead = text[index]
                        let current: UInt8
                        let length: Int
                        if lead < 0x80 {
                            current = classes[Int(lead)]
                            length = 1
                        } else if lead >= 0xC2 && lead < 0xE0 {
                            // Valid UTF-8 (the text comes from a String).
                            let scalar = Int(lead & 0x1F) << 6 | Int(text[index &+ 1] & 0x3F)
                            current = scalar < _letterTwoByteEnd ? classes[scalar] : 0
                            length = 2
                        } else if lead == 0xE2 && text[index &+ 1] == 0x80 {
                            // U+2000–U+203F: dashes, quotes, narrow spaces.
                            if text[index &+ 2] &- 0x80 < 0x0B { spacesToJoin = true }
                            current = classes[_letterTwoByteEnd + Int(text[index &+ 2] & 0x3F)]
                            length = 3
                        } else if lead >= 0xE2 && lead < 0xF0 {
                            // Chinese and Japanese ideographs, their
                            // punctuation, box drawing.
                            let scalar = _threeByteScalar(text, at: index)
                            current = _LetterClass.ofWide(scalar)
                            length = 3
                            if lead >= 0xE3 && firstWide == count { firstWide = index }
                        } else {
                            return nil
                        }
                        if current == _LetterClass.space {
                            // LB7: no break before a space.
                            spaces = true
                            index &+= length
                            continue
                        }
                        if current == _LetterClass.mark {
                            // LB9: a mark takes the class of the character
                            // it follows; LB10 (after a space, at the start)
                            // is ICU's business.
                            if spaces || before == _LetterClass.start { return nil }
                            index &+= length
                            continue
                        }
                        if current == 0 { return nil }
                        var breaksHere = false
                        if index > 0 {
                            let rule = pairs[
                                (spaces ? _LetterClass.count * _LetterClass.count : 0)
                                    + Int(before) * _LetterClass.count + Int(current)]
                            switch rule {
                            case _LetterClass.breaks:
                                offsets[found] = Int32(index)
                                found &+= 1
                                breaksHere = true
                            case _LetterClass.keeps:
                                break
                            case _LetterClass.keepsAfterNumber:
                                // LB25: "1.5" holds together; ".5" is ICU's.
                                if beforeThat != _LetterClass.numeric { return nil }
                            case _LetterClass.keepsUnlessAfterSpaces:
                                // " .5" breaks before the stop in ICU 72.
                                if beforeThat == _LetterClass.space { return nil }
                            case _LetterClass.breaksAfterNonNumber:
                                // LB31 after a slash ("and/|or"); after a
                                // number's slash ("1/a"), ICU's.
                                if beforeThat == _LetterClass.numeric { return nil }
                                offsets[found] = Int32(index)
                                found &+= 1
                                breaksHere = true
                            default:
                                return nil
                            }
                        }
                        // LB20a: a hyphen at the start, or after spaces
                        // where a break comes before it, begins a word (as
                        // ICU 72 has it: after "( " nothing breaks before
                        // the hyphen, and it breaks after it as any hyphen).
                        let beginsWord =
                            current == _LetterClass.hyphen
                            && (breaksHere || before == _LetterClass.start)
                        // A stop after spaces starts no number ("a .5" is ICU's).
                        beforeThat = spaces ? _LetterClass.space : before
                        before = beginsWord ? _LetterClass.wordInitialHyphen : current
                        spaces = false
                        index &+= length
                    }
                    // LB3: a break at the end.
                    offsets[found] = Int32(count)
                    return found + 1
                }
            }
        }
        guard let found else { return nil }
        wideLeadFrom = firstWide
        breaksFromLetters = true
        breakIsHard.withUnsafeMutableBufferPointer { hard in
            UnsafeMutableBufferPointer(rebasing: hard[0..<found]).update(repeating: 0)
        }
        return spacesToJoin ? joinHangingWhitespace(text, count: found) : found
    }
}

/// UAX #14's line breaking classes that `letterBreaks` takes, as numbers
/// (0: a character it leaves to ICU), and the rules between them.
enum _LetterClass {
    static let letter: UInt8 = 1  // AL
    static let numeric: UInt8 = 2  // NU
    static let space: UInt8 = 3  // SP
    static let infixSeparator: UInt8 = 4  // IS
    static let exclamation: UInt8 = 5  // EX
    static let quotation: UInt8 = 6  // QU
    static let hyphen: UInt8 = 7  // HY
    static let breakAfter: UInt8 = 8  // BA
    static let breakBoth: UInt8 = 9  // B2
    static let inseparable: UInt8 = 10  // IN
    static let open: UInt8 = 11  // OP
    static let closeParenthesis: UInt8 = 12  // CP
    static let glue: UInt8 = 13  // GL
    static let mark: UInt8 = 14  // CM
    /// A hyphen that begins a word (LB20a); only ever the class before.
    static let wordInitialHyphen: UInt8 = 15
    static let ideographic: UInt8 = 16  // ID
    static let closePunctuation: UInt8 = 17  // CL
    static let nonstarter: UInt8 = 18  // NS
    /// OP of East Asian width F or W (「 《 （), which LB30 leaves out.
    static let wideOpen: UInt8 = 19
    static let symbol: UInt8 = 20  // SY
    static let prefix: UInt8 = 21  // PR
    static let postfix: UInt8 = 22  // PO
    /// The start of the text; only ever the class before.
    static let start: UInt8 = 0
    static let count = 23

    /// Outcomes in the pair table.
    static let keeps: UInt8 = 0
    static let breaks: UInt8 = 1
    static let askICU: UInt8 = 2
    /// No break if the class before `before` is NU, otherwise ICU's call.
    static let keepsAfterNumber: UInt8 = 3
    /// A break unless the class before `before` is NU, then ICU's call.
    static let breaksAfterNonNumber: UInt8 = 4
    /// No break unless spaces came before `before`, then ICU's call.
    static let keepsUnlessAfterSpaces: UInt8 = 5

    /// Whether UAX #14 (Unicode 15.0, as ICU 72 applies it) puts a break
    /// between a character of class `after` and the last non-space
    /// character before it, of class `before`, with spaces between when
    /// `spaces` is set. `after` is neither SP nor CM (handled by the loop).
    static func pairRule(before: UInt8, spaces: Bool, after: UInt8) -> UInt8 {
        // LB13: no break before ) ] ! ? , . : ; / 。 ， 」 even after spaces.
        if after == closeParenthesis || after == exclamation || after == infixSeparator
            || after == closePunctuation || after == symbol
        {
            return keeps
        }
        if before == open || before == wideOpen { return keeps }  // LB14: OP SP* ×
        // LB15: QU SP* × OP
        if before == quotation && (after == open || after == wideOpen) { return keeps }
        // LB16: (CL | CP) SP* × NS
        if (before == closePunctuation || before == closeParenthesis) && after == nonstarter {
            return keeps
        }
        if before == breakBoth && after == breakBoth { return keeps }  // LB17: B2 SP* × B2
        // LB25's numbers around a currency, plus or percent sign ("$(1)",
        // "1 %"): ICU's, after spaces too.
        let affix: (UInt8) -> Bool = { $0 == prefix || $0 == postfix }
        if affix(after)
            && (before == numeric || before == closeParenthesis || before == closePunctuation
                || before == infixSeparator || before == symbol || before == hyphen
                || before == open || before == wideOpen || affix(before))
        {
            return askICU
        }
        if affix(before)
            && (after == numeric || after == open || after == wideOpen || after == hyphen
                || after == infixSeparator)
        {
            return askICU
        }
        if spaces { return breaks }  // LB18: SP ÷
        if before == quotation || after == quotation { return keeps }  // LB19
        if before == glue { return keeps }  // LB12: GL ×
        if before == wordInitialHyphen {
            // LB20a (as ICU 72 has it): no break after a word-initial
            // hyphen before a letter; before a digit (LB25) nor before
            // what LB21 and LB22 keep. Other sequences are ICU's.
            switch after {
            case letter, numeric, hyphen, breakAfter, inseparable: return keeps
            default: return askICU
            }
        }
        if after == glue {  // LB12a: [^SP BA HY] × GL
            return before == breakAfter || before == hyphen ? breaks : keeps
        }
        // LB21, LB22: no break before – - … ： ； (nor the narrow spaces).
        if after == breakAfter || after == hyphen || after == inseparable || after == nonstarter {
            return keeps
        }
        let alphanumeric: (UInt8) -> Bool = { $0 == letter || $0 == numeric }
        if alphanumeric(before) && alphanumeric(after) { return keeps }  // LB23, LB25, LB28
        if before == infixSeparator && after == letter { return keeps }  // LB29
        // LB24: (PR | PO) × AL; AL × (PR | PO).
        if affix(before) && after == letter || before == letter && affix(after) { return keeps }
        // LB23a: PR × ID; ID × PO.
        if before == prefix && after == ideographic { return keeps }
        if before == ideographic && after == postfix { return keeps }
        // LB25 (as ICU 72 has it): "1.5", "V:0" and ".5" hold together;
        // " .5" is ICU's.
        if before == infixSeparator && after == numeric { return keepsUnlessAfterSpaces }
        // LB25: "1/2" holds together; "a/1" and "/1" are ICU's.
        if before == symbol && after == numeric { return keepsAfterNumber }
        if before == hyphen && after == numeric { return keeps }  // LB25
        if alphanumeric(before) && after == open { return keeps }  // LB30
        if before == closeParenthesis && alphanumeric(after) { return keeps }  // LB30
        // LB31 after a slash, but not where a number's may go on (LB25).
        if before == symbol { return breaksAfterNonNumber }
        return breaks  // LB31
    }

    /// The class of a scalar of three UTF-8 bytes from U+2040 on (CJK
    /// ideographs, their punctuation and fullwidth forms, box drawing), or 0.
    @inline(__always)
    static func ofWide(_ scalar: UInt32) -> UInt8 {
        if (0x4E00...0x9FFF).contains(scalar) || (0x3400...0x4DBF).contains(scalar) {
            return ideographic
        }
        switch scalar {
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
            0x301B, 0xFF09, 0xFF0C, 0xFF0E:
            return closePunctuation
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0xFF08:
            return wideOpen
        case 0xFF01, 0xFF1F: return exclamation
        case 0xFF1A, 0xFF1B: return nonstarter
        // Box drawing: AL or AI (which ICU resolves to AL); the arrows
        // ← ↑ → ↓ and the squares ■ □ (AI).
        case 0x2500...0x257F, 0x2190...0x2193, 0x25A0, 0x25A1: return letter
        // Fullwidth digits and hyphen-minus (ID, as ideographs).
        case 0xFF10...0xFF19, 0xFF0D: return ideographic
        // The katakana middle dot ・ (NS).
        case 0x30FB: return nonstarter
        default: return 0
        }
    }

    /// The class of a scalar below U+0530 or in U+2000–U+203F, or 0.
    static func of(_ scalar: UInt32) -> UInt8 {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0x23, 0x26, 0x2A, 0x40, 0x3C...0x3E, 0x5E...0x60, 0x7E:
            return letter
        case 0x30...0x39: return numeric
        case 0x20: return space
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x37E: return infixSeparator
        case 0x2F: return symbol
        case 0x24, 0x2B, 0x5C, 0xA3, 0xA5, 0xB1: return prefix
        case 0x25, 0xB0: return postfix
        case 0x7B: return open
        case 0x7D: return closePunctuation
        case 0x21, 0x3F: return exclamation
        case 0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201B...0x201D, 0x201F, 0x2039, 0x203A:
            return quotation
        case 0x2D: return hyphen
        // The narrow spaces, figure dash, en dash, hyphenation point ‧ and |.
        case 0x2002...0x2006, 0x2008...0x200A, 0x2012, 0x2013, 0x2027, 0x7C: return breakAfter
        case 0x2014: return breakBoth
        case 0x2024...0x2026: return inseparable
        case 0x28, 0x5B, 0x201A, 0x201E: return open
        case 0x29, 0x5D: return closeParenthesis
        case 0xA0, 0x2007, 0x2011, 0x202F: return glue
        case 0x300...0x34E, 0x350...0x35B, 0x363...0x36F, 0x483...0x489: return mark
        // Latin-1 letters and the signs UAX #14 gives AL or AI (ICU
        // resolves AI to AL): © ® ² ³ µ · × ÷.
        case 0xA9, 0xAE, 0xB2, 0xB3, 0xB5, 0xB7, 0xC0...0xFF: return letter
        // Latin Extended-A and -B, IPA.
        case 0x100...0x2AF: return letter
        // Greek (assigned letters), Cyrillic and its supplement.
        case 0x370...0x377, 0x37A...0x37D, 0x37F, 0x384...0x38A, 0x38C, 0x38E...0x3A1,
            0x3A3...0x3FF:
            return letter
        case 0x400...0x482, 0x48A...0x52F: return letter
        // General punctuation that UAX #14 gives AL or AI: ― ‖ ‗ † ‡ • ‣ ‾ ‿.
        case 0x2015...0x2017, 0x2020...0x2023, 0x203E, 0x203F: return letter
        default: return 0
        }
    }
}

/// Where the table's entries for U+2000–U+203F begin: after U+0000–U+052F.
let _letterTwoByteEnd = 0x530

/// Where the table's steps by first byte begin: after U+2000–U+203F.
let _letterRunStepsStart = _letterTwoByteEnd + 0x40

/// `_LetterClass.of` for U+0000–U+052F, then for U+2000–U+203F; then, by a
/// character's first byte, the bytes `letterBreaks` steps over where a
/// letter follows a letter: 1 for an ASCII letter, 2 for U+00C0–U+00FF and
/// U+0400–U+047F (C3, D0, D1), 3 for E2, which is box drawing
/// (U+2500–U+257F) when its second byte is 94 or 95, and 0 for the others.
let _letterClassTable: [UInt8] =
    (0..<UInt32(_letterTwoByteEnd)).map(_LetterClass.of)
    + (0x2000..<UInt32(0x2040)).map(_LetterClass.of)
    + (0..<256).map { byte -> UInt8 in
        switch byte {
        case 0x41...0x5A, 0x61...0x7A: return 1
        case 0xC3, 0xD0, 0xD1: return 2
        case 0xE2: return 3
        default: return 0
        }
    }

/// `_LetterClass.pairRule` for every class before and after, without then
/// with spaces between.
let _letterPairTable: [UInt8] = [false, true].flatMap { spaces in
    (0..<UInt8(_LetterClass.count)).flatMap { before in
        (0..<UInt8(_LetterClass.count)).map { after in
            _LetterClass.pairRule(before: before, spaces: spaces, after: after)
        }
    }
}

/// The breaks before the unified ideographs (`_isUnifiedIdeograph`) that
/// follow each other from `index` in `text` (valid UTF-8 of `count`
/// bytes), written at `offsets` one after the other (each ideograph's
/// offset: after an ideograph, LB31 breaks before the next): their number,
/// 0 when `text[index...]` does not begin with one. Every such ideograph is
/// three bytes long, lead byte E3–E9. Nothing is written for a text of
/// `Int32.max` bytes or more, whose offsets the caller converts (and
/// checks) itself.
@inline(__always)
func _ideographRunBreaks(
    _ text: UnsafeBufferPointer<UInt8>, from index: Int, count: Int,
    into offsets: UnsafeMutablePointer<Int32>
) -> Int {
    guard count < Int(Int32.max) else { return 0 }
    var at = index
    var written = 0
    while at < count {
        guard text[at] &- 0xE3 < 7 else { break }
        let scalar = _threeByteScalar(text, at: at)
        guard _isUnifiedIdeograph(scalar) else { break }
        offsets[written] = Int32(truncatingIfNeeded: at)
        written &+= 1
        at &+= 3
    }
    return written
}
