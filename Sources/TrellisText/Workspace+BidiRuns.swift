// The bidi runs of a prepared text, a paragraph at a time (ICU's bidi
// analysis, only for text with right-to-left characters).

extension _Workspace {
    /// Runs bidi over the paragraph starting at `start` (up to the next
    /// paragraph break) and appends its runs with absolute offsets. Returns
    /// whether the paragraph is right-to-left.
    ///
    /// A line separator (U+2028) does not end the paragraph: UAX #9 gives it
    /// bidi class WS, not B, so the lines after it keep the paragraph's
    /// direction (and its natural alignment), as ICU's analysis of the
    /// whole paragraph already says.
    func appendBidiRuns(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, breakIndex: Int, breakCount: Int,
        into runs: inout [(end: Int32, level: UInt8)]
    ) throws(TextError) -> Bool {
        var end = text.count
        var pieceStart = start
        for index in breakIndex..<breakCount {
            let pieceEnd = Int(breakOffsets[index])
            if breakIsHard[index] != 0 && pieceEnd > pieceStart
                && !_hardBreakStart(text, end: pieceEnd, start: pieceStart).isLineSeparator
            {
                end = pieceEnd
                break
            }
            pieceStart = max(pieceStart, pieceEnd)
        }
        let paragraph = UnsafeBufferPointer(rebasing: text[start..<end])
        let (count, rtl) = try findBidiRuns(paragraph)
        for index in 0..<count {
            runs.append((end: Int32(start) + runEnds[index], level: runLevels[index]))
        }
        return rtl
    }
}
