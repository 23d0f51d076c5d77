// Whitespace that follows a space hangs with it: a piece that is nothing but
// hanging whitespace is joined to the piece before it.
//
// Why: UAX #14 breaks after every space (LB18), so ICU gives "word " and
// "\u{2003}" (or a tab, U+2002, U+3000…) as two pieces. Measured apart, the
// second piece has no word of its own: it was placed on a line of its own
// when the first piece filled the line, and the space before it was counted
// in the line's width. In TextKit all the whitespace at a line's end hangs
// past its edge, whatever it is made of (Core Text: "Creating a line for a
// width can result in a line that is actually longer than the desired width
// due to trailing whitespace", `CTLineGetTrailingWhitespaceWidth`); joined,
// the space and the wide space are the one piece's trailing whitespace, and
// they hang. (Pango 1.50.12 lets only the last whitespace character before a
// break hang, `find_break_extra_width`: it gives "word \u{2003}word" three
// lines at width 41.23, this rule two; see SpaceRunTests.) No line
// can break inside such a run anyway without starting a line with
// whitespace, which greedy filling never needs to do: the content before the
// joined whitespace is the same, so every line that fitted still fits.

extension _Workspace {
    /// Removes from `breakOffsets`/`breakIsHard` (of `count` breaks, made
    /// by ICU for `text`) each break that ends a piece followed by a piece of
    /// only hanging whitespace (`_trailingWhitespaceStart`), with or without
    /// a hard break after it, so that whitespace joins the piece before.
    /// A hard break is never removed: whitespace after it starts the next
    /// paragraph. Returns the number of breaks kept.
    ///
    /// Plain text needs none of this: its only breaks follow runs of spaces
    /// (`plainBreaks`), so its only whitespace-only piece is a leading one.
    /// - Complexity: O(number of breaks), plus the bytes of pieces that
    ///   start with a whitespace byte.
    func joinHangingWhitespace(_ text: UnsafeBufferPointer<UInt8>, count: Int) -> Int {
        breakOffsets.withUnsafeMutableBufferPointer { offsets in
            breakIsHard.withUnsafeMutableBufferPointer { hard in
                var kept = 0
                var start = 0
                for index in 0..<count {
                    let end = Int(offsets[index])
                    if kept > 0 && hard[kept - 1] == 0 && end > start
                        && _mayStartHangingWhitespace(text[start])
                    {
                        let contentEnd =
                            hard[index] != 0
                            ? _hardBreakStart(text, end: end, start: start).start : end
                        if contentEnd > start
                            && _trailingWhitespaceStart(text, end: contentEnd, start: start)
                                == start
                        {
                            // The piece before now runs to this break.
                            offsets[kept - 1] = offsets[index]
                            hard[kept - 1] = hard[index]
                            start = end
                            continue
                        }
                    }
                    offsets[kept] = offsets[index]
                    hard[kept] = hard[index]
                    kept += 1
                    if end > start { start = end }
                }
                return kept
            }
        }
    }
}

/// True when `byte` may start a hanging whitespace character: a space, a
/// tab, or the lead byte of U+1680, U+2000–U+200A, U+205F or U+3000.
@inline(__always)
private func _mayStartHangingWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3
}
