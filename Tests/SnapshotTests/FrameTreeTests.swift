// The snapshot formats without swift-snapshot-testing: the frame tree's
// text and JSON, reading the text back, and the view-by-view difference.

import Testing
import TrellisGeometry
import TrellisSnapshots

@Suite struct FrameTreeTests {
    static let cell = FrameTree(
        name: "cell", frame: Rect(x: 0, y: 0, width: 375, height: 84 + 2.0 / 3),
        children: [
            FrameTree(name: "cover", frame: Rect(x: 16, y: 16, width: 40, height: 40)),
            FrameTree(name: "title", frame: Rect(x: 72, y: 16, width: 287, height: 61.0 / 3)),
        ])

    @Test func textIsIndentedOneViewALineWithThreeDecimals() {
        #expect(
            Self.cell.description == """
                cell (0, 0, 375, 84.667)
                  cover (16, 16, 40, 40)
                  title (72, 16, 287, 20.333)

                """)
    }

    @Test func textReadsBackToTheSameTree() throws {
        let text = Self.cell.description
        let parsed = try FrameTree(parsing: text)
        #expect(parsed.description == text)
        // Three decimals are within the default tolerance of the exact values.
        #expect(parsed.differences(from: Self.cell).isEmpty)
    }

    @Test func framesSnapToThePixelGrid() {
        // 16.1 at scale 3 rounds to 48 pixels (16); 56.2 to 169 pixels (56.333).
        let tree = FrameTree(name: "v", frame: Rect(x: 16.1, y: 0, width: 40.1, height: 10))
            .snapped(toScale: 3)
        #expect(tree.frame == Rect(x: 16, y: 0, width: 169.0 / 3 - 16, height: 10))
    }

    @Test func differenceNamesTheViewAndTheNumbers() {
        var moved = Self.cell
        moved.children[1].frame.origin.y += 2
        moved.children[1].frame.size.height += 4
        moved.children.append(
            FrameTree(name: "badge", frame: Rect(x: 300, y: 4, width: 20, height: 20)))
        moved.children.remove(at: 0)
        #expect(
            moved.differenceReport(from: Self.cell) == """
                3 views changed:
                  cell/title: moved by (0, +2), resized by (0, +4): (72, 16, 287, 20.333) → (72, 18, 287, 24.333)
                  cell/badge: added at (300, 4, 20, 20)
                  cell/cover: removed (was (16, 16, 40, 40))
                """)
        #expect(Self.cell.differenceReport(from: Self.cell) == nil)
    }

    @Test func repeatedNamesArePairedInOrder() {
        let old = FrameTree(
            name: "stack", frame: Rect(x: 0, y: 0, width: 100, height: 100),
            children: [
                FrameTree(name: "Label", frame: Rect(x: 0, y: 0, width: 10, height: 10)),
                FrameTree(name: "Label", frame: Rect(x: 0, y: 10, width: 10, height: 10)),
            ])
        var new = old
        new.children[1].frame.origin.x = -3
        #expect(
            new.differences(from: old).map(\.description) == [
                "stack/Label#2: moved by (-3, 0): (0, 10, 10, 10) → (-3, 10, 10, 10)"
            ])
    }

    @Test func jsonHasTheSameNumbersInAFixedOrder() {
        let tree = FrameTree(
            name: "a \"b\"", frame: Rect(x: 0, y: 0, width: 10, height: 1.0 / 3),
            children: [FrameTree(name: "c", frame: Rect(x: 1, y: 2, width: 3, height: 4))])
        #expect(
            tree.json == """
                {
                  "name": "a \\"b\\"",
                  "frame": [0, 0, 10, 0.333],
                  "children": [
                    {
                      "name": "c",
                      "frame": [1, 2, 3, 4],
                      "children": []
                    }
                  ]
                }

                """)
    }

    @Test(arguments: [
        ("", "frame tree:1:1: no frames in the text"),
        (
            "cell (0, 0, 1, 1)\n   x (0, 0, 1, 1)\n",
            "frame tree:2:1: indented by 3 spaces; use two per level"
        ),
        (
            "cell (0, 0, 1, 1)\n    x (0, 0, 1, 1)\n",
            "frame tree:2:1: indented 2 levels, more than one below the line before"
        ),
        (
            "cell (0, 0, 1, 1)\nother (0, 0, 1, 1)\n",
            "frame tree:2:1: a second root; a frame tree has one node at the left margin"
        ),
        (
            "cell (0, 0, 1)\n",
            "frame tree:1:6: a frame has 4 numbers (x, y, width, height), found 3"
        ),
        ("cell (0, zero, 1, 1)\n", "frame tree:1:6: 'zero' is not a finite number (y)"),
        ("cell (0, 0, -1, 1)\n", "frame tree:1:6: width and height must not be negative"),
        ("cell 0, 0, 1, 1\n", "frame tree:1:1: expected 'name (x, y, width, height)'"),
        (
            "cell (0, 0, 1, 1)\n\tx (0, 0, 1, 1)\n",
            "frame tree:2:1: tabs are not indentation; use two spaces per level"
        ),
        // "\r\n" ends a line too; columns count Unicode scalars ("é" is one,
        // so the "(" after "é " is column 5 of line 2).
        (
            "cell (0, 0, 1, 1)\r\n  é (0, 0, 1)\r\n",
            "frame tree:2:5: a frame has 4 numbers (x, y, width, height), found 3"
        ),
    ])
    func malformedTextIsRefusedWithItsPlace(text: String, message: String) {
        #expect(throws: FrameTreeSyntaxError.self) { try FrameTree(parsing: text) }
        do {
            _ = try FrameTree(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func namesMayHoldParenthesesAndSpaces() throws {
        let text = "row [0, 5] (0, 10, 375, 44)\n  a (b) c (1, 2, 3, 4)\n"
        let tree = try FrameTree(parsing: text)
        #expect(tree.name == "row [0, 5]")
        #expect(tree.children.map(\.name) == ["a (b) c"])
        #expect(tree.description == text)
    }
}
