// The text size a person chose in Settings (Display & Brightness ▸ Text Size,
// and Accessibility ▸ Larger Text), as UIContentSizeCategory.

/// A Dynamic Type size, as `UIContentSizeCategory`: seven standard sizes and
/// five larger accessibility sizes, in increasing order. `.large` is the
/// default.
///
/// ```swift
/// let style = try TextStyle.preferred(.body, category: .accessibilityMedium)
/// style.size   // 28
/// ```
public enum ContentSizeCategory: String, Sendable, CaseIterable, Comparable,
    CustomStringConvertible
{
    case extraSmall
    case small
    case medium
    /// The default size.
    case large
    case extraLarge
    case extraExtraLarge
    case extraExtraExtraLarge
    case accessibilityMedium
    case accessibilityLarge
    case accessibilityExtraLarge
    case accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// True for the five larger accessibility sizes (`isAccessibilityCategory`).
    /// - Complexity: O(1).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category's position, 0 (`.extraSmall`) to 11.
    var index: Int {
        switch self {
        case .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .extraLarge: 4
        case .extraExtraLarge: 5
        case .extraExtraExtraLarge: 6
        case .accessibilityMedium: 7
        case .accessibilityLarge: 8
        case .accessibilityExtraLarge: 9
        case .accessibilityExtraExtraLarge: 10
        case .accessibilityExtraExtraExtraLarge: 11
        }
    }

    /// Smaller categories come first.
    /// - Complexity: O(1).
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.index < rhs.index
    }

    /// The category named as in UIKit (`"accessibilityExtraLarge"`), or as
    /// the HIG abbreviates it (`"xSmall"`, `"xxxLarge"`, `"AX1"` … `"AX5"`),
    /// without regard to case; nil for any other name.
    /// - Complexity: O(1).
    public init?(name: String) {
        let lowered = name.lowercased()
        let abbreviations: [String: ContentSizeCategory] = [
            "xsmall": .extraSmall, "xlarge": .extraLarge, "xxlarge": .extraExtraLarge,
            "xxxlarge": .extraExtraExtraLarge, "ax1": .accessibilityMedium,
            "ax2": .accessibilityLarge, "ax3": .accessibilityExtraLarge,
            "ax4": .accessibilityExtraExtraLarge, "ax5": .accessibilityExtraExtraExtraLarge,
        ]
        if let found = abbreviations[lowered] {
            self = found
            return
        }
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered })
        else { return nil }
        self = found
    }

    public var description: String { rawValue }
}
