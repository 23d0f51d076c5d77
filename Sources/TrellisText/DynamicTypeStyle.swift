// Dynamic Type's text styles (UIFont.TextStyle) and their point sizes at
// every content size category.
//
// Source: Apple Human Interface Guidelines, Typography ▸ Specifications ▸
// "iOS, iPadOS Dynamic Type sizes" and "iOS, iPadOS larger accessibility
// type sizes" (https://developer.apple.com/design/human-interface-guidelines/typography),
// which give each style's weight and size at xSmall … xxxLarge and AX1 … AX5.
// They agree with the sizes recorded from UIKit's
// `UIFont.preferredFont(forTextStyle:compatibleWith:)` in public code
// (checked for every style and category). Only sizes are used here: the HIG's
// leading column is SF Pro's, and Trellis measures line heights from the
// bundled font's own metrics, as UIKit does for any font.

/// A Dynamic Type text style, as `UIFont.TextStyle`: a role whose size
/// follows the person's content size category.
///
/// ```swift
/// DynamicTypeStyle.body.pointSize(for: .large)                 // 17
/// DynamicTypeStyle.body.pointSize(for: .accessibilityMedium)   // 28
/// DynamicTypeStyle.headline.weight                              // .semibold
/// ```
public enum DynamicTypeStyle: String, Sendable, CaseIterable, CustomStringConvertible {
    case largeTitle
    case title1
    case title2
    case title3
    case headline
    case body
    case callout
    case subheadline
    case footnote
    case caption1
    case caption2

    /// Point sizes at the 12 categories, `.extraSmall` first (HIG table).
    private var sizes: [Double] {
        switch self {
        //                xS  S   M   L   xL  xxL xxxL AX1 AX2 AX3 AX4 AX5
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's point size at `category` (the HIG's Dynamic Type table).
    /// - Complexity: O(1).
    public func pointSize(for category: ContentSizeCategory = .large) -> Double {
        sizes[category.index]
    }

    /// The style's weight, as the HIG gives it: semibold for `.headline`,
    /// regular for every other style.
    /// - Complexity: O(1).
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The style named as in UIKit (`"title1"`, `"caption2"`), without
    /// regard to case; also `"subhead"` for `.subheadline` as the HIG writes
    /// it. Nil for any other name.
    /// - Complexity: O(1).
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "subhead" {
            self = .subheadline
            return
        }
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered })
        else { return nil }
        self = found
    }

    public var description: String { rawValue }
}
