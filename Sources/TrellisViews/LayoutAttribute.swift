// Attributes, axes and directions shared by views, guides, anchors and constraints.

import TrellisConstraints

/// A part of a view's or guide's layout rectangle, as `NSLayoutConstraint.Attribute`.
public enum LayoutAttribute: Hashable, Sendable, CustomStringConvertible {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    /// No attribute: the second attribute of a constant-only constraint (`width == 64`).
    case notAnAttribute

    /// The axis the attribute lies on (nil for `notAnAttribute`).
    public var axis: LayoutAxis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: return .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: return .vertical
        case .notAnAttribute: return nil
        }
    }

    /// True for `width` and `height`.
    public var isDimension: Bool { self == .width || self == .height }

    /// True for `leading` and `trailing`, which flip in right-to-left layouts.
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// True for `left` and `right`, which never flip.
    public var isAbsoluteHorizontalEdge: Bool { self == .left || self == .right }

    public var description: String {
        switch self {
        case .left: return "left"
        case .right: return "right"
        case .top: return "top"
        case .bottom: return "bottom"
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .width: return "width"
        case .height: return "height"
        case .centerX: return "centerX"
        case .centerY: return "centerY"
        case .firstBaseline: return "firstBaseline"
        case .lastBaseline: return "lastBaseline"
        case .notAnAttribute: return "notAnAttribute"
        }
    }
}

/// A layout axis, as `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Hashable, Sendable {
    case horizontal, vertical
}

/// The direction text and leading-to-trailing layout run in, as
/// `UIUserInterfaceLayoutDirection`.
public enum UserInterfaceLayoutDirection: Hashable, Sendable {
    case leftToRight, rightToLeft
}

/// How a view chooses its layout direction, as `UISemanticContentAttribute`.
public enum SemanticContentAttribute: Hashable, Sendable {
    /// Inherit the superview's direction (the root uses its `layoutDirection`).
    case unspecified
    /// Always left to right, even in a right-to-left hierarchy.
    case forceLeftToRight
    /// Always right to left.
    case forceRightToLeft
}
