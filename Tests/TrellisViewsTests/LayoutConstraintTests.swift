// LayoutConstraint: descriptions, activation on the nearest common ancestor,
// validation, cheap constant changes and UIKit's priority rules.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct LayoutConstraintTests {
    final class Pair {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let cover = makeView("cover")
        let title = makeView("title")
        init() {
            root.name = "contentView"
            root.addSubview(cover)
            root.addSubview(title)
        }
    }

    // MARK: Descriptions

    @Test func descriptionWithConstant() {
        let pair = Pair()
        let constraint = pair.cover.leadingAnchor.constraint(
            equalTo: pair.root.leadingAnchor, constant: 16)
        #expect(constraint.description == "cover.leading == contentView.leading + 16")
    }

    @Test func descriptionWithNegativeConstantAndIdentifier() {
        let pair = Pair()
        let constraint = pair.title.trailingAnchor.constraint(
            lessThanOrEqualTo: pair.root.trailingAnchor, constant: -16)
        constraint.identifier = "title-trailing"
        #expect(
            constraint.description == "title.trailing <= contentView.trailing - 16 (title-trailing)"
        )
    }

    @Test func descriptionWithMultiplierAndPriority() {
        let pair = Pair()
        let constraint = pair.cover.heightAnchor.constraint(
            equalTo: pair.cover.widthAnchor, multiplier: 0.5, constant: 4)
        constraint.priority = 750
        #expect(constraint.description == "cover.height == 0.5 * cover.width + 4 @750")
    }

    @Test func descriptionOfAConstantOnlyConstraint() {
        let pair = Pair()
        #expect(
            pair.cover.widthAnchor.constraint(greaterThanOrEqualToConstant: 64).description
                == "cover.width >= 64")
    }

    // MARK: Activation

    @Test func activationStoresTheConstraintOnTheNearestCommonAncestor() {
        let pair = Pair()
        let inner = makeView("inner")
        pair.cover.addSubview(inner)
        let crossing = inner.topAnchor.constraint(equalTo: pair.title.bottomAnchor)
        let local = inner.widthAnchor.constraint(equalTo: pair.cover.widthAnchor)
        LayoutConstraint.activate([crossing, local])
        #expect(pair.root.constraints.contains { $0 === crossing })
        #expect(pair.cover.constraints.contains { $0 === local })
        #expect(crossing.isActive && local.isActive)
    }

    @Test func itemsInDifferentHierarchiesCannotBeActivated() {
        let pair = Pair()
        let stranger = makeView("stranger")
        let constraint = stranger.topAnchor.constraint(equalTo: pair.cover.topAnchor)
        #expect(throws: LayoutError.noCommonAncestor(constraint: "stranger.top == cover.top")) {
            try constraint.activate()
        }
        #expect(!constraint.isActive)
    }

    @Test func leadingCannotBeRelatedToLeft() {
        let pair = Pair()
        let constraint = LayoutConstraint(
            item: pair.cover, attribute: .leading, relatedBy: .equal, toItem: pair.root,
            attribute: .left)
        #expect(
            throws: LayoutError.invalidAttributes(
                constraint: "cover.leading == contentView.left",
                reason: "leading/trailing cannot be related to left/right")
        ) {
            try constraint.activate()
        }
    }

    @Test func anXPositionCannotBeRelatedToAYPosition() {
        let pair = Pair()
        let constraint = LayoutConstraint(
            item: pair.cover, attribute: .left, relatedBy: .equal, toItem: pair.root,
            attribute: .top)
        #expect(throws: LayoutError.self) { try constraint.activate() }
        #expect(!constraint.isActive)
    }

    @Test func aPositionCannotEqualAConstant() {
        let pair = Pair()
        let constraint = LayoutConstraint(
            item: pair.cover, attribute: .top, relatedBy: .equal, toItem: nil,
            attribute: .notAnAttribute, constant: 5)
        #expect(
            throws: LayoutError.invalidAttributes(
                constraint: "cover.top == 5",
                reason: "a position (top) cannot equal a constant; relate it to another item")
        ) {
            try constraint.activate()
        }
    }

    @Test func deactivationRemovesTheConstraint() {
        let pair = Pair()
        let width = pair.cover.widthAnchor.constraint(equalToConstant: 10)
        width.isActive = true
        width.isActive = false
        #expect(pair.cover.constraints.isEmpty)
        #expect(!width.isActive)
    }

    @Test func removingAViewDeactivatesConstraintsThatLeaveItsSubtree() {
        let pair = Pair()
        let inner = makeView("inner")
        pair.cover.addSubview(inner)
        let crossing = inner.topAnchor.constraint(equalTo: pair.title.bottomAnchor)
        let inside = inner.widthAnchor.constraint(equalTo: pair.cover.widthAnchor)
        LayoutConstraint.activate([crossing, inside])
        pair.cover.removeFromSuperview()
        #expect(!crossing.isActive)
        #expect(inside.isActive)
    }

    // MARK: Changes

    @Test func changingTheConstantMovesTheViewWithoutRebuilding() {
        let pair = Pair()
        let leading = pair.cover.leadingAnchor.constraint(
            equalTo: pair.root.leadingAnchor, constant: 16)
        LayoutConstraint.activate([
            leading, pair.cover.topAnchor.constraint(equalTo: pair.root.topAnchor),
            pair.cover.widthAnchor.constraint(equalToConstant: 10),
            pair.cover.heightAnchor.constraint(equalToConstant: 10),
        ])
        pair.root.layoutIfNeeded()
        leading.constant = 40
        pair.root.layoutIfNeeded()
        #expect(pair.cover.frame.minX == 40)
        #expect(pair.root._membership.engine?.rebuildCount == 1)
    }

    @Test func nonFiniteConstantIsRefused() {
        let pair = Pair()
        let width = pair.cover.widthAnchor.constraint(equalToConstant: 10)
        width.constant = .nan
        width.constant = .infinity
        #expect(width.constant == 10)
    }

    @Test func requiredToOptionalOnAnActiveConstraintIsRefused() {
        let pair = Pair()
        let width = pair.cover.widthAnchor.constraint(equalToConstant: 10)
        width.isActive = true
        #expect(
            throws: LayoutError.priorityChange(from: 1000, to: 750, constraint: "cover.width == 10")
        ) {
            try width.setPriority(750)
        }
        #expect(width.priority == .required)
    }

    @Test func optionalPrioritiesChangeInPlace() {
        let pair = Pair()
        let wide = pair.cover.widthAnchor.constraint(equalToConstant: 100)
        let narrow = pair.cover.widthAnchor.constraint(equalToConstant: 50)
        wide.priority = 300
        narrow.priority = 200
        LayoutConstraint.activate([
            wide, narrow, pair.cover.leftAnchor.constraint(equalTo: pair.root.leftAnchor),
            pair.cover.topAnchor.constraint(equalTo: pair.root.topAnchor),
            pair.cover.heightAnchor.constraint(equalToConstant: 10),
        ])
        pair.root.layoutIfNeeded()
        #expect(pair.cover.frame.width == 100)
        narrow.priority = 400
        pair.root.layoutIfNeeded()
        #expect(pair.cover.frame.width == 50)
        #expect(pair.root._membership.engine?.rebuildCount == 1)
    }

    @Test func inactiveConstraintsTakeAnyPriority() throws {
        let pair = Pair()
        let width = pair.cover.widthAnchor.constraint(equalToConstant: 10)
        try width.setPriority(250)
        try width.setPriority(.required)
        #expect(width.priority == .required)
    }

    @Test func priorityOutsideTheRangeIsRefused() {
        let pair = Pair()
        let width = pair.cover.widthAnchor.constraint(equalToConstant: 10)
        #expect(throws: LayoutError.invalidPriority(0, constraint: "cover.width == 10")) {
            try width.setPriority(0)
        }
    }

    // MARK: Anchors

    @Test func systemSpacingIs8Points() {
        let pair = Pair()
        LayoutConstraint.activate([
            pair.cover.leadingAnchor.constraint(equalTo: pair.root.leadingAnchor),
            pair.cover.topAnchor.constraint(equalTo: pair.root.topAnchor),
            pair.cover.widthAnchor.constraint(equalToConstant: 10),
            pair.cover.heightAnchor.constraint(equalToConstant: 10),
            pair.title.leadingAnchor.constraint(
                equalToSystemSpacingAfter: pair.cover.trailingAnchor, multiplier: 2),
            pair.title.topAnchor.constraint(equalToSystemSpacingBelow: pair.cover.bottomAnchor),
            pair.title.widthAnchor.constraint(equalTo: pair.cover.widthAnchor, multiplier: 3),
            pair.title.heightAnchor.constraint(equalTo: pair.cover.heightAnchor),
        ])
        pair.root.layoutIfNeeded()
        // x = 10 + 2 × 8, y = 10 + 8, width = 3 × 10.
        #expect(same(pair.title.frame, rect(26, 18, 30, 10)))
    }
}
