// A reused hierarchy lays out exactly as a fresh one: multi-line labels whose
// width the solve gives (not fixed by both edges) start every layout from
// UIKit's two passes, never from an earlier row's width.

import Testing
import TrellisConstraints
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct ReuseTests {
    static let long =
        "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill, again."

    /// A root holding one multi-line label pinned at its top-left, at most
    /// 200 wide (`width <= 200`), its bottom setting the height.
    final class Capped {
        let root = View()
        let label = makeLabel("", name: "message", lines: 0)
        init() {
            root.addSubview(label)
            LayoutConstraint.activate([
                label.leftAnchor.constraint(equalTo: root.leftAnchor),
                label.topAnchor.constraint(equalTo: root.topAnchor),
                label.bottomAnchor.constraint(equalTo: root.bottomAnchor),
                label.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
            ])
        }
        func height(_ text: String, width: Double = 320) -> Double {
            label.text = text
            return fittingHeight(of: root, width: width)
        }
    }

    /// The minimal case: texts long → "ok" → long. Before the fix
    /// the third height was 1394.3: the label kept the 19.7 width "ok" gave
    /// it and wrapped the long text one word a line.
    @Test func aLabelCappedByAnInequalityForgetsAnEarlierRowsWidth() {
        let reused = Capped()
        let first = reused.height(Self.long)
        let short = reused.height("ok")
        let again = reused.height(Self.long)
        // At most 200 wide the sentence wraps into 10 lines of 20 (Roboto 17,
        // scale 3: `TextMeasurer.sizeThatFits` at the solved width).
        #expect(first == Capped().height(Self.long))
        #expect(short == 20)
        #expect(again == first)
        #expect(reused.label.frame.width <= 200)
    }

    /// The same cell laid out (frames, not only fitted) after another row.
    @Test func framesOfAReusedCappedLabelEqualAFreshOnes() {
        let reused = Capped()
        for text in [Self.long, "ok", "a b", Self.long, "x"] {
            let height = reused.height(text)
            reused.root.frame = Rect(x: 0, y: 0, width: 320, height: height)
            reused.root.layoutIfNeeded()
            let fresh = Capped()
            let freshHeight = fresh.height(text)
            fresh.root.frame = Rect(x: 0, y: 0, width: 320, height: freshHeight)
            fresh.root.layoutIfNeeded()
            #expect(height == freshHeight, "\(text)")
            #expect(reused.label.frame == fresh.label.frame, "\(text)")
        }
    }
}

@Suite struct UIKitHabitTests {
    /// UIKit's Swift overlay: `UILayoutPriority` plus or minus a number.
    @Test func priorityArithmeticWithNumbers() {
        #expect((LayoutPriority.required - 1).rawValue == 999)
        #expect((LayoutPriority.defaultHigh + 1).rawValue == 751)
        #expect((LayoutPriority.defaultLow - 0.5).rawValue == 249.5)
        let constraint = makeView("a").widthAnchor.constraint(equalToConstant: 10)
        constraint.priority = .required - 1
        #expect(constraint.priority == 999)
    }

    /// `Label()` has UIKit's defaults: 17 points, one line, tail truncation,
    /// and it measures its text before being styled.
    @Test func labelWithoutAStyleUsesTheDefaultSeventeenPointStyle() throws {
        let label = Label()
        #expect(label.style.size == 17)
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
        label.text = "Hello"
        let expected = try TextMeasurer.shared.sizeThatFits(
            "Hello", style: Label.defaultStyle, size: Size(width: 0, height: 0), numberOfLines: 1,
            scale: 3)
        #expect(label.intrinsicContentSize == expected)
        #expect(expected.height > 0)
        #expect(label.measurementError == nil)
    }
}
