// The direct path's frames in the content view's coordinates are summed as
// the constraints' are (`TemplateFileCellView.subviewFrames`: a view's frame
// offset by each superview's origin, nearest first), so the two agree to the
// bit where the origins are thirds of a point: floating-point addition is
// not associative, and summed from the root down a frame came out one unit
// in the last place away (227.33333333333334 against 227.33333333333337).

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisTemplateFiles
import TrellisTestSupport

@Suite struct TemplateFileDirectFrameSumsTests {
    /// A centred profile header (its views at fractional x), its stats in
    /// a filling-equally row of centred columns, one more level below: the
    /// origins of four levels summed.
    static let profile = """
        {"name": "ProfileHeader", "views": [
          {"id": "root", "kind": "stack", "axis": "vertical", "alignment": "center", "spacing": 8,
           "layoutMargins": [16, 20, 16, 20]},
          {"id": "avatar", "kind": "image", "parent": "root", "size": [72, 72]},
          {"id": "name", "kind": "label", "parent": "root", "field": "name",
           "textStyle": {"font": "Inter", "weight": "bold", "size": 20, "lines": 1}},
          {"id": "bio", "kind": "label", "parent": "root", "field": "bio", "hiddenWhenEmpty": true,
           "textStyle": {"font": "Inter", "size": 14, "lines": 3, "lineBreakMode": "truncateTail"}},
          {"id": "stats", "kind": "stack", "parent": "root", "axis": "horizontal",
           "distribution": "fillEqually", "spacing": 12},
          {"id": "s1", "kind": "stack", "parent": "stats", "axis": "vertical", "alignment": "center"},
          {"id": "s1v", "kind": "label", "parent": "s1", "field": "likes",
           "textStyle": {"font": "Inter", "weight": "semibold", "size": 15, "lines": 1}},
          {"id": "s1t", "kind": "label", "parent": "s1", "text": "Likes",
           "textStyle": {"font": "Inter", "size": 12, "lines": 1}},
          {"id": "s2", "kind": "stack", "parent": "stats", "axis": "vertical", "alignment": "center"},
          {"id": "s2row", "kind": "stack", "parent": "s2", "axis": "horizontal", "spacing": 3},
          {"id": "s2v", "kind": "label", "parent": "s2row", "field": "joined",
           "textStyle": {"font": "Inter", "weight": "semibold", "size": 15, "lines": 1}},
          {"id": "s2u", "kind": "label", "parent": "s2row", "field": "unit",
           "textStyle": {"font": "Inter", "size": 11, "lines": 1}},
          {"id": "s2t", "kind": "label", "parent": "s2", "text": "Joined",
           "textStyle": {"font": "Inter", "size": 12, "lines": 1}}
        ], "constraints": [
          "root.leading == contentView.leading", "root.trailing == contentView.trailing",
          "root.top == contentView.top", "root.bottom == contentView.bottom"
        ]}
        """

    /// Rows of names, bios of 0–40 words, counts and dates of any width.
    static func rows(_ count: Int) throws -> [JSONRow] {
        var random = SeededGenerator(seed: 11)
        let words = [
            "layout", "stack", "Überschrift", "высота", "pixel", "thirds", "a", "grid",
            "centred", "column", "profile", "header", "wraps", "ellipsis", "W", "iiii",
        ]
        func text(_ n: Int) -> String {
            (0..<n).map { _ in words[Int(random.next() % UInt64(words.count))] }
                .joined(separator: " ")
        }
        var lines: [String] = []
        for k in 0..<count {
            var row: [String: Any] = [
                "name": text(1 + Int(random.next() % 3)),
                "bio": k % 7 == 0 ? "" : text(Int(random.next() % 41)),
                "joined": String(Int(random.next() % 100_000)),
                "unit": k % 3 == 0 ? "" : text(1),
            ]
            if k % 5 != 0 { row["likes"] = "\(random.next() % 1_000_000) likes" }
            let data = try JSONSerialization.data(withJSONObject: row, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        return try JSONRowLoader.parse(Data(lines.joined(separator: "\n").utf8), file: "<rows>")
    }

    /// 300 rows at five widths (1,500 layouts): the direct path's height
    /// and every frame equal the constraints', to the bit.
    @Test func centredNestedFramesAgreeToTheBit() throws {
        let file = try TemplateFile.parse(Self.profile, file: "profile.json")
        var direct = try TemplateFileDirectCell(file: file)
        var constraints = try TemplateFileCell(file: file)
        let agreement = try TemplateAgreement.compare(
            &direct, &constraints, items: try Self.rows(300),
            widths: [320, 333.5, 375, 414, 812])
        #expect(agreement.comparisons == 1_500)
        #expect(agreement.disagreements == 0, "\(agreement)")
    }
}
