// A text measured at a width (`TextMeasurer._sizeThatFits(…linesFit:)`)
// breaks into the same lines at every width `_keepsLines` admits, so it has
// the same size there: the direct path keeps a label's size when it is
// measured again at such a width. Every width admitted here is measured and
// compared with the size kept, bit for bit; many widths refused measure
// another size.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisTestSupport

@testable import TrellisText

@Suite struct LinesFitTests {
    @Test func widthsThatKeepTheLinesMeasureTheSameSize() throws {
        let measurer = TextMeasurer()
        let rows =
            Corpus.rows(count: Soak.count("TRELLIS_TEXT_ROWS", quick: 40, soak: 400)) + [
                "", "a", "one\n\ntwo\n", "tab\tstops\tand\tmore words after them",
                "Supercalifragilisticexpialidocious and then some shorter words",
                "long-hyphenated-words-with-many-parts and/or slashes/between",
                "中文的文字没有空格可以在任何地方断开，标点符号也会影响断行的位置。",
            ]
        var random = SplitMix64(seed: 0x3636)
        var (kept, refusedOther) = (0, 0)
        for style in try SizeOnlyTests.styles() {
            for (index, row) in rows.enumerated() {
                let lines = index % 3 == 0 ? 2 : 0
                for first in [60.0, 150, 287, 400, .infinity] {
                    var fit = 0.0
                    let size = try measurer._sizeThatFits(
                        row, checkedStyle: style, width: first, numberOfLines: lines, scale: 3,
                        linesFit: &fit)
                    var widths = [
                        fit, fit + 1e-7, fit - 1e-3, fit + 3, first, first * 0.9, first + 5,
                    ]
                    for _ in 0..<4 { widths.append(Double(random.next() % 5000) / 10) }
                    for second in widths where second.isFinite && second > 0 {
                        let again = try measurer._sizeThatFits(
                            row, checkedStyle: style, width: second, numberOfLines: lines,
                            scale: 3)
                        if TextMeasurer._keepsLines(linesFit: fit, from: first, to: second) {
                            kept += 1
                            #expect(
                                again.width.bitPattern == size.width.bitPattern
                                    && again.height.bitPattern == size.height.bitPattern,
                                "\(row.debugDescription) (\(lines) lines) at \(first), then \(second) (fit \(fit)): \(size), \(again)"
                            )
                        } else if again != size {
                            refusedOther += 1
                        }
                    }
                }
            }
        }
        #expect(kept > 1000, "\(kept)")
        #expect(refusedOther > 300, "\(refusedOther)")
    }
}
