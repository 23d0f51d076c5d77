// A baseline constraint on a reused hierarchy whose label's text changes:
// UIKit aligns `price.lastBaseline` with `title.lastBaseline` wherever the
// title's last line falls ("the baseline for the last line of text in the
// object", NSLayoutConstraint.Attribute.lastBaseline), and a view without
// text stands in with its bottom edge. The new offset is a new constant of
// the same constraint: the installed set stays while the title has text.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct BaselineConstantTests {
    final class Card {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        let title = makeLabel("", name: "title", lines: 0)
        let price = makeLabel("$19.99", name: "price")

        init(title text: String) {
            title.text = text
            root.addSubview(title)
            root.addSubview(price)
            LayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                title.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                title.widthAnchor.constraint(equalToConstant: 200),
                price.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                price.lastBaselineAnchor.constraint(equalTo: title.lastBaselineAnchor),
            ])
        }
    }

    static let titles = [
        "Short", "A product title long enough to wrap onto a second line here",
        "",
        "A much longer product title that wraps onto a third line when it is only two hundred points wide",
        "Short again", "", "Back",
    ]

    /// Where the price's top must be: the title's last baseline (its bottom
    /// when it has no text) less the price's own last-baseline offset.
    static func expectedPriceTop(title: String, style: TextStyle, price: Label) throws -> Double {
        let priceBaseline = try TextMeasurer.shared.layout(
            price.text, style: price.style, width: .greatestFiniteMagnitude, numberOfLines: 1
        ).lastBaseline
        guard !title.isEmpty else { return 10 - priceBaseline }
        let titleBaseline = try TextMeasurer.shared.layout(
            title, style: style, width: 200, numberOfLines: 0
        ).lastBaseline
        return 10 + titleBaseline - priceBaseline
    }

    @Test func aReusedCardFollowsTheTitlesLastBaseline() throws {
        let reused = Card(title: "")
        for (row, text) in Self.titles.enumerated() {
            reused.title.text = text
            reused.root.layoutIfNeeded()
            let fresh = Card(title: text)
            fresh.root.layoutIfNeeded()
            let expected = try Self.expectedPriceTop(
                title: text, style: reused.title.style, price: reused.price)
            // Frames are on the pixel grid.
            #expect(
                abs(reused.price.frame.minY - expected) <= 0.5, "row \(row): \(reused.price.frame)")
            #expect(reused.price.frame == fresh.price.frame, "row \(row)")
        }
    }

    @Test func aNewOffsetChangesNoConstraint() throws {
        let card = Card(title: "Short")
        card.root.layoutIfNeeded()
        let engine = try #require(card.root._membership.engine)
        var versions: [Int] = []
        for text in Array(repeating: Self.titles.filter { !$0.isEmpty }, count: 4).joined() {
            card.title.text = text
            card.root.layoutIfNeeded()
            versions.append(engine.installVersion)
        }
        // One, two and three lines: three offsets, one installed set once
        // the first round is over (in it, the title's height moves to edit
        // form, as any label's does after steady updates). Re-making the
        // constraint on every new text gave 20 versions in 20 rows.
        #expect(Set(versions.dropFirst(5)).count == 1, "install versions \(versions)")
        // An empty title trades its baseline for its bottom edge: made again.
        card.title.text = ""
        card.root.layoutIfNeeded()
        #expect(engine.installVersion != versions.last)
    }
}
