// UIKit's classic AnimalTableViewCell written as frame code: every frame is
// arithmetic on the width plus one text measurement.

import TrellisCells
import TrellisGeometry
import TrellisText

/// The fonts and pixel scale of the classic AnimalTableViewCell, shared by its
/// frame and constraint implementations so both measure the same text.
public struct AnimalCellStyle: Sendable {
    /// Title: Inter SemiBold 13, one line, truncating at the tail.
    public var title: TextStyle
    /// Subtitle: Inter Regular 17, any number of lines, word wrapped.
    public var subtitle: TextStyle
    /// The screen scale whose pixel grid label heights are rounded up to.
    public var scale: Double
    /// The measurer both paths use (its caches are shared and thread-safe).
    public var measurer: TextMeasurer

    public init(
        title: TextStyle, subtitle: TextStyle, scale: Double, measurer: TextMeasurer = .shared
    ) {
        self.title = title
        self.subtitle = subtitle
        self.scale = scale
        self.measurer = measurer
    }

    /// The template's fonts: title Inter SemiBold 13, subtitle Inter Regular
    /// 17, both falling back to Noto Sans Hebrew and Arabic; scale 3.
    public static func classic(scale: Double = 3, measurer: TextMeasurer = .shared)
        throws(CellError) -> AnimalCellStyle
    {
        do {
            var title = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .semibold), size: 13)
            title.lineBreakMode = .byTruncatingTail
            let subtitle = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .regular), size: 17)
            return AnimalCellStyle(
                title: title, subtitle: subtitle, scale: scale, measurer: measurer)
        } catch {
            throw CellError(template: AnimalTableViewCell.name, message: "\(error)")
        }
    }

    /// The subtitle's height at a width, as `UILabel.sizeThatFits` gives it
    /// with `numberOfLines = 0`: the fractional text height rounded up to the
    /// pixel grid. Both implementations take the subtitle height from here.
    public func subtitleHeight(_ text: String, width: Double) throws(CellError) -> Double {
        do {
            return try measurer.sizeThatFits(
                text, style: subtitle, size: Size(width: width, height: .greatestFiniteMagnitude),
                numberOfLines: 0, scale: scale
            ).height
        } catch {
            throw CellError(template: AnimalTableViewCell.name, message: "subtitle: \(error)")
        }
    }
}

/// Names and fixed metrics of the classic AnimalTableViewCell.
public enum AnimalTableViewCell {
    public static let name = "AnimalTableViewCell"
    /// Subview names, in the order `CellLayout.frames` lists them.
    public static let subviewNames = ["cover", "title", "subtitle"]
    /// The inset between the content view's edges and the subviews, and
    /// between the cover and the labels.
    public static let inset = 16.0
    public static let coverSide = 40.0
    public static let titleHeight = 16.0
    /// Labels start at 16 + 40 + 16 = 72 and end 16 before the trailing edge.
    public static let labelX = inset + coverSide + inset
    /// W − labelWidthReduction is the labels' width: 72 + 16 = 88.
    public static let labelWidthReduction = labelX + inset
    /// The subtitle's top: 16 + 16 (title) + 16.
    public static let subtitleY = inset + titleHeight + inset

    /// 64 + h. Both implementations snap their height to the pixel grid the
    /// same way, so floating-point noise in the solver (1e-13) can never
    /// separate them; 64 + h is already on the grid, so this changes nothing
    /// else.
    public static func cellHeight(subtitleHeight h: Double, scale: Double) -> Double {
        PixelGrid.ceil(subtitleY + h + inset, scale: scale)
    }
}

/// AnimalTableViewCell as frame code:
///
///     cover    (16, 16, 40, 40)
///     title    (72, 16, W − 88, 16)
///     subtitle (72, 48, W − 88, h)   h = subtitle height at W − 88
///     height   64 + h
public struct AnimalTableViewCellFrames: CellTemplate {
    public var style: AnimalCellStyle
    public var name: String { AnimalTableViewCell.name }
    public var path: LayoutPath { .frames }

    public init(style: AnimalCellStyle) {
        self.style = style
    }

    public mutating func layout(_ item: AnimalItem, width: Double) throws(CellError) -> CellLayout {
        let h = try subtitleHeight(item, width: width)
        let labelWidth = width - AnimalTableViewCell.labelWidthReduction
        let inset = AnimalTableViewCell.inset
        let x = AnimalTableViewCell.labelX
        return CellLayout(
            width: width,
            height: AnimalTableViewCell.cellHeight(subtitleHeight: h, scale: style.scale),
            frames: [
                NamedFrame(name: "cover", frame: Rect(x: inset, y: inset, width: 40, height: 40)),
                NamedFrame(
                    name: "title",
                    frame: Rect(
                        x: x, y: inset, width: labelWidth, height: AnimalTableViewCell.titleHeight)),
                NamedFrame(
                    name: "subtitle",
                    frame: Rect(
                        x: x, y: AnimalTableViewCell.subtitleY, width: labelWidth, height: h)),
            ])
    }

    public mutating func height(for item: AnimalItem, width: Double) throws(CellError) -> Double {
        AnimalTableViewCell.cellHeight(
            subtitleHeight: try subtitleHeight(item, width: width), scale: style.scale)
    }

    private func subtitleHeight(_ item: AnimalItem, width: Double) throws(CellError) -> Double {
        try checkWidth(width, minimum: AnimalTableViewCell.labelWidthReduction, template: name)
        return try style.subtitleHeight(
            item.subtitle, width: width - AnimalTableViewCell.labelWidthReduction)
    }
}

extension AnimalTableViewCellFrames: LabelDescribing {
    public func labels(for item: AnimalItem) -> [LabelContent] {
        [
            LabelContent(name: "title", text: item.title, style: style.title, numberOfLines: 1),
            LabelContent(
                name: "subtitle", text: item.subtitle, style: style.subtitle, numberOfLines: 0),
        ]
    }

    public var measurer: TextMeasurer { style.measurer }
    public var scale: Double { style.scale }
}
