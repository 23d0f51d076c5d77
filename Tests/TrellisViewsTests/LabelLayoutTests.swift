// Labels in Auto Layout: multi-line width from the solve and height from the
// text engine, the cheap path for reused cells, baselines.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

@Suite struct LabelLayoutTests {
    static let sentence =
        "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill."

    /// A root of the given width with a multi-line label pinned 16 from each side and 12 from the top.
    final class Pinned {
        let root: View
        let label = makeLabel(LabelLayoutTests.sentence, name: "body", lines: 0)
        init(width: Double) {
            root = View(frame: Rect(x: 0, y: 0, width: width, height: 600))
            root.addSubview(label)
            LayoutConstraint.activate([
                label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
                label.topAnchor.constraint(equalTo: root.topAnchor, constant: 12),
            ])
        }
    }

    @Test func multiLineLabelTakesItsWidthFromTheSolveAndItsHeightFromTheText() {
        let pinned = Pinned(width: 320)
        pinned.root.layoutIfNeeded()
        // 288 wide; the text engine wraps the sentence into 3 lines of 20.
        #expect(same(pinned.label.frame, rect(16, 12, 288, 60)))
        // Pass 1 measures the text on one line, pass 2 at the solved 288.
        #expect(pinned.root._membership.engine?.lastPassCount == 2)
    }

    @Test func multiLineLabelFollowsWidthChanges() {
        let pinned = Pinned(width: 320)
        pinned.root.layoutIfNeeded()
        pinned.root.frame = Rect(x: 0, y: 0, width: 414, height: 600)
        pinned.root.layoutIfNeeded()
        // 382 wide: 2 lines.
        #expect(same(pinned.label.frame, rect(16, 12, 382, 40)))
        #expect(pinned.root._membership.engine?.rebuildCount == 1)
    }

    @Test func singleLineLabelIsOneLineHigh() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let label = makeLabel(Self.sentence, name: "single")
        root.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(same(label.frame, rect(0, 0, 200, 20)))
    }

    @Test func preferredMaxLayoutWidthFixesTheWrappingWidth() throws {
        let label = makeLabel(Self.sentence, name: "body", lines: 0)
        label.preferredMaxLayoutWidth = 288
        let expected = try TextMeasurer.shared.sizeThatFits(
            Self.sentence, style: testStyle, size: Size(width: 288, height: 0), numberOfLines: 0,
            scale: 3)
        #expect(label.intrinsicContentSize == expected)
        #expect(expected.height == 60)
    }

    @Test func emptyLabelHasZeroIntrinsicSize() {
        #expect(makeLabel("", name: "empty").intrinsicContentSize == .zero)
    }

    @Test func numberOfLinesLimitsTheHeight() {
        let pinned = Pinned(width: 320)
        pinned.label.numberOfLines = 2
        pinned.root.layoutIfNeeded()
        #expect(pinned.label.frame.height == 40)
    }

    @Test func negativeNumberOfLinesIsRefused() {
        let label = makeLabel("x", name: "x", lines: 3)
        label.numberOfLines = -1
        #expect(label.numberOfLines == 3)
    }

    @Test func contentScaleFactorSetsThePixelGrid() throws {
        let label = makeLabel("Thing 1", name: "thing")
        label.contentScaleFactor = 2
        // 56.346 rounded up to halves.
        #expect(label.intrinsicContentSize == Size(width: 56.5, height: 20))
    }

    @Test func labelsTakeTheirRootsScale() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let label = makeLabel("Thing 1", name: "thing")
        root.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(label.frame.width == 170.0 / 3)
        root.contentScaleFactor = 2
        root.layoutIfNeeded()
        // 56.346 rounded up to halves, as the label inherits the root's scale.
        #expect(label.frame.width == 56.5)
        #expect(label.contentScaleFactor == 2)
    }

    // MARK: The reused cell

    /// A content view measured with `systemLayoutSizeFitting`, reused for many rows.
    final class ReusedCell {
        let contentView = View()
        let title = makeLabel("Title", name: "title")
        let body = makeLabel(LabelLayoutTests.sentence, name: "body", lines: 0)
        init() throws {
            contentView.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(title)
            contentView.addSubview(body)
            try activate(
                ["H:|-16-[title]-16-|", "H:|-16-[body]-16-|", "V:|-12-[title]-8-[body]-12-|"],
                views: ["title": title, "body": body])
        }
        func height(_ width: Double) -> Double {
            contentView.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
    }

    @Test func reusedCellChangesTextsWithoutRebuilding() throws {
        let cell = try ReusedCell()
        // 12 + 20 + 8 + 60 (3 lines at 288) + 12.
        #expect(cell.height(320) == 112)
        cell.body.text = "Short."
        #expect(cell.height(320) == 72)
        cell.body.text = LabelLayoutTests.sentence
        // 2 lines at 382.
        #expect(cell.height(414) == 92)
        #expect(cell.contentView._membership.engine?.rebuildCount == 1)
    }

    /// A text is compared by its UTF-8 bytes: the same bytes (even from
    /// another string) change nothing; another text of the same length,
    /// and a canonically equivalent one in other bytes, count as new.
    @Test func textsAreComparedByTheirBytes() {
        #expect(Label._sameBytes("", ""))
        #expect(Label._sameBytes("Cat", String("xCat".dropFirst())))
        #expect(!Label._sameBytes("Cat", "Car"))
        #expect(!Label._sameBytes("Cat", "Cats"))
        let long = String(repeating: "Ünïcödé — עברית ", count: 40)
        let copy = String(decoding: Array(long.utf8), as: UTF8.self)  // other storage, same bytes
        #expect(Label._sameBytes(long, copy))
        #expect(!Label._sameBytes(long, long.dropLast() + "X"))
        #expect(!Label._sameBytes("caf\u{E9}", "cafe\u{301}"))  // equal as Strings, not as bytes
        #expect(!Label._sameBytes("ab", "ba"))

        // A new text marks the label changed (its baselines may move); the
        // same bytes leave it alone.
        let label = makeLabel(long, name: "pet", lines: 0)
        _ = label._refitIntrinsicSize()
        #expect(!label._baselinesChanged)
        label.text = copy
        #expect(!label._baselinesChanged)
        label.text = String(long.dropLast()) + "X"
        #expect(label._baselinesChanged)
        label.text = "caf\u{E9}"
        let composed = label._refitIntrinsicSize()
        label.text = "cafe\u{301}"
        #expect(label._baselinesChanged)
        #expect(label._refitIntrinsicSize().height == composed.height)
    }

    @Test func sameWidthRowsNeedOnePass() throws {
        let cell = try ReusedCell()
        _ = cell.height(320)
        cell.body.text =
            "Another text that is long enough to wrap onto a second line at this width, surely."
        _ = cell.height(320)
        // The label is measured at its last width before solving, which is still right.
        #expect(cell.contentView._membership.engine?.lastPassCount == 1)
    }

    @Test func measuringThenLayingOutGivesTheSameHeight() throws {
        let cell = try ReusedCell()
        let height = cell.height(375)
        cell.contentView.frame = Rect(x: 0, y: 0, width: 375, height: height)
        cell.contentView.layoutIfNeeded()
        #expect(cell.body.frame.maxY + 12 == height)
        #expect(cell.contentView.layoutIssues().isEmpty)
    }

    @Test func compressedFittingSizeUsesTheTextsNaturalWidth() throws {
        let cell = try ReusedCell()
        cell.body.text = "Short."
        let size = cell.contentView.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
        // Compressed: the widest label ("Title" 33, "Short." measured on one line) plus 32.
        let short = try TextMeasurer.shared.sizeThatFits(
            "Short.", style: testStyle, size: Size(width: 0, height: 0), numberOfLines: 0, scale: 3)
        #expect(size.width == max(33, short.width) + 32)
        #expect(size.height == 12 + 20 + 8 + 20 + 12)
    }

    // MARK: Baselines

    @Test func firstBaselinesAlign() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 200))
        let label = makeLabel("Thing 1", name: "label")
        let box = makeView("box")
        root.addSubview(label)
        root.addSubview(box)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            box.leadingAnchor.constraint(equalTo: label.trailingAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
            box.lastBaselineAnchor.constraint(equalTo: label.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        // A view without text has its baseline at its bottom: 50 + 15.771 (Roboto's
        // ascender 1900/2048 × 17) on the pixel grid.
        #expect(abs(box.frame.maxY - (50 + 1900.0 / 2048 * 17)) <= 1.0 / 6)
    }
}

/// A label checks its style once (when it is set) and then measures through
/// the measurer's checked entry; a style that fails the checks is measured
/// through the public call, which reports why, every time.
@Suite struct LabelStyleCheckTests {
    @Test func aValidStyleMeasuresAsThePublicCall() throws {
        let label = makeLabel(LabelLayoutTests.sentence, name: "body", lines: 0)
        label.contentScaleFactor = 3
        let size = label.sizeThatFits(Size(width: 200, height: 0))
        let expected = try TextMeasurer.shared.sizeThatFits(
            LabelLayoutTests.sentence, style: label.style, size: Size(width: 200, height: 0),
            numberOfLines: 0, scale: 3)
        #expect(size == expected)
        #expect(!label.hasMeasurementError)
    }

    @Test func anInvalidStyleIsReportedEveryTime() throws {
        let label = makeLabel(LabelLayoutTests.sentence, name: "body", lines: 0)
        var style = label.style
        style.size = .nan
        label.style = style
        #expect(label.sizeThatFits(Size(width: 200, height: 0)) == .zero)
        #expect(label.hasMeasurementError)
        label.text = "Another text"
        #expect(label.sizeThatFits(Size(width: 200, height: 0)) == .zero)
        #expect(label.hasMeasurementError)
        // A valid style again: measured, and the error cleared.
        style.size = 17
        label.style = style
        #expect(label.sizeThatFits(Size(width: 200, height: 0)).height > 0)
        #expect(!label.hasMeasurementError)
    }
}
