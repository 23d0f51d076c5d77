// UIKit's classic AnimalTableViewCell written with constraints on a content
// view, as its Interface Builder / anchor code does, and sized with
// `systemLayoutSizeFitting(width, .required, .fittingSizeLevel)`.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// The view hierarchy and constraints of the classic cell:
///
///     cover.left == content.left + 16          cover.top == content.top + 16 (coverTopConstraint)
///     cover.width == 40                        cover.height == 40
///     title.left == cover.right + 16           title.top == content.top + 16
///     title.right == content.right − 16        title.height == 16
///     subtitle.left == cover.right + 16        subtitle.top == title.bottom + 16
///     subtitle.right == content.right − 16     subtitle.bottom == content.bottom − 16 @750
///
/// The subtitle is multi-line (numberOfLines 0) and word-wrapped. The
/// `corrected` variant adds `content.bottom >= cover.bottom + 16`, so a short
/// subtitle can no longer make the cell shorter than its cover.
public final class AnimalTableViewCellView: ConstraintCellView {
    public let templateName = AnimalTableViewCell.name
    public let minimumWidth = AnimalTableViewCell.labelWidthReduction
    public let contentView = View()
    public let cover = ImageView(image: Image(size: Size(width: 40, height: 40), name: "cover"))
    public let titleLabel: Label
    public let subtitleLabel: Label
    /// `cover.top == content.top + 16`, kept so it can be swapped for a
    /// centerY constraint (see `centerCoverVertically()`).
    public private(set) var coverTopConstraint: LayoutConstraint
    /// All constraints of the cell, in the order they were made.
    public private(set) var constraints: [LayoutConstraint] = []

    public let scale: Double

    public init(style: AnimalCellStyle, corrected: Bool = false) {
        scale = style.scale
        titleLabel = Label(style: style.title)
        titleLabel.numberOfLines = 1
        titleLabel.lineBreakMode = style.title.lineBreakMode
        subtitleLabel = Label(style: style.subtitle)
        subtitleLabel.numberOfLines = 0
        subtitleLabel.lineBreakMode = style.subtitle.lineBreakMode
        labels = [titleLabel, subtitleLabel]
        for (view, name) in [
            (contentView, "contentView"), (cover, "cover"), (titleLabel, "title"),
            (subtitleLabel, "subtitle"),
        ] {
            view.name = name
            view.contentScaleFactor = style.scale
        }
        titleLabel.measurer = style.measurer
        subtitleLabel.measurer = style.measurer
        for view in [cover, titleLabel, subtitleLabel] as [View] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        let inset = AnimalTableViewCell.inset
        coverTopConstraint = cover.topAnchor.constraint(
            equalTo: contentView.topAnchor, constant: inset)
        coverTopConstraint.identifier = "cover-top"
        let subtitleBottom = subtitleLabel.bottomAnchor.constraint(
            equalTo: contentView.bottomAnchor, constant: -inset)
        subtitleBottom.priority = .defaultHigh
        subtitleBottom.identifier = "subtitle-bottom"
        constraints = [
            cover.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: inset),
            coverTopConstraint,
            cover.widthAnchor.constraint(equalToConstant: AnimalTableViewCell.coverSide),
            cover.heightAnchor.constraint(equalToConstant: AnimalTableViewCell.coverSide),
            titleLabel.leftAnchor.constraint(equalTo: cover.rightAnchor, constant: inset),
            titleLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: inset),
            titleLabel.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -inset),
            titleLabel.heightAnchor.constraint(equalToConstant: AnimalTableViewCell.titleHeight),
            subtitleLabel.leftAnchor.constraint(equalTo: cover.rightAnchor, constant: inset),
            subtitleLabel.topAnchor.constraint(equalTo: titleLabel.bottomAnchor, constant: inset),
            subtitleLabel.rightAnchor.constraint(
                equalTo: contentView.rightAnchor, constant: -inset),
            subtitleBottom,
        ]
        if corrected {
            let floor = contentView.bottomAnchor.constraint(
                greaterThanOrEqualTo: cover.bottomAnchor, constant: inset)
            floor.identifier = "content-bottom-below-cover"
            constraints.append(floor)
        }
        LayoutConstraint.activate(constraints)
    }

    /// Replaces the cover's top constraint by `cover.centerY == content.centerY`.
    @discardableResult
    public func centerCoverVertically() -> LayoutConstraint {
        coverTopConstraint.isActive = false
        let center = cover.centerYAnchor.constraint(equalTo: contentView.centerYAnchor)
        center.identifier = "cover-centerY"
        center.isActive = true
        if let index = constraints.firstIndex(where: { $0 === coverTopConstraint }) {
            constraints[index] = center
        }
        coverTopConstraint = center
        return center
    }

    /// Shows an item.
    public func configure(with item: AnimalItem) {
        titleLabel.text = item.title
        subtitleLabel.text = item.subtitle
    }

    public var subviewFrames: [NamedFrame] {
        [
            NamedFrame(name: "cover", frame: cover.frame),
            NamedFrame(name: "title", frame: titleLabel.frame),
            NamedFrame(name: "subtitle", frame: subtitleLabel.frame),
        ]
    }

    public let labels: [Label]
}

/// AnimalTableViewCell through Auto Layout.
public typealias AnimalTableViewCellConstraints = ConstraintTemplate<AnimalTableViewCellView>

extension ConstraintTemplate where CellView == AnimalTableViewCellView {
    /// With `corrected`, the cell adds `content.bottom >= cover.bottom + 16`.
    public init(style: AnimalCellStyle, reusingEngine: Bool = true, corrected: Bool = false) {
        self.init(reusingEngine: reusingEngine) {
            AnimalTableViewCellView(style: style, corrected: corrected)
        }
    }
}
