// PostCell with stack views and anchors, as an app builds it, twin of the
// frame code in `PostCell+Frames.swift`: both give the same height and the
// same frames for every row.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// PostCell's hierarchy:
///
///     contentView
///     ├ avatar   left == content.left + 16, top == content.top + 16, 40 × 40
///     └ column   vertical StackView, spacing 6, fill / fill
///       │        left == avatar.right + 12, right == content.right − 16, top == content.top + 16,
///       │        content.bottom ≥ column.bottom + 16, content.bottom ≥ avatar.bottom + 16
///       ├ header     horizontal StackView, spacing 4, fill / fill
///       │ ├ name     compression resistance 250 (gives way first)
///       │ ├ handle   hugging 249 (stretches), compression resistance 749
///       │ └ time     hugging 1000, compression resistance 750
///       ├ body       0 lines; hidden (collapsed, with its spacing) when empty
///       ├ photo      height == ratio × width @999 (its `aspectRatio`), height ≤ 300;
///       │            hidden without a photo
///       └ actionBar  horizontal StackView, fillEqually, spacing 8, height == 32
///         └ reply, repost, like, share   Buttons titled with `PostCell.countText`
///
/// The bottom constraints are inequalities, so the fitting size (pulled
/// down at `fittingSizeLevel`) is the taller of the column and the avatar,
/// and a cell a fraction of a pixel taller (its height is rounded up)
/// stretches nothing.
public final class PostCellView: ConstraintCellView {
    public typealias Item = PostItem
    public let templateName = PostCell.name
    public let minimumWidth = PostCell.textWidthReduction
    public let contentView = View()
    public let avatar: ImageView
    public let column: StackView
    public let header: StackView
    public let nameLabel: Label
    public let handleLabel: Label
    public let timeLabel: Label
    public let bodyLabel: Label
    public let photo: ImageView
    public let actionBar: StackView
    /// The action bar's buttons, as outlets (`buttons` holds them in order).
    public let replyButton: Button
    public let repostButton: Button
    public let likeButton: Button
    public let shareButton: Button
    public let buttons: [Button]
    public let scale: Double
    public let labels: [Label]

    public init(style: PostCellStyle) {
        let scale = style.scale
        self.scale = scale
        let measurer = style.measurer
        contentView.name = "contentView"
        contentView.contentScaleFactor = scale
        avatar = makeSubview(
            ImageView(
                image: Image(size: Size(width: PostCell.avatarSide, height: PostCell.avatarSide))),
            "avatar",
            scale: scale)
        nameLabel = makeLabel("name", style: style.name, lines: 1, measurer: measurer, scale: scale)
        handleLabel = makeLabel(
            "handle", style: style.handle, lines: 1, measurer: measurer, scale: scale)
        timeLabel = makeLabel("time", style: style.time, lines: 1, measurer: measurer, scale: scale)
        bodyLabel = makeLabel("body", style: style.body, lines: 0, measurer: measurer, scale: scale)
        photo = makeSubview(ImageView(), "photo", scale: scale)
        func makeButton(_ buttonName: String) -> Button {
            let button = makeSubview(
                Button(title: "", style: style.button), buttonName, scale: scale)
            button.measurer = measurer
            return button
        }
        replyButton = makeButton(PostCell.buttonNames[0])
        repostButton = makeButton(PostCell.buttonNames[1])
        likeButton = makeButton(PostCell.buttonNames[2])
        shareButton = makeButton(PostCell.buttonNames[3])
        buttons = [replyButton, repostButton, likeButton, shareButton]
        labels = [nameLabel, handleLabel, timeLabel, bodyLabel]

        nameLabel.setContentCompressionResistancePriority(
            LayoutPriority(rawValue: PostCell.nameCompression), for: .horizontal)
        handleLabel.setContentHuggingPriority(
            LayoutPriority(rawValue: PostCell.handleHugging), for: .horizontal)
        handleLabel.setContentCompressionResistancePriority(
            LayoutPriority(rawValue: PostCell.handleCompression), for: .horizontal)
        timeLabel.setContentHuggingPriority(
            LayoutPriority(rawValue: PostCell.timeHugging), for: .horizontal)

        header = makeSubview(
            StackView(arrangedSubviews: [nameLabel, handleLabel, timeLabel]), "header", scale: scale
        )
        header.axis = .horizontal
        header.spacing = PostCell.headerSpacing
        actionBar = makeSubview(StackView(arrangedSubviews: buttons), "actionBar", scale: scale)
        actionBar.axis = .horizontal
        actionBar.distribution = .fillEqually
        actionBar.spacing = PostCell.actionSpacing
        column = makeSubview(
            StackView(arrangedSubviews: [header, bodyLabel, photo, actionBar]), "column",
            scale: scale)
        column.axis = .vertical
        column.spacing = PostCell.rowSpacing
        photo.isHidden = true
        // height == ratio × width @999: the photo's height follows its width
        // (`aspectRatio`), held at 999 both ways, so the required cap wins.
        let aspectPriority = LayoutPriority(rawValue: PostCell.photoAspectPriority)
        photo.setContentHuggingPriority(aspectPriority, for: .vertical)
        photo.setContentCompressionResistancePriority(aspectPriority, for: .vertical)
        contentView.addSubview(avatar)
        contentView.addSubview(column)

        let m = PostCell.margin
        let photoCap = photo.heightAnchor.constraint(
            lessThanOrEqualToConstant: PostCell.photoMaximumHeight)
        photoCap.identifier = "photo-max-height"
        LayoutConstraint.activate([
            avatar.leftAnchor.constraint(equalTo: contentView.leftAnchor, constant: m),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: m),
            avatar.widthAnchor.constraint(equalToConstant: PostCell.avatarSide),
            avatar.heightAnchor.constraint(equalToConstant: PostCell.avatarSide),
            column.leftAnchor.constraint(
                equalTo: avatar.rightAnchor, constant: PostCell.avatarToText),
            column.rightAnchor.constraint(equalTo: contentView.rightAnchor, constant: -m),
            column.topAnchor.constraint(equalTo: contentView.topAnchor, constant: m),
            contentView.bottomAnchor.constraint(
                greaterThanOrEqualTo: column.bottomAnchor, constant: m),
            contentView.bottomAnchor.constraint(
                greaterThanOrEqualTo: avatar.bottomAnchor, constant: m),
            actionBar.heightAnchor.constraint(equalToConstant: PostCell.actionBarHeight),
            photoCap,
        ])
    }

    public func configure(with item: PostItem) {
        nameLabel.text = item.authorName
        handleLabel.text = item.handle
        timeLabel.text = item.time
        bodyLabel.text = item.body
        let bodyHidden = item.body.isEmpty
        if bodyLabel.isHidden != bodyHidden { bodyLabel.isHidden = bodyHidden }
        let ratio = PostCell.photoAspectRatio(item)
        if let ratio { photo.aspectRatio = ratio }
        let photoHidden = ratio == nil
        if photo.isHidden != photoHidden { photo.isHidden = photoHidden }
        // Through the outlets: a button read from `buttons` is retained
        // and released, every row (and views, which constraints reference
        // weakly, count references the slow way).
        replyButton.title = PostCell.countText(item.replies)
        repostButton.title = PostCell.countText(item.reposts)
        likeButton.title = PostCell.countText(item.likes)
        shareButton.title = PostCell.countText(item.shares)
    }

    /// The shape of a row: whether the body is hidden (bit 0) and whether
    /// the photo is shown (bit 1), the two views `configure` hides.
    public func shapeKey(for item: PostItem) -> Int? {
        (item.body.isEmpty ? 1 : 0) | (PostCell.photoAspectRatio(item) == nil ? 0 : 2)
    }

    /// Every visible subview's frame in content-view coordinates (hidden
    /// body and photo are left out), in `PostCell.subviewNames` order.
    public var subviewFrames: [NamedFrame] {
        var frames = [
            NamedFrame(name: "avatar", frame: avatar.frame),
            NamedFrame(name: "name", frame: contentFrame(nameLabel)),
            NamedFrame(name: "handle", frame: contentFrame(handleLabel)),
            NamedFrame(name: "time", frame: contentFrame(timeLabel)),
        ]
        if !bodyLabel.isHidden {
            frames.append(NamedFrame(name: "body", frame: contentFrame(bodyLabel)))
        }
        if !photo.isHidden { frames.append(NamedFrame(name: "photo", frame: contentFrame(photo))) }
        for button in buttons {
            frames.append(NamedFrame(name: button.layoutName, frame: contentFrame(button)))
        }
        return frames
    }

    /// A subview's frame offset by its superviews' frames up to the content view.
    private func contentFrame(_ view: View) -> Rect {
        var frame = view.frame
        var parent = view.superview
        while let superview = parent, superview !== contentView {
            frame = frame.offsetBy(dx: superview.frame.minX, dy: superview.frame.minY)
            parent = superview.superview
        }
        return frame
    }
}

/// PostCell through Auto Layout.
public typealias PostCellConstraints = ConstraintTemplate<PostCellView>

extension ConstraintTemplate where CellView == PostCellView {
    public init(style: PostCellStyle, reusingEngine: Bool = true) {
        self.init(reusingEngine: reusingEngine) { PostCellView(style: style) }
    }
}
