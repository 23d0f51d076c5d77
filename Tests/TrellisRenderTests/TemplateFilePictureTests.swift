// Pictures of template files with nested stacks: every view drawn where the
// frame tree puts it in content-view coordinates (its frame offset by each
// superview's origin, as UIKit's `convert(_:to:)` gives it), text and images
// included, hidden views left out.

import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisTemplateFiles
import TrellisViews

@testable import TrellisRender

@Suite struct TemplateFilePictureTests {
    /// Three levels of stacks under margins: a card whose thumbnail, title
    /// and price sit in nested rows and columns, a badge hidden when empty,
    /// and an action bar of buttons.
    static let nested = """
        {
          "name": "NestedCard",
          "views": [
            {"id": "root", "kind": "stack", "axis": "vertical", "spacing": 8,
             "layoutMargins": [12, 20, 12, 20]},
            {"id": "row", "kind": "stack", "parent": "root", "axis": "horizontal", "spacing": 10,
             "alignment": "top"},
            {"id": "thumb", "kind": "image", "parent": "row", "size": [48, 48]},
            {"id": "column", "kind": "stack", "parent": "row", "axis": "vertical", "spacing": 4},
            {"id": "title", "kind": "label", "parent": "column", "field": "title",
             "textStyle": {"font": "Inter", "size": 17, "lines": 0}},
            {"id": "line", "kind": "stack", "parent": "column", "axis": "horizontal", "spacing": 6},
            {"id": "price", "kind": "label", "parent": "line", "field": "price",
             "textStyle": {"font": "Inter", "weight": "semibold", "size": 15, "lines": 1}},
            {"id": "badge", "kind": "label", "parent": "line", "field": "badge",
             "hiddenWhenEmpty": true, "hugging": [249, 250],
             "textStyle": {"font": "Inter", "size": 13, "lines": 1}},
            {"id": "photo", "kind": "image", "parent": "column", "image": "photo", "maxHeight": 120},
            {"id": "bar", "kind": "stack", "parent": "root", "axis": "horizontal",
             "distribution": "fillEqually", "spacing": 8},
            {"id": "buy", "kind": "button", "parent": "bar", "text": "Buy",
             "textStyle": {"font": "Inter", "size": 15}},
            {"id": "save", "kind": "button", "parent": "bar", "text": "Save",
             "textStyle": {"font": "Inter", "size": 15}}
          ],
          "constraints": [
            "root.leading == contentView.leading", "root.trailing == contentView.trailing",
            "root.top == contentView.top", "root.bottom == contentView.bottom",
            "thumb.width == 48", "thumb.height == 48", "bar.height == 36"
          ]
        }
        """

    static let rows = [
        JSONRow([
            "title": .string("A lamp with a long name that wraps onto a second line"),
            "price": .string("€ 49"), "badge": .string("new"),
            "photo": .array([.number(400), .number(300)]),
        ]),
        JSONRow(["title": .string("Chair"), "price": .string("€ 120"), "badge": .string("")]),
    ]

    /// Every visible view's frame in content-view coordinates, found by
    /// walking up the hierarchy (independently of `subviewFrames`).
    static func expectedFrames(of cell: TemplateFileCellView) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for id in cell.order {
            guard let view = cell.views[id] else { continue }
            var frame = view.frame
            var visible = !view.isHidden
            var parent = view.superview
            while let superview = parent, superview !== cell.contentView {
                visible = visible && !superview.isHidden
                frame.origin.x += superview.frame.origin.x
                frame.origin.y += superview.frame.origin.y
                parent = superview.superview
            }
            if visible { frames[id] = frame }
        }
        return frames
    }

    @Test func everyDrawnViewIsWhereTheFrameTreePutsItInContentCoordinates() throws {
        let file = try TemplateFile.parse(Self.nested, file: "NestedCard.json")
        for row in Self.rows {
            var template = try TemplateFileCell(file: file, scale: 2)
            let (bitmap, layouts) = try CellPicture.render(
                template: &template, items: [row], width: 320, scale: 2)
            let layout = try #require(layouts.first)
            let expected = Self.expectedFrames(of: template.cell)
            // The frame tree: every visible view, in content-view coordinates.
            #expect(Set(layout.frames.map(\.name)) == Set(expected.keys))
            for entry in layout.frames {
                #expect(entry.frame == expected[entry.name], "\(entry.name)")
            }
            // The boxes the picture fills are the frame tree's.
            let placed = PlacedCell(
                layout: layout, labels: template.labels(for: row), measurer: template.measurer,
                frame: Rect(x: 0, y: 0, width: 320, height: layout.height),
                views: template.pictureViews)
            #expect(placed.drawnBoxes == layout.frames)
            // The nested image views are drawn at their place: the
            // placeholder's fill at their center, none just left of them.
            for name in ["thumb", "photo"] {
                guard let frame = expected[name] else { continue }
                // Off the placeholder's diagonals and ellipse.
                let center = bitmap.pixel(
                    x: Int((frame.minX + frame.width * 0.3) * 2), y: Int(frame.midY * 2))
                #expect(center == ViewPicture.imageFill, "\(name) at \(frame)")
            }
            // Text in the nested labels and buttons: dark pixels inside each
            // one's frame, in content-view coordinates.
            for name in ["title", "price", "buy", "save"] {
                let frame = try #require(expected[name])
                var dark = 0
                for y in Int(frame.minY * 2)..<Int(frame.maxY * 2) {
                    for x in Int(frame.minX * 2)..<Int(frame.maxX * 2)
                    where bitmap.pixel(x: x, y: y).r < 100 {
                        dark += 1
                    }
                }
                #expect(dark > 20, "text pixels in \(name) \(frame): \(dark)")
            }
        }
    }

    @Test func hiddenViewsAreLeftOutOfTheFrameTreeAndThePicture() throws {
        let file = try TemplateFile.parse(Self.nested, file: "NestedCard.json")
        var template = try TemplateFileCell(file: file, scale: 2)
        let layout = try template.layout(Self.rows[1], width: 320)
        #expect(layout.frame(of: "badge") == nil)
        #expect(layout.frame(of: "photo") == nil)
        #expect(!template.pictureViews.contains { $0.name == "badge" || $0.name == "photo" })
        #expect(layout.frame(of: "price") != nil)
    }

    /// The direct stack path gives the same frame tree as the constraints
    /// (content-view coordinates, hidden views left out).
    @Test func theDirectPathGivesTheSameContentCoordinates() throws {
        let file = try TemplateFile.parse(Self.nested, file: "NestedCard.json")
        try #require(file.stackTreeProblem == nil, "\(file.stackTreeProblem ?? "")")
        var constraints = try TemplateFileCell(file: file, scale: 2)
        var direct = try TemplateFileDirectCell(file: file, scale: 2)
        for row in Self.rows {
            let solved = try constraints.layout(row, width: 320)
            let frames = try direct.layout(row, width: 320)
            #expect(frames.height == solved.height)
            #expect(frames.frames.map(\.name) == solved.frames.map(\.name))
            for (a, b) in zip(frames.frames, solved.frames) {
                #expect(abs(a.frame.minX - b.frame.minX) < 1e-6, "\(a.name)")
                #expect(abs(a.frame.minY - b.frame.minY) < 1e-6, "\(a.name)")
            }
        }
    }
}
