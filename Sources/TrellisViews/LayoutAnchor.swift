// Typed anchors (NSLayoutAnchor): an x anchor only relates to x anchors, a y
// anchor to y anchors, a dimension to dimensions or constants.

/// The standard system spacing between sibling views (`equalToSystemSpacingAfter`), in points.
public let systemSpacing: Double = 8

/// What all anchors share: the item and attribute they stand for.
public protocol LayoutAnchorProtocol {
    /// The view or guide.
    var item: LayoutItem { get }
    /// The attribute of `item`.
    var attribute: LayoutAttribute { get }
}

extension LayoutAnchorProtocol {
    /// `self == other + constant` (inactive until activated).
    public func constraint(equalTo other: Self, constant: Double = 0) -> LayoutConstraint {
        _constraint(.equal, other, multiplier: 1, constant: constant)
    }

    /// `self >= other + constant`.
    public func constraint(greaterThanOrEqualTo other: Self, constant: Double = 0)
        -> LayoutConstraint
    {
        _constraint(.greaterThanOrEqual, other, multiplier: 1, constant: constant)
    }

    /// `self <= other + constant`.
    public func constraint(lessThanOrEqualTo other: Self, constant: Double = 0)
        -> LayoutConstraint
    {
        _constraint(.lessThanOrEqual, other, multiplier: 1, constant: constant)
    }

    func _constraint(
        _ relation: LayoutRelation, _ other: Self?, multiplier: Double, constant: Double
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation, toItem: other?.item,
            attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier,
            constant: constant)
    }
}

/// An anchor on the x axis: leading, trailing, left, right, centerX.
public struct LayoutXAxisAnchor: LayoutAnchorProtocol {
    /// The view or guide.
    public let item: LayoutItem
    /// The attribute of `item`.
    public let attribute: LayoutAttribute

    init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == other + 8 × multiplier`: the system spacing after `other`
    /// (`equalToSystemSpacingAfter`, 8 points).
    public func constraint(
        equalToSystemSpacingAfter other: LayoutXAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        _constraint(.equal, other, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// `self >= other + 8 × multiplier`.
    public func constraint(
        greaterThanOrEqualToSystemSpacingAfter other: LayoutXAxisAnchor, multiplier: Double = 1
    ) -> LayoutConstraint {
        _constraint(.greaterThanOrEqual, other, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// `self <= other + 8 × multiplier`.
    public func constraint(
        lessThanOrEqualToSystemSpacingAfter other: LayoutXAxisAnchor, multiplier: Double = 1
    ) -> LayoutConstraint {
        _constraint(.lessThanOrEqual, other, multiplier: 1, constant: systemSpacing * multiplier)
    }
}

/// An anchor on the y axis: top, bottom, centerY, firstBaseline, lastBaseline.
public struct LayoutYAxisAnchor: LayoutAnchorProtocol {
    /// The view or guide.
    public let item: LayoutItem
    /// The attribute of `item`.
    public let attribute: LayoutAttribute

    init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == other + 8 × multiplier`: the system spacing below `other`
    /// (`equalToSystemSpacingBelow`, 8 points).
    public func constraint(
        equalToSystemSpacingBelow other: LayoutYAxisAnchor, multiplier: Double = 1
    )
        -> LayoutConstraint
    {
        _constraint(.equal, other, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// `self >= other + 8 × multiplier`.
    public func constraint(
        greaterThanOrEqualToSystemSpacingBelow other: LayoutYAxisAnchor, multiplier: Double = 1
    ) -> LayoutConstraint {
        _constraint(.greaterThanOrEqual, other, multiplier: 1, constant: systemSpacing * multiplier)
    }

    /// `self <= other + 8 × multiplier`.
    public func constraint(
        lessThanOrEqualToSystemSpacingBelow other: LayoutYAxisAnchor, multiplier: Double = 1
    ) -> LayoutConstraint {
        _constraint(.lessThanOrEqual, other, multiplier: 1, constant: systemSpacing * multiplier)
    }
}

/// A width or height anchor, which can also be related to constants and scaled.
public struct LayoutDimension: LayoutAnchorProtocol {
    /// The view or guide.
    public let item: LayoutItem
    /// The attribute of `item`.
    public let attribute: LayoutAttribute

    init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == constant`.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        _constraint(.equal, nil, multiplier: 1, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        _constraint(.greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        _constraint(.lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }

    /// `self == multiplier × other + constant`.
    public func constraint(equalTo other: LayoutDimension, multiplier: Double, constant: Double = 0)
        -> LayoutConstraint
    {
        _constraint(.equal, other, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × other + constant`.
    public func constraint(
        greaterThanOrEqualTo other: LayoutDimension, multiplier: Double, constant: Double = 0
    ) -> LayoutConstraint {
        _constraint(.greaterThanOrEqual, other, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × other + constant`.
    public func constraint(
        lessThanOrEqualTo other: LayoutDimension, multiplier: Double, constant: Double = 0
    ) -> LayoutConstraint {
        _constraint(.lessThanOrEqual, other, multiplier: multiplier, constant: constant)
    }
}
