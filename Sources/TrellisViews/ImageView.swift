// UIImageView for layout: its intrinsic size is its image's size, or a
// height that follows its width (`aspectRatio`).

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
    // Stored state is `@exclusivity(unchecked)`, as the engine's (see View).

    /// The image; setting it updates the intrinsic size.
    @exclusivity(unchecked) public var image: Image? {
        didSet { if image != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// How the image fills the view's bounds (`UIView.contentMode`;
    /// `.scaleToFill` by default, as in UIKit). It changes what a picture
    /// shows, never the layout.
    public var contentMode = ContentMode.scaleToFill

    /// The view's height as a multiple of its width, for a picture whose
    /// proportions come from data (nil by default). When set, the view has no
    /// intrinsic width and its intrinsic height is the width the layout gives
    /// it × `aspectRatio`, found as a multi-line label's height is: measured
    /// unconstrained first (0 tall), then at the solved width. With vertical
    /// hugging and compression resistance at 999 it acts as
    /// `height == aspectRatio × width @999` (a required `height <= cap`
    /// then caps it while the width stays, as `scaleAspectFill` crops), but a
    /// new ratio is a new value for the engine, not a new constraint: a
    /// reused cell's next row changes no constraint.
    @exclusivity(unchecked) public var aspectRatio: Double? {
        didSet {
            guard aspectRatio != oldValue else { return }
            if (aspectRatio == nil) != (oldValue == nil) {
                _layoutWidth = nil
                _rootEngine?.hierarchyDidChange()  // it joins or leaves the width-dependent views
            } else {
                invalidateIntrinsicContentSize()
            }
        }
    }

    /// The width the layout last gave the view (with an `aspectRatio`).
    @exclusivity(unchecked) var _layoutWidth: Double?

    /// An image view showing `image` (none by default).
    public init(image: Image? = nil) {
        self.image = image
        super.init(frame: .zero)
    }

    override var _widthDependent: Bool { aspectRatio != nil }

    override func _layoutWidthDidChange(to width: Double, by engine: ObjectIdentifier) -> Bool {
        guard aspectRatio != nil, width.isFinite else { return false }
        _membership.layoutWidthEngine = engine
        // The solver's rounding around 0 (±1e-14) is 0, as for labels.
        let width = width < Label._narrowestWidth ? 0 : width
        if let current = _layoutWidth, abs(current - width) < 1e-9 { return false }
        _layoutWidth = width
        return true
    }

    override func _forgetLayoutWidth() -> Bool {
        guard _layoutWidth != nil else { return false }
        _layoutWidth = nil
        return true
    }

    override open var intrinsicContentSize: Size {
        if let aspectRatio {
            let height = (_layoutWidth ?? 0) * aspectRatio
            return Size(width: View.noIntrinsicMetric, height: height)
        }
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
