// BirdCollectionViewCell and FeedCell with constraints, twins of the frame
// code in `CollectionCells+Frames.swift`; both must give identical heights.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// Makes a label for a cell: identifier, style, lines, measurer and scale.
func makeLabel(_ name: String, style: TextStyle, lines: Int, measurer: TextMeasurer, scale: Double)
    -> Label
{
    let label = Label(style: style)
    label.name = name
    label.numberOfLines = lines
    label.lineBreakMode = style.lineBreakMode
    label.measurer = measurer
    label.contentScaleFactor = scale
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
}

/// Makes a plain subview for constraints.
func makeSubview<V: View>(_ view: V, _ name: String, scale: Double) -> V {
    view.name = name
    view.contentScaleFactor = scale
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
}

// MARK: - BirdCollectionViewCell

/// BirdCollectionViewCell's hierarchy:
///
///     image.left/right/top == content.left/right/top, image.height == ratio × image.width
///     name.left == content.left + 8, name.right == content.right − 8, name.top == image.bottom + 8
///     caption.left/right as name, caption.top == name.bottom + 4,
///     caption.bottom == content.bottom − 8 @750
public final class BirdCollectionViewCellView: ConstraintCellView {
    public let templateName = BirdCollectionViewCell.name
    public let minimumWidth = 2 * BirdCollectionViewCell.inset
    public let contentView = View()
    public let imageView: ImageView
    public let nameLabel: Label
    public let captionLabel: Label
    private var aspect = AspectConstraint()
    public let scale: Double

    public init(style: BirdCellStyle) {
        scale = style.scale
        contentView.name = "contentView"
        contentView.contentScaleFactor = style.scale
        imageView = makeSubview(ImageView(), "image", scale: style.scale)
        nameLabel = makeLabel(
            "name", style: style.name, lines: 1, measurer: style.measurer, scale: style.scale)
        captionLabel = makeLabel(
            "caption", style: style.caption, lines: BirdCollectionViewCell.captionLines,
            measurer: style.measurer,
            scale: style.scale)
        for view in [imageView, nameLabel, captionLabel] as [View] { contentView.addSubview(view) }
        let inset = BirdCollectionViewCell.inset
        let bottom = captionLabel.bottomAnchor.constraint(
            equalTo: contentView.bottomAnchor, constant: -inset)
        bottom.priority = .defaultHigh
        LayoutConstraint.activate([
            imageView.leftAnchor.constraint(equalTo: contentView.leftAnchor),
            imageView.rightAnchor.constraint(equalTo: contentView.rightAnchor),
            imageView.topAnchor.constraint(equalTo: contentView.topAnchor),
            nameLabel.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: inset),
            nameLabel.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -inset),
            nameLabel.topAnchor.constraint(equalTo: imageView.bottomAnchor, constant: inset),
            captionLabel.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: inset),
            captionLabel.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -inset),
            captionLabel.topAnchor.constraint(
                equalTo: nameLabel.bottomAnchor, constant: BirdCollectionViewCell.nameToCaption),
            bottom,
        ])
    }

    public func configure(with item: AnimalItem) {
        aspect.set(imageAspectRatio(item), on: imageView)
        nameLabel.text = item.title
        captionLabel.text = item.subtitle
    }

    public var subviewFrames: [NamedFrame] {
        [
            NamedFrame(name: "image", frame: imageView.frame),
            NamedFrame(name: "name", frame: nameLabel.frame),
            NamedFrame(name: "caption", frame: captionLabel.frame),
        ]
    }

    public private(set) lazy var labels: [Label] = [nameLabel, captionLabel]
}

// MARK: - FeedCell

/// FeedCell's hierarchy (p = 12):
///
///     avatar.left == content.left + p, avatar.top == content.top + p, 40 × 40
///     name.left == avatar.right + 8, name.top == content.top + p, name.right == content.right − p
///     date.left/right == name.left/right, date.top == name.bottom + 2
///     body.left == content.left + p, body.right == content.right − p,
///     body.top ≥ avatar.bottom + 8, body.top ≥ date.bottom + 8
///     image (with an image): left/right as body, top == body.bottom + 8, height == ratio × width
///     like/comment/share: 8 apart from content.left + p to content.right − p, equal
///     widths, tops equal, like.top == (image or body).bottom + 8,
///     like.bottom == content.bottom − p @750
public final class FeedCellView: ConstraintCellView {
    public let templateName = FeedCell.name
    public let minimumWidth = 2 * FeedCell.padding + FeedCell.avatarSide + FeedCell.spacing
    public let contentView = View()
    public let avatar: ImageView
    public let nameLabel: Label
    public let dateLabel: Label
    public let bodyLabel: Label
    public let imageView: ImageView
    public let buttons: [Button]
    private var aspect = AspectConstraint()
    private let buttonsBelowBody: LayoutConstraint
    private let imageConstraints: [LayoutConstraint]
    private var showsImage = false
    public let scale: Double

    public init(style: FeedCellStyle) {
        scale = style.scale
        let p = FeedCell.padding
        let gap = FeedCell.spacing
        contentView.name = "contentView"
        contentView.contentScaleFactor = style.scale
        avatar = makeSubview(
            ImageView(
                image: Image(size: Size(width: FeedCell.avatarSide, height: FeedCell.avatarSide))),
            "avatar", scale: style.scale)
        nameLabel = makeLabel(
            "name", style: style.name, lines: 1, measurer: style.measurer, scale: style.scale)
        dateLabel = makeLabel(
            "date", style: style.date, lines: 1, measurer: style.measurer, scale: style.scale)
        bodyLabel = makeLabel(
            "body", style: style.body, lines: 0, measurer: style.measurer, scale: style.scale)
        imageView = makeSubview(ImageView(), "image", scale: style.scale)
        buttons = FeedCell.buttonTitles.map { title in
            let button = makeSubview(
                Button(title: title, style: style.button), title.lowercased(), scale: style.scale)
            button.measurer = style.measurer
            button.contentEdgeInsets = FeedCell.buttonInsets
            return button
        }
        for view in [avatar, nameLabel, dateLabel, bodyLabel] + buttons as [View] {
            contentView.addSubview(view)
        }
        let bottom = buttons[0].bottomAnchor.constraint(
            equalTo: contentView.bottomAnchor, constant: -p)
        bottom.priority = .defaultHigh
        var constraints = [
            avatar.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: p),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: p),
            avatar.widthAnchor.constraint(equalToConstant: FeedCell.avatarSide),
            avatar.heightAnchor.constraint(equalToConstant: FeedCell.avatarSide),
            nameLabel.leftAnchor.constraint(equalTo: avatar.rightAnchor, constant: gap),
            nameLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: p),
            nameLabel.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -p),
            dateLabel.leftAnchor.constraint(equalTo: nameLabel.leftAnchor),
            dateLabel.rightAnchor.constraint(equalTo: nameLabel.rightAnchor),
            dateLabel.topAnchor.constraint(
                equalTo: nameLabel.bottomAnchor, constant: FeedCell.nameToDate),
            bodyLabel.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: p),
            bodyLabel.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -p),
            bodyLabel.topAnchor.constraint(
                greaterThanOrEqualTo: avatar.bottomAnchor, constant: gap),
            bodyLabel.topAnchor.constraint(
                greaterThanOrEqualTo: dateLabel.bottomAnchor, constant: gap),
            buttons[0].leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: p),
            buttons[2].rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -p),
            bottom,
        ]
        for index in 1..<buttons.count {
            constraints += [
                buttons[index].leftAnchor.constraint(
                    equalTo: buttons[index - 1].rightAnchor, constant: gap),
                buttons[index].widthAnchor.constraint(equalTo: buttons[0].widthAnchor),
                buttons[index].topAnchor.constraint(equalTo: buttons[0].topAnchor),
            ]
        }
        // Body top as low as the avatar and date allow: without a pull, a
        // fixed-height layout could place it anywhere between.
        let bodyUp = bodyLabel.topAnchor.constraint(equalTo: contentView.topAnchor)
        bodyUp.priority = LayoutPriority(rawValue: 249)
        constraints.append(bodyUp)
        LayoutConstraint.activate(constraints)
        buttonsBelowBody = buttons[0].topAnchor.constraint(
            equalTo: bodyLabel.bottomAnchor, constant: gap)
        buttonsBelowBody.isActive = true
        imageConstraints = [
            imageView.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: p),
            imageView.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -p),
            imageView.topAnchor.constraint(equalTo: bodyLabel.bottomAnchor, constant: gap),
            buttons[0].topAnchor.constraint(equalTo: imageView.bottomAnchor, constant: gap),
        ]
    }

    public func configure(with item: AnimalItem) {
        nameLabel.text = item.title
        dateLabel.text = FeedCell.dateText(for: item)
        bodyLabel.text = item.subtitle
        let wantsImage = item.imageSize != nil
        if wantsImage != showsImage {
            if wantsImage {
                buttonsBelowBody.isActive = false
                contentView.addSubview(imageView)
                LayoutConstraint.activate(imageConstraints)
            } else {
                imageView.removeFromSuperview()
                buttonsBelowBody.isActive = true
            }
            showsImage = wantsImage
        }
        if wantsImage { aspect.set(imageAspectRatio(item), on: imageView) }
    }

    public var subviewFrames: [NamedFrame] {
        var frames = [
            NamedFrame(name: "avatar", frame: avatar.frame),
            NamedFrame(name: "name", frame: nameLabel.frame),
            NamedFrame(name: "date", frame: dateLabel.frame),
            NamedFrame(name: "body", frame: bodyLabel.frame),
        ]
        if showsImage { frames.append(NamedFrame(name: "image", frame: imageView.frame)) }
        for button in buttons {
            frames.append(NamedFrame(name: button.layoutName, frame: button.frame))
        }
        return frames
    }

    public private(set) lazy var labels: [Label] = [nameLabel, dateLabel, bodyLabel]
}

/// BirdCollectionViewCell through Auto Layout.
public typealias BirdCollectionViewCellConstraints = ConstraintTemplate<BirdCollectionViewCellView>

extension ConstraintTemplate where CellView == BirdCollectionViewCellView {
    public init(style: BirdCellStyle, reusingEngine: Bool = true) {
        self.init(reusingEngine: reusingEngine) { BirdCollectionViewCellView(style: style) }
    }
}

/// FeedCell through Auto Layout.
public typealias FeedCellConstraints = ConstraintTemplate<FeedCellView>

extension ConstraintTemplate where CellView == FeedCellView {
    public init(style: FeedCellStyle, reusingEngine: Bool = true) {
        self.init(reusingEngine: reusingEngine) { FeedCellView(style: style) }
    }
}
