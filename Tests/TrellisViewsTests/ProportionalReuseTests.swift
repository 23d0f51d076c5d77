// A reused fillProportionally stack whose proportions change between rows
// lays out as a new one: the stack reuse long run's seed 1470890129 (a
// reused cell fitted 1047 pt high, a fresh one 118.5), shrunk to two labels.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct ProportionalReuseTests {
    /// A horizontal fillProportionally stack (alignment center, spacing 8)
    /// of a 0-line label and a 1-line label, pinned at the leading edge and
    /// the top, the root's bottom at least 12 below it.
    final class Cell {
        let root = View()
        let stack = StackView()
        let body = Label()
        let line = Label()

        init(style: TextStyle) {
            body.style = style
            body.numberOfLines = 0
            line.style = style
            line.numberOfLines = 1
            line.lineBreakMode = .byTruncatingMiddle
            stack.axis = .horizontal
            stack.distribution = .fillProportionally
            stack.alignment = .center
            stack.spacing = 8
            stack.translatesAutoresizingMaskIntoConstraints = false
            stack.addArrangedSubview(body)
            stack.addArrangedSubview(line)
            root.addSubview(stack)
            root.contentScaleFactor = 2
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16).isActive =
                true
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 12).isActive = true
            root.bottomAnchor.constraint(greaterThanOrEqualTo: stack.bottomAnchor, constant: 12)
                .isActive = true
        }

        func show(body: String, line: String) {
            self.body.text = body
            self.line.text = line
        }

        /// The fitted height at width 320.
        func fittedHeight() -> Double {
            root.systemLayoutSizeFitting(
                Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
    }

    /// Row 0: the body empty, the line "ש" (the line has a length, so the
    /// multi-line body is 0 wide, required, as UIKit makes
    /// `UISV-fill-proportionally`, and was measured at 0). Row 1: the body
    /// "Th", the line empty: no view has a length, so the two fill equally
    /// and the body's width is free again. UIKit's first pass measures it on
    /// one line: 16 pt high, so the root is 12 + 16 + 12 = 40 high. The
    /// reused cell kept measuring it at the 0 width of row 0 (a letter a
    /// line, 31.5 high: 55.5) until the engine judged the free widths again
    /// under the new proportions. Broken (the reset judged once, before the
    /// proportions): 55.5 reused against 40 fresh (watched).
    @Test func aBodyFreedByNewProportionsStartsFromTheFirstPass() throws {
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 13)
        let reused = Cell(style: style)
        reused.show(body: "", line: "ש")
        _ = reused.fittedHeight()
        reused.show(body: "Th", line: "")
        let fresh = Cell(style: style)
        fresh.show(body: "Th", line: "")
        let freshHeight = fresh.fittedHeight()
        #expect(freshHeight == 40)
        #expect(reused.fittedHeight() == freshHeight)
    }
}
