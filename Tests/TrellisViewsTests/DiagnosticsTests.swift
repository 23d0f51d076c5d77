// Diagnostics: ambiguity per attribute, misplaced views, labels compressed
// below their text, views outside their superview, and the conflict log.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct DiagnosticsTests {
    @Test func viewWithoutSizeNeedsWidthAndHeight() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let box = makeView("box")
        root.addSubview(box)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        #expect(box.ambiguousAttributes == [.width, .height])
        // Its frame is arbitrary, so it is not also reported as misplaced.
        #expect(
            root.layoutIssues().map(\.description) == ["box: needs constraints for: width, height"])
    }

    @Test func viewWithNoConstraintsNeedsEverything() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let box = makeView("box")
        root.addSubview(box)
        #expect(box.ambiguousAttributes == [.xPosition, .yPosition, .width, .height])
    }

    @Test func inequalityAloneLeavesThePositionOpen() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let box = makeView("box")
        root.addSubview(box)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        #expect(box.ambiguousAttributes == [.xPosition])
    }

    @Test func askingAboutAmbiguityDoesNotMoveViews() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let box = makeView("box")
        root.addSubview(box)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 10),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        let before = box.frame
        _ = box.hasAmbiguousLayout
        root.layoutIfNeeded()
        #expect(box.frame == before)
    }

    @Test func intrinsicSizeSettlesALabelsSize() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let label = makeLabel("Thing 1", name: "label")
        root.addSubview(label)
        LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        #expect(!label.hasAmbiguousLayout)
    }

    @Test func misplacedViewIsReportedWithBothFrames() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let box = makeView("box")
        root.addSubview(box)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 50),
        ])
        root.layoutIfNeeded()
        box.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        #expect(
            root.layoutIssues() == [
                .misplaced(view: "box", frame: rect(0, 0, 50, 50), expected: rect(10, 10, 50, 50))
            ])
        #expect(box.frame == rect(0, 0, 50, 50))
    }

    /// The classic AnimalTableViewCell bug: a cell given a fixed height
    /// shorter than its content: the subtitle is squeezed and the cover image
    /// (80 × 80, fixed as in the cell) hangs below the content view.
    @Test func shortCellFlagsTheCompressedLabelAndTheOverflowingCover() {
        let contentView = View(frame: Rect(x: 0, y: 0, width: 320, height: 60))
        contentView.name = "contentView"
        let cover = ImageView(image: Image(size: Size(width: 80, height: 80)))
        cover.name = "cover"
        cover.translatesAutoresizingMaskIntoConstraints = false
        let subtitle = makeLabel(LabelLayoutTests.sentence, name: "subtitle", lines: 0)
        contentView.addSubview(cover)
        contentView.addSubview(subtitle)
        LayoutConstraint.activate([
            cover.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            cover.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            cover.widthAnchor.constraint(equalToConstant: 80),
            cover.heightAnchor.constraint(equalToConstant: 80),
            subtitle.leadingAnchor.constraint(equalTo: cover.trailingAnchor, constant: 12),
            subtitle.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            subtitle.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            subtitle.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
        contentView.layoutIfNeeded()
        let issues = contentView.layoutIssues()
        // The subtitle gets 60 − 24 = 36 points at width 320 − 16 − 80 − 12 − 16 = 196,
        // where its text needs 5 lines: 5 × 19.922 = 99.609, 99.667 on the pixel grid.
        #expect(issues.contains(.compressedLabel(view: "subtitle", height: 36, needed: 299.0 / 3)))
        #expect(
            issues.contains(
                .outsideSuperview(
                    view: "cover", superview: "contentView", frame: rect(16, 12, 80, 80),
                    bounds: rect(0, 0, 320, 60))))
        #expect(issues.count == 2)
    }

    @Test func conflictReportListsEveryConstraintOnce() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.name = "root"
        let box = makeView("box")
        root.addSubview(box)
        LayoutConstraint.activate([
            box.widthAnchor.constraint(equalToConstant: 50),
            box.leftAnchor.constraint(equalTo: root.leftAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        let wide = box.widthAnchor.constraint(equalToConstant: 60)
        wide.identifier = "too-wide"
        wide.isActive = true
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        let reports = root.unsatisfiableConstraints
        #expect(
            reports == [
                UnsatisfiableConstraints(
                    conflicting: ["box.width == 50", "box.width == 60 (too-wide)"],
                    broken: "box.width == 60 (too-wide)")
            ])
        #expect(box.frame.width == 50)
    }

    /// A hierarchy laid out in its frame, then measured at 250 wide: the
    /// conflict names the real fitting target, and a constraint that holds
    /// at 250 (`box.width >= 200`) is not broken on the way, as it would be
    /// if the solver were rebuilt at a width of 0 first.
    @Test func conflictLogNamesTheFittingTargetAndOnlyRealConflictsAreBroken() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.name = "root"
        let box = makeView("box")
        root.addSubview(box)
        let wide = box.widthAnchor.constraint(greaterThanOrEqualToConstant: 200)
        wide.identifier = "wide"
        LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: root.leftAnchor),
            box.rightAnchor.constraint(equalTo: root.rightAnchor),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            box.heightAnchor.constraint(equalToConstant: 10), wide,
        ])
        root.layoutIfNeeded()  // 100 wide: `wide` conflicts and is left out
        let fixed = box.widthAnchor.constraint(lessThanOrEqualToConstant: 220)
        fixed.identifier = "at-most-220"
        fixed.isActive = true
        let size = root.systemLayoutSizeFitting(
            Size(width: 250, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        let logged = root.unsatisfiableConstraints.map(\.description).joined(separator: "\n")
        #expect(logged.contains("root.width == 250 (Fitting-Size-Width)"))
        #expect(!logged.contains("== 0 (Fitting-Size-Width)"))
        // At 250 nothing conflicts but `at-most-220` with the width: 250
        // wide breaks it (the newest), so `wide` holds.
        #expect(size.width == 250)
        #expect(size.height == 10)
    }

    @Test func conflictLogHasUIKitsShape() {
        let report = UnsatisfiableConstraints(
            conflicting: ["a.width == 50", "a.width == 60"], broken: "a.width == 60")
        let lines = report.description.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines.first == "Unable to simultaneously satisfy constraints.")
        #expect(lines.contains("    \"a.width == 50\","))
        #expect(lines.contains("    \"a.width == 60\""))
        #expect(lines.contains("Will attempt to recover by breaking constraint"))
        #expect(lines.last(where: { !$0.isEmpty }) == "    \"a.width == 60\"")
    }
}
