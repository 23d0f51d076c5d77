// The optional-badge cell as a template file: a vertical stack of a wrapping
// title, a horizontal stack holding one badge label that is hidden when
// empty, and a footer, pinned to the content view. With the badge empty the
// inner stack holds no visible view and collapses to 0 high (UIKit's
// spanners, as short as they can be); the heights are worked out from
// UIKit's constraints: title + 8 + inner stack + 8 + footer.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisTemplateFiles
import TrellisViews

@Suite struct OptionalBadgeTemplateFileTests {
    static let file = """
        {"name": "Badge", "views": [
          {"id": "column", "kind": "stack", "axis": "vertical", "spacing": 8},
          {"id": "title", "kind": "label", "parent": "column", "field": "title",
           "textStyle": {"font": "Roboto", "size": 17, "lines": 0}},
          {"id": "badges", "kind": "stack", "parent": "column", "axis": "horizontal"},
          {"id": "badge", "kind": "label", "parent": "badges", "field": "badge", "hiddenWhenEmpty": true,
           "textStyle": {"font": "Roboto", "size": 17, "lines": 1}},
          {"id": "footer", "kind": "label", "parent": "column", "field": "footer",
           "textStyle": {"font": "Roboto", "size": 17, "lines": 1}}
        ], "constraints": [
          "column.leading == contentView.leading", "column.trailing == contentView.trailing",
          "column.top == contentView.top", "column.bottom == contentView.bottom"
        ]}
        """

    static func row(_ json: String) throws -> JSONRow {
        try JSONRowLoader.parse(Data(json.utf8), file: "<rows>")[0]
    }

    @Test func anEmptyBadgeCollapsesItsStackAndNothingIsNegative() throws {
        let file = try TemplateFile.parse(Self.file)
        var cell = try TemplateFileCell(file: file)
        let title = "A title that is long enough to wrap onto a second line here"
        let empty = try Self.row(#"{"title": "\#(title)", "footer": "Footer"}"#)
        let shown = try Self.row(#"{"title": "\#(title)", "badge": "New", "footer": "Footer"}"#)
        // Roboto 17: lines of 20; the title wraps onto two at 320.
        let collapsed: Double = 40 + 8 + 0 + 8 + 20
        let withBadge: Double = 40 + 8 + 20 + 8 + 20
        let rows: [(JSONRow, Double)] = [
            (empty, collapsed), (shown, withBadge), (empty, collapsed),
        ]
        for (row, expected) in rows {
            let layout = try cell.layout(row, width: 320)
            #expect(layout.height == expected)
            for frame in layout.frames {
                #expect(frame.frame.width >= 0 && frame.frame.height >= 0, "\(frame)")
            }
        }
    }
}
