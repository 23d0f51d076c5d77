// The list of views an engine lays out.

/// The views an engine lays out, root first. The root owns its engine, so the
/// engine holds the root unowned (a strong reference would make the cycle
/// root → engine → root and leak every hierarchy); subviews are held strongly,
/// since they never own the engine.
struct _EngineViews: RandomAccessCollection {
    private unowned(unsafe) var root: View?
    private var subviews: [View] = []
    /// Every view, root first, unretained (the list above keeps them alive):
    /// `withView(at:_:)` lends one without reference counting, which is
    /// costly on a reused cell's per-row path.
    private var unretained: [Unmanaged<View>] = []

    var startIndex: Int { 0 }
    var endIndex: Int { root == nil ? 0 : subviews.count + 1 }
    var count: Int { endIndex }

    subscript(index: Int) -> View {
        index == 0 ? root! : subviews[index - 1]
    }

    /// Room for `count` views, root included.
    mutating func reserveCapacity(_ count: Int) {
        subviews.reserveCapacity(Swift.max(0, count - 1))
        unretained.reserveCapacity(count)
    }

    mutating func append(_ view: View) {
        if root == nil { root = view } else { subviews.append(view) }
        unretained.append(Unmanaged.passUnretained(view))
    }

    /// The view at `index`, unretained (valid while the list holds it).
    @inline(__always)
    func unretainedView(at index: Int) -> Unmanaged<View> { unretained[index] }

    /// Calls `body` with the view at `index`, without retaining it.
    @inline(__always)
    func withView<Result>(at index: Int, _ body: (View) throws -> Result) rethrows -> Result {
        try unretained[index]._withUnsafeGuaranteedRef(body)
    }
}
