// A product card as a new user writes it, with its price on the title's
// first baseline, written as frame code: its metrics (shared with the
// constraint twin in `ProductCard+Constraints.swift`), its style, and the
// arithmetic the constraints come to, frame for frame.

import TrellisCells
import TrellisGeometry
import TrellisText

/// Fonts and scale of `ProductCard`.
public struct ProductCardStyle: Sendable {
    /// Title: Inter SemiBold 17, any number of lines, word wrapped.
    public var title: TextStyle
    /// Price: Inter Regular 15, one line, tail truncation.
    public var price: TextStyle
    /// The screen scale whose pixel grid label sizes are rounded up to.
    public var scale: Double
    /// The measurer both paths use.
    public var measurer: TextMeasurer

    public init(
        title: TextStyle, price: TextStyle, scale: Double, measurer: TextMeasurer = .shared
    ) {
        self.title = title
        self.price = price
        self.scale = scale
        self.measurer = measurer
    }

    /// The card's fonts from the bundled Inter, as `Templates/ProductCard.json`
    /// names them, at `scale` (3 by default).
    public static func standard(scale: Double = 3, measurer: TextMeasurer = .shared)
        throws(CellError) -> ProductCardStyle
    {
        do {
            let title = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .semibold), size: 17,
                lineBreakMode: .byWordWrapping)
            let price = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .regular), size: 15,
                lineBreakMode: .byTruncatingTail)
            return ProductCardStyle(title: title, price: price, scale: scale, measurer: measurer)
        } catch {
            throw CellError(template: ProductCard.name, message: "\(error)")
        }
    }
}

/// Names and metrics of `ProductCard`, written once for both paths:
///
///     |-12-[thumb 64×64]-12-[title]-8-[price]-12-|     thumb and title at top 12
///     price.firstBaseline == title.firstBaseline       price hugs its text (751)
///     thumb.bottom <= content.bottom − 12
///     title.bottom <= content.bottom − 12
///
/// The price keeps its one-line width (its compression resistance, 751, is
/// above the title's 750, and its hugging, 751, above the title's 250), so
/// the title is `W − 108 − price width` wide. The price's top is set by the
/// baselines alone: `12 + title's first baseline − price's first baseline`.
/// A label without text has no baselines; its bottom edge stands in.
/// Height: `max(12 + 64 + 12, 12 + title height + 12)`, rounded up to the
/// pixel grid (the price's bottom is tied to nothing).
public enum ProductCard {
    public static let name = "ProductCard"
    /// Subview names, in the order `CellLayout.frames` lists them.
    public static let subviewNames = ["thumb", "title", "price"]
    /// The inset at every edge, and between the thumbnail and the title.
    public static let inset = 12.0
    public static let thumbSide = 64.0
    /// Between the title and the price.
    public static let priceGap = 8.0
    /// The title's left edge: 12 + 64 + 12.
    public static let titleX = inset + thumbSide + inset
    /// W − fixedWidth − price width is the title's width: 88 + 8 + 12.
    public static let fixedWidth = titleX + priceGap + inset
    /// The thumbnail with its insets: the shortest card.
    public static let minimumHeight = inset + thumbSide + inset
    /// The price's content hugging and compression resistance, horizontally.
    public static let priceHugging: Float = 751
    public static let priceCompression: Float = 751

    /// The card's height for a title `titleHeight` tall.
    public static func cellHeight(titleHeight: Double, scale: Double) -> Double {
        PixelGrid.ceil(max(minimumHeight, inset + titleHeight + inset), scale: scale)
    }
}

/// `ProductCard` as frame code:
///
///     thumb  (12, 12, 64, 64)
///     title  (88, 12, t, h)          t = W − 108 − p, h = title height at t
///     price  (96 + t, y, p, q)       p × q = the price's one-line size,
///                                    y = 12 + title baseline − price baseline
///     height max(88, 24 + h)
///
/// Every edge is snapped to the pixel grid, as the engine places views.
public struct ProductCardFrames: CellTemplate {
    public var style: ProductCardStyle
    public var name: String { ProductCard.name }
    public var path: LayoutPath { .frames }

    public init(style: ProductCardStyle) {
        self.style = style
    }

    public mutating func layout(_ item: ProductItem, width: Double) throws(CellError) -> CellLayout
    {
        let card = try measure(item, width: width)
        let inset = ProductCard.inset
        let side = ProductCard.thumbSide
        let scale = style.scale
        // Every edge on the pixel grid, as the engine places views.
        func snapped(_ rect: Rect) -> Rect {
            let minX = PixelGrid.round(rect.minX, scale: scale)
            let minY = PixelGrid.round(rect.minY, scale: scale)
            let maxX = PixelGrid.round(rect.maxX, scale: scale)
            let maxY = PixelGrid.round(rect.maxY, scale: scale)
            return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
        }
        return CellLayout(
            width: width,
            height: ProductCard.cellHeight(titleHeight: card.title.height, scale: scale),
            frames: [
                NamedFrame(
                    name: "thumb",
                    frame: snapped(Rect(x: inset, y: inset, width: side, height: side))),
                NamedFrame(
                    name: "title",
                    frame: snapped(
                        Rect(
                            x: ProductCard.titleX, y: inset, width: card.titleWidth,
                            height: card.title.height))),
                NamedFrame(
                    name: "price",
                    frame: snapped(
                        Rect(
                            x: ProductCard.titleX + card.titleWidth + ProductCard.priceGap,
                            y: inset + card.titleBaseline - card.priceBaseline,
                            width: card.price.width, height: card.price.height))),
            ])
    }

    public mutating func height(for item: ProductItem, width: Double) throws(CellError) -> Double {
        let titleHeight = try measure(item, width: width, baselines: false).title.height
        return ProductCard.cellHeight(titleHeight: titleHeight, scale: style.scale)
    }

    /// The labels' sizes and first baselines (from their tops) at a cell width.
    private func measure(_ item: ProductItem, width: Double, baselines: Bool = true)
        throws(CellError) -> (
            title: Size, titleWidth: Double, price: Size, titleBaseline: Double,
            priceBaseline: Double
        )
    {
        try checkWidth(width, minimum: ProductCard.fixedWidth, template: name)
        let price = try size(item.price, style.price, width: .infinity, lines: 1, label: "price")
        let titleWidth = width - ProductCard.fixedWidth - price.width
        // A label given no room (or less) is measured at 1e-9 points, as
        // the engine measures it (one cluster to a line).
        let measuringWidth = max(titleWidth, 1e-9)
        let title = try size(
            item.title, style.title, width: measuringWidth, lines: 0, label: "title")
        guard baselines else { return (title, titleWidth, price, 0, 0) }
        return (
            title, titleWidth, price,
            try firstBaseline(
                item.title, style.title, width: measuringWidth, lines: 0, size: title),
            try firstBaseline(item.price, style.price, width: .infinity, lines: 1, size: price)
        )
    }

    /// `UILabel.sizeThatFits`, as the label's intrinsic size: zero without text.
    private func size(
        _ text: String, _ textStyle: TextStyle, width: Double, lines: Int, label: String
    )
        throws(CellError) -> Size
    {
        guard !text.isEmpty else { return .zero }
        do {
            return try style.measurer.sizeThatFits(
                text, style: textStyle, size: Size(width: width, height: .infinity),
                numberOfLines: lines, scale: style.scale)
        } catch {
            throw CellError(template: name, message: "\(label): \(error)")
        }
    }

    /// The first line's baseline from the label's top; a label without
    /// text has none, and its bottom edge (`size.height`, 0) stands in.
    private func firstBaseline(
        _ text: String, _ textStyle: TextStyle, width: Double, lines: Int, size: Size
    ) throws(CellError) -> Double {
        guard !text.isEmpty else { return size.height }
        do {
            return try style.measurer.layout(
                text, style: textStyle, width: width, numberOfLines: lines
            ).firstBaseline
        } catch {
            throw CellError(template: name, message: "baseline: \(error)")
        }
    }
}

extension ProductCardFrames: LabelDescribing {
    public func labels(for item: ProductItem) -> [LabelContent] {
        [
            LabelContent(name: "title", text: item.title, style: style.title, numberOfLines: 0),
            LabelContent(name: "price", text: item.price, style: style.price, numberOfLines: 1),
        ]
    }

    public var measurer: TextMeasurer { style.measurer }
    public var scale: Double { style.scale }
}
