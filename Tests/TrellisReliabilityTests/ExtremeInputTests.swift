// Extreme but valid inputs: huge texts, huge and tiny widths and font sizes,
// 100,000 constraints in one solver, 1,000,000 rows. Each must give the exact
// answer a formula predicts, in time that grows linearly.

import Glibc
import Testing
import TrellisCells
import TrellisGeometry
import TrellisLists
import TrellisText

@Suite("Extreme inputs")
struct ExtremeInputTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)

    /// CPU seconds the calling thread spends in `body` (not wall time, so other
    /// processes on the machine do not distort ratios); the best of `runs`.
    private func cpuSeconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            var start = timespec()
            var end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            try body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            best = min(
                best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return best
    }

    /// About `bytes` bytes of generated prose (Latin and Cyrillic words), one paragraph.
    private func paragraph(bytes: Int) -> String {
        var words: [String] = []
        var count = 0
        for item in AnimalDataGenerator(seed: 11).items(count: 4000) {
            for word in item.subtitle.split(separator: " ") where count < bytes {
                words.append(String(word))
                count += word.utf8.count + 1
            }
        }
        return words.joined(separator: " ")
    }

    // MARK: Text

    @Test func oneMegabyteLabelTakesTimeLinearInItsLength() throws {
        let measurer = TextMeasurer()
        let chunk = paragraph(bytes: 128 * 1024 + 64)
        let big = Array(repeating: chunk, count: 8).joined(separator: "\n")  // 8 paragraphs, ~1 MB
        #expect(big.utf8.count >= 1_048_576)

        // The first layouts also fill the word cache, so the timed runs compare
        // line breaking, not first-time shaping.
        let small = try measurer.layout(chunk, style: Self.style, width: 320)
        let large = try measurer.layout(big, style: Self.style, width: 320)
        // Eight copies of the same paragraph break into exactly eight times the lines.
        #expect(large.lineCount == 8 * small.lineCount)
        #expect(abs(large.size.height - 8 * small.size.height) <= 1e-9 * large.size.height)

        let smallTime = try cpuSeconds(runs: 3) {
            _ = try measurer.layout(chunk, style: Self.style, width: 320)
        }
        let largeTime = try cpuSeconds(runs: 2) {
            _ = try measurer.layout(big, style: Self.style, width: 320)
        }
        // Linear time makes the ratio 8; quadratic would make it 64. A factor of
        // 3 of slack keeps the check meaningful on a busy machine.
        let ratio = largeTime / smallTime
        #expect(ratio < 24, "1 MB took \(largeTime) s, 128 KB \(smallTime) s: ratio \(ratio)")
    }

    @Test func tenThousandLineLabelHasTenThousandLinesOfEqualHeight() throws {
        let measurer = TextMeasurer()
        let text = (0..<10_000).map { "Line \($0)" }.joined(separator: "\n")
        let layout = try measurer.layout(text, style: Self.style, width: 320)
        let oneLine = try measurer.layout("Line 0", style: Self.style, width: 320)
        #expect(layout.lineCount == 10_000)
        // Hard breaks only: every line is one line of the font (no spacing set).
        #expect(abs(layout.size.height - 10_000 * oneLine.size.height) <= 1e-9 * layout.size.height)
        #expect(
            abs(layout.lastBaseline - (layout.firstBaseline + 9_999 * oneLine.size.height)) < 1e-6)
        #expect(layout.lines.last?.range.upperBound == text.utf8.count)
    }

    @Test func widthOfOnePointPutsEachCharacterOnItsOwnLine() throws {
        let layout = try TextMeasurer().layout("Hello world", style: Self.style, width: 1)
        // A word wider than the line breaks by characters, at least one per line;
        // the space hangs after "o": H e l l "o " w o r l d = 10 lines.
        #expect(layout.lineCount == 10)
        #expect(layout.lines.map(\.range.count) == [1, 1, 1, 1, 2, 1, 1, 1, 1, 1])
        #expect(layout.lines.allSatisfy { $0.width > 1 })  // a character cannot be split
    }

    @Test func widthOfAMillionPointsKeepsAParagraphOnOneLine() throws {
        let measurer = TextMeasurer()
        let text = paragraph(bytes: 4000)
        let wide = try measurer.layout(text, style: Self.style, width: 1e6)
        let unlimited = try measurer.layout(text, style: Self.style, width: .infinity)
        #expect(wide.lineCount == 1)
        #expect(wide.size == unlimited.size)
        #expect(wide.size.width < 1e6)
    }

    @Test(arguments: [0.1, 1000.0])
    func extremeFontSizesScaleTheLayoutLinearly(size: Double) throws {
        // Unhinted fractional metrics and advances are proportional to the size.
        let measurer = TextMeasurer()
        let reference = try measurer.layout("Hello, world", style: Self.style, width: .infinity)
        let scaled = try measurer.layout(
            "Hello, world", style: TextStyle(fonts: Self.style.fonts, size: size), width: .infinity)
        let factor = size / 17
        #expect(abs(scaled.size.width - reference.size.width * factor) <= 1e-9 * scaled.size.width)
        #expect(
            abs(scaled.size.height - reference.size.height * factor) <= 1e-9 * scaled.size.height)
        #expect(
            abs(scaled.firstBaseline - reference.firstBaseline * factor) <= 1e-9
                * scaled.firstBaseline)
    }

    @Test func fontSizeOfAThousandWrapsAtTheSameWordsAsSeventeenScaled() throws {
        // Scaling size and width together keeps every line break where it was.
        let measurer = TextMeasurer()
        let text = paragraph(bytes: 600)
        let reference = try measurer.layout(text, style: Self.style, width: 300)
        let large = try measurer.layout(
            text, style: TextStyle(fonts: Self.style.fonts, size: 1000), width: 300 * 1000 / 17)
        #expect(large.lines.map(\.range) == reference.lines.map(\.range))
    }

    // 100,000 constraints in one solver: not in the suite. Adding constraints
    // is superlinear today (1,000 chained equalities take 11 s in debug), so
    // the test would not finish; see bug 9 in docs/reliability.md.

    // MARK: Table

    @Test func tableOfAMillionRowsScrollsToItsEnd() throws {
        // Rows measure 44, 54 or 64 points (row % 3); estimates are 44.
        let sizing = ClosureCellSizing { indexPath, _ in 44 + Double(indexPath.row % 3) * 10 }
        var table = try TableLayout(
            sections: [TableSection(rowCount: 1_000_000)], estimate: .uniform(44), sizing: sizing,
            width: 375,
            viewportHeight: 800)
        #expect(table.numberOfRows == 1_000_000)
        #expect(table.contentHeight == 44_000_000)

        _ = try table.scroll(toOffset: 22_000_000)
        let middle = try #require(table.visibleRows)
        #expect(middle.first.row >= 499_000 && middle.first.row <= 500_001)

        _ = try table.scrollToRow(at: IndexPath(row: 999_999, section: 0), at: .bottom)
        let last = try table.rectForRow(at: IndexPath(row: 999_999, section: 0))
        // Row 999,999 is measured (999,999 % 3 == 0: 44 points) and ends the content.
        #expect(last.size.height == 44)
        #expect(last.origin.y + last.size.height == table.contentHeight)
        #expect(table.contentOffset == table.maximumContentOffset)
        // Only rows near the two viewports were measured, not the million.
        #expect(table.measuredRowCount < 200)
    }
}
