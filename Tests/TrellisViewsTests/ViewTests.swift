// View: hierarchy, frames from autoresizing, margins and safe-area guides,
// custom guides, intrinsic sizes with hugging and compression, direction,
// hit testing.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct ViewTests {
    // MARK: Hierarchy

    @Test func addingAViewMovesItFromItsPreviousSuperview() {
        let first = View()
        let second = View()
        let child = View()
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(second.subviews.count == 1)
        #expect(child.superview === second)
    }

    @Test func aViewCannotContainItsAncestor() {
        let parent = View()
        let child = View()
        parent.addSubview(child)
        child.addSubview(parent)
        #expect(parent.superview == nil)
        #expect(child.subviews.isEmpty)
    }

    @Test func framesOfAutoresizingViewsStayAsSet() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let child = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(child)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(!child.hasAmbiguousLayout)
    }

    @Test func flexibleWidthFollowsTheSuperview() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let bar = View(frame: Rect(x: 20, y: 0, width: 280, height: 44))
        bar.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        root.addSubview(bar)
        root.layoutIfNeeded()
        root.frame = Rect(x: 0, y: 0, width: 568, height: 320)
        root.layoutIfNeeded()
        // The width takes the whole change (568 − 320); the margins stay 20.
        #expect(bar.frame == Rect(x: 20, y: 0, width: 528, height: 44))
    }

    @Test func flexibleMarginsKeepAViewCentered() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        root.name = "root"
        let badge = View(frame: Rect(x: 110, y: 10, width: 100, height: 44))
        badge.name = "badge"
        badge.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        root.addSubview(badge)
        root.layoutIfNeeded()
        root.frame = Rect(x: 0, y: 0, width: 568, height: 320)
        root.layoutIfNeeded()
        // Both 110-point margins take half of the 248-point change: x = 110 + 124.
        #expect(badge.frame == Rect(x: 234, y: 10, width: 100, height: 44))
        #expect(root._membership.engine?.rebuildCount == 1)
    }

    @Test func flexibleMarginConstraintReadsAsAFunctionOfTheSuperviewWidth() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        root.name = "root"
        let badge = makeView("badge")
        badge.translatesAutoresizingMaskIntoConstraints = true
        badge.frame = Rect(x: 110, y: 0, width: 100, height: 10)
        badge.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        root.addSubview(badge)
        let conflicting = badge.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
        conflicting.isActive = true
        root.layoutIfNeeded()
        // x(S) = 110 + 0.5 (S − 320) = 0.5 S − 50, measured from the superview's left edge.
        let report = root.unsatisfiableConstraints.first
        #expect(
            report?.conflicting.contains("badge.left == 0.5 * root.width - 50 (Autoresizing-MinX)")
                == true)
        #expect(report?.broken == "badge.left == root.left + 5")
        #expect(badge.frame.minX == 110)
    }

    @Test func invalidFramesAreRefused() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
        view.frame = Rect(x: 0, y: 0, width: -1, height: 10)
        #expect(view.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    // MARK: Guides

    @Test func layoutMarginsGuideIsInset8ByDefault() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let child = makeView("child")
        root.addSubview(child)
        let margins = root.layoutMarginsGuide
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            child.topAnchor.constraint(equalTo: margins.topAnchor),
            child.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 8, y: 8, width: 304, height: 84))
        #expect(margins.layoutFrame == Rect(x: 8, y: 8, width: 304, height: 84))
    }

    @Test func marginsAddToTheSafeAreaAndFollowChanges() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let child = makeView("child")
        root.addSubview(child)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            child.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 10),
            child.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        root.safeAreaInsets = EdgeInsets(top: 44, left: 20, bottom: 0, right: 0)
        root.layoutMargins = EdgeInsets(all: 16)
        root.layoutIfNeeded()
        // Leading margin 20 + 16 from the safe area; top at the safe area, 44.
        #expect(child.frame == Rect(x: 36, y: 44, width: 10, height: 10))
        #expect(root._membership.engine?.rebuildCount == 1)
    }

    @Test func nonFiniteInsetsAreRefused() {
        let view = View()
        view.layoutMargins = EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)
        view.safeAreaInsets = EdgeInsets(all: .infinity)
        #expect(view.layoutMargins == EdgeInsets(all: 8))
        #expect(view.safeAreaInsets == .zero)
    }

    @Test func customGuideWorksAsASpacer() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let left = makeView("left")
        let right = makeView("right")
        let spacer = LayoutGuide()
        spacer.identifier = "spacer"
        root.addSubview(left)
        root.addSubview(right)
        root.addLayoutGuide(spacer)
        LayoutConstraint.activate([
            left.leftAnchor.constraint(equalTo: root.leftAnchor),
            left.widthAnchor.constraint(equalToConstant: 50),
            spacer.leftAnchor.constraint(equalTo: left.rightAnchor),
            right.leftAnchor.constraint(equalTo: spacer.rightAnchor),
            right.rightAnchor.constraint(equalTo: root.rightAnchor),
            right.widthAnchor.constraint(equalTo: left.widthAnchor),
            spacer.topAnchor.constraint(equalTo: root.topAnchor),
            spacer.heightAnchor.constraint(equalToConstant: 1),
            left.topAnchor.constraint(equalTo: root.topAnchor),
            left.heightAnchor.constraint(equalToConstant: 10),
            right.topAnchor.constraint(equalTo: root.topAnchor),
            right.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(spacer.layoutFrame == Rect(x: 50, y: 0, width: 200, height: 1))
        #expect(right.frame.minX == 250)
    }

    // MARK: Intrinsic size

    @Test func imageViewTakesItsImageSize() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let image = ImageView(image: Image(size: Size(width: 60, height: 40)))
        image.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(image)
        LayoutConstraint.activate([
            image.leftAnchor.constraint(equalTo: root.leftAnchor),
            image.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(image.frame.size == Size(width: 60, height: 40))
        image.image = Image(size: Size(width: 30, height: 30))
        root.layoutIfNeeded()
        #expect(image.frame.size == Size(width: 30, height: 30))
    }

    @Test func imageViewWithoutImageHasNoIntrinsicSize() {
        let image = ImageView()
        #expect(
            image.intrinsicContentSize
                == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }

    @Test func buttonSizeIsTitlePlusContentInsets() {
        let button = makeButton("Button", name: "button")
        button.contentEdgeInsets = EdgeInsets(top: 6, left: 10, bottom: 6, right: 10)
        // "Button" is 50.333 × 20.
        #expect(
            same(
                Rect(origin: .zero, size: button.intrinsicContentSize),
                rect(0, 0, 151.0 / 3 + 20, 32)))
    }

    @Test func compressionResistanceLosesToRequiredWidth() {
        let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 100))
        let label = makeLabel("Thing 1", name: "label")
        root.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            label.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        // Wants 56.667 at 750, the required edge allows 40.
        #expect(label.frame.width == 40)
    }

    @Test func higherHuggingKeepsItsIntrinsicWidth() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let first = makeLabel("Thing 1", name: "first")
        let second = makeLabel("Thing 2", name: "second")
        root.addSubview(first)
        root.addSubview(second)
        first.setContentHuggingPriority(251, for: .horizontal)
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor),
            second.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        // The first hugs at 251 and keeps 56.667; the second stretches to 300 − 56.667.
        #expect(same(first.frame, rect(0, 0, 170.0 / 3, 20)))
        #expect(same(second.frame, rect(170.0 / 3, 0, 300 - 170.0 / 3, 20)))
    }

    // MARK: Direction

    @Test func forcedLeftToRightInsideARightToLeftHierarchy() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        root.traitLayoutDirection = .rightToLeft
        let box = makeView("box")
        box.semanticContentAttribute = .forceLeftToRight
        let inner = makeView("inner")
        root.addSubview(box)
        box.addSubview(inner)
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 100),
            box.heightAnchor.constraint(equalToConstant: 10),
            inner.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 5),
            inner.topAnchor.constraint(equalTo: box.topAnchor),
            inner.widthAnchor.constraint(equalToConstant: 20),
            inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        #expect(root.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(box.effectiveUserInterfaceLayoutDirection == .leftToRight)
        // The box's place follows the root (right to left): right edge at 300 − 10.
        #expect(box.frame.minX == 190)
        // Inside the box, left to right: 5 from its left edge.
        #expect(inner.frame.minX == 5)
    }

    @Test func rightToLeftInequalitiesKeepTheirMeaning() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        root.traitLayoutDirection = .rightToLeft
        let box = makeView("box")
        root.addSubview(box)
        let preferred = box.leadingAnchor.constraint(equalTo: root.leadingAnchor)
        preferred.priority = 250
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 30),
            preferred,
            box.topAnchor.constraint(equalTo: root.topAnchor),
            box.widthAnchor.constraint(equalToConstant: 50),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        // At least 30 in from the leading (right) edge: right edge at 270.
        #expect(box.frame.maxX == 270)
    }

    // MARK: Hit testing

    final class Tree {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let back = View(frame: Rect(x: 10, y: 10, width: 200, height: 200))
        let inner = View(frame: Rect(x: 20, y: 20, width: 50, height: 50))
        let front = View(frame: Rect(x: 100, y: 100, width: 150, height: 150))
        init() {
            root.addSubview(back)
            back.addSubview(inner)
            root.addSubview(front)
        }
    }

    @Test func hitTestFindsTheDeepestView() {
        let tree = Tree()
        #expect(tree.root.hitTest(Point(x: 35, y: 35)) === tree.inner)
        #expect(tree.root.hitTest(Point(x: 15, y: 15)) === tree.back)
        #expect(tree.root.hitTest(Point(x: 290, y: 5)) === tree.root)
    }

    @Test func hitTestPrefersTheFrontMostSibling() {
        let tree = Tree()
        #expect(tree.root.hitTest(Point(x: 150, y: 150)) === tree.front)
    }

    @Test func hitTestSkipsHiddenAndNonInteractiveViews() {
        let tree = Tree()
        tree.front.isHidden = true
        #expect(tree.root.hitTest(Point(x: 150, y: 150)) === tree.back)
        tree.back.isUserInteractionEnabled = false
        #expect(tree.root.hitTest(Point(x: 150, y: 150)) === tree.root)
    }

    @Test func hitTestOutsideIsNil() {
        let tree = Tree()
        #expect(tree.root.hitTest(Point(x: 300, y: 10)) == nil)
        #expect(tree.root.hitTest(Point(x: .nan, y: 10)) == nil)
    }

    @Test func convertBetweenViews() {
        let tree = Tree()
        #expect(tree.inner.convert(Point(x: 5, y: 5), to: tree.front) == Point(x: -65, y: -65))
        #expect(tree.inner.convert(Point(x: 0, y: 0), to: nil) == Point(x: 30, y: 30))
    }
}
