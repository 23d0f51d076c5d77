// The product card written with constraints on a content view, as
// `Templates/ProductCard.json` writes them, and sized with
// `systemLayoutSizeFitting(width, .required, .fittingSizeLevel)`.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// The view hierarchy and constraints of the product card:
///
///     thumb.left == content.left + 12          thumb.top == content.top + 12
///     thumb.width == 64                        thumb.height == 64
///     thumb.bottom <= content.bottom − 12
///     title.left == thumb.right + 12           title.top == content.top + 12
///     title.bottom <= content.bottom − 12
///     price.left == title.right + 8            price.right == content.right − 12
///     price.firstBaseline == title.firstBaseline
///
/// The title has any number of lines; the price is one line and hugs its
/// text horizontally at 751 and resists compression at 751. UIKit's
/// `firstBaselineAnchor`: "A layout anchor representing the baseline for
/// the topmost line of text in the view."
public final class ProductCardView: ConstraintCellView {
    public let templateName = ProductCard.name
    public let minimumWidth = ProductCard.fixedWidth
    public let contentView = View()
    public let thumb = ImageView(
        image: Image(
            size: Size(width: ProductCard.thumbSide, height: ProductCard.thumbSide), name: "thumb"))
    public let titleLabel: Label
    public let priceLabel: Label
    public let labels: [Label]
    public let scale: Double

    public init(style: ProductCardStyle) {
        scale = style.scale
        titleLabel = Label(style: style.title)
        titleLabel.numberOfLines = 0
        titleLabel.lineBreakMode = style.title.lineBreakMode
        priceLabel = Label(style: style.price)
        priceLabel.numberOfLines = 1
        priceLabel.lineBreakMode = style.price.lineBreakMode
        labels = [titleLabel, priceLabel]
        for (view, name) in [
            (contentView, "contentView"), (thumb, "thumb"), (titleLabel, "title"),
            (priceLabel, "price"),
        ] {
            view.name = name
            view.contentScaleFactor = style.scale
        }
        for label in labels { label.measurer = style.measurer }
        for view in [thumb, titleLabel, priceLabel] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        priceLabel.setContentHuggingPriority(
            LayoutPriority(rawValue: ProductCard.priceHugging), for: .horizontal)
        priceLabel.setContentCompressionResistancePriority(
            LayoutPriority(rawValue: ProductCard.priceCompression), for: .horizontal)
        let inset = ProductCard.inset
        LayoutConstraint.activate([
            thumb.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: inset),
            thumb.topAnchor.constraint(equalTo: contentView.topAnchor, constant: inset),
            thumb.widthAnchor.constraint(equalToConstant: ProductCard.thumbSide),
            thumb.heightAnchor.constraint(equalToConstant: ProductCard.thumbSide),
            thumb.bottomAnchor.constraint(
                lessThanOrEqualTo: contentView.bottomAnchor, constant: -inset),
            titleLabel.leftAnchor.constraint(equalTo: thumb.rightAnchor, constant: inset),
            titleLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: inset),
            titleLabel.bottomAnchor.constraint(
                lessThanOrEqualTo: contentView.bottomAnchor, constant: -inset),
            priceLabel.leftAnchor.constraint(
                equalTo: titleLabel.rightAnchor, constant: ProductCard.priceGap),
            priceLabel.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -inset),
            priceLabel.firstBaselineAnchor.constraint(equalTo: titleLabel.firstBaselineAnchor),
        ])
    }

    /// Shows an item.
    public func configure(with item: ProductItem) {
        titleLabel.text = item.title
        priceLabel.text = item.price
    }

    /// The shape of a row: whether the title (bit 0) and the price (bit 1)
    /// are without text. Both labels' first baselines are read by a
    /// constraint, and a label without text has none (its bottom edge
    /// stands in), so the baseline constraint takes another form: rows of
    /// each shape keep their own hierarchy, whose constraints then never
    /// change from row to row.
    public func shapeKey(for item: ProductItem) -> Int? {
        (item.title.isEmpty ? 1 : 0) | (item.price.isEmpty ? 2 : 0)
    }

    public var subviewFrames: [NamedFrame] {
        [
            NamedFrame(name: "thumb", frame: thumb.frame),
            NamedFrame(name: "title", frame: titleLabel.frame),
            NamedFrame(name: "price", frame: priceLabel.frame),
        ]
    }
}

/// The product card through Auto Layout.
public typealias ProductCardConstraints = ConstraintTemplate<ProductCardView>

extension ConstraintTemplate where CellView == ProductCardView {
    public init(style: ProductCardStyle, reusingEngine: Bool = true) {
        self.init(reusingEngine: reusingEngine) { ProductCardView(style: style) }
    }
}
