// Template files that are trees of stacks, turned into StackTree values and
// laid out directly: the same heights and frames as the file's constraints
// (PostCell.json on generated posts and on rows of other fields), the tree
// a file and a row make, and the files that have no direct path, with why.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct TemplateFileStackTreeTests {
    static let postFile = TestPaths.repository.appendingPathComponent(
        "Templates/PostCell.json"
    ).path

    static func row(_ json: String) throws -> JSONRow {
        try JSONRowLoader.parse(Data(json.utf8), file: "<rows>")[0]
    }

    /// 300 generated posts at four widths, scale 3: the direct path of
    /// PostCell.json and its constraints give the same height and every
    /// frame, to the bit (1,200 layouts).
    @Test func postCellFileAgreesWithItsConstraintsOnGeneratedPosts() throws {
        let file = try TemplateFile.load(path: Self.postFile)
        var direct = try TemplateFileDirectCell(file: file)
        var constraints = try TemplateFileCell(file: file)
        let rows = PostDataGenerator(seed: 7).items(count: 300).map(\.jsonRow)
        let agreement = try TemplateAgreement.compare(
            &direct, &constraints, items: rows, widths: [320, 375, 414, 812])
        #expect(agreement.comparisons == 1_200)
        #expect(agreement.disagreements == 0, "\(agreement)")
    }

    /// The same file on rows of other shapes than the generator's: numbers
    /// for texts, a missing author, no body, an empty handle, a tall and a
    /// wide photo, long words, other scripts.
    @Test func postCellFileAgreesOnRowsOfOtherFields() throws {
        let file = try TemplateFile.load(path: Self.postFile)
        var direct = try TemplateFileDirectCell(file: file)
        var constraints = try TemplateFileCell(file: file)
        let rows = try JSONRowLoader.parse(
            Data(
                """
                {"author": {"name": "Ada Lovelace", "handle": "@ada"}, "time": "2h", "body": "Notes on the Analytical Engine.", "counts": {"reply": 3, "repost": 12, "like": 1024, "share": 0}}
                {"author": {"name": 42, "handle": ""}, "time": 7, "body": null, "photo": [1080, 1920], "counts": {}}
                {"time": "now", "body": "Supercalifragilisticexpialidocious-and-then-some-more-words-without-spaces", "photo": [4000, 300]}
                {"author": {"name": "Ζωή Παπαδοπούλου", "handle": "@zoe"}, "time": "3d", "body": "Γειά σου κόσμε! Привет, мир! שלום עולם", "photo": [3, 2], "counts": {"reply": 1.5, "like": -2}}
                {"author": {"name": "A very long display name that will not fit beside the handle", "handle": "@a_handle_that_is_long_too"}, "time": "12:45", "body": "Line one\\nLine two\\n\\nLine four", "extra": {"ignored": [1, 2, 3]}}
                """.utf8), file: "<rows>")
        let agreement = try TemplateAgreement.compare(
            &direct, &constraints, items: rows, widths: [200, 320, 375, 414, 1024])
        #expect(agreement.disagreements == 0, "\(agreement)")
    }

    /// A stack file over the sample keys (`title`, `subtitle`, `image`) on
    /// the user rows fixture, real text of many scripts (hard breaks, tabs,
    /// URLs, long words, emoji, Hebrew, Arabic, mixed directions, combining
    /// marks, CJK): equal at four widths and two scales.
    @Test func aStackFileAgreesWithItsConstraintsOnRealText() throws {
        let file = try TemplateFile.load(
            path: TestPaths.fixture("SampleStackCell.json", of: "TrellisCellsTests"))
        let rows = try JSONRowLoader.load(path: PathAgreementTests.userRows)
        for scale in [3.0, 2] {
            var direct = try TemplateFileDirectCell(file: file, scale: scale)
            var constraints = try TemplateFileCell(file: file, scale: scale)
            let agreement = try TemplateAgreement.compare(
                &direct, &constraints, items: rows, widths: [200, 320, 375, 812])
            #expect(agreement.comparisons == rows.count * 4)
            #expect(agreement.disagreements == 0, "scale \(scale): \(agreement)")
        }
    }

    /// The tree of PostCell.json: node order, stack settings, the action
    /// bar's fixed height, the avatar's fixed size, bound texts, a hidden
    /// empty body, the photo's ratio and cap.
    @Test func aRowBecomesTheTreeTheFileDescribes() throws {
        let trees = try TemplateFileStackTree(file: try TemplateFile.load(path: Self.postFile))
        #expect(
            trees.nodeIDs == [
                "root", "avatar", "column", "header", "name", "handle", "time", "body", "photo",
                "actionBar",
                "reply", "repost", "like", "share",
            ])
        let tree = try trees.tree(
            for: Self.row(
                #"{"author": {"name": "Ada", "handle": "@ada"}, "time": 5, "body": "", "photo": [4, 3], "counts": {"like": 12}}"#
            ))
        #expect(tree.pinning == .edges)
        #expect(
            tree.root.axis == .horizontal && tree.root.alignment == .leading
                && tree.root.spacing == 12)
        #expect(tree.root.layoutMargins == EdgeInsets(all: 16))
        let nodes = tree.nodes
        guard case .fixed(let avatar) = nodes[1].content,
            case .stack(let column) = nodes[2].content,
            case .label(let name) = nodes[4].content, case .label(let time) = nodes[6].content,
            case .image(let photo) = nodes[8].content, case .stack(let bar) = nodes[9].content,
            case .button(let like) = nodes[12].content
        else {
            Issue.record("unexpected node kinds: \(nodes.map(\.content))")
            return
        }
        #expect(
            avatar
                == StackTree.FixedNode(
                    width: 40, height: 40, intrinsicSize: Size(width: 40, height: 40)))
        #expect(column.axis == .vertical && column.spacing == 6 && column.fixedHeight == nil)
        #expect(name.text == .plain("Ada") && name.horizontalCompressionResistance == 250)
        #expect(name.style.size == 15 && name.lineBreakMode == .byTruncatingTail)
        #expect(time.text == .plain("5") && time.horizontalHugging == .required)
        #expect(nodes[7].isHidden)  // the empty body collapses
        #expect(
            photo.aspectRatio == Size(width: 4, height: 3) && photo.maxHeight == 300
                && !nodes[8].isHidden)
        #expect(bar.distribution == .fillEqually && bar.fixedHeight == 32 && bar.spacing == 8)
        #expect(like.title == "12")
        // No photo: hidden.
        let plain = try trees.tree(for: Self.row(#"{"body": "x"}"#))
        #expect(plain.nodes[8].isHidden && !plain.nodes[7].isHidden)
    }

    /// Pinned to the content view's margins with constants: the root's
    /// insets are the margins (8) plus the constants; the frames agree.
    @Test func pinsToTheMarginsAddTheContentViewsMargins() throws {
        let file = try TemplateFile.parse(
            """
            {"name": "Pinned", "views": [
              {"id": "root", "kind": "stack", "axis": "vertical", "spacing": 4},
              {"id": "title", "kind": "label", "parent": "root", "field": "title", "lines": 0},
              {"id": "rule", "kind": "view", "parent": "root"}
            ], "constraints": [
              "root.top == contentView.margins.top + 2", "root.bottom == contentView.margins.bottom",
              "root.leading == contentView.margins.leading + 10", "contentView.margins.trailing == root.trailing + 6",
              "rule.height == 1"
            ]}
            """, file: "pinned.json")
        let trees = try TemplateFileStackTree(file: file)
        let tree = try trees.tree(for: Self.row(#"{"title": "Hello"}"#))
        #expect(tree.pinning == .layoutMargins(EdgeInsets(top: 10, left: 18, bottom: 8, right: 14)))
        var direct = try TemplateFileDirectCell(file: file)
        var constraints = try TemplateFileCell(file: file)
        let rows = try JSONRowLoader.parse(
            Data(
                "{\"title\": \"Hello\"}\n{\"title\": \"A title long enough to wrap at a phone's width, twice or more, with words.\"}\n{}"
                    .utf8), file: "<rows>")
        let agreement = try TemplateAgreement.compare(
            &direct, &constraints, items: rows, widths: [120, 375])
        #expect(agreement.disagreements == 0, "\(agreement)")
        let layout = try direct.layout(rows[0], width: 375)
        // 10 + 17-point Inter's line (21, rounded up on the 3× grid) + 4 + 1 + 8.
        #expect(layout.frame(of: "root")?.minY == 10)
        #expect(layout.frame(of: "rule")?.height == 1)
    }

    /// Files with no direct path say why, with the place in the file.
    @Test func filesThatAreNotTreesOfStacksSayWhy() throws {
        func problem(_ views: String, _ constraints: String) throws -> String? {
            let file = try TemplateFile.parse(
                #"{"views": [\#(views)], "constraints": [\#(constraints)]}"#, file: "t.json")
            do {
                _ = try TemplateFileDirectCell(file: file)
                return nil
            } catch {
                #expect(error.message == file.stackTreeProblem)
                return error.message
            }
        }
        let pins =
            #""root.top == contentView.top", "root.bottom == contentView.bottom", "root.leading == contentView.leading", "root.trailing == contentView.trailing""#
        let root = #"{"id": "root", "kind": "stack"}"#
        #expect(
            try problem(root + #", {"id": "a", "kind": "label", "parent": "root"}"#, pins) == nil)
        let fixedLabel = try problem(
            root + #", {"id": "a", "kind": "label", "parent": "root"}"#,
            pins + #", "a.width == 40""#)
        #expect(fixedLabel?.hasPrefix("t.json:1:") == true)
        #expect(fixedLabel?.contains("fixes the size of label \"a\"") == true)
        let picture = try problem(
            root + #", {"id": "a", "kind": "image", "parent": "root", "size": [40, 40]}"#,
            pins + #", "a.width == 40""#)
        // A picture's intrinsic size is a box's `intrinsicSize`: no longer refused.
        #expect(picture == nil)
        let both = try problem(
            root
                + #", {"id": "a", "kind": "image", "parent": "root", "size": [40, 40], "image": "photo"}"#,
            pins)
        #expect(both?.contains("both a picture size") == true)
        let twice = try problem(
            root + #", {"id": "a", "kind": "view", "parent": "root"}"#,
            pins + #", "a.width == 40", "a.width == 41""#)
        #expect(twice?.contains("the width of \"a\" is fixed twice") == true)
        let free = try problem(
            root + #", {"id": "a", "kind": "view", "parent": "root"}"#,
            pins + #", "a.width == root.width""#)
        #expect(free?.contains("is outside the stacks") == true)
    }

    /// A row whose field the file cannot show names the file's place and the data line.
    @Test func aBadFieldNamesTheFilesPlaceAndTheDataLine() throws {
        let trees = try TemplateFileStackTree(file: try TemplateFile.load(path: Self.postFile))
        let rows = try JSONRowLoader.parse(
            Data("{}\n{\"author\": \"Ada\"}".utf8), file: "rows.jsonl")
        #expect {
            try trees.tree(for: rows[1])
        } throws: { error in
            let message = (error as? CellError)?.message ?? ""
            return message.hasPrefix(Self.postFile + ":9:5:") && message.contains("\"author\"")
                && message.hasSuffix("(data line 2)")
        }
    }
}
