// UIImageView for layout: its intrinsic size is its image's size.

import TrellisGeometry

/// An image's size (pixels are not modelled), for `ImageView`.
public struct Image: Hashable, Sendable {
    /// Size in points.
    public var size: Size
    /// A name for logs.
    public var name: String?

    /// An image of the given size in points.
    public init(size: Size, name: String? = nil) {
        self.size = size
        self.name = name
    }
}

/// A view showing an image, as `UIImageView`: its intrinsic size is the image's
/// size, and it has none without an image.
open class ImageView: View {
    /// The image; setting it updates the intrinsic size.
    public var image: Image? {
        didSet { if image != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// How the image fills the view's bounds (`UIView.contentMode`;
    /// `.scaleToFill` by default, as in UIKit). It changes what a picture
    /// shows, never the layout.
    public var contentMode = ContentMode.scaleToFill

    /// An image view showing `image` (none by default).
    public init(image: Image? = nil) {
        self.image = image
        super.init(frame: .zero)
    }

    override open var intrinsicContentSize: Size {
        guard let image, image.size.width.isFinite, image.size.height.isFinite,
            image.size.width >= 0, image.size.height >= 0
        else { return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }
        return image.size
    }
}

/// How a view's content is placed in its bounds, as `UIView.ContentMode`.
public enum ContentMode: Sendable, Hashable, CaseIterable {
    /// Stretched to the bounds, aspect ratio not kept.
    case scaleToFill
    /// Scaled to fit inside the bounds, aspect ratio kept (letterboxed).
    case scaleAspectFit
    /// Scaled to cover the bounds, aspect ratio kept (cropped).
    case scaleAspectFill
    /// Drawn again at the new size; for an image, as `scaleToFill`.
    case redraw
    /// Unscaled, centered.
    case center
    /// Unscaled, centered horizontally at the top.
    case top
    /// Unscaled, centered horizontally at the bottom.
    case bottom
    /// Unscaled, centered vertically at the left.
    case left
    /// Unscaled, centered vertically at the right.
    case right
    /// Unscaled, in the top-left corner.
    case topLeft
    /// Unscaled, in the top-right corner.
    case topRight
    /// Unscaled, in the bottom-left corner.
    case bottomLeft
    /// Unscaled, in the bottom-right corner.
    case bottomRight
}
