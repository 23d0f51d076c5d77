// UIButton for layout: its intrinsic size is its title's size plus insets.

import TrellisGeometry
import TrellisText

/// A button for layout, as `UIButton`: its intrinsic size is its title's
/// single-line size plus `contentEdgeInsets`.
open class Button: View {
    // Stored state is `@exclusivity(unchecked)`, as the engine's (see View).

    /// The title.
    @exclusivity(unchecked) public var title: String {
        didSet { if title != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The title's font and size.
    @exclusivity(unchecked) public var titleStyle: TextStyle {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// Space around the title (zero by default).
    @exclusivity(unchecked) public var contentEdgeInsets = EdgeInsets.zero {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// The measurer used for the title.
    @exclusivity(unchecked) public var measurer: TextMeasurer = .shared

    /// A button with a title in the given style.
    public init(title: String, style: TextStyle) {
        self.title = title
        self.titleStyle = style
        super.init(frame: .zero)
    }

    override open var intrinsicContentSize: Size {
        var size = Size.zero
        if !title.isEmpty {
            do {
                size = try measurer.sizeThatFits(
                    title, style: titleStyle,
                    size: Size(width: .infinity, height: .infinity),
                    numberOfLines: 1, scale: contentScaleFactor)
            } catch {
                LayoutLog.emit("Button \(layoutName) could not measure its title: \(error)")
            }
        }
        return Size(
            width: size.width + contentEdgeInsets.horizontal,
            height: size.height + contentEdgeInsets.vertical)
    }
}
