// What a run may change in every built-in cell's text at once (Dynamic
// Type, fallback fonts), and the width at which each cell's frame code
// measures each label: what a benchmark's text phases need to measure the
// text as the frame code does, without laying the cell out.

import TrellisCells
import TrellisText

/// A built-in cell's style, whose labels' text styles can be changed all at once.
public protocol LabelStyles {
    /// Each label's text style in the style.
    static var textStyles: [WritableKeyPath<Self, TextStyle>] { get }
}

extension LabelStyles {
    /// The style with `transform` applied to each label's text style.
    public func mappingTextStyles<Failure: Error>(
        _ transform: (TextStyle) throws(Failure) -> TextStyle
    ) throws(Failure) -> Self {
        var style = self
        for path in Self.textStyles { style[keyPath: path] = try transform(self[keyPath: path]) }
        return style
    }
}

extension AnimalCellStyle: LabelStyles {
    public static var textStyles: [WritableKeyPath<AnimalCellStyle, TextStyle>] {
        [\.title, \.subtitle]
    }
}

extension BirdCellStyle: LabelStyles {
    public static var textStyles: [WritableKeyPath<BirdCellStyle, TextStyle>] {
        [\.name, \.caption]
    }
}

extension FeedCellStyle: LabelStyles {
    public static var textStyles: [WritableKeyPath<FeedCellStyle, TextStyle>] {
        [\.name, \.date, \.body, \.button]
    }
}

extension PostCellStyle: LabelStyles {
    public static var textStyles: [WritableKeyPath<PostCellStyle, TextStyle>] {
        [\.name, \.handle, \.time, \.body, \.button]
    }
}

/// The widths at which a cell's frame code measures its labels at a cell
/// width: the narrowest cell it lays out, and each label's width by name
/// (nil for a label it never measures, such as a one-line title in a frame
/// of fixed height).
public struct LabelWidths: Sendable {
    /// Another label's one-line width at no limit, by name (0 without text).
    public typealias NaturalWidth = (_ name: String) throws(CellError) -> Double

    /// The narrowest cell width the frame code accepts (`checkWidth`).
    public let minimumCellWidth: Double
    /// The width label `name` is measured at in a cell `cellWidth` wide,
    /// which may depend on another label's natural width (a title beside a
    /// price that hugs its text).
    public let width:
        @Sendable (_ name: String, _ cellWidth: Double, _ naturalWidth: NaturalWidth)
            throws(CellError) -> Double?

    /// Widths that depend on the cell's width alone.
    public init(
        minimumCellWidth: Double,
        width: @escaping @Sendable (_ name: String, _ cellWidth: Double) -> Double?
    ) {
        self.minimumCellWidth = minimumCellWidth
        self.width = { name, cellWidth, _ in width(name, cellWidth) }
    }

    /// Widths that may depend on other labels' natural widths.
    public init(
        minimumCellWidth: Double,
        besideOthers width:
            @escaping @Sendable (
                _ name: String, _ cellWidth: Double, _ naturalWidth: NaturalWidth
            ) throws(CellError) -> Double?
    ) {
        self.minimumCellWidth = minimumCellWidth
        self.width = width
    }
}

extension AnimalTableViewCell {
    /// The subtitle at W − 88; the title is one line in a fixed 16-point
    /// frame, never measured.
    public static let labelWidths = LabelWidths(minimumCellWidth: labelWidthReduction) {
        name, cellWidth in name == "subtitle" ? cellWidth - labelWidthReduction : nil
    }
}

extension BirdCollectionViewCell {
    /// Every label across the cell inside its insets.
    public static let labelWidths = LabelWidths(minimumCellWidth: 2 * inset) { _, cellWidth in
        cellWidth - 2 * inset
    }
}

extension FeedCell {
    /// Name and date beside the avatar, the body across the cell inside its
    /// padding, the buttons at their natural width.
    public static let labelWidths = LabelWidths(
        minimumCellWidth: 2 * padding + avatarSide + spacing
    ) { name, cellWidth in
        switch name {
        case "name", "date": return cellWidth - 2 * padding - avatarSide - spacing
        case "body": return cellWidth - 2 * padding
        default: return .greatestFiniteMagnitude
        }
    }
}

extension PostCell {
    /// Every label in the text column (W − 84).
    public static let labelWidths = LabelWidths(minimumCellWidth: textWidthReduction) {
        _, cellWidth in cellWidth - textWidthReduction
    }
}

extension ProductCardStyle: LabelStyles {
    public static var textStyles: [WritableKeyPath<ProductCardStyle, TextStyle>] {
        [\.title, \.price]
    }
}

extension ProductCard {
    /// The price on one line at any width; the title beside it, in what the
    /// price leaves (W − 108 − the price's one-line width).
    public static let labelWidths = LabelWidths(
        minimumCellWidth: fixedWidth,
        besideOthers: {
            name, cellWidth, naturalWidth throws(CellError) -> Double? in
            switch name {
            case "price": return .infinity
            case "title": return max(cellWidth - fixedWidth - (try naturalWidth("price")), 1e-9)
            default: return nil
            }
        })
}
