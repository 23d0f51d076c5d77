// ProductCard, a card whose price sits on its title's first baseline: its
// frame code, its constraints in Swift and `Templates/ProductCard.json`
// give the same height and the same frame for every subview; rows worked
// out by hand from the constraints; reading and generating rows.

import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText

@Suite struct ProductCardTests {
    static let widths: [Double] = [320, 375, 414, 768]

    /// Rows (with their widths) where two layouts differ in height or in any
    /// frame, compared exactly.
    static func disagreements<A: CellTemplate, B: CellTemplate>(
        _ a: inout A, _ b: inout B, items: [ProductItem],
        rowOfB: (ProductItem) -> B.Item, widths: [Double] = widths
    ) throws -> [String] where A.Item == ProductItem {
        var found: [String] = []
        for width in widths {
            for (row, item) in items.enumerated() {
                let first = try a.layout(item, width: width)
                let second = try b.layout(rowOfB(item), width: width)
                if first != second {
                    found.append("row \(row) width \(width) \(item):\n\(first)\nvs\n\(second)")
                }
            }
        }
        return found
    }

    /// Generated rows at four widths through reused hierarchies (one per
    /// shape: a title or a price without text): 200 rows (800 layouts),
    /// 3,000 under Scripts/soak.sh, all equal.
    @Test func framesEqualConstraintsOnGeneratedRows() throws {
        let style = try ProductCardStyle.standard(scale: 3)
        var frames = ProductCardFrames(style: style)
        var constraints = ProductCardConstraints(style: style)
        let items = ProductDataGenerator(seed: 1).items(
            count: Soak.count("TRELLIS_PRODUCT_ROWS", quick: 200, soak: 3_000))
        let found = try Self.disagreements(&frames, &constraints, items: items, rowOfB: { $0 })
        #expect(
            found.isEmpty,
            "\(found.count) of \(items.count * 4) layouts differ; first: \(found.prefix(2))")
    }

    /// A fresh engine per row, at scales 1 and 2, lays out as the frame code.
    @Test(arguments: [1.0, 2.0])
    func freshEnginesAgreeAtScale(_ scale: Double) throws {
        let style = try ProductCardStyle.standard(scale: scale)
        var frames = ProductCardFrames(style: style)
        var constraints = ProductCardConstraints(style: style, reusingEngine: false)
        let items = ProductDataGenerator(seed: 5).items(count: 60)
        let found = try Self.disagreements(&frames, &constraints, items: items, rowOfB: { $0 })
        #expect(found.isEmpty, "\(found.count) layouts differ; first: \(found.prefix(2))")
    }

    /// `Templates/ProductCard.json`, the same card as a template file, lays
    /// out as the frame code on the same rows (as JSON rows).
    @Test func templateFileEqualsFrameCode() throws {
        let style = try ProductCardStyle.standard(scale: 3)
        var frames = ProductCardFrames(style: style)
        let file = try TemplateFile.load(path: TestPaths.repository("Templates/ProductCard.json"))
        var cell = try TemplateFileCell(file: file)
        let items = ProductDataGenerator(seed: 9).items(count: 120)
        let found = try Self.disagreements(&frames, &cell, items: items, rowOfB: \.jsonRow)
        #expect(found.isEmpty, "\(found.count) layouts differ; first: \(found.prefix(2))")
    }

    /// Rows at the edges: no title (its bottom edge stands in for its
    /// baseline), no price, a price too long to leave the title any room,
    /// a title in Chinese, a title of one very long word.
    @Test func edgeRowsAgree() throws {
        let style = try ProductCardStyle.standard(scale: 3)
        var frames = ProductCardFrames(style: style)
        var constraints = ProductCardConstraints(style: style)
        var fresh = ProductCardConstraints(style: style, reusingEngine: false)
        let items = [
            ProductItem(title: "", price: "$5.00"),
            ProductItem(title: "Ceramic mug with a handle", price: ""),
            ProductItem(
                title: "Mug", price: "Free shipping on orders over $50 and returns within 90 days"),
            ProductItem(title: "无线降噪耳机，带充电盒，续航三十小时，支持快充和无线充电", price: "¥1,299"),
            ProductItem(title: String(repeating: "Supercalifragilistic", count: 6), price: "£9.99"),
            ProductItem(title: "Two\nlines", price: "1\u{202F}299,00\u{00A0}€"),
        ]
        let reused = try Self.disagreements(&frames, &constraints, items: items, rowOfB: { $0 })
        #expect(reused.isEmpty, "\(reused.count) layouts differ; first: \(reused.prefix(2))")
        let alone = try Self.disagreements(&frames, &fresh, items: items, rowOfB: { $0 })
        #expect(alone.isEmpty, "\(alone.count) layouts differ; first: \(alone.prefix(2))")
    }

    /// A label without text has no baselines, so the baseline constraint
    /// takes another form: the Swift cell keeps a hierarchy per shape
    /// (title, price, or neither without text), each with layouts equal to
    /// the frame code's.
    @Test func labelsWithoutTextAreShapes() throws {
        let style = try ProductCardStyle.standard(scale: 3)
        var frames = ProductCardFrames(style: style)
        var constraints = ProductCardConstraints(style: style)
        let items = [
            ProductItem(title: "Mug", price: "$5.00"), ProductItem(title: "", price: "$5.00"),
            ProductItem(title: "Mug", price: ""), ProductItem(title: "Cup", price: "$6.00"),
            ProductItem(title: "", price: "$7.00"),
        ]
        let found = try Self.disagreements(&frames, &constraints, items: items, rowOfB: { $0 })
        #expect(found.isEmpty, "\(found.count) layouts differ; first: \(found.prefix(2))")
        #expect(constraints.hierarchyCount == 3)
    }

    /// One row worked out by hand from the constraints, with the labels'
    /// sizes and baselines from the measurer (what a label reports to Auto
    /// Layout): at 375, the price "$12.50" keeps its one-line width p, the
    /// title takes 375 − 108 − p, its top is 12, and the price's top is 12 +
    /// the title's first baseline − the price's.
    @Test func aRowWorkedOutByHand() throws {
        let style = try ProductCardStyle.standard(scale: 3)
        let measurer = style.measurer
        let title =
            "Wireless noise-cancelling over-ear headphones with a charging case, thirty hours of play and a braided USB-C cable"
        let price = "$12.50"
        let priceSize = try measurer.sizeThatFits(
            price, style: style.price, size: Size(width: .infinity, height: .infinity),
            numberOfLines: 1, scale: 3)
        let titleWidth = 375 - 12 - 64 - 12 - 8 - 12 - priceSize.width
        let titleSize = try measurer.sizeThatFits(
            title, style: style.title, size: Size(width: titleWidth, height: .infinity),
            numberOfLines: 0, scale: 3)
        #expect(titleSize.height > 64, "the title wraps past the thumbnail")
        let titleBaseline = try measurer.layout(title, style: style.title, width: titleWidth)
            .firstBaseline
        let priceBaseline = try measurer.layout(
            price, style: style.price, width: .infinity, numberOfLines: 1
        ).firstBaseline
        var constraints = ProductCardConstraints(style: style)
        let layout = try constraints.layout(ProductItem(title: title, price: price), width: 375)
        #expect(layout.height == PixelGrid.ceil(12 + titleSize.height + 12, scale: 3))
        let byName = Dictionary(uniqueKeysWithValues: layout.frames.map { ($0.name, $0.frame) })
        #expect(byName["thumb"] == Rect(x: 12, y: 12, width: 64, height: 64))
        // Every edge on the pixel grid (scale 3), as the engine places views.
        func snapped(_ value: Double) -> Double { PixelGrid.round(value, scale: 3) }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        let titleFrame = try #require(byName["title"])
        #expect(titleFrame.minX == 88 && titleFrame.minY == 12)
        #expect(close(titleFrame.maxX, snapped(88 + titleWidth)))
        #expect(close(titleFrame.height, titleSize.height))
        let priceFrame = try #require(byName["price"])
        #expect(close(priceFrame.minX, snapped(375 - 12 - priceSize.width)))
        #expect(close(priceFrame.maxX, 375 - 12))
        #expect(close(priceFrame.minY, snapped(12 + titleBaseline - priceBaseline)))
        #expect(close(priceFrame.height, priceSize.height))
        // Semibold 17 sits lower than Regular 15: the price is pushed down.
        #expect(priceFrame.minY > 12)
    }

    /// A short title: the thumbnail sets the height (12 + 64 + 12).
    @Test func theThumbnailSetsTheHeightOfAShortCard() throws {
        var constraints = ProductCardConstraints(style: try .standard(scale: 3))
        #expect(
            try constraints.height(for: ProductItem(title: "Mug", price: "$4"), width: 375) == 88)
    }

    @Test func rowsAreReadWithTheirErrors() throws {
        let row = JSONRow(["title": .string("Mug"), "price": .string("$4")])
        #expect(try ProductItem(row: row) == ProductItem(title: "Mug", price: "$4"))
        #expect(try ProductItem(row: ProductItem(title: "A", price: "").jsonRow).title == "A")
        #expect(try ProductItem(row: JSONRow(["price": .string("$4")])).title == "")
        do {
            _ = try ProductItem(row: JSONRow(["title": .number(4)]))
            Issue.record("a number title was read")
        } catch {
            #expect("\(error)".contains("must be a string"))
        }
        do {
            _ = try ProductItem(row: JSONRow(["name": .string("Mug")]))
            Issue.record("a row without title or price was read")
        } catch {
            #expect("\(error)".contains("title"))
        }
    }

    @Test func theGeneratorIsDeterministicAndVaried() {
        let a = ProductDataGenerator(seed: 3).items(count: 2_000)
        #expect(a == ProductDataGenerator(seed: 3).items(count: 2_000))
        #expect(a != ProductDataGenerator(seed: 4).items(count: 2_000))
        #expect(a.contains { $0.title.isEmpty } && a.contains { $0.price.isEmpty })
        #expect(a.contains { $0.price.hasSuffix("€") } && a.contains { $0.price.hasPrefix("$") })
        #expect(Set(a.map(\.title)).count > 1_500)
    }
}
