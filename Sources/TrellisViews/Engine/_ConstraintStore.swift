// The engine's constraint store: the installed layout constraints and the
// solver forms they were installed as.

import TrellisConstraints

/// The installed constraints of a layout engine and their solver forms.
///
/// Invariants (the engine changes the store only through the solver calls
/// it makes beside these methods, so each holds between any two calls):
/// - `token` is this store's own number, new at every `removeAll` and
///   never shared with another store (a process-wide counter). A layout
///   constraint is installed here exactly when its `_storeToken` is
///   `token`; it is then `installed[_storeIndex]`, and its `_form` is its
///   solver form, whose `_clientIndex` is that same index. Every other
///   entry of `installed` (a constraint since recorded by another store,
///   whose token it now carries, or recorded here again at another index)
///   is stale: skipped, and its fields never written. So the
///   form of a constraint and the constraint of a form are a field read
///   each, where two dictionaries keyed by identity were hashed on every
///   install (600 instructions a constraint in a new feed cell, callgrind)
///   and walked when the engine was freed. A form may still be out of the
///   solver (broken: a required constraint the solver left out in a
///   conflict, as UIKit breaks one).
/// - `brokenCount` is the number of installed forms the solver does not
///   hold, so "is any constraint broken?" (asked at every switch between
///   fitting and frame layout) is O(1), not a look at every constraint.
/// - `baselines` lists each installed constraint on a first or last
///   baseline once (re-made or given a new constant when a label's text
///   changes), so a text change looks at these few only.
/// - `baselinesByView`, when `baselinesByViewVersion` equals
///   `installVersion`, holds for the view at each index of the engine's
///   `views` the constraints of `baselines` on it (as first or second
///   item, once), in activation order: what a text change of that view
///   re-makes, found without filtering and sorting `baselines` each time.
/// - `installVersion` changes whenever the set of installed constraints
///   does (answers that depend on it, such as whether required constraints
///   fix a view's size, are kept until then); it never goes back, even
///   when the store is emptied for a rebuild.
/// - `structuralChanges` counts the constraints added to and removed from
///   the solver since it was built. Each change leaves rounding in the
///   tableau (about 1e-16 of the numbers, more through small pivots);
///   hundreds of them in a reused cell (constraints switched every row,
///   ambiguity probes) were seen to move a fitted height by 5e-6 points, a
///   pixel's worth under `ceil`. Past `refreshThreshold` the engine builds
///   the solver afresh at the next layout.
struct _ConstraintStore {
    /// The constraints the engine makes for one item's frame or guide edges.
    struct ItemConstraints {
        var autoresizing: [LayoutConstraint] = []
        var guide: [LayoutConstraint] = []
    }

    static let refreshThreshold = 256
    private static let tokens = _NameCounter()

    /// This store's number (see the invariants).
    private(set) var token = _ConstraintStore.tokens.next()
    /// The installed layout constraints (and stale entries), each
    /// installed one at its `_storeIndex`; retained here, their forms by them.
    private(set) var installed: [LayoutConstraint] = []
    var brokenCount = 0
    var baselines: [LayoutConstraint] = []
    var baselinesByView: [[LayoutConstraint]] = []
    var baselinesByViewVersion = -1
    /// The constraints made for each item's frame (autoresizing) or guide edges.
    var items: [ObjectIdentifier: ItemConstraints] = [:]
    var installVersion = 0
    var structuralChanges = 0

    /// The solver form of `constraint` when it is installed here, else nil.
    @inline(__always)
    func form(of constraint: LayoutConstraint) -> Constraint? {
        constraint._storeToken == token ? constraint._form : nil
    }

    /// The layout constraint installed here as `form`, else nil.
    func owner(of form: Constraint) -> LayoutConstraint? {
        let index = form._clientIndex
        guard index >= 0, index < installed.count else { return nil }
        let constraint = installed[index]
        guard _isLive(constraint, at: index), constraint._form === form else { return nil }
        return constraint
    }

    /// Whether the entry `constraint` of `installed` at `index` is live
    /// (not stale, see the invariants).
    @inline(__always)
    private func _isLive(_ constraint: LayoutConstraint, at index: Int) -> Bool {
        constraint._storeToken == token && constraint._storeIndex == index
    }

    /// The installed constraints, in the order they were first recorded
    /// (a removal moves the last one into the gap).
    var installedConstraints: [LayoutConstraint] {
        installed.indices.compactMap { _isLive(installed[$0], at: $0) ? installed[$0] : nil }
    }

    /// Room for `count` more installed constraints.
    mutating func reserveCapacity(forMore count: Int) {
        installed.reserveCapacity(installed.count + count)
    }

    /// Empties the store for a solver built afresh (a new version and a
    /// new token; the constraints it held let their forms go).
    mutating func removeAll() {
        for (index, constraint) in installed.enumerated() where _isLive(constraint, at: index) {
            constraint._form = nil
            constraint._storeToken = 0
            constraint._storeIndex = -1
        }
        token = Self.tokens.next()
        installed = []
        brokenCount = 0
        baselines = []
        baselinesByView = []
        baselinesByViewVersion = -1
        items = [:]
        installVersion += 1
        structuralChanges = 0
    }

    /// Records `form` as the solver form of `constraint`, before the
    /// solver is asked to add it; a form it replaces leaves `brokenCount`
    /// if it was counted there.
    mutating func record(_ form: Constraint, of constraint: LayoutConstraint, in solver: Solver) {
        if let old = self.form(of: constraint) {
            old._clientIndex = -1
            if !solver.contains(old) { brokenCount -= 1 }
        } else {
            constraint._storeToken = token
            constraint._storeIndex = installed.count
            installed.append(constraint)
        }
        constraint._form = form
        form._clientIndex = constraint._storeIndex
    }

    /// Makes `constraint` the owner of the installed `form` in place of
    /// the one it had (the root's width kept from one size mode to the
    /// next, see `LayoutEngine.switchRootSize`); the installed set is the
    /// same, so the version stays.
    mutating func replaceOwner(of form: Constraint, with constraint: LayoutConstraint) {
        guard let old = owner(of: form), old !== constraint else { return }
        if let held = self.form(of: constraint) {  // recorded with another form: that one goes
            held._clientIndex = -1
            _removeEntry(of: constraint)
        }
        let index = old._storeIndex
        old._form = nil
        old._storeToken = 0
        old._storeIndex = -1
        installed[index] = constraint
        constraint._storeToken = token
        constraint._storeIndex = index
        constraint._form = form
        form._clientIndex = index
    }

    /// Counts `form` in `brokenCount` when the solver does not hold it
    /// (after an `add` or a new constant that left it out).
    @inline(__always)
    mutating func noteIfBroken(_ form: Constraint, in solver: Solver) {
        if !solver.contains(form) { brokenCount += 1 }
    }

    /// Forgets `constraint` and returns its form, before the engine
    /// removes that form from the solver (a broken form, which the solver
    /// does not hold, leaves `brokenCount`); nil when it is not installed.
    mutating func remove(_ constraint: LayoutConstraint, in solver: Solver) -> Constraint? {
        guard let form = self.form(of: constraint) else { return nil }
        _removeEntry(of: constraint)
        constraint._form = nil
        constraint._storeToken = 0
        constraint._storeIndex = -1
        form._clientIndex = -1
        if !solver.contains(form) { brokenCount -= 1 }
        return form
    }

    /// Takes the installed `constraint` out of `installed`: the last entry
    /// moves into its place (a stale one only moves, its fields are another
    /// store's).
    private mutating func _removeEntry(of constraint: LayoutConstraint) {
        let index = constraint._storeIndex
        let last = installed.count - 1
        if index != last {
            let moved = installed[last]
            installed[index] = moved
            if _isLive(moved, at: last) {
                moved._storeIndex = index
                moved._form?._clientIndex = index
            }
        }
        installed.removeLast()
    }

    /// `brokenCount` counted afresh, to check it (debug builds).
    func countBroken(in solver: Solver) -> Int {
        installed.indices.count {
            _isLive(installed[$0], at: $0) && !solver.contains(installed[$0]._form!)
        }
    }
}
