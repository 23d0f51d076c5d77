// Template files, version 2: stacks, key paths into JSON rows, views hidden
// when their field is empty, images sized from data with a height cap, text
// styles; and the errors each new key can give.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText

@Suite struct TemplateFileV2Tests {
    /// A vertical stack inside 16-point margins: a name (semibold 15), a
    /// like count (hidden when empty), a photo from the row's `[w, h]`
    /// (at most 300 tall). Its edges are pinned to the content view's.
    static let post = """
        {"name": "MiniPost",
         "views": [
           {"id": "root", "kind": "stack", "axis": "vertical", "spacing": 8, "layoutMargins": [16, 16, 16, 16]},
           {"id": "name", "kind": "label", "parent": "root", "field": "author.name",
            "textStyle": {"size": 15, "weight": "semibold", "lineBreakMode": "truncateTail"}},
           {"id": "likes", "kind": "label", "parent": "root", "field": "counts.like", "hiddenWhenEmpty": true},
           {"id": "photo", "kind": "image", "parent": "root", "image": "photo", "maxHeight": 300}
         ],
         "constraints": ["root.leading == contentView.leading", "root.trailing == contentView.trailing",
                         "root.top == contentView.top", "root.bottom == contentView.bottom"]}
        """

    static func row(_ json: String) throws -> JSONRow {
        try #require(try JSONRowLoader.parse(Data(json.utf8), file: "rows.jsonl").first)
    }

    /// Label height as the cell measures it: Inter at the size and weight,
    /// 343 points wide (375 less the stack's margins), on the 1/3-point grid.
    static func lineHeight(_ text: String, size: Double, weight: FontWeight) throws -> Double {
        let style = TextStyle(
            fonts: try FontCollection.bundled("Inter", weight: weight), size: size)
        return try TextMeasurer.shared.sizeThatFits(
            text, style: style, size: Size(width: 343, height: .infinity), numberOfLines: 1,
            scale: 3
        ).height
    }

    @Test func aStackTemplateLaysOutJSONRowsByKeyPath() throws {
        var cell = try TemplateFileCell(file: try TemplateFile.parse(Self.post, file: "post.json"))
        let name = try Self.lineHeight("Ana", size: 15, weight: .semibold)
        let likes = try Self.lineHeight("12", size: 17, weight: .regular)

        // All three shown: 16 + name + 8 + likes + 8 + photo + 16, the photo
        // 343 × 300 / 400 = 257.25 tall.
        let full = try cell.layout(
            try Self.row(
                #"{"author": {"name": "Ana"}, "counts": {"like": 12}, "photo": [400, 300]}"#),
            width: 375)
        #expect(close(full.frame(of: "name"), Rect(x: 16, y: 16, width: 343, height: name)))
        #expect(
            close(full.frame(of: "likes"), Rect(x: 16, y: 16 + name + 8, width: 343, height: likes))
        )
        let photoTop = 16 + name + 8 + likes + 8
        #expect(abs((full.frame(of: "photo")?.minY ?? 0) - photoTop) < 1e-9)
        // 257.25 on the 1/3 grid
        #expect(abs((full.frame(of: "photo")?.height ?? 0) - 257.33333) < 0.01)
        #expect(abs(full.height - PixelGrid.ceil(photoTop + 257.25 + 16, scale: 3)) < 1e-9)

        // No like count and no photo: both hidden, collapsed with their spacing.
        let bare = try cell.layout(
            try Self.row(#"{"author": {"name": "Ana"}, "counts": {}}"#), width: 375)
        #expect(abs(bare.height - PixelGrid.ceil(16 + name + 16, scale: 3)) < 1e-9)

        // A tall photo (1:4) is capped at 300 points; its width stays 343.
        let tall = try cell.layout(
            try Self.row(
                #"{"author": {"name": "Ana"}, "counts": {"like": 0}, "photo": [100, 400]}"#),
            width: 375)
        #expect(tall.frame(of: "photo")?.size == Size(width: 343, height: 300))
        // 0 is a value, not empty: the count shows "0".
        #expect(
            abs(tall.height - PixelGrid.ceil(16 + name + 8 + likes + 8 + 300 + 16, scale: 3)) < 1e-9
        )
    }

    @Test func numbersShowAsDecimalText() throws {
        let row = try Self.row(
            #"{"a": 12, "b": 1.5, "c": -3, "d": true, "e": null, "f": "x", "g": [1, {"h": 2}]}"#)
        func text(_ path: String) throws -> String {
            try row.text(at: try #require(JSONKeyPath(path)))
        }
        #expect(try text("a") == "12")
        #expect(try text("b") == "1.5")
        #expect(try text("c") == "-3")
        #expect(try text("d") == "true")
        #expect(try text("e") == "")
        #expect(try text("missing.deeper") == "")
        #expect(try text("g.1.h") == "2")
        #expect(try text("g.5") == "")
        #expect(throws: JSONRowError.self) { try text("g") }
        #expect(throws: JSONRowError.self) { try text("f.x") }
    }

    @Test func aFieldPathIntoANonObjectNamesTheViewAndTheRow() throws {
        var cell = try TemplateFileCell(file: try TemplateFile.parse(Self.post, file: "post.json"))
        let rows = try JSONRowLoader.parse(
            Data("{\"author\": {\"name\": \"Ana\"}}\n\n{\"author\": \"Ana\"}\n".utf8),
            file: "rows.jsonl")
        _ = try cell.height(for: rows[0], width: 375)
        do {
            _ = try cell.height(for: rows[1], width: 375)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "MiniPost: post.json:4:4: field \"author.name\" goes through \"author\", which is a string, not an object (data line 3)"
            )
        }
        // The cell still lays out good rows after a bad one.
        #expect(try cell.height(for: rows[0], width: 375) > 0)
    }

    func error(_ text: String) -> String? {
        do {
            _ = try TemplateFile.parse(text, file: "cell.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func newKeysGiveClearErrorsWithPlaces() {
        // An unknown key.
        #expect(
            error(#"{"views": [{"id": "s", "kind": "stack", "axs": "vertical"}]}"#)?.hasPrefix(
                #"cell.json:1:48: unknown view key "axs" (expected "#) == true)
        // A stack property on a non-stack.
        #expect(
            error(#"{"views": [{"id": "a", "kind": "label", "axis": "vertical"}]}"#)
                == #"cell.json:1:49: "axis" is for stacks ("kind": "stack"), not a label"#)
        #expect(
            error(#"{"views": [{"id": "a", "kind": "view", "spacing": 4}]}"#)
                == #"cell.json:1:51: "spacing" is for stacks ("kind": "stack"), not a view"#)
        // A stack without arranged subviews.
        #expect(
            error(#"{"views": [{"id": "s", "kind": "stack"}]}"#)
                == #"cell.json:1:12: stack "s" has no arranged subviews (give views "parent": "s")"#
        )
        // A cycle of parents.
        #expect(
            error(
                #"{"views": [{"id": "a", "kind": "stack", "parent": "b"}, {"id": "b", "kind": "stack", "parent": "a"}]}"#
            )?
            .hasSuffix("is its own ancestor") == true)
        // Bad values.
        #expect(
            error(
                #"{"views": [{"id": "s", "kind": "stack", "distribution": "spread"}, {"id": "a", "kind": "view", "parent": "s"}]}"#
            )?
            .contains(
                #"unknown distribution "spread" (expected fill, fillEqually, fillProportionally, equalSpacing, equalCentering)"#
            ) == true)
        #expect(
            error(
                #"{"views": [{"id": "a", "kind": "label", "textStyle": {"lineBreakMode": "ellipsis"}}]}"#
            )?
            .contains(#"unknown lineBreakMode "ellipsis""#) == true)
        #expect(
            error(
                #"{"views": [{"id": "a", "kind": "label", "size": 12, "textStyle": {"size": 13}}]}"#
            )?
            .contains(#""size" is given both on the view and in its textStyle"#) == true)
        #expect(
            error(#"{"views": [{"id": "a", "kind": "label", "maxHeight": 3}]}"#)?.contains(
                #""maxHeight" is for image views"#) == true)
        #expect(
            error(#"{"views": [{"id": "a", "kind": "image", "image": "photo", "maxHeight": -1}]}"#)?
                .contains(#""maxHeight" must be a finite number ≥ 0"#) == true)
        #expect(
            error(#"{"views": [{"id": "a", "kind": "label", "hiddenWhenEmpty": true}]}"#)?
                .contains(#""hiddenWhenEmpty" needs a "field""#) == true)
        #expect(
            error(
                #"{"views": [{"id": "s", "kind": "stack", "layoutMargins": [1, 2, 3]}, {"id": "a", "kind": "view", "parent": "s"}]}"#
            )?
            .contains(#""layoutMargins" must be an array of 4 numbers"#) == true)
    }

    @Test func dataRowsKeepNestingAndNameTheirErrors() throws {
        let rows = try JSONRowLoader.parse(
            Data(#"{"id": 7, "author": {"name": "Ana", "tags": ["a", "b"]}}"#.utf8),
            file: "rows.jsonl")
        #expect(
            rows[0].fields["author"]
                == .object(["name": .string("Ana"), "tags": .array([.string("a"), .string("b")])]))
        #expect(rows[0].line == 1)
        #expect(throws: DataFileError.self) {
            try JSONRowLoader.parse(Data("{}\n[1]\n".utf8), file: "rows.jsonl")
        }
        do {
            _ = try JSONRowLoader.parse(Data("{}\n{\"a\": tru}\n".utf8), file: "rows.jsonl")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("rows.jsonl:2:10: "), "\(error)")
        }
    }

    @Test func aTreeOfStacksIsToldFromFreeConstraints() throws {
        let mini = try TemplateFile.parse(Self.post, file: "post.json")
        #expect(mini.stackTreeProblem == nil)
        guard case .success(let tree) = mini.stackTree else { return }
        #expect(tree.root == "root")
        #expect(tree.pins == TemplateFile.RootPins())

        // Pinned to the margins with insets, and a fixed avatar size.
        let pinned = try TemplateFile.parse(
            """
            {"views": [{"id": "s", "kind": "stack"}, {"id": "avatar", "kind": "image", "parent": "s"}],
             "constraints": ["s.leading == contentView.margins.leading + 4", "contentView.margins.trailing == s.trailing + 6",
                             "s.top == contentView.margins.top", "s.bottom == contentView.margins.bottom - 2",
                             "avatar.width == 40", "avatar.height == 40"]}
            """, file: "pinned.json")
        guard case .success(let pinnedTree) = pinned.stackTree else {
            Issue.record("expected a tree of stacks: \(pinned.stackTreeProblem ?? "")")
            return
        }
        #expect(
            pinnedTree.pins
                == TemplateFile.RootPins(
                    top: 0, leading: 4, bottom: 2, trailing: 6, toMargins: true))
        #expect(
            pinnedTree.fixedSizes == [TemplateFile.FixedSize(view: "avatar", width: 40, height: 40)]
        )

        // A constraint between arranged views is outside the stacks.
        let free = try TemplateFile.parse(
            Self.post.replacingOccurrences(
                of: #""root.bottom == contentView.bottom"]"#,
                with: #""root.bottom == contentView.bottom", "likes.width == name.width"]"#),
            file: "post.json")
        #expect(
            free.stackTreeProblem?.contains(
                #"constraint "likes.width == name.width" is outside the stacks"#) == true)
        // A root edge left unpinned.
        let loose = try TemplateFile.parse(
            Self.post.replacingOccurrences(of: #", "root.bottom == contentView.bottom""#, with: ""),
            file: "post.json")
        #expect(
            loose.stackTreeProblem
                == #"post.json:3:4: the root stack "root" is not pinned at its bottom to the content view"#
        )
    }
}
