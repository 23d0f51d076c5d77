// Hit testing and converting points between the views of a hierarchy.

import TrellisGeometry

extension View {
    /// True when the point (in this view's coordinates) is inside its bounds.
    public func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive view containing the point (given in this
    /// view's coordinates), searching front-most subviews first; nil when the
    /// point is outside, as `hitTest(_:with:)`.
    /// - Complexity: O(n) in the number of views in the subtree.
    public func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, point.x.isFinite, point.y.isFinite,
            self.point(inside: point)
        else { return nil }
        for subview in subviews.reversed() {
            let local = Point(x: point.x - subview._frame.minX, y: point.y - subview._frame.minY)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// Converts a point from this view's coordinates to another view's in the
    /// same hierarchy (or to the root's when `view` is nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let mine = _originInRoot
        let theirs = view?._originInRoot ?? .zero
        return Point(x: point.x + mine.x - theirs.x, y: point.y + mine.y - theirs.y)
    }

    /// Converts a rectangle from this view's coordinates to another view's.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// The view's top-left corner in its root view's coordinates.
    var _originInRoot: Point {
        var x = 0.0
        var y = 0.0
        var current: View? = self
        while let view = current, let parent = view.superview {
            x += view._frame.minX
            y += view._frame.minY
            current = parent
        }
        return Point(x: x, y: y)
    }
}

extension LayoutConstraint {
    /// True when one of the items lies in the subtree of `view`.
    func _refersToSubtree(of view: View) -> Bool {
        for item in [_firstItem, _secondItem] {
            if let owner = item?._owningView, owner.isDescendant(of: view) { return true }
        }
        return false
    }
}
