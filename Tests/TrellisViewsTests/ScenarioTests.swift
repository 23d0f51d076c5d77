// The seven acceptance scenarios of issue 4, with every frame written out.
// Standard spacing (UIKit's rules): 20 between a view and its superview's edge
// in the Visual Format Language, 8 between siblings. Label sizes are listed in
// Support.swift.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

@Suite struct ScenarioTests {
    // MARK: 1. Corners

    /// "Thing 1" at the top-leading corner, "Thing 2" at the bottom-trailing
    /// corner (both with standard spacing), "Center" centered.
    final class Corners {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let thing1 = makeLabel("Thing 1", name: "thing1")
        let thing2 = makeLabel("Thing 2", name: "thing2")
        let center = makeLabel("Center", name: "center")
        let centerX: LayoutConstraint

        init(direction: UserInterfaceLayoutDirection = .leftToRight, options: FormatOptions = [])
            throws
        {
            root.name = "root"
            root.traitLayoutDirection = direction
            for view in [thing1, thing2, center] { root.addSubview(view) }
            let views: [String: View] = ["thing1": thing1, "thing2": thing2]
            try activate(
                ["H:|-[thing1]", "V:|-[thing1]", "H:[thing2]-|", "V:[thing2]-|"], options: options,
                views: views)
            centerX = center.centerXAnchor.constraint(equalTo: root.centerXAnchor)
            LayoutConstraint.activate([
                centerX, center.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            ])
        }
    }

    @Test func cornersInPortrait() throws {
        let scene = try Corners()
        scene.root.layoutIfNeeded()
        #expect(same(scene.thing1.frame, rect(20, 20, 170.0 / 3, 20)))
        // x = 320 − 20 − 56.667, y = 568 − 20 − 20.
        #expect(same(scene.thing2.frame, rect(320 - 20 - 170.0 / 3, 528, 170.0 / 3, 20)))
        // x = (320 − 50) / 2, y = (568 − 20) / 2.
        #expect(same(scene.center.frame, rect(135, 274, 50, 20)))
    }

    @Test func cornersInLandscape() throws {
        let scene = try Corners()
        scene.root.layoutIfNeeded()
        scene.root.frame = Rect(x: 0, y: 0, width: 568, height: 320)
        scene.root.layoutIfNeeded()
        #expect(same(scene.thing1.frame, rect(20, 20, 170.0 / 3, 20)))
        #expect(same(scene.thing2.frame, rect(568 - 20 - 170.0 / 3, 280, 170.0 / 3, 20)))
        #expect(same(scene.center.frame, rect(259, 150, 50, 20)))
    }

    @Test func rotationOnlyChangesConstants() throws {
        let scene = try Corners()
        scene.root.layoutIfNeeded()
        scene.root.frame = Rect(x: 0, y: 0, width: 568, height: 320)
        scene.root.layoutIfNeeded()
        #expect(scene.root._membership.engine?.rebuildCount == 1)
    }

    // MARK: 2. Conflict

    /// A text view `|-20-[tv]-20-|` and four buttons below it, the first
    /// leading-aligned and the last trailing-aligned with it, 8 apart, all of
    /// equal width, three also fixed at 64. The container is a subview with
    /// `translatesAutoresizingMaskIntoConstraints`, so its frame is constraints.
    final class ConflictScene {
        let window = View(frame: Rect(x: 0, y: 0, width: 480, height: 568))
        let container: View
        let textView = makeView("textView")
        let buttons = (1...4).map { makeButton("Button", name: "button\($0)") }

        init(width: Double) throws {
            window.name = "window"
            container = View(frame: Rect(x: 0, y: 0, width: width, height: 568))
            container.name = "container"
            window.addSubview(container)
            container.addSubview(textView)
            for button in buttons { container.addSubview(button) }
            let views: [String: View] = [
                "tv": textView, "b1": buttons[0], "b2": buttons[1], "b3": buttons[2],
                "b4": buttons[3],
            ]
            try activate(["H:|-20-[tv]-20-|", "V:|-[tv(100)]-[b1]"], views: views)
            try activate(
                ["H:[b1]-8-[b2(==b1)]-8-[b3(==b1)]-8-[b4(==b1)]"], options: .alignAllTop,
                views: views)
            LayoutConstraint.activate([
                buttons[0].leadingAnchor.constraint(equalTo: textView.leadingAnchor),
                buttons[3].trailingAnchor.constraint(equalTo: textView.trailingAnchor),
            ])
            for button in buttons.prefix(3) {
                let fixed = button.widthAnchor.constraint(equalToConstant: 64)
                fixed.identifier = "fixed-\(button.layoutName)"
                fixed.isActive = true
            }
        }
    }

    @Test func conflictSceneIsSatisfiedAt320() throws {
        let scene = try ConflictScene(width: 320)
        scene.window.layoutIfNeeded()
        // 20 + 4 × 64 + 3 × 8 + 20 = 320; buttons 8 below the 100-high text view at y 20.
        #expect(scene.window.unsatisfiableConstraints.isEmpty)
        #expect(same(scene.textView.frame, rect(20, 20, 280, 100)))
        for (index, x) in [20.0, 92, 164, 236].enumerated() {
            #expect(same(scene.buttons[index].frame, rect(x, 128, 64, 20)))
        }
    }

    @Test func conflictAt480IsLoggedWithTheAutoresizingWidthAndTheBrokenConstraint() throws {
        let scene = try ConflictScene(width: 320)
        scene.window.layoutIfNeeded()
        scene.container.frame = Rect(x: 0, y: 0, width: 480, height: 568)
        scene.window.layoutIfNeeded()

        let reports = scene.window.unsatisfiableConstraints
        // Each of the three `width == 64` fights 20 + 4w + 24 + 20 = 480 (w = 104);
        // the engine keeps the frame and breaks them in activation order.
        #expect(
            reports.map(\.broken) == [
                "button1.width == 64 (fixed-button1)", "button2.width == 64 (fixed-button2)",
                "button3.width == 64 (fixed-button3)",
            ])
        let first = try #require(reports.first)
        #expect(first.conflicting.contains("container.width == 480 (Autoresizing-Width)"))
        #expect(first.conflicting.contains("textView.leading == container.leading + 20"))
        #expect(first.conflicting.contains("button2.width == button1.width"))
        #expect(first.conflicting.last == first.broken)
        #expect(first.description.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(
            first.description.contains(
                "Will attempt to recover by breaking constraint\n    \"button1.width == 64 (fixed-button1)\""
            ))
    }

    @Test func conflictAt480StillLaysEveryViewOut() throws {
        let scene = try ConflictScene(width: 320)
        scene.window.layoutIfNeeded()
        scene.container.frame = Rect(x: 0, y: 0, width: 480, height: 568)
        scene.window.layoutIfNeeded()
        // Without the broken widths: w = (480 − 20 − 20 − 3 × 8) / 4 = 104.
        #expect(same(scene.container.frame, rect(0, 0, 480, 568)))
        #expect(same(scene.textView.frame, rect(20, 20, 440, 100)))
        for (index, x) in [20.0, 132, 244, 356].enumerated() {
            #expect(same(scene.buttons[index].frame, rect(x, 128, 104, 20)))
        }
        #expect(
            !scene.window.layoutIssues().contains {
                if case .ambiguous = $0 { true } else { false }
            })
    }

    // MARK: 3. Cross-view constraints

    final class CrossView {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let top = makeView("top")
        let bottom = makeView("bottom")
        let first = makeButton("Button", name: "first")
        let second = makeButton("Next", name: "second")

        init() throws {
            root.name = "root"
            root.addSubview(top)
            root.addSubview(bottom)
            top.addSubview(first)
            bottom.addSubview(second)
            let views: [String: View] = ["top": top, "bottom": bottom, "b1": first]
            try activate(
                ["H:|-[top]-|", "H:|-[bottom]-|", "V:|-[top(==100)]-[bottom(==100)]", "H:|-[b1]"],
                views: views)
            LayoutConstraint.activate([
                first.centerYAnchor.constraint(equalTo: top.centerYAnchor),
                second.leftAnchor.constraint(equalTo: first.rightAnchor),
                second.centerYAnchor.constraint(equalTo: bottom.centerYAnchor),
            ])
        }
    }

    @Test func crossViewConstraintsInPortrait() throws {
        let scene = try CrossView()
        scene.root.layoutIfNeeded()
        #expect(same(scene.top.frame, rect(20, 20, 280, 100)))
        // 20 + 100 + 8 standard spacing between siblings.
        #expect(same(scene.bottom.frame, rect(20, 128, 280, 100)))
        // 20 from the top view's edge, centered: (100 − 20) / 2 = 40.
        #expect(same(scene.first.frame, rect(20, 40, 151.0 / 3, 20)))
        // Left edge at the first button's right edge: 20 + 20 + 50.333 = 90.333
        // in the root, 70.333 in the bottom view.
        #expect(same(scene.second.frame, rect(211.0 / 3, 40, 106.0 / 3, 20)))
    }

    @Test func crossViewConstraintsInLandscape() throws {
        let scene = try CrossView()
        scene.root.layoutIfNeeded()
        scene.root.frame = Rect(x: 0, y: 0, width: 568, height: 320)
        scene.root.layoutIfNeeded()
        #expect(same(scene.top.frame, rect(20, 20, 528, 100)))
        #expect(same(scene.bottom.frame, rect(20, 128, 528, 100)))
        #expect(same(scene.first.frame, rect(20, 40, 151.0 / 3, 20)))
        #expect(same(scene.second.frame, rect(211.0 / 3, 40, 106.0 / 3, 20)))
    }

    // MARK: 4. Missing constraint

    @Test func missingCenterXIsReportedAsXPosition() throws {
        let scene = try Corners()
        scene.centerX.isActive = false
        scene.root.layoutIfNeeded()
        #expect(scene.center.hasAmbiguousLayout)
        #expect(scene.center.ambiguousAttributes == [.xPosition])
        #expect(!scene.thing1.hasAmbiguousLayout)
        let issues = scene.root.layoutIssues().map(\.description)
        #expect(issues.contains("center: needs constraints for: X position"))
        #expect(issues.filter { $0.contains("needs constraints") }.count == 1)
    }

    // MARK: 5. Animation

    /// The AnimalTableViewCell: a 375 × 120 content view, an 80 × 80 cover
    /// image (fixed size) 16 from the leading edge and 12 from the top, a
    /// title and a subtitle 12 right of the cover, 16 from the trailing edge.
    final class AnimalCell {
        let contentView = View(frame: Rect(x: 0, y: 0, width: 375, height: 120))
        let cover = ImageView(image: Image(size: Size(width: 80, height: 80), name: "cover"))
        let title = makeLabel("Thing 1", name: "title")
        let subtitle = makeLabel("Center", name: "subtitle", lines: 0)
        let coverTop: LayoutConstraint

        init() {
            contentView.name = "contentView"
            cover.name = "cover"
            cover.translatesAutoresizingMaskIntoConstraints = false
            for view in [cover, title, subtitle] { contentView.addSubview(view) }
            coverTop = cover.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12)
            LayoutConstraint.activate([
                cover.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                cover.widthAnchor.constraint(equalToConstant: 80),
                cover.heightAnchor.constraint(equalToConstant: 80),
                coverTop,
                title.leadingAnchor.constraint(equalTo: cover.trailingAnchor, constant: 12),
                title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                title.topAnchor.constraint(equalTo: cover.topAnchor),
                subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                subtitle.trailingAnchor.constraint(equalTo: title.trailingAnchor),
                subtitle.topAnchor.constraint(equalToSystemSpacingBelow: title.bottomAnchor),
            ])
        }
    }

    @Test func coverMovesFromTopToCenterAlongEaseInOut() {
        let cell = AnimalCell()
        let transition = LayoutTransition.animate(
            cell.contentView, duration: 0.5, curve: .easeInOut
        ) {
            cell.coverTop.isActive = false
            cell.cover.centerYAnchor.constraint(equalTo: cell.contentView.centerYAnchor).isActive =
                true
        }
        // Before: y = 12; after: y = (120 − 80) / 2 = 20. easeInOut is 0.5 at
        // half time by symmetry, so the middle frame is at y = 16.
        #expect(
            transition.frame(of: cell.cover, atTime: 0).map { same($0, rect(16, 12, 80, 80)) }
                == true)
        #expect(
            transition.frame(of: cell.cover, atTime: 0.25).map { same($0, rect(16, 16, 80, 80)) }
                == true)
        #expect(
            transition.frame(of: cell.cover, atTime: 0.5).map { same($0, rect(16, 20, 80, 80)) }
                == true)
        // The title follows the cover's top: 12 → 20 as well.
        #expect(
            transition.frame(of: cell.title, atTime: 0.25).map { same($0, rect(108, 16, 251, 20)) }
                == true)
        // The model frame is the final one at once, as in UIKit.
        #expect(same(cell.cover.frame, rect(16, 20, 80, 80)))
    }

    @Test func transitionAtAQuarterFollowsTheBezierCurve() {
        let cell = AnimalCell()
        let transition = LayoutTransition.animate(
            cell.contentView, duration: 0.5, curve: .easeInOut
        ) {
            cell.coverTop.constant = 28
        }
        // y from 12 to 28; at 0.125 s (fraction 0.25) progress is the Bézier
        // (0.42, 0) (0.58, 1) at x = 0.25.
        let progress = TimingCurveTests.bisectedBezierY(x: 0.25, x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let frame = transition.frame(of: cell.cover, atTime: 0.125)
        #expect(frame.map { abs($0.minY - (12 + 16 * progress)) < 1e-9 } == true)
        #expect(abs(progress - 0.1291) < 0.0005)
    }

    // MARK: 6. Right-to-left

    @Test func rightToLeftFlipsLeadingAndTrailing() throws {
        let scene = try Corners(direction: .rightToLeft)
        scene.root.layoutIfNeeded()
        // Leading is the right edge: thing1 sits top-right, thing2 bottom-left.
        #expect(same(scene.thing1.frame, rect(320 - 20 - 170.0 / 3, 20, 170.0 / 3, 20)))
        #expect(same(scene.thing2.frame, rect(20, 528, 170.0 / 3, 20)))
        #expect(same(scene.center.frame, rect(135, 274, 50, 20)))
    }

    @Test func rightToLeftLeavesLeftAndRightAlone() throws {
        let scene = try Corners(direction: .rightToLeft, options: .directionLeftToRight)
        scene.root.layoutIfNeeded()
        #expect(same(scene.thing1.frame, rect(20, 20, 170.0 / 3, 20)))
        #expect(same(scene.thing2.frame, rect(320 - 20 - 170.0 / 3, 528, 170.0 / 3, 20)))
    }

    // MARK: 7. Self-sizing

    /// A content view with a multi-line label inset 16 left and right, 12 top and bottom.
    final class SelfSizingCell {
        let contentView = View()
        let label = makeLabel(
            "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill.",
            name: "body", lines: 0)

        init() throws {
            contentView.name = "contentView"
            contentView.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            try activate(["H:|-16-[body]-16-|", "V:|-12-[body]-12-|"], views: ["body": label])
        }

        func height(at width: Double) -> Double {
            contentView.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
    }

    @Test func selfSizingHeightIsTheTextHeightPlusInsets() throws {
        let cell = try SelfSizingCell()
        // The text engine wraps the text at the width minus 32 into 3 lines
        // (59.766 high, 60 on the pixel grid) at 288 and 343, and 2 lines
        // (39.844, so 40) at 382; plus 12 + 12.
        #expect(cell.height(at: 320) == 84)
        #expect(cell.height(at: 375) == 84)
        #expect(cell.height(at: 414) == 64)
    }

    @Test func selfSizingHeightMatchesTheTextEngineAtEachWidth() throws {
        let cell = try SelfSizingCell()
        for width in [320.0, 375, 414] {
            let text = try TextMeasurer.shared.sizeThatFits(
                cell.label.text, style: testStyle, size: Size(width: width - 32, height: 0),
                numberOfLines: 0, scale: 3)
            #expect(cell.height(at: width) == text.height + 24)
        }
    }
}

@Suite struct LayoutTransitionTests {
    @Test func springTransitionOvershootsBeforeSettling() {
        let cell = ScenarioTests.AnimalCell()
        let transition = LayoutTransition.animate(
            cell.contentView, duration: 1, curve: .spring(dampingRatio: 0.3, initialVelocity: 0)
        ) {
            cell.coverTop.constant = 28
        }
        // y from 12 to 28 (16 points); ζ = 0.3 peaks at 1.372 of the way,
        // 12 + 16 × 1.372 ≈ 33.95, before the end, then the end frame at 1 s.
        let peak =
            stride(from: 0.0, through: 0.99, by: 0.001)
            .compactMap { transition.frame(of: cell.cover, atTime: $0)?.minY }.max() ?? 0
        #expect(abs(peak - (12 + 16 * 1.372)) < 0.02)
        #expect(transition.frame(of: cell.cover, atTime: 1)?.minY == 28)
    }

    @Test func viewAddedByTheChangeKeepsItsFrame() {
        let cell = ScenarioTests.AnimalCell()
        let badge = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        let transition = LayoutTransition.animate(cell.contentView, duration: 0.5) {
            cell.contentView.addSubview(badge)
        }
        #expect(transition.frame(of: badge, atTime: 0.1) == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(transition.frame(of: View(), atTime: 0.1) == nil)
    }

    @Test func zeroDurationJumpsToTheEnd() {
        let cell = ScenarioTests.AnimalCell()
        let transition = LayoutTransition.animate(cell.contentView, duration: 0) {
            cell.coverTop.constant = 28
        }
        #expect(transition.progress(atTime: 0) == 1)
        #expect(transition.frame(of: cell.cover, atTime: 0)?.minY == 28)
    }
}
