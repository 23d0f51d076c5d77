// What activating a constraint asks of views, read without reference
// counting: the nearest common ancestor of its items, and the host's list.

extension View {
    /// `nearestCommonAncestor(with:)` of two views, walked and compared
    /// unretained (a non-nil `_superview` is alive).
    static func _nearestCommonAncestor(_ a: Unmanaged<View>, _ b: Unmanaged<View>)
        -> Unmanaged<View>?
    {
        @inline(__always) func parent(_ view: Unmanaged<View>) -> Unmanaged<View>? {
            view._withUnsafeGuaranteedRef { $0._superview }
        }
        @inline(__always) func same(_ x: Unmanaged<View>?, _ y: Unmanaged<View>?) -> Bool {
            x?.toOpaque() == y?.toOpaque()
        }
        func depth(_ view: Unmanaged<View>) -> Int {
            var depth = 0
            var next = parent(view)
            while let up = next {
                depth += 1
                next = parent(up)
            }
            return depth
        }
        if same(a, b) || same(parent(b), a) { return a }
        let up = parent(a)
        if same(up, b) { return b }
        if let up, same(up, parent(b)) { return up }  // siblings
        var (x, y): (Unmanaged<View>?, Unmanaged<View>?) = (a, b)
        var (depthX, depthY) = (depth(a), depth(b))
        while depthX > depthY { (x, depthX) = (x.flatMap(parent), depthX - 1) }
        while depthY > depthX { (y, depthY) = (y.flatMap(parent), depthY - 1) }
        while let p = x, let q = y, !same(p, q) { (x, y) = (parent(p), parent(q)) }
        return x
    }

    /// Appends a constraint activated on this view to `_constraints`, with
    /// room for four at the first: a view's own constraints are a few (a
    /// box's width and height, a stack's suppression of its thickness),
    /// and growing from room for one allocated twice for them.
    @inline(__always)
    func _appendConstraint(_ constraint: LayoutConstraint) {
        if _constraints.capacity == 0 { _constraints.reserveCapacity(4) }
        _constraints.append(constraint)
    }
}
