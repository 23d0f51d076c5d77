// A template file's constraint on a stack's baseline reads the baseline of
// the view the stack names (UIKit's `forFirstBaselineLayout`), and follows
// it from row to row.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisTemplateFiles
import TrellisText

/// UIKit: "When you make a constraint to a view's
/// `NSLayoutConstraint.Attribute.firstBaseline` attribute, Auto Layout
/// uses the baseline of the view returned by this method"; a stack view's
/// is its "tallest view" in a row (UIKit's implementation: for a row
/// aligned centre, both baselines).
@Suite struct TemplateStackBaselineTests {
    static let file = """
        {"name": "StackBaseline", "views": [
          {"id": "row", "kind": "stack", "axis": "horizontal", "alignment": "center", "spacing": 8},
          {"id": "a", "kind": "label", "parent": "row", "field": "a", "textStyle": {"font": "Inter", "size": 15}},
          {"id": "b", "kind": "label", "parent": "row", "field": "b", "textStyle": {"font": "Inter", "size": 30}},
          {"id": "price", "kind": "label", "field": "price", "textStyle": {"font": "Inter", "size": 15}}
        ], "constraints": [
          "row.leading == contentView.leading + 10", "row.top == contentView.top + 10",
          "row.bottom <= contentView.bottom", "price.bottom <= contentView.bottom",
          "price.trailing == contentView.trailing - 10",
          "price.firstBaseline == row.firstBaseline"
        ]}
        """

    static func firstBaseline(_ text: String, size: Double) throws -> Double {
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: size)
        return try TextMeasurer.shared.layout(
            text, style: style, width: .infinity, numberOfLines: 1
        ).firstBaseline
    }

    /// Whether two baselines, each from frames rounded to the 1/3-point
    /// grid, may be one line.
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1 / 3 + 1e-9 }

    @Test func aConstraintOnARowsBaselineFollowsItsTallestView() throws {
        let file = try TemplateFile.parse(Self.file, file: "baseline.json")
        var cell = try TemplateFileCell(file: file)
        let rows = try JSONRowLoader.parse(
            Data(
                """
                {"a": "Small", "b": "Big", "price": "$4"}
                {"a": "Small", "b": "", "price": "$4"}
                {"a": "Small", "b": "Big again", "price": "$5"}
                """.utf8), file: "<rows>")
        let small = try Self.firstBaseline("Small", size: 15)
        let big = try Self.firstBaseline("Big", size: 30)
        for (index, row) in rows.enumerated() {
            let layout = try cell.layout(row, width: 320)
            let price = try #require(layout.frame(of: "price"))
            let line = price.minY + small  // the price's first baseline
            if index == 1 {
                // b is empty (0 high): the tallest is a.
                let a = try #require(layout.frame(of: "a"))
                #expect(Self.near(line, a.minY + small), "\(layout)")
            } else {
                // b's 30-point text is the tallest view.
                let b = try #require(layout.frame(of: "b"))
                #expect(Self.near(line, b.minY + big), "\(layout)")
                // (The row's bottom would put it 10 + b's height − 15-point
                // baseline: well below.)
                #expect(!Self.near(line, b.maxY), "\(layout)")
            }
            // A new cell for the row gives the reused one's frames.
            var fresh = try TemplateFileCell(file: file)
            #expect(try fresh.layout(row, width: 320) == layout)
        }
    }
}
