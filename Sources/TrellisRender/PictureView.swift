// What a picture of a constraint cell draws: its view hierarchy as it was
// laid out, captured view by view in content-view coordinates, so that
// nested views land inside their superviews and every label, button and
// image view is drawn as `ViewPicture` draws it.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// One visible view of a laid-out cell, for a picture: its frame in the
/// content view's coordinates and what it shows.
public struct PictureView: Sendable {
    /// What a view shows besides its frame's fill.
    public enum Content: Sendable {
        /// A plain view or a stack: only its frame.
        case box
        /// A label's text, as it measures.
        case label(LabelContent)
        /// A button's title, centered in the frame inset by `insets`.
        case button(LabelContent, insets: EdgeInsets)
        /// An image view's image (nil: its size comes from data, so the
        /// image fills the view) placed by its content mode.
        case image(Image?, ContentMode)
    }

    /// The view's name (`View.layoutName`).
    public var name: String
    /// The view's frame in the content view's coordinates: its `frame`
    /// offset by every superview's origin up to the content view.
    public var frame: Rect
    public var content: Content

    public init(name: String, frame: Rect, content: Content) {
        self.name = name
        self.frame = frame
        self.content = content
    }

    /// Every view under `contentView` that UIKit would draw, superviews
    /// before their subviews: hidden views and their subviews are left out
    /// ("A hidden view disappears from its window", `UIView.isHidden`).
    /// - Complexity: O(views).
    public static func capture(_ contentView: View) -> [PictureView] {
        var views: [PictureView] = []
        func visit(_ view: View, origin: Point) {
            for subview in view.subviews where !subview.isHidden {
                let frame = subview.frame.offsetBy(dx: origin.x, dy: origin.y)
                views.append(
                    PictureView(
                        name: subview.layoutName, frame: frame, content: content(of: subview)))
                visit(subview, origin: frame.origin)
            }
        }
        visit(contentView, origin: Point(x: -contentView.bounds.minX, y: -contentView.bounds.minY))
        return views
    }

    private static func content(of view: View) -> Content {
        if let label = view as? Label {
            var style = label.style
            style.lineBreakMode = label.lineBreakMode
            let attributed = label.attributedText
            return .label(
                LabelContent(
                    name: label.layoutName, text: attributed?.string ?? label.text, style: style,
                    numberOfLines: label.numberOfLines, attributedText: attributed))
        }
        if let button = view as? Button {
            // UIButton's title label: centered, truncated in the middle.
            var style = button.titleStyle
            style.alignment = .center
            style.lineBreakMode = .byTruncatingMiddle
            return .button(
                LabelContent(
                    name: button.layoutName, text: button.title, style: style, numberOfLines: 1),
                insets: button.contentEdgeInsets)
        }
        if let image = view as? ImageView {
            return .image(image.image, image.contentMode)
        }
        return .box
    }
}

/// A template whose cells are view hierarchies a picture can draw view by
/// view (nesting, buttons, images), not only by their named frames.
public protocol ViewHierarchyDescribing {
    /// The visible views of the cell laid out last, in content-view coordinates.
    var pictureViews: [PictureView] { get }
}

extension ConstraintTemplate: ViewHierarchyDescribing {
    public var pictureViews: [PictureView] { PictureView.capture(cell.contentView) }
}
