// Two shortcuts of a warm layout: a cached text found by the identity of the
// caller's string (`StringWords`), and plain paragraphs filled from their
// widths alone (`breakPlainParagraph`). Neither may change a result.
import Testing
import TrellisGeometry
import TrellisSupport
import TrellisTestSupport

@testable import TrellisText

@Suite struct PreparedLookupTests {
    /// Every field of a layout, as bit patterns.
    static func fingerprint(_ layout: TextLayout) -> [UInt64] {
        var bits = [
            layout.size.width.bitPattern, layout.size.height.bitPattern,
            layout.firstBaseline.bitPattern, layout.lastBaseline.bitPattern,
            UInt64(layout.missingGlyphCount), layout.isTruncated ? 1 : 0,
        ]
        for line in layout.lines {
            bits += [
                UInt64(line.range.lowerBound), UInt64(line.range.upperBound),
                line.width.bitPattern, line.origin.x.bitPattern, line.origin.y.bitPattern,
                line.height.bitPattern, line.baseline.bitPattern,
                line.isTruncated ? 1 : 0, line.isRightToLeft ? 1 : 0,
            ]
        }
        return bits
    }

    @Test func aStringChangedInPlaceIsMeasuredAgain() throws {
        let style = try interStyle()
        let measurer = TextMeasurer()
        // Large enough for heap storage; reserved so appending could happen
        // in place if nothing else held the storage.
        var text = String(repeating: "word ", count: 40)
        text.reserveCapacity(4096)
        let before = try measurer.layout(text, style: style, width: 120)
        text.append(String(repeating: "more ", count: 40))
        let after = try measurer.layout(text, style: style, width: 120)
        let fresh = try TextMeasurer().layout(text, style: style, width: 120)
        #expect(Self.fingerprint(after) == Self.fingerprint(fresh))
        #expect(after.lineCount > before.lineCount)
        #expect(after.lines.last?.range.upperBound == text.utf8.count)

        // Emptied and refilled with other words of the same length.
        text.removeAll(keepingCapacity: true)
        text += String(repeating: "WORD ", count: 80)
        let refilled = try measurer.layout(text, style: style, width: 120)
        let refilledFresh = try TextMeasurer().layout(text, style: style, width: 120)
        #expect(Self.fingerprint(refilled) == Self.fingerprint(refilledFresh))
        #expect(Self.fingerprint(refilled) != Self.fingerprint(after))
    }

    /// A workspace refills the fragments array of its last layout once the
    /// caller has dropped that layout; a layout the caller keeps never changes.
    @Test func keptLayoutsKeepTheirLinesAndDroppedOnesAreReused() throws {
        let style = try interStyle()
        let measurer = TextMeasurer()
        let rows = Corpus.rows(count: 300)
        var kept: [(TextLayout, [UInt64])] = []
        for (index, row) in rows.enumerated() {
            let layout = try measurer.layout(row, style: style, width: 150)
            if index % 7 == 0 { kept.append((layout, Self.fingerprint(layout))) }
            // Dropped ones are refilled by the next layout: still right.
            let fresh = try TextMeasurer().layout(row, style: style, width: 150)
            #expect(Self.fingerprint(layout) == Self.fingerprint(fresh), "\(row.debugDescription)")
        }
        for (layout, fingerprint) in kept { #expect(Self.fingerprint(layout) == fingerprint) }
        // A caller that edits a kept layout's lines edits its own copy.
        var edited = try measurer.layout(rows[0], style: style, width: 150)
        let before = Self.fingerprint(try measurer.layout(rows[1], style: style, width: 150))
        edited.lines.removeAll()
        #expect(Self.fingerprint(try measurer.layout(rows[1], style: style, width: 150)) == before)
    }

    @Test func theSameStringIsFoundByIdentityAndACopyByItsBytes() throws {
        let fonts = try FontCollection.bundled("Inter")
        let style = TextStyle(fonts: fonts, size: 17)
        let measurer = TextMeasurer()
        let text = String(repeating: "identity ", count: 20)
        let first = try measurer.layout(text, style: style, width: 200)
        let identity = try #require(StringWords(text))
        let cached = try #require(measurer._preparedByIdentity(identity, fonts: fonts.id))
        #expect(cached.text == text)
        // Same bytes in other storage: not the same identity, same layout.
        let copy = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(StringWords(copy) != identity)
        #expect(measurer._preparedByIdentity(StringWords(copy)!, fonts: fonts.id) == nil)
        let second = try measurer.layout(copy, style: style, width: 200)
        #expect(Self.fingerprint(first) == Self.fingerprint(second))
        // Another font collection never shares an entry.
        let other = try FontCollection.bundled("Roboto")
        #expect(measurer._preparedByIdentity(identity, fonts: other.id) == nil)
        // Small strings are their own bytes.
        #expect(StringWords("short") == StringWords(String("sh") + "ort"))
        #expect(StringWords("short") != StringWords("shorT"))
        measurer.removeAllCachedData()
        #expect(measurer._preparedByIdentity(identity, fonts: fonts.id) == nil)
    }

    /// Plain paragraphs keep compact pieces and are filled from them; a
    /// measurer without that keeps whole pieces and takes the general path.
    /// Both must give the same layouts to the bit, with and without letter
    /// spacing, in every line break mode (character wrapping and words wider
    /// than the line rebuild whole pieces), and for one-line bounding rects.
    @Test func plainParagraphsMatchTheGeneralPath() throws {
        let rows =
            Corpus.rows(count: Soak.count("TRELLIS_TEXT_ROWS", quick: 60, soak: 500)) + [
                "Supercalifragilisticexpialidocious is long", "a", " ", "  two  spaces  ",
                String(repeating: "x", count: 300), "tab\tand  spaces   ",
            ]
        let measurer = TextMeasurer()
        let general = TextMeasurer(
            wordCacheCapacity: 1 << 16, preparedTextCapacity: 1 << 12, usesKernModel: true,
            usesPlainParagraphs: false)
        let modes: [LineBreakMode] = [
            .byWordWrapping, .byCharWrapping, .byTruncatingTail, .byTruncatingMiddle,
            .byTruncatingHead, .byClipping,
        ]
        var compared = 0
        for spacing in [0.0, 0.35, -0.2] {
            for mode in modes {
                var style = try interStyle()
                style.lineBreakMode = mode
                style.letterSpacing = spacing
                for width in [35.0, 120, 287, .infinity] {
                    for (index, row) in rows.enumerated() {
                        let lines = index % 3  // 0 (unlimited), 1, 2
                        let a = try measurer.layout(
                            row, style: style, width: width, numberOfLines: lines)
                        let b = try general.layout(
                            row, style: style, width: width, numberOfLines: lines)
                        #expect(
                            Self.fingerprint(a) == Self.fingerprint(b),
                            "\(row.debugDescription) at \(width), \(mode), \(spacing)")
                        compared += 1
                    }
                }
            }
            var style = try interStyle()
            style.letterSpacing = spacing
            for row in rows {
                let a = try measurer.boundingRect(
                    row, with: Size(width: 100, height: 0), options: [], style: style)
                let b = try general.boundingRect(
                    row, with: Size(width: 100, height: 0), options: [], style: style)
                #expect(a == b, "\(row.debugDescription), one line")
            }
        }
        #expect(compared == 3 * modes.count * 4 * rows.count)
        // Most rows are one paragraph in one font; the rest (hard breaks,
        // Hebrew and Arabic) keep whole pieces in both measurers.
        let fonts = try interStyle().fonts
        var plain = 0
        for row in rows {
            let identity = try #require(StringWords(row))
            let compact = try #require(measurer._preparedByIdentity(identity, fonts: fonts.id))
            let whole = try #require(general._preparedByIdentity(identity, fonts: fonts.id))
            #expect(!whole.isPlainParagraph)
            if compact.isPlainParagraph {
                plain += 1
                // Rebuilt pieces are the pieces, but for per-piece missing glyphs.
                let fields = { (piece: _Piece) -> [Int32] in
                    [
                        piece.end, piece.wordEnd, Int32(piece.flags), piece.measure.wordClusters,
                        piece.measure.spaceClusters, Int32(bitPattern: piece.measure.fontMask),
                    ]
                }
                #expect(compact.wholePieces().map(fields) == whole.wholePieces().map(fields))
                #expect(
                    compact.wholePieces().map { [$0.measure.wordEm, $0.measure.spaceEm] }
                        == whole.wholePieces().map { [$0.measure.wordEm, $0.measure.spaceEm] })
                #expect(compact.missingGlyphs == whole.missingGlyphs)
            }
        }
        #expect(plain > rows.count / 2)
        #expect(plain < rows.count)
    }
}
