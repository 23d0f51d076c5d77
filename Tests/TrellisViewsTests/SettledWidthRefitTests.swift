import Testing
import TrellisGeometry
import TrellisSupport
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// The refit that skips the first pass of labels whose widths higher
/// priorities settle (`LayoutEngine.refitSettledWidths`), against a new
/// hierarchy per row. Random product cards: a multi-line title of free
/// width beside a one-line price, with random horizontal hugging and
/// compression resistance on both (so the title's width is settled by the
/// price's priorities in some cells and follows its own one-line width in
/// others), the price on the title's first or last baseline or at its top,
/// sometimes a cap on the title's width, sometimes an aspect ratio (axes
/// tied: no skip), random texts and widths. The reused cell's heights and
/// frames must be a new cell's on every row; the skip must answer many rows,
/// and the first pass must still run where the title's width is its own.
@Suite struct SettledWidthRefitTests {
    static let titles = [
        "Mug", "Ceramic mug", "Wireless small leather bottle with a long name that wraps",
        "Organic green tea, stainless steel bottle, kids backpack, garden hose and more",
        "Fox", "Sunscreen SPF 50\nwith a second line", "", "Lamp",
    ]
    static let prices = ["$1", "$39.11", "$880.17", "$12,345.67", "Free", "", "$5"]
    static let priorities: [Float] = [249, 250, 700, 750, 751, 800, 999]

    struct Shape {
        var titleHugging: Float
        var titleCompression: Float
        var priceHugging: Float
        var priceCompression: Float
        /// 0: first baselines, 1: last baselines, 2: tops.
        var alignment: Int
        /// A cap on the title's width and its priority, if any.
        var cap: (width: Double, priority: Float)?
        var aspect: Bool

        init(_ rng: inout SplitMix64) {
            // Like priorities of the same kind on both labels would tie
            // (an ambiguous layout, where either answer may come back).
            let p = SettledWidthRefitTests.priorities
            repeat {
                titleHugging = p[rng.below(p.count)]
                titleCompression = p[rng.below(p.count)]
                priceHugging = p[rng.below(p.count)]
                priceCompression = p[rng.below(p.count)]
            } while titleHugging == priceHugging || titleCompression == priceCompression
            alignment = rng.below(3)
            cap =
                rng.below(4) == 0
                ? ([90.0, 150.0][rng.below(2)], [1000, 760, 300][rng.below(3)]) : nil
            aspect = rng.below(8) == 0
        }
    }

    final class Cell: ProductCardTestCell {
        let content = View()
        let thumb = View()
        let title: Label
        let price: Label

        init(_ shape: Shape) throws {
            title = Label(style: TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17))
            title.numberOfLines = 0
            price = Label(style: TextStyle(fonts: try FontCollection.bundled("Inter"), size: 22))
            title.setContentHuggingPriority(
                LayoutPriority(rawValue: shape.titleHugging), for: .horizontal)
            title.setContentCompressionResistancePriority(
                LayoutPriority(rawValue: shape.titleCompression), for: .horizontal)
            price.setContentHuggingPriority(
                LayoutPriority(rawValue: shape.priceHugging), for: .horizontal)
            price.setContentCompressionResistancePriority(
                LayoutPriority(rawValue: shape.priceCompression), for: .horizontal)
            for view in [thumb, title, price] {
                view.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(view)
            }
            let vertical: LayoutConstraint
            switch shape.alignment {
            case 0:
                vertical = price.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor)
            case 1:
                vertical = price.lastBaselineAnchor.constraint(equalTo: title.lastBaselineAnchor)
            default: vertical = price.topAnchor.constraint(equalTo: title.topAnchor)
            }
            var constraints =
                productCardEdges(content: content, thumb: thumb, title: title, price: price) + [
                    vertical
                ]
            // An aspect ratio ties the thumbnail's height to its width.
            constraints.append(
                shape.aspect
                    ? thumb.heightAnchor.constraint(equalTo: thumb.widthAnchor)
                    : thumb.heightAnchor.constraint(equalToConstant: 64))
            if let cap = shape.cap {
                let constraint = title.widthAnchor.constraint(lessThanOrEqualToConstant: cap.width)
                constraint.priority = LayoutPriority(rawValue: cap.priority)
                constraints.append(constraint)
            }
            LayoutConstraint.activate(constraints)
        }
    }

    /// One reused cell of a random shape over `rows` rows against a new
    /// cell per row; returns the rows the skip answered, and how many of
    /// them read the widths, and found them settled, in a kept basis
    /// (`Solver.isProvisionallySettled(at:above:)`).
    func check(seed: Int, rows: Int) throws -> (skipped: Int, kept: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 36_000)
        let shape = Shape(&rng)
        let reused = try Cell(shape)
        var width = 375.0
        var skipped = 0
        var kept = 0
        for row in 0..<rows {
            if rng.below(20) == 0 { width = [320, 375, 414][rng.below(3)] }
            // Mostly texts that are not empty (an empty one changes the
            // baseline constraint's form: the general path).
            let titles = rng.below(10) == 0 ? Self.titles : Self.titles.filter { !$0.isEmpty }
            let prices = rng.below(10) == 0 ? Self.prices : Self.prices.filter { !$0.isEmpty }
            let texts = (
                title: titles[rng.below(titles.count)], price: prices[rng.below(prices.count)]
            )
            reused.show(texts)
            let before = reused.engine?.settledWidthRefitCount ?? 0
            let keptBefore = reused.engine?.settledKeptReadCount ?? 0
            let height = fittingHeight(of: reused.content, width: width)
            if let engine = reused.engine, engine.settledWidthRefitCount > before {
                skipped += 1
                if engine.settledKeptReadCount > keptBefore { kept += 1 }
            }
            let fresh = try Cell(shape)
            fresh.show(texts)
            let expected = fittingHeight(of: fresh.content, width: width)
            #expect(
                close(height, expected), "seed \(seed) row \(row) \(texts): \(height), \(expected)")
            if rng.below(6) == 0 {
                #expect(
                    close(
                        reused.frames(width: width, height: height),
                        fresh.frames(width: width, height: expected)),
                    "seed \(seed) row \(row) \(texts)")
            }
        }
        return (skipped, kept)
    }

    /// 60 random cells of 60 rows each.
    @Test func reusedCellsSkippingTheFirstPassLayOutAsNewOnes() throws {
        var skipping = 0
        var total = 0
        var kept = 0
        for seed in 0..<60 {
            let (skipped, fromKept) = try check(seed: seed, rows: 60)
            if skipped > 0 { skipping += 1 }
            total += skipped
            kept += fromKept
        }
        // Both kinds of cell are met: where the price's priorities settle
        // the title's width, and where they do not.
        #expect(skipping >= 3, "\(skipping) cells skipped")
        #expect(skipping <= 50, "\(skipping) cells skipped")
        #expect(total >= 150, "\(total) rows skipped")
        // Some of them read the widths from a kept basis.
        #expect(kept >= 1, "\(kept) of \(total) rows read from a kept basis")
    }

    /// The shape of `Templates/ProductCard.json`: the price hugging and
    /// resisting at 751 on the title's first baseline, the title at 250
    /// and 750.
    static func productCardShape(_ rng: inout SplitMix64) -> Shape {
        var shape = Shape(&rng)
        (shape.titleHugging, shape.titleCompression) = (250, 750)
        (shape.priceHugging, shape.priceCompression) = (751, 751)
        (shape.alignment, shape.cap, shape.aspect) = (0, nil, false)
        return shape
    }

    /// The product card of `Templates/ProductCard.json` (price hugging and
    /// resisting at 751 on the title's first baseline): every row with
    /// texts but a few skips the first pass once the plan is made.
    @Test func productCardRowsSkipTheFirstPass() throws {
        var rng = SplitMix64(seed: 36_001)
        let shape = Self.productCardShape(&rng)
        let cell = try Cell(shape)
        var skipped = 0
        var kept = 0
        for row in 0..<100 {
            let titles = Self.titles.filter { !$0.isEmpty }
            let prices = Self.prices.filter { !$0.isEmpty }
            let texts = (
                title: titles[rng.below(titles.count)], price: prices[rng.below(prices.count)]
            )
            cell.show(texts)
            let before = cell.engine?.settledWidthRefitCount ?? 0
            let keptBefore = cell.engine?.settledKeptReadCount ?? 0
            let height = fittingHeight(of: cell.content, width: 375)
            if row >= 5, let engine = cell.engine, engine.settledWidthRefitCount > before {
                skipped += 1
                if engine.settledKeptReadCount > keptBefore { kept += 1 }
            }
            let fresh = try Cell(shape)
            fresh.show(texts)
            #expect(close(height, fittingHeight(of: fresh.content, width: 375)), "row \(row)")
        }
        // (A row whose basis the settled answer cannot be read from runs
        // the first pass.)
        #expect(skipped >= 90, "\(skipped)")
        #expect(kept >= 1, "\(kept) of \(skipped) rows read from a kept basis")
    }

    /// The product card over 600 rows of many prices and titles, reused
    /// against a new cell per row: the rows whose title's width is read
    /// from a kept basis (`Solver.isProvisionallySettled(at:above:)`,
    /// many of them) lay out as new cells.
    @Test func productCardRowsReadingKeptBasesLayOutAsNewCells() throws {
        var rng = SplitMix64(seed: 36_002)
        let shape = Self.productCardShape(&rng)
        let cell = try Cell(shape)
        let words = [
            "Mug", "ceramic", "wireless", "leather", "bottle", "organic", "green", "tea,",
            "stainless", "steel", "kids", "backpack", "garden", "hose", "lamp", "SPF",
        ]
        var kept = 0
        for row in 0..<600 {
            let title = (0..<(1 + rng.below(14))).map { _ in words[rng.below(words.count)] }
                .joined(separator: " ")
            let digits = (0..<(1 + rng.below(6))).map { _ in String(rng.below(10)) }.joined()
            let texts = (title: title, price: "$\(digits).\(rng.below(90) + 10)")
            cell.show(texts)
            let before = cell.engine?.settledKeptReadCount ?? 0
            let height = fittingHeight(of: cell.content, width: 375)
            if (cell.engine?.settledKeptReadCount ?? 0) > before { kept += 1 }
            let fresh = try Cell(shape)
            fresh.show(texts)
            #expect(
                close(height, fittingHeight(of: fresh.content, width: 375)), "row \(row) \(texts)")
        }
        #expect(kept >= 100, "\(kept) rows read from a kept basis")
    }
}
