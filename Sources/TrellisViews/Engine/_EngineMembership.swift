// What a view holds of the layout engine of its hierarchy, in one value.

import TrellisConstraints

/// A view's membership in a layout engine: the engine it owns (a root's),
/// where the engine keeps it, and the per-view state the engine's fast
/// paths read and write.
struct _EngineMembership {
    /// The engine of the hierarchy this view is the root of (nil on any
    /// other view): the root owns it.
    var engine: LayoutEngine? {
        didSet { unmanagedEngine = engine.map { Unmanaged.passUnretained($0) } }
    }
    /// `engine`, lent without reference counting (a label's text change
    /// tells it on a reused cell's per-row path). Safe: `engine` holds it.
    var unmanagedEngine: Unmanaged<LayoutEngine>?
    /// The view's index in the list of views of the engine `indexOwner`.
    var index = -1
    var indexOwner: ObjectIdentifier?
    /// Set while the engine of the view's hierarchy does not need to be told
    /// of a new intrinsic size: it keeps the view's update waiting (its size
    /// is fixed by required constraints; `LayoutEngine.deferContentSize`)
    /// and reads the size again whenever its constraints change, or it
    /// polls the view on every refit (`LayoutEngine.pollingHeights`).
    /// Cleared when the engine requeues or forgets the view, and whenever
    /// an engine collects it.
    var contentDeferred = false
    /// The intrinsic width and height as solver variables (made on first use;
    /// the engine holds them as edit variables, see `LayoutEngine.ContentConstraints`).
    var intrinsicVariables: (horizontal: Variable, vertical: Variable)?
    /// For a label: the engine that last compared the label's layout width
    /// with its solution (a subview measured alone has an engine of its
    /// own, which may give the label another width).
    var layoutWidthEngine: ObjectIdentifier?
    /// A root's layout by the direct path, from its last
    /// `systemLayoutSizeFitting` (`View._directFittingSize`), until its
    /// `layoutIfNeeded()` or an engine replaces it.
    var directCell: _DirectCell?
    /// A root that always lays out through its solver (`View._solvesAlways`).
    var solvesAlways = false
}
