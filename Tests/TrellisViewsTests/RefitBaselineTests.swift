import Testing
import TrellisGeometry
import TrellisSupport
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// The refit of a product card: a multi-line title whose width no required
/// constraint fixes (the price beside it keeps its one-line width through
/// its hugging and compression, 751, above the title's), and the price, in
/// a larger font, on the title's first or last baseline, its bottom inside
/// the card (so the baseline constraint's constant moves the height). Every row sends the title back to
/// its first pass (`LayoutEngine.freeLabelWidthsMatter()`), and each
/// measurement moves the baseline constraint's constant. The refit must
/// answer such rows (before, every one went the general way), with the
/// general path's answer and a new hierarchy's, heights and frames.
@Suite struct RefitBaselineTests {
    static let titles = [
        "Mug", "Ceramic mug", "Wireless small leather bottle with a long name that wraps",
        "Organic green tea, stainless steel bottle, kids backpack, garden hose and more", "",
        "Fox",
    ]
    static let prices = ["$1", "$39.11", "$880.17", "$12,345.67", "", "Free"]

    final class Cell: ProductCardTestCell {
        let content = View()
        let thumb = View()
        let title: Label
        let price: Label

        /// `attribute`: the baseline the price and the title share.
        init(attribute: LayoutAttribute) throws {
            title = Label(
                style: TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17))
            title.numberOfLines = 0
            price = Label(
                style: TextStyle(fonts: try FontCollection.bundled("Inter"), size: 24))
            price.setContentHuggingPriority(751, for: .horizontal)
            price.setContentCompressionResistancePriority(751, for: .horizontal)
            for view in [thumb, title, price] {
                view.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(view)
            }
            let baseline =
                attribute == .lastBaseline
                ? price.lastBaselineAnchor.constraint(equalTo: title.lastBaselineAnchor)
                : price.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor)
            LayoutConstraint.activate(
                productCardEdges(content: content, thumb: thumb, title: title, price: price) + [
                    thumb.heightAnchor.constraint(equalToConstant: 64), baseline,
                ])
        }
    }

    /// Reused cells over 200 rows: one measured as it comes (the refit),
    /// one whose refit plan is dropped before every row (the general path),
    /// and a new cell per row. Returns the rows after a measurement at the
    /// same width (no frame layout between) and how many the refit answered.
    func check(seed: Int, attribute: LayoutAttribute) throws -> (rows: Int, refitted: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 40_800)
        let reused = try Cell(attribute: attribute)
        let general = try Cell(attribute: attribute)
        var width = 375.0
        var sameTarget = false
        var counts = (rows: 0, refitted: 0)
        for row in 0..<200 {
            if rng.below(25) == 0 {
                width = [320, 375, 414][rng.below(3)]
                sameTarget = false
            }
            let texts = (
                title: Self.titles[rng.below(Self.titles.count)],
                price: Self.prices[rng.below(Self.prices.count)]
            )
            reused.show(texts)
            general.show(texts)
            let refitsBefore = reused.engine?.refitCount ?? 0
            let height = fittingHeight(of: reused.content, width: width)
            if sameTarget {
                counts.rows += 1
                if (reused.engine?.refitCount ?? 0) > refitsBefore { counts.refitted += 1 }
            }
            sameTarget = true
            general.engine?.plan.invalidate()
            let generalHeight = fittingHeight(of: general.content, width: width)
            // Both are reused solvers, whose last bits follow the changes
            // each went through (the refit skips the title's first pass
            // where its width is settled: `refitSettledWidths`), so both
            // are held to a new hierarchy's answer on the same row.
            #expect(
                close(height, generalHeight),
                "seed \(seed) row \(row) \(texts): \(height) refitted, \(generalHeight) general")
            let fresh = try Cell(attribute: attribute)
            fresh.show(texts)
            let expected = fittingHeight(of: fresh.content, width: width)
            #expect(close(height, expected), "seed \(seed) row \(row) \(texts): \(height)")
            if rng.below(5) == 0 {
                let frames = reused.frames(width: width, height: height)
                #expect(
                    close(frames, general.frames(width: width, height: generalHeight)),
                    "seed \(seed) row \(row) \(texts)")
                #expect(
                    close(frames, fresh.frames(width: width, height: expected)),
                    "seed \(seed) row \(row) \(texts)")
                sameTarget = false  // a frame layout: the next measurement is planned again
            }
        }
        return counts
    }

    @Test(arguments: 0..<3)
    func firstBaselineCardsRefitAsTheGeneralPath(seed: Int) throws {
        let counts = try check(seed: seed, attribute: .firstBaseline)
        // Rows the refit leaves to the general path: a label that gains or
        // loses its text (its baseline constraint is made again, on its
        // bottom edge without text), and the row after, whose plan is made
        // again: about half the rows with these texts (52-57%).
        #expect(counts.rows > 100)
        #expect(Double(counts.refitted) >= 0.4 * Double(counts.rows), "\(counts)")
    }

    @Test(arguments: 0..<3)
    func lastBaselineCardsRefitAsTheGeneralPath(seed: Int) throws {
        let counts = try check(seed: seed, attribute: .lastBaseline)
        #expect(counts.rows > 100)
        #expect(Double(counts.refitted) >= 0.4 * Double(counts.rows), "\(counts)")
    }

    /// With texts never empty, every row after the first at one target is
    /// the refit's (the plan is made once and keeps holding).
    @Test func nonEmptyRowsAreAllRefitted() throws {
        let cell = try Cell(attribute: .firstBaseline)
        var rng = SplitMix64(seed: 40_801)
        var refitted = 0
        for row in 0..<100 {
            cell.show(
                (
                    title: Self.titles.filter { !$0.isEmpty }[rng.below(Self.titles.count - 1)],
                    price: Self.prices.filter { !$0.isEmpty }[rng.below(Self.prices.count - 1)]
                ))
            let before = cell.engine?.refitCount ?? 0
            _ = fittingHeight(of: cell.content, width: 375)
            if row >= 5, (cell.engine?.refitCount ?? 0) > before { refitted += 1 }
        }
        #expect(refitted == 95)
    }
}

/// The product card's constraints but the thumbnail's height and the
/// price's vertical place: the thumbnail 64 wide at (12, 12), the title 12
/// right of it, the price 8 right of the title and 12 in from the right,
/// each one's bottom at least 12 above the content's.
func productCardEdges(content: View, thumb: View, title: View, price: View) -> [LayoutConstraint] {
    [
        thumb.leftAnchor.constraint(equalTo: content.leftAnchor, constant: 12),
        thumb.topAnchor.constraint(equalTo: content.topAnchor, constant: 12),
        thumb.widthAnchor.constraint(equalToConstant: 64),
        thumb.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -12),
        title.leftAnchor.constraint(equalTo: thumb.rightAnchor, constant: 12),
        title.topAnchor.constraint(equalTo: content.topAnchor, constant: 12),
        title.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -12),
        price.leftAnchor.constraint(equalTo: title.rightAnchor, constant: 8),
        price.rightAnchor.constraint(equalTo: content.rightAnchor, constant: -12),
        price.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -12),
    ]
}

/// A product card of a test (a thumbnail, a title, a price in a content
/// view), shown and laid out alike whatever its constraints.
protocol ProductCardTestCell: AnyObject {
    var content: View { get }
    var thumb: View { get }
    var title: Label { get }
    var price: Label { get }
}

extension ProductCardTestCell {
    func show(_ texts: (title: String, price: String)) {
        title.text = texts.title
        price.text = texts.price
    }

    var engine: LayoutEngine? { content._membership.engine }

    func frames(width: Double, height: Double) -> [Rect] {
        content.frame = Rect(x: 0, y: 0, width: width, height: height)
        content.layoutIfNeeded()
        return [thumb, title, price].map { $0.convert($0.bounds, to: content) }
    }
}
