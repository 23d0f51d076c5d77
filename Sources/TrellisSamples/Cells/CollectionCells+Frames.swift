// BirdCollectionViewCell and FeedCell written as frame code. Their
// constraint twins live in the `+Constraints` files; both must give the same
// heights for every item and width.

import TrellisCells
import TrellisGeometry
import TrellisSupport
import TrellisText

/// Measures a label the way `UILabel.sizeThatFits` does: fractional text
/// height rounded up to the pixel grid; empty text measures 0, as UILabel's
/// intrinsic size of an empty label.
func labelHeight(
    _ text: String, style: TextStyle, width: Double, lines: Int, scale: Double,
    measurer: TextMeasurer,
    template: String, label: String
) throws(CellError) -> Double {
    if text.isEmpty { return 0 }
    do {
        return try measurer.sizeThatFits(
            text, style: style, size: Size(width: width, height: .greatestFiniteMagnitude),
            numberOfLines: lines,
            scale: scale
        ).height
    } catch {
        throw CellError(template: template, message: "\(label): \(error)")
    }
}

/// The aspect ratio (height / width) of an item's image, 1 when it has none.
func imageAspectRatio(_ item: AnimalItem) -> Double {
    guard let size = item.imageSize, size.width > 0, size.height > 0 else { return 1 }
    return size.height / size.width
}

// MARK: - BirdCollectionViewCell

/// Fonts and scale of `BirdCollectionViewCell`.
public struct BirdCellStyle: Sendable {
    /// Name: Inter SemiBold 15, one line, tail truncation.
    public var name: TextStyle
    /// Caption: Inter Regular 13, up to 3 lines, tail truncation.
    public var caption: TextStyle
    public var scale: Double
    public var measurer: TextMeasurer

    public static func standard(scale: Double = 3, measurer: TextMeasurer = .shared)
        throws(CellError) -> BirdCellStyle
    {
        do {
            var name = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .semibold), size: 15)
            name.lineBreakMode = .byTruncatingTail
            var caption = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .regular), size: 13)
            caption.lineBreakMode = .byTruncatingTail
            return BirdCellStyle(name: name, caption: caption, scale: scale, measurer: measurer)
        } catch {
            throw CellError(template: BirdCollectionViewCell.name, message: "\(error)")
        }
    }
}

/// Names and metrics of `BirdCollectionViewCell`: an image on top with the
/// item's aspect ratio and the cell's width, then a one-line name and a caption
/// of up to three lines, 8-point insets, 4 points between name and caption.
public enum BirdCollectionViewCell {
    public static let name = "BirdCollectionViewCell"
    public static let subviewNames = ["image", "name", "caption"]
    public static let inset = 8.0
    public static let nameToCaption = 4.0
    public static let captionLines = 3
}

/// BirdCollectionViewCell as frame code:
///
///     image    (0, 0, W, W × h/w)
///     name     (8, image.maxY + 8, W − 16, one line)
///     caption  (8, name.maxY + 4, W − 16, ≤ 3 lines)
///     height   caption.maxY + 8, rounded up to the pixel grid
public struct BirdCollectionViewCellFrames: CellTemplate {
    public var style: BirdCellStyle
    public var name: String { BirdCollectionViewCell.name }
    public var path: LayoutPath { .frames }

    public init(style: BirdCellStyle) {
        self.style = style
    }

    public mutating func layout(_ item: AnimalItem, width: Double) throws(CellError) -> CellLayout {
        let inset = BirdCollectionViewCell.inset
        try checkWidth(width, minimum: 2 * inset, template: name)
        let textWidth = width - 2 * inset
        let imageHeight = width * imageAspectRatio(item)
        let nameHeight = try labelHeight(
            item.title, style: style.name, width: textWidth, lines: 1, scale: style.scale,
            measurer: style.measurer,
            template: name, label: "name")
        let captionHeight = try labelHeight(
            item.subtitle, style: style.caption, width: textWidth,
            lines: BirdCollectionViewCell.captionLines,
            scale: style.scale, measurer: style.measurer, template: name, label: "caption")
        let nameY = imageHeight + inset
        let captionY = nameY + nameHeight + BirdCollectionViewCell.nameToCaption
        let height = PixelGrid.ceil(captionY + captionHeight + inset, scale: style.scale)
        return CellLayout(
            width: width, height: height,
            frames: [
                NamedFrame(
                    name: "image", frame: Rect(x: 0, y: 0, width: width, height: imageHeight)),
                NamedFrame(
                    name: "name",
                    frame: Rect(x: inset, y: nameY, width: textWidth, height: nameHeight)),
                NamedFrame(
                    name: "caption",
                    frame: Rect(x: inset, y: captionY, width: textWidth, height: captionHeight)),
            ])
    }
}

// MARK: - FeedCell

/// Fonts and scale of `FeedCell`.
public struct FeedCellStyle: Sendable {
    /// Author name: Inter SemiBold 15, one line.
    public var name: TextStyle
    /// Date: Inter Regular 13, one line.
    public var date: TextStyle
    /// Body: Inter Regular 15, any number of lines.
    public var body: TextStyle
    /// Action button titles: Inter Medium… (Inter SemiBold 13), one line.
    public var button: TextStyle
    public var scale: Double
    public var measurer: TextMeasurer

    public static func standard(scale: Double = 3, measurer: TextMeasurer = .shared)
        throws(CellError) -> FeedCellStyle
    {
        do {
            let semibold = try FontCollection.bundled("Inter", weight: .semibold)
            let regular = try FontCollection.bundled("Inter", weight: .regular)
            var name = TextStyle(fonts: semibold, size: 15)
            name.lineBreakMode = .byTruncatingTail
            var date = TextStyle(fonts: regular, size: 13)
            date.lineBreakMode = .byTruncatingTail
            let body = TextStyle(fonts: regular, size: 15)
            var button = TextStyle(fonts: semibold, size: 13)
            button.lineBreakMode = .byTruncatingTail
            return FeedCellStyle(
                name: name, date: date, body: body, button: button, scale: scale, measurer: measurer
            )
        } catch {
            throw CellError(template: FeedCell.name, message: "\(error)")
        }
    }
}

/// Names and metrics of `FeedCell`, a heavier cell: avatar, name, date, body
/// text, an optional image, and a row of three action buttons.
public enum FeedCell {
    public static let name = "FeedCell"
    public static let subviewNames = [
        "avatar", "name", "date", "body", "image", "like", "comment", "share",
    ]
    public static let padding = 12.0
    public static let avatarSide = 40.0
    public static let spacing = 8.0
    public static let nameToDate = 2.0
    public static let buttonInsets = EdgeInsets(top: 6, left: 10, bottom: 6, right: 10)
    public static let buttonTitles = ["Like", "Comment", "Share"]

    /// A stable, data-derived date text ("5 h ago"), so the cell has a third
    /// label without needing a date field in the data.
    public static func dateText(for item: AnimalItem) -> String {
        "\(FNV1a.hash(item.title.utf8) % 23 + 1) h ago"
    }
}

/// FeedCell as frame code (p = 12):
///
///     avatar  (p, p, 40, 40)
///     name    (p + 48, p, W − 2p − 48, one line)
///     date    (p + 48, name.maxY + 2, W − 2p − 48, one line)
///     body    (p, max(avatar.maxY, date.maxY) + 8, W − 2p, any lines)
///     image   (p, body.maxY + 8, W − 2p, (W − 2p) × h/w)     only with an image
///     buttons three equal widths (W − 2p − 16) / 3, 8 apart, 8 below the
///             last of body/image, title height + 6 + 6 tall
///     height  buttons.maxY + p, rounded up to the pixel grid
public struct FeedCellFrames: CellTemplate {
    public var style: FeedCellStyle
    public var name: String { FeedCell.name }
    public var path: LayoutPath { .frames }

    public init(style: FeedCellStyle) {
        self.style = style
    }

    public mutating func layout(_ item: AnimalItem, width: Double) throws(CellError) -> CellLayout {
        let p = FeedCell.padding
        let gap = FeedCell.spacing
        let textX = p + FeedCell.avatarSide + gap
        try checkWidth(width, minimum: textX + p, template: name)
        let headerWidth = width - textX - p
        let contentWidth = width - 2 * p
        func height(
            _ text: String, _ style: TextStyle, _ width: Double, _ lines: Int, _ label: String
        ) throws(CellError) -> Double {
            try labelHeight(
                text, style: style, width: width, lines: lines, scale: self.style.scale,
                measurer: self.style.measurer,
                template: name, label: label)
        }
        let nameHeight = try height(item.title, style.name, headerWidth, 1, "name")
        let dateY = p + nameHeight + FeedCell.nameToDate
        let dateHeight = try height(
            FeedCell.dateText(for: item), style.date, headerWidth, 1, "date")
        let bodyY = max(p + FeedCell.avatarSide, dateY + dateHeight) + gap
        let bodyHeight = try height(item.subtitle, style.body, contentWidth, 0, "body")
        var frames = [
            NamedFrame(
                name: "avatar",
                frame: Rect(x: p, y: p, width: FeedCell.avatarSide, height: FeedCell.avatarSide)),
            NamedFrame(
                name: "name", frame: Rect(x: textX, y: p, width: headerWidth, height: nameHeight)),
            NamedFrame(
                name: "date",
                frame: Rect(x: textX, y: dateY, width: headerWidth, height: dateHeight)),
            NamedFrame(
                name: "body", frame: Rect(x: p, y: bodyY, width: contentWidth, height: bodyHeight)),
        ]
        var lastMaxY = bodyY + bodyHeight
        if item.imageSize != nil {
            let imageHeight = contentWidth * imageAspectRatio(item)
            frames.append(
                NamedFrame(
                    name: "image",
                    frame: Rect(x: p, y: lastMaxY + gap, width: contentWidth, height: imageHeight)))
            lastMaxY += gap + imageHeight
        }
        let buttonWidth = (contentWidth - 2 * gap) / 3
        let buttonY = lastMaxY + gap
        var buttonHeight = 0.0
        for title in FeedCell.buttonTitles {
            let titleHeight = try height(title, style.button, .greatestFiniteMagnitude, 1, "button")
            buttonHeight = max(buttonHeight, titleHeight + FeedCell.buttonInsets.vertical)
        }
        for (index, title) in FeedCell.buttonTitles.enumerated() {
            frames.append(
                NamedFrame(
                    name: title.lowercased(),
                    frame: Rect(
                        x: p + Double(index) * (buttonWidth + gap), y: buttonY, width: buttonWidth,
                        height: buttonHeight)))
        }
        let total = PixelGrid.ceil(buttonY + buttonHeight + p, scale: style.scale)
        return CellLayout(width: width, height: total, frames: frames)
    }
}

extension BirdCollectionViewCellFrames: LabelDescribing {
    public func labels(for item: AnimalItem) -> [LabelContent] {
        [
            LabelContent(name: "name", text: item.title, style: style.name, numberOfLines: 1),
            LabelContent(
                name: "caption", text: item.subtitle, style: style.caption,
                numberOfLines: BirdCollectionViewCell.captionLines),
        ]
    }

    public var measurer: TextMeasurer { style.measurer }
    public var scale: Double { style.scale }
}

extension FeedCellFrames: LabelDescribing {
    public func labels(for item: AnimalItem) -> [LabelContent] {
        [
            LabelContent(name: "name", text: item.title, style: style.name, numberOfLines: 1),
            LabelContent(
                name: "date", text: FeedCell.dateText(for: item), style: style.date,
                numberOfLines: 1),
            LabelContent(name: "body", text: item.subtitle, style: style.body, numberOfLines: 0),
        ]
            + FeedCell.buttonTitles.map {
                LabelContent(name: $0.lowercased(), text: $0, style: style.button, numberOfLines: 1)
            }
    }

    public var measurer: TextMeasurer { style.measurer }
    public var scale: Double { style.scale }
}
