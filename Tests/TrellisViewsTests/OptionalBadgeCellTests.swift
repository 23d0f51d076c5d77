// The optional-badge cell: a vertical stack of a wrapping title, a
// horizontal stack holding one badge label, and a footer. With the badge
// hidden the inner stack holds no visible view: UIKit's constraints leave
// it spanned by its spanner guides (and StackView makes them as short as
// they can be), so it is 0 high and the cell is the title, the footer and
// the two gaps. Heights below are worked out from those constraints.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct OptionalBadgeCellTests {
    static let title = "A title that is long enough to wrap onto a second line here"

    struct Cell {
        let content = View()
        let title = makeLabel(OptionalBadgeCellTests.title, name: "title", lines: 0)
        let badge = makeLabel("", name: "badge")
        let footer = makeLabel("Footer", name: "footer")
        let badges = StackView()
        let column: StackView

        init() {
            badges.name = "badges"
            badges.addArrangedSubview(badge)
            column = StackView(arrangedSubviews: [title, badges, footer])
            column.name = "column"
            column.axis = .vertical
            column.spacing = 8
            column.translatesAutoresizingMaskIntoConstraints = false
            content.name = "content"
            content.addSubview(column)
            pinEdges(column, to: content)
        }

        func show(badge text: String) {
            badge.text = text
            badge.isHidden = text.isEmpty
        }

        func lay(width: Double) -> Double {
            let height = fittingHeight(of: content, width: width)
            content.frame = Rect(x: 0, y: 0, width: width, height: height)
            content.layoutIfNeeded()
            return height
        }
    }

    @Test func aHiddenBadgeCollapsesItsStackAndNothingIsNegative() {
        let cell = Cell()
        cell.show(badge: "")
        let height = cell.lay(width: 320)
        // The title wraps onto two lines of 20 (Roboto 17) at 320.
        #expect(cell.title.frame.height == 40)
        // UISV-spacing 8 + the inner stack (0: its spanners' spanning fit
        // at 51 beats the cell's fitting height at 50) + 8 + the footer 20.
        #expect(height == 40 + 8 + 0 + 8 + 20)
        #expect(cell.badges.frame == Rect(x: 0, y: 48, width: 320, height: 0))
        #expect(cell.footer.frame == Rect(x: 0, y: 56, width: 320, height: 20))
        for view in [cell.column, cell.title, cell.badges, cell.badge, cell.footer] {
            #expect(view.frame.width >= 0 && view.frame.height >= 0, "\(view.name): \(view.frame)")
        }
        // The hidden badge is left out of the report, as in UIKit.
        #expect(cell.content.layoutIssues().isEmpty, "\(cell.content.layoutIssues())")
    }

    @Test func aShownBadgeTakesItsLineAndAReusedCellAgrees() {
        let cell = Cell()
        for text in ["New", "", "New", ""] {
            cell.show(badge: text)
            let height = cell.lay(width: 320)
            // With the badge: its stack as tall as the badge (20, fill
            // alignment), so 40 + 8 + 20 + 8 + 20.
            #expect(height == (text.isEmpty ? 76 : 96), "\(text)")
            let fresh = Cell()
            fresh.show(badge: text)
            #expect(fresh.lay(width: 320) == height)
            #expect(fresh.footer.frame == cell.footer.frame)
        }
        #expect(cell.content.layoutIssues().isEmpty, "\(cell.content.layoutIssues())")
    }
}
