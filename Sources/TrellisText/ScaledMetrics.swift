// Scaling spacings and sizes with Dynamic Type, as UIFontMetrics does.

/// Scales values with a text style's size, as `UIFontMetrics`: a spacing
/// or inset designed at the default category (`.large`) grows and shrinks
/// in proportion to the style's point size.
///
/// The rule: `value × pointSize(category) / pointSize(.large)`. Apple
/// documents that `scaledValue(for:)` scales "appropriately for the current
/// content size category" without publishing the curve; the proportion of
/// the style's own sizes is that curve for a font, and what
/// `scaledFont(for:)` gives for a custom font at the style's default size.
///
/// ```swift
/// let metrics = ScaledMetrics(forTextStyle: .body)
/// metrics.scaledValue(for: 12, compatibleWith: .accessibilityMedium)   // 12 × 28 / 17
/// ```
public struct ScaledMetrics: Sendable, Equatable {
    /// The style whose sizes set the scale.
    public var textStyle: DynamicTypeStyle

    /// Metrics that scale like `textStyle` (UIFontMetrics.default is `.body`).
    /// - Complexity: O(1).
    public init(forTextStyle textStyle: DynamicTypeStyle = .body) {
        self.textStyle = textStyle
    }

    /// `value` scaled from the default category to `category`.
    /// - Complexity: O(1).
    public func scaledValue(
        for value: Double, compatibleWith category: ContentSizeCategory = .large
    ) -> Double {
        value * factor(for: category)
    }

    /// The factor values are scaled by at `category`: the style's size there
    /// over its size at `.large`.
    /// - Complexity: O(1).
    public func factor(for category: ContentSizeCategory) -> Double {
        textStyle.pointSize(for: category) / textStyle.pointSize(for: .large)
    }

    /// `style` with its font size scaled to `category`, as
    /// `scaledFont(for:compatibleWith:)`: a custom size designed at `.large`
    /// follows this style's curve. Paragraph spacings are left as they are;
    /// scale those with `scaledValue(for:compatibleWith:)` where they should grow.
    /// - Complexity: O(1).
    public func scaledStyle(_ style: TextStyle, compatibleWith category: ContentSizeCategory)
        -> TextStyle
    {
        var scaled = style
        scaled.size = style.size * factor(for: category)
        return scaled
    }
}
