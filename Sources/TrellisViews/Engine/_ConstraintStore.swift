// The engine's constraint store: the installed layout constraints and the
// solver forms they were installed as.

import TrellisConstraints

/// The installed constraints of a layout engine and their solver forms.
///
/// Invariants (the engine changes the store only through the solver calls
/// it makes beside these methods, so each holds between any two calls):
/// - `forms` and `owners` are inverse maps: for every key `id` of `forms`,
///   `owners[ObjectIdentifier(forms[id])]` is the layout constraint `id`.
///   A constraint is installed exactly when it has a form here; its form may
///   still be out of the solver (broken: a required constraint the solver
///   left out in a conflict, as UIKit breaks one).
/// - `brokenCount` is the number of forms in `forms` the solver does not
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

    /// The solver form of each installed layout constraint, by its identity.
    var forms: [ObjectIdentifier: Constraint] = [:]
    /// The layout constraint of each solver form, by the form's identity.
    var owners: [ObjectIdentifier: LayoutConstraint] = [:]
    var brokenCount = 0
    var baselines: [LayoutConstraint] = []
    var baselinesByView: [[LayoutConstraint]] = []
    var baselinesByViewVersion = -1
    /// The installed baseline constraints on a view that may hand its
    /// baseline to another (a stack view, or a view whose baseline view is
    /// another), with the views that answered when each was installed
    /// (`LayoutEngine+BaselineViews.swift`).
    var delegatedBaselines: [_DelegatedBaseline] = []
    /// The constraints made for each item's frame (autoresizing) or guide edges.
    var items: [ObjectIdentifier: ItemConstraints] = [:]
    var installVersion = 0
    var structuralChanges = 0

    /// Empties the store for a solver built afresh (a new version).
    mutating func removeAll() {
        forms = [:]
        owners = [:]
        brokenCount = 0
        baselines = []
        baselinesByView = []
        baselinesByViewVersion = -1
        delegatedBaselines = []
        items = [:]
        installVersion += 1
        structuralChanges = 0
    }

    /// Records `form` as the solver form of `constraint`, before the
    /// solver is asked to add it; a form it replaces leaves `brokenCount`
    /// if it was counted there.
    mutating func record(_ form: Constraint, of constraint: LayoutConstraint, in solver: Solver) {
        if let old = forms.updateValue(form, forKey: ObjectIdentifier(constraint)) {
            owners[ObjectIdentifier(old)] = nil
            if !solver.contains(old) { brokenCount -= 1 }
        }
        owners[ObjectIdentifier(form)] = constraint
    }

    /// Makes `constraint` the owner of the installed `form` in place of
    /// the one it had (the root's width kept from one size mode to the
    /// next, see `LayoutEngine.switchRootSize`); the installed set is the
    /// same, so the version stays.
    mutating func replaceOwner(of form: Constraint, with constraint: LayoutConstraint) {
        guard let old = owners[ObjectIdentifier(form)] else { return }
        forms[ObjectIdentifier(old)] = nil
        forms[ObjectIdentifier(constraint)] = form
        owners[ObjectIdentifier(form)] = constraint
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
        guard let form = forms.removeValue(forKey: ObjectIdentifier(constraint)) else {
            return nil
        }
        owners[ObjectIdentifier(form)] = nil
        if !solver.contains(form) { brokenCount -= 1 }
        return form
    }

    /// `brokenCount` counted afresh, to check it (debug builds).
    func countBroken(in solver: Solver) -> Int {
        forms.values.count { !solver.contains($0) }
    }
}
