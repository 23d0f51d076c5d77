// Extreme but valid inputs: huge texts, huge and tiny widths and font sizes,
// 100,000 constraints in one solver, 10,000 views in one hierarchy, 1,000,000
// rows. Each must give the exact answer a formula predicts, in time that grows
// linearly.

import Glibc
import Testing
import TrellisCells
import TrellisConstraints
import TrellisGeometry
import TrellisLists
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

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

    // MARK: Constraints

    /// A table of 125 × 160 boxes, five constraints each (100,000 in all),
    /// placed like cells: each box starts 8 pt after its left neighbour's
    /// right edge (column 0 at the edit variable `inset`) and 8 pt below the
    /// box above (row 0 at 0), is 40 pt wide (required), at least 20 pt high
    /// (required) and wants its row's target height (750).
    struct BoxTable {
        static let rows = 125, columns = 160
        let inset = Variable("inset")
        var left: [Variable] = [], top: [Variable] = []
        var width: [Variable] = [], height: [Variable] = []
        /// Every constraint, five per box in box order: left, top, width,
        /// minimum height, target height.
        var constraints: [Constraint] = []

        /// Targets 20, 25, 30 and 10 by row; the 10 loses to the minimum of 20.
        static func targetHeight(row: Int) -> Double {
            row % 4 == 3 ? 10 : 20 + 5 * Double(row % 4)
        }

        init() {
            for r in 0..<Self.rows {
                for c in 0..<Self.columns {
                    let box = left.count
                    left.append(Variable("left\(box)"))
                    top.append(Variable("top\(box)"))
                    width.append(Variable("width\(box)"))
                    height.append(Variable("height\(box)"))
                    let before = box - 1, above = box - Self.columns
                    constraints += [
                        c == 0
                            ? Expression(left[box]) == Expression(inset)
                            : Expression(left[box]) == left[before] + width[before] + 8,
                        r == 0
                            ? Expression(top[box]) == 0
                            : Expression(top[box]) == top[above] + height[above] + 8,
                        Expression(width[box]) == 40,
                        Expression(height[box]) >= 20,
                        (Expression(height[box]) == Self.targetHeight(row: r))
                            .withPriority(.defaultHigh),
                    ]
                }
            }
        }

        /// The first box whose values differ from the solution (nil when all
        /// match): left = inset + 48c (column 0 `firstWidth` wide), top = the
        /// heights and gaps above, each height the larger of the target and
        /// 20, unless `unbounded` says the row's minimums were removed.
        func mismatch(inset: Double, firstWidth: Double = 40, unbounded: Set<Int> = [])
            -> String?
        {
            var rowTop = 0.0
            for r in 0..<Self.rows {
                let target = Self.targetHeight(row: r)
                let rowHeight = unbounded.contains(r) ? target : max(20, target)
                for c in 0..<Self.columns {
                    let box = r * Self.columns + c
                    let x = inset + (c == 0 ? 0 : firstWidth + 8 + 48 * Double(c - 1))
                    let w = c == 0 ? firstWidth : 40
                    let found = [
                        left[box].value, top[box].value, width[box].value, height[box].value,
                    ]
                    let expected = [x, rowTop, w, rowHeight]
                    if zip(found, expected).contains(where: { abs($0 - $1) > 1e-6 }) {
                        return "box (\(r), \(c)): \(found), expected \(expected)"
                    }
                }
                rowTop += rowHeight + 8
            }
            return nil
        }
    }

    /// How far the worst of the required `constraints` is from holding at
    /// the variables' current values (0 when all hold).
    private func worstRequiredViolation(_ constraints: [Constraint]) -> Double {
        var worst = 0.0
        for constraint in constraints where constraint.priority.isRequired {
            var value = 0.0
            for term in constraint.terms { value += term.coefficient * term.variable.value }
            let difference = value - constraint.constant
            switch constraint.relation {
            case .equal: worst = max(worst, abs(difference))
            case .lessThanOrEqual: worst = max(worst, difference)
            case .greaterThanOrEqual: worst = max(worst, -difference)
            }
        }
        return worst
    }

    @Test func hundredThousandConstraintsInOneSolverSolveEditAndRemove() throws {
        var table = BoxTable()
        let solver = Solver()
        for constraint in table.constraints {
            #expect(try solver.add(constraint) == nil)
        }
        #expect(solver.constraints.count == 100_000)
        try solver.addEditVariable(table.inset, priority: 999)
        solver.updateVariables()
        #expect(table.mismatch(inset: 0) == nil)
        #expect(table.constraints.filter { $0.priority.isRequired }.count == 80_000)
        #expect(worstRequiredViolation(table.constraints) <= 1e-6)

        // Moving the edit variable moves every column; the rows stay.
        try solver.suggestValue(16, for: table.inset)
        solver.updateVariables()
        #expect(table.mismatch(inset: 16) == nil)

        // Without their minimums, row 3's boxes take their 10 pt target and
        // every row below moves up by 10.
        let row3 = 3 * BoxTable.columns..<4 * BoxTable.columns
        for box in row3 { try solver.remove(table.constraints[5 * box + 3]) }
        solver.updateVariables()
        #expect(table.mismatch(inset: 16, unbounded: [3]) == nil)

        // Column 0's widths replaced by 60: every later column moves right by 20.
        for r in 0..<BoxTable.rows {
            let box = r * BoxTable.columns
            try solver.remove(table.constraints[5 * box + 2])
            let wider = Expression(table.width[box]) == 60
            table.constraints[5 * box + 2] = wider
            #expect(try solver.add(wider) == nil)
        }
        solver.updateVariables()
        #expect(table.mismatch(inset: 16, firstWidth: 60, unbounded: [3]) == nil)
        #expect(solver.constraints.count == 100_000 - BoxTable.columns)
        #expect(worstRequiredViolation(solver.constraints) <= 1e-6)
    }

    /// 10,000 views in one hierarchy: 100 row views stacked in a root (16 pt
    /// from its top-left corner, 8 pt apart, 3,800 × 20), each holding 99
    /// cells of 30 pt placed 8 pt apart from the row's leading edge, as tall
    /// as their row.
    @Test func tenThousandViewsInOneHierarchyLayOutAndFollowAConstantChange() throws {
        let rowCount = 100, cellCount = 99
        let root = View(frame: Rect(x: 0, y: 0, width: 4000, height: 3000))
        var rows: [View] = [], cells: [View] = []
        var constraints: [LayoutConstraint] = []
        func add(_ view: View, to superview: View) {
            view.translatesAutoresizingMaskIntoConstraints = false
            superview.addSubview(view)
        }
        for r in 0..<rowCount {
            let row = View()
            add(row, to: root)
            constraints += [
                row.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                r == 0
                    ? row.topAnchor.constraint(equalTo: root.topAnchor, constant: 16)
                    : row.topAnchor.constraint(equalTo: rows[r - 1].bottomAnchor, constant: 8),
                row.widthAnchor.constraint(equalToConstant: 3800),
                row.heightAnchor.constraint(equalToConstant: 20),
            ]
            for c in 0..<cellCount {
                let cell = View()
                add(cell, to: row)
                constraints += [
                    c == 0
                        ? cell.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 8)
                        : cell.leadingAnchor.constraint(
                            equalTo: cells[cells.count - 1].trailingAnchor, constant: 8),
                    cell.topAnchor.constraint(equalTo: row.topAnchor),
                    cell.bottomAnchor.constraint(equalTo: row.bottomAnchor),
                    cell.widthAnchor.constraint(equalToConstant: 30),
                ]
                cells.append(cell)
            }
            rows.append(row)
        }
        // The hierarchy holds them all: 100 rows under the root, 99 cells in each.
        #expect(root.subviews.count + root.subviews.reduce(0) { $0 + $1.subviews.count } == 10_000)
        LayoutConstraint.activate(constraints)
        root.layoutIfNeeded()

        /// The first view not where it should be (nil when all are): rows at
        /// y = 16 + 28 r (plus the first row's extra height below it), cells
        /// at x = 8 + 38 c in their row.
        func misplacedView(firstRowHeight: Double) -> String? {
            for r in 0..<rowCount {
                let height = r == 0 ? firstRowHeight : 20
                let y = 16 + 28 * Double(r) + (r > 0 ? firstRowHeight - 20 : 0)
                let expected = Rect(x: 16, y: y, width: 3800, height: height)
                if rows[r].frame != expected {
                    return "row \(r): \(rows[r].frame), expected \(expected)"
                }
                for c in 0..<cellCount {
                    let frame = cells[r * cellCount + c].frame
                    let expected = Rect(x: 8 + 38 * Double(c), y: 0, width: 30, height: height)
                    if frame != expected {
                        return "cell (\(r), \(c)): \(frame), expected \(expected)"
                    }
                }
            }
            return nil
        }
        #expect(misplacedView(firstRowHeight: 20) == nil)

        // The first row's height constant 20 -> 50: its cells grow with it and
        // every later row moves down by 30.
        constraints[3].constant = 50
        root.layoutIfNeeded()
        #expect(misplacedView(firstRowHeight: 50) == nil)
    }

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
