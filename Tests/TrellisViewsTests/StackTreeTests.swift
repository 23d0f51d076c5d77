// StackTree: the direct path's frames written out by hand for simple trees,
// equal to the constraint engine's for a feed cell, and refusals that say why.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct StackTreeTests {
    static let inter = try! FontCollection.bundled("Inter")

    /// The engine's layout of `tree.makeViews()` as a self-sizing cell.
    static func engineLayout(_ tree: StackTree, width: Double) -> StackTreeLayout {
        tree.constraintsLayout(width: width)
    }

    /// A social feed cell as apps build it: 16-point margins, a 40 × 40
    /// avatar, beside it a column of a name/handle/time row, the body, an
    /// optional photo (at most 300 high) and an action bar of buttons.
    static func feedCell(name: String, handle: String, body: String, photo: Size?) -> StackTree {
        let semibold = TextStyle(fonts: inter, size: 15)
        var bodyStyle = TextStyle(fonts: inter, size: 17)
        bodyStyle.lineSpacing = 2
        var nameLabel = StackTree.LabelNode(name, style: semibold)
        nameLabel.horizontalCompressionResistance = 250  // truncates first
        var handleLabel = StackTree.LabelNode(handle, style: semibold)
        handleLabel.horizontalHugging = 251  // the name takes the room left
        var time = StackTree.LabelNode("2h", style: semibold)
        time.horizontalHugging = .required
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline, spacing: 4,
            children: [.label(nameLabel), .label(handleLabel), .label(time)])
        let actions = StackTree.Stack(
            axis: .horizontal, distribution: .equalSpacing,
            children: ["Reply 3", "Repost", "Like 12", "Share"].map {
                .button(.init($0, style: semibold, contentEdgeInsets: EdgeInsets(all: 4)))
            })
        let column = StackTree.Stack(
            axis: .vertical, spacing: 4,
            children: [
                .stack(row), .label(.init(body, style: bodyStyle, numberOfLines: 0)),
                .image(
                    .init(aspectRatio: photo ?? Size(width: 1, height: 1), maxHeight: 300),
                    isHidden: photo == nil),
                .stack(actions),
            ])
        let root = StackTree.Stack(
            axis: .horizontal, alignment: .top, spacing: 12,
            children: [.fixed(width: 40, height: 40), .stack(column)])
        return StackTree(root: root, pinning: .layoutMargins(EdgeInsets(all: 16)))
    }

    @Test func feedCellFramesEqualTheEngines() throws {
        let bodies = [
            "", "Short.",
            "A post long enough to wrap onto two or three lines at the widths phones have.",
        ]
        for width in [320.0, 375, 414] {
            for (index, body) in bodies.enumerated() {
                let photo = index == 1 ? nil : Size(width: 4, height: Double(1 + index * 3))
                let tree = Self.feedCell(
                    name: index == 2 ? "Augusta Ada King, Countess of Lovelace" : "Ada",
                    handle: "@ada", body: body, photo: photo)
                #expect(tree.directLayoutUnsupportedReason == nil)
                let direct = try tree.directLayout(width: width)
                #expect(
                    direct == Self.engineLayout(tree, width: width), "width \(width), body \(index)"
                )
                // The avatar sits in the margins; the column takes the rest:
                // 16 + 40 + 12 = 68 from the left, 16 from the right.
                #expect(direct.frames[1] == Rect(x: 0, y: 0, width: 40, height: 40))
                #expect(direct.frames[2].minX == 52)
                #expect(direct.frames[2].width == width - 68 - 16)
            }
        }
    }

    @Test func viewsShowingAnotherRowLayOutAsTheDirectPathDoes() throws {
        // One hierarchy for every row, as a reused cell: texts, the photo's
        // ratio and whether it shows change from row to row.
        let rows = [
            Self.feedCell(
                name: "Ada", handle: "@ada", body: "First.", photo: Size(width: 4, height: 3)),
            Self.feedCell(
                name: "Grace Hopper", handle: "@grace", body: "A second post, long enough to wrap.",
                photo: Size(width: 1, height: 1)),
            Self.feedCell(name: "Edsger", handle: "@ewd", body: "", photo: nil),
            Self.feedCell(
                name: "Ada", handle: "@ada", body: "Back.", photo: Size(width: 1, height: 2)),
        ]
        let (content, views) = rows[0].makeViews()
        var direct = DirectStackLayout()
        for row in rows {
            row.show(on: views)
            let layout = StackTree.layOutCell(content, views: views, width: 375, scale: row.scale)
            let expected = try direct.layout(row, width: 375)
            #expect(layout == expected)
        }
    }

    @Test func aColumnOfBoxesStacksWithItsSpacing() throws {
        // 20 + 8 + 30 = 58 high; every box as wide as the column (fill).
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [
                    .fixed(width: nil, height: 20), .fixed(width: 50, height: 30, priority: 999),
                ]))
        let layout = try tree.directLayout(width: 100)
        #expect(layout.height == 58)
        #expect(
            layout.frames == [
                Rect(x: 0, y: 0, width: 100, height: 58), Rect(x: 0, y: 0, width: 100, height: 20),
                Rect(x: 0, y: 28, width: 100, height: 30),
            ])
        #expect(layout == Self.engineLayout(tree, width: 100))
    }

    @Test func aHiddenViewCollapsesWithItsSpacing() throws {
        // 20 + 8 + 10 = 38. UIKit's constraints for the hidden box: 0 high
        // (`UISV-hiding`), half the spacing after the first box and half
        // before the last (`UISV-spacing` 4 and 4: y 24), and as wide as
        // the first box (`UISV-alignment`, required, over its own 50 at 999).
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [
                    .fixed(width: nil, height: 20),
                    .fixed(width: 50, height: 30, priority: 999, isHidden: true),
                    .fixed(width: nil, height: 10),
                ]))
        let layout = try tree.directLayout(width: 100)
        #expect(layout.height == 38)
        #expect(layout.frames[2] == Rect(x: 0, y: 24, width: 100, height: 0))
        #expect(layout.frames[3] == Rect(x: 0, y: 28, width: 100, height: 10))
        #expect(layout == Self.engineLayout(tree, width: 100))
    }

    @Test func anImageFollowsItsWidthUpToItsMaximumHeight() throws {
        // 375 wide at 1:2 would be 750 high: capped at 300, the width kept.
        // At 2:1 it is 187.5 high, 562.5 pixels at scale 3, whose edge
        // rounds to 563 pixels: 187⅔.
        for (ratio, height) in [
            (Size(width: 1, height: 2), 300.0), (Size(width: 2, height: 1), 563.0 / 3),
        ] {
            let tree = StackTree(
                root: .init(
                    axis: .vertical, children: [.image(.init(aspectRatio: ratio, maxHeight: 300))]))
            let layout = try tree.directLayout(width: 375)
            #expect(layout.frames[1] == Rect(x: 0, y: 0, width: 375, height: height))
            #expect(layout == Self.engineLayout(tree, width: 375))
        }
    }

    @Test func aStackOfFixedHeightGivesItToItsViews() throws {
        // A column of a 20-high box, 8 of spacing and a bar fixed 32 high
        // (a template file's `bar.height == 32`) holding two boxes 10 high
        // that fill it: 20 + 8 + 32 = 60; the boxes stretch to 32 (fill
        // alignment), half of 100 wide each (fill equally).
        let bar = StackTree.Stack(
            axis: .horizontal, distribution: .fillEqually, fixedHeight: 32,
            children: [
                .fixed(width: nil, height: 10, priority: 999),
                .fixed(width: nil, height: 10, priority: 999),
            ])
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [.fixed(width: nil, height: 20), .stack(bar)]))
        let layout = try tree.directLayout(width: 100)
        #expect(layout.height == 60)
        #expect(
            Array(layout.frames[2...]) == [
                Rect(x: 0, y: 28, width: 100, height: 32), Rect(x: 0, y: 0, width: 50, height: 32),
                Rect(x: 50, y: 0, width: 50, height: 32),
            ])
        #expect(layout == Self.engineLayout(tree, width: 100))
        // A root stack fixed narrower than its pins make it conflicts, as
        // the engine's required constraints do.
        var narrow = tree
        narrow.root.fixedWidth = 50
        #expect {
            try narrow.directLayout(width: 100)
        } throws: { error in
            (error as? DirectStackLayoutError)?.kind == .conflict
        }
    }

    /// Two labels hugging at one priority in a filling row, with room to
    /// spare: the first one stretches (UIKit: "If there's any ambiguity,
    /// the stack view resizes the arranged views based on their index in
    /// the arrangedSubviews array"), on the direct path as in the engine.
    @Test func labelsHuggingAtOnePriorityInARowStretchTheFirst() throws {
        let style = TextStyle(fonts: Self.inter, size: 15)
        let tree = StackTree(
            root: .init(
                axis: .horizontal,
                children: [.label(.init("a", style: style)), .label(.init("b", style: style))]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == Self.engineLayout(tree, width: 320))
        // Frames: the root, then "a" and "b"; "b" keeps its own width.
        #expect(layout.frames[1].width > 300)
        #expect(abs(layout.frames[2].maxX - 320) < 0.5)
    }

    @Test func twoLabelsCompressedAtOnePriorityShrinkTheFirst() throws {
        // Both resist compression at 750: with too little room the first
        // gives way, as UIKit breaks the tie by index; the direct path
        // agrees with the engine at every width.
        let style = TextStyle(fonts: Self.inter, size: 15)
        var second = StackTree.LabelNode("a second label that is long", style: style)
        second.horizontalHugging = 251
        let tree = StackTree(
            root: .init(
                axis: .horizontal,
                children: [
                    .label(.init("a first label that is long", style: style)), .label(second),
                ]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        #expect(try tree.directLayout(width: 1000) == Self.engineLayout(tree, width: 1000))
        let narrow = try tree.directLayout(width: 200)
        #expect(narrow == Self.engineLayout(tree, width: 200))
        // The second label keeps its whole text; the first gives the room.
        let secondWidth = narrow.frames[2].width
        #expect(narrow.frames[1].width < secondWidth)
        #expect(abs(narrow.frames[1].width + secondWidth - 200) < 0.5)
    }
}
