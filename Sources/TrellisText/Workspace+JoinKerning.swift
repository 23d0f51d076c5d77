// Kerning across a break opportunity without whitespace ("MIME-|Version",
// "and/|or"): pieces are measured alone (that is what the word cache
// keys), so the pair kerning between the last character of one piece and
// the first of the next was not counted when both sit on one line. Core
// Text and Pango shape a line's run as a whole and count it.
//
// Rule: when a piece ends without whitespace and the next piece starts
// right after it in the same single font, the difference between the
// measure of the two characters around the boundary shaped together and
// each shaped alone is added to the first piece's trailing measure
// (`spaceEm`), which counts only when the line goes on past the piece, as
// the kerning does. Only characters that are clusters of their own in
// simple scripts take part (`joinsAlone`): ideographs (their fonts do not
// kern them, and a break falls between almost every two), emoji, marks and
// complex scripts keep their measures.

import CHarfBuzz

extension _Workspace {
    /// Adds the kerning across each break opportunity without whitespace
    /// to the measure of the piece before it (see the top of this file).
    /// Left-to-right pieces without tabs or hard breaks only (the next
    /// piece may hold a tab); `styles`
    /// gives an attributed text's runs (whose pieces measure in points),
    /// and the two characters must then be in one run.
    /// `memoRuns` are runs of pieces (first piece, end piece; in order)
    /// whose every character is of the ideograph memo's blocks (pieces
    /// `prepare` measured from the memo: `_memoizedScalar`, lead bytes from
    /// E3), so that the character before the boundary after each piece of
    /// a run is one `joinsAlone` leaves out: the runs are stepped over.
    /// - Complexity: O(n) in the pieces, with three cache look-ups (shaped
    ///   once per distinct pair) at each boundary without whitespace.
    func addJoinKerning(
        _ text: UnsafeBufferPointer<UInt8>, pieces: inout [_Piece], fonts: FontCollection,
        styles: _StyleRuns? = nil, cache: _WordWidthCache,
        memoRuns: UnsafeBufferPointer<(first: Int32, end: Int32)> = .init(start: nil, count: 0)
    ) {
        guard pieces.count > 1 else { return }
        pieces.withUnsafeMutableBufferPointer { pieces in
            let last = pieces.count - 1
            // The pieces between the memo's runs, and after the last.
            var from = 0
            var nextRun = 0
            while from < last {
                let upper =
                    nextRun < memoRuns.count ? min(Int(memoRuns[nextRun].first), last) : last
                for index in from..<max(from, upper) {
                    // Most pieces end in whitespace: that test first.
                    guard pieces[index].wordEnd == pieces[index].end, pieces[index].flags == 0
                    else { continue }
                    // A lead byte from E3 starts a character from U+3000
                    // (ideographs, kana, CJK punctuation), which `joinsAlone`
                    // leaves out: most of a Chinese text's boundaries end
                    // here, before either piece's measure is read.
                    let boundary = Int(pieces[index].end)
                    guard boundary < text.count, text[boundary] < 0xE3 else { continue }
                    let mask = pieces[index].measure.fontMask
                    // The next piece may hold a tab ("bright-|>\t"): its first
                    // character is not one (`joinsAlone`), and its own widths,
                    // worked out per line, do not hold this kerning.
                    guard mask.nonzeroBitCount == 1, pieces[index + 1].measure.fontMask == mask,
                        pieces[index + 1].flags & _Piece.rtlParagraph == 0,
                        pieces[index].measure.missingGlyphs == 0,
                        pieces[index + 1].measure.missingGlyphs == 0
                    else { continue }
                    var lastStart = boundary - 1
                    while lastStart > 0 && text[lastStart] & 0xC0 == 0x80 { lastStart -= 1 }
                    // Neither an ideograph's side nor a space's is kerned
                    // (`joinKerning` asks this first): the rest of those
                    // boundaries end here, before any font is read.
                    guard text[lastStart] < 0xE3,
                        _Workspace.joinsAlone(_decodeScalar(text, at: lastStart).0),
                        _Workspace.joinsAlone(_decodeScalar(text, at: boundary).0)
                    else { continue }
                    var runFonts = fonts
                    var size = 1.0
                    // The window measured stays in the piece, and in one run.
                    var lower = index > 0 ? Int(pieces[index - 1].end) : 0
                    if let styles {
                        let runIndex = styles.index(at: lastStart)
                        let run = styles.runs[runIndex]
                        guard run.end > boundary else { continue }
                        runFonts = run.fonts
                        size = run.size
                        lower = max(lower, styles.start(ofRun: runIndex))
                    }
                    if let kerning = joinKerning(
                        text, pieceStart: lower, lastStart: lastStart, boundary: boundary,
                        fonts: runFonts, cache: cache)
                    {
                        pieces[index].measure.spaceEm += kerning * size
                    }
                }
                guard nextRun < memoRuns.count else { break }
                from = Int(memoRuns[nextRun].end)
                nextRun &+= 1
            }
        }
    }

    /// True for a character that is a cluster of its own whose shaping
    /// does not depend on its neighbours beyond pair kerning: Latin, Greek
    /// and Cyrillic letters, digits, punctuation and symbols (no combining
    /// mark) and the dashes, quotes and bullets of General Punctuation.
    /// Complex scripts, emoji (a regional indicator pairs with its
    /// neighbour), ideographs and spaces are left out.
    static func joinsAlone(_ scalar: UInt32) -> Bool {
        if scalar < 0x300 {
            return scalar > 0x20 && scalar != 0x7F && (scalar < 0x80 || scalar > 0xA0)
        }
        return (0x370...0x482).contains(scalar) || (0x48A...0x52F).contains(scalar)
            || (0x2010...0x2027).contains(scalar)
    }

    /// True when the characters on both sides of `boundary` are in one
    /// script run, as Pango and Core Text split runs before shaping: a
    /// character of no script of its own ("/", "-", digits) takes the
    /// script of the nearest letter before it ("кластер/" | "data" is two
    /// runs, Cyrillic then Latin, and is not kerned).
    static func oneScriptRun(
        _ text: UnsafeBufferPointer<UInt8>, boundary: Int, first: UInt32
    ) -> Bool {
        let after = hb_unicode_script(hb_unicode_funcs_get_default(), first)
        guard _isStrongScript(after),
            let before = _strongScript(before: boundary, in: text, limit: 256)
        else { return true }
        return before == after
    }

    /// The kerning in ems between the character at `lastStart` and the one
    /// at `boundary`, when one font draws both and kerns them; nil otherwise.
    private func joinKerning(
        _ text: UnsafeBufferPointer<UInt8>, pieceStart: Int, lastStart: Int, boundary: Int,
        fonts: FontCollection, cache: _WordWidthCache
    ) -> Double? {
        let (last, _) = _decodeScalar(text, at: lastStart)
        let (first, firstLength) = _decodeScalar(text, at: boundary)
        guard _Workspace.joinsAlone(last), _Workspace.joinsAlone(first),
            _Workspace.oneScriptRun(text, boundary: boundary, first: first)
        else { return nil }
        func alone(_ range: Range<Int>) -> _PieceMeasure {
            measurePart(
                text, range, trailingStart: range.upperBound, isLast: true, rtl: false,
                fonts: fonts, cache: cache)
        }
        // The character before the last goes with it: a contextual form
        // ("C:" takes Inter's raised colon, which "\\" does not kern with)
        // is the one the line has.
        var windowStart = lastStart
        if lastStart > pieceStart {
            windowStart -= 1
            while windowStart > pieceStart && text[windowStart] & 0xC0 == 0x80 { windowStart -= 1 }
        }
        let together = alone(windowStart..<(boundary + firstLength))
        let before = alone(windowStart..<boundary)
        let after = alone(boundary..<(boundary + firstLength))
        let mask = together.fontMask
        guard mask.nonzeroBitCount == 1, before.fontMask == mask, after.fontMask == mask,
            together.missingGlyphs == 0
        else { return nil }
        // A whole number of the font's units: the sums' rounding is not kerning.
        let units = Double(fonts.faces[mask.trailingZeroBitCount].unitsPerEm)
        let kerning = ((together.wordEm - before.wordEm - after.wordEm) * units).rounded() / units
        return kerning == 0 ? nil : kerning
    }
}
