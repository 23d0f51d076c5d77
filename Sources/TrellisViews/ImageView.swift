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
