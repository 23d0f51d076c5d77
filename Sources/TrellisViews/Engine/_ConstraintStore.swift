// The engine's constraint store: the installed layout constraints and the
// solver forms they were installed as.

import TrellisConstraints

/// The installed constraints of a layout engine and their solver forms.
///
/// Invariants (the engine changes the store only through the solver calls
/// it makes beside these methods, so each holds between any two calls):
/// - `installed` lists each installed layout constraint once, and no
///   other; the solver form of the one at index `i` has `_clientIndex`
///   `i` (forms are this store's own: each store makes its own). The form
///   of a constraint is kept in one of two places:
///   - in the constraint's fields (`_form`, and `_storeToken` equal to
///     this store's `token`) when this store was the
///     first to record it while no other store held it. A form is then a
///     field read each way, where two dictionaries keyed by identity were
///     hashed on every install (600 instructions a constraint in a new
///     feed cell, callgrind) and walked when the engine was freed;
///   - in `others`, by the constraint's identity, when another store
///     holds the fields (a subview measured on its own builds an engine
///     over its subtree, whose constraints the root's engine holds too).
///   A store never reads or writes fields whose `_storeToken` is not its
///   own, and it gives back the fields it holds (token 0) when it lets a
///   constraint go, when it is emptied and when its engine is freed
///   (`releaseAll`), so whatever order stores are made and dropped in,
///   each finds exactly its own forms, and a later store can take the
///   fields. `token` is this store's number, new at every `removeAll` and
///   never shared with another store (a process-wide counter; 0 is no
///   store). A form may still be out of the solver (broken: a required
///   constraint the solver left out in a conflict, as UIKit breaks one).
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
    /// The installed layout constraints, each at its form's
    /// `_clientIndex`; retained here, their forms by them or by `others`.
    private(set) var installed: [LayoutConstraint] = []
    /// The forms of the installed constraints whose fields another store
    /// holds, by the constraint's identity (see the invariants).
    private(set) var others: [ObjectIdentifier: Constraint] = [:]
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

    /// The solver form of `constraint` when it is installed here, else nil.
    @inline(__always)
    func form(of constraint: LayoutConstraint) -> Constraint? {
        if constraint._storeToken == token { return constraint._form }
        return others.isEmpty ? nil : others[ObjectIdentifier(constraint)]
    }

    /// The layout constraint installed here as `form`, else nil.
    func owner(of form: Constraint) -> LayoutConstraint? {
        let index = form._clientIndex
        guard index >= 0, index < installed.count else { return nil }
        let constraint = installed[index]
        return self.form(of: constraint) === form ? constraint : nil
    }

    /// The installed constraints, in the order they were first recorded
    /// (a removal moves the last one into the gap).
    var installedConstraints: [LayoutConstraint] { installed }

    /// Room for `count` more installed constraints.
    mutating func reserveCapacity(forMore count: Int) {
        installed.reserveCapacity(installed.count + count)
    }

    /// Gives back the fields of every constraint this store holds them of
    /// (see the invariants): when it is emptied, and when its engine is
    /// freed, so another store can take them.
    func releaseAll() {
        // Each constraint read unretained (`installed` holds it): the walk
        // retained and released all of them as a new hierarchy was freed.
        installed._forEachUnretained { constraint in
            constraint._withUnsafeGuaranteedRef {
                if $0._storeToken == token { Self._release($0) }
            }
        }
    }

    @inline(__always)
    private static func _release(_ constraint: LayoutConstraint) {
        constraint._form = nil
        constraint._storeToken = 0
    }

    /// Empties the store for a solver built afresh (a new version and a
    /// new token; the constraints it held let their forms go).
    mutating func removeAll() {
        releaseAll()
        token = Self.tokens.next()
        installed = []
        others = [:]
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
        if let old = self.form(of: constraint) {
            form._clientIndex = old._clientIndex
            old._clientIndex = -1
            if !solver.contains(old) { brokenCount -= 1 }
            _setForm(form, of: constraint)
        } else {
            form._clientIndex = installed.count
            installed.append(constraint)
            _take(constraint, form)
        }
    }

    /// Keeps `form` (whose `_clientIndex` is set) as the form of
    /// `constraint`, not yet installed here: in its fields when no store
    /// holds them, else in `others`.
    @inline(__always)
    private mutating func _take(_ constraint: LayoutConstraint, _ form: Constraint) {
        if constraint._storeToken == 0 {
            constraint._storeToken = token
            constraint._form = form
        } else {
            others[ObjectIdentifier(constraint)] = form
        }
    }

    /// Replaces the form of the installed `constraint` where it is kept.
    @inline(__always)
    private mutating func _setForm(_ form: Constraint, of constraint: LayoutConstraint) {
        if constraint._storeToken == token {
            constraint._form = form
        } else {
            others[ObjectIdentifier(constraint)] = form
        }
    }

    /// Makes `constraint` the owner of the installed `form` in place of
    /// the one it had (the root's width kept from one size mode to the
    /// next, see `LayoutEngine.switchRootSize`); the installed set is the
    /// same, so the version stays.
    mutating func replaceOwner(of form: Constraint, with constraint: LayoutConstraint) {
        guard let old = owner(of: form), old !== constraint else { return }
        if let held = self.form(of: constraint) {  // recorded with another form: that one goes
            _removeEntry(of: constraint, held)
            _forget(constraint)
            held._clientIndex = -1
        }
        _forget(old)
        installed[form._clientIndex] = constraint
        _take(constraint, form)
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
        _removeEntry(of: constraint, form)
        _forget(constraint)
        form._clientIndex = -1
        if !solver.contains(form) { brokenCount -= 1 }
        return form
    }

    /// Lets the fields of `constraint` or its entry of `others` go.
    @inline(__always)
    private mutating func _forget(_ constraint: LayoutConstraint) {
        if constraint._storeToken == token {
            Self._release(constraint)
        } else {
            others[ObjectIdentifier(constraint)] = nil
        }
    }

    /// Takes the installed `constraint`, whose form is `form`, out of
    /// `installed`: the last entry moves into its place.
    private mutating func _removeEntry(of constraint: LayoutConstraint, _ form: Constraint) {
        let index = form._clientIndex
        let last = installed.count - 1
        if index != last {
            let moved = installed[last]
            installed[index] = moved
            self.form(of: moved)?._clientIndex = index
        }
        installed.removeLast()
    }

    /// `brokenCount` counted afresh, to check it (debug builds).
    func countBroken(in solver: Solver) -> Int {
        installed.count { !solver.contains(form(of: $0)!) }
    }
}
