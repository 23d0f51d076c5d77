// NSLayoutConstraint: `first.attribute relation multiplier × second.attribute + constant`
// at a priority, activated on the nearest common ancestor of its items.

import TrellisConstraints
import TrellisGeometry

/// A relation between two layout attributes (or one attribute and a constant),
/// as `NSLayoutConstraint`:
///
///     first.firstAttribute  relation  multiplier × second.secondAttribute + constant
///
/// Activating it stores it on the nearest common ancestor view of its items and
/// installs it in the solver of that hierarchy (one solver per root view).
/// Changing `constant` of an active constraint is cheap (the solver updates the
/// constant in place); so is changing `priority` between optional values.
public final class LayoutConstraint: CustomStringConvertible {
    /// Where a constraint comes from; the engine makes all but `.user`.
    enum Origin {
        case user
        /// A view's frame turned into constraints (`translatesAutoresizingMaskIntoConstraints`).
        case autoresizing
        /// The root view's size while it is laid out (UIKit's `UIView-Encapsulated-Layout-*`).
        case encapsulatedLayout
        /// Target size of `systemLayoutSizeFitting`.
        case fitting
        /// `size <= intrinsic` at the content hugging priority.
        case contentHugging
        /// `size >= intrinsic` at the compression resistance priority.
        case compressionResistance
        /// An edge of a layout-margins or safe-area guide.
        case guide
        /// The root view's origin, fixed at (0, 0) of its own coordinates.
        case rootOrigin
    }

    /// The item on the left-hand side (nil only when it has been deallocated).
    public var firstItem: LayoutItem? { _firstItem }
    /// The attribute of `firstItem`.
    public let firstAttribute: LayoutAttribute
    /// `<=`, `==` or `>=`.
    public let relation: LayoutRelation
    /// The item on the right-hand side, nil for a constant-only constraint.
    public var secondItem: LayoutItem? { _secondItem }
    /// The attribute of `secondItem` (`notAnAttribute` without one).
    public let secondAttribute: LayoutAttribute
    /// The factor on the second attribute (1 unless made with a multiplier).
    public let multiplier: Double
    /// An identifier shown in descriptions and conflict logs.
    @exclusivity(unchecked) public var identifier: String?
    /// Where the constraint was written (`cell.json:12:5` for a template
    /// file's), shown after it in conflict logs and used to tell one
    /// conflict from another whatever a row's values are. Nil for
    /// constraints made in code or by the engine.
    @exclusivity(unchecked) public var sourcePlace: String?

    // Items are not retained, as UIKit's are not: views own their
    // constraints, not the reverse. They are held through cells
    // (`_ItemCell`), so a freed item reads as nil.
    let _firstCell: _ItemCell
    let _secondCell: _ItemCell?
    let _origin: Origin
    // `@exclusivity(unchecked)` below, as the engine's (see View): one thread, read per row.
    @exclusivity(unchecked) var _hostCell: _ItemCell?
    /// The first item, nil once it has been freed.
    var _firstItem: LayoutItem? { _firstCell.item }
    /// The second item, nil without one or once it has been freed.
    var _secondItem: LayoutItem? { _secondCell?.item }
    /// The view whose `constraints` list holds this constraint while it is
    /// active (nil once that view is freed).
    var _host: View? {
        get { _hostCell?.view }
        set { _hostCell = newValue?._cell }
    }
    /// Activation order; the engine installs constraints in this order, so the
    /// most recently activated constraint is the one broken in a conflict.
    @exclusivity(unchecked) var _activationOrder = 0
    /// For a baseline constraint as installed: which of its items had
    /// baselines (bit 0 the first, bit 1 the second). An item without them
    /// (an empty label) stands for its bottom edge, another linear form, so
    /// the constraint is made again when this changes; otherwise a new
    /// baseline offset is only a new constant (see
    /// `LayoutEngine.reinstallBaselineConstraints(of:)`).
    @exclusivity(unchecked) var _baselineShape: UInt8 = 0
    /// What the last reading of a hierarchy as a stack tree found this
    /// constraint to be: its mark for a stack view's own, the mark + 1 for
    /// one a node makes (`_StackTreeReader`; each reading takes new marks).
    @exclusivity(unchecked) var _readingMark: UInt64 = 0
    /// The solver form an engine installed this constraint as, valid
    /// while `_storeToken` is that engine's store's token; 0 when no store
    /// holds these fields (see `_ConstraintStore`).
    @exclusivity(unchecked) var _form: Constraint?
    @exclusivity(unchecked) var _storeToken = 0
    @exclusivity(unchecked) private var _constant: Double
    @exclusivity(unchecked) private var _priority: LayoutPriority

    /// Creates an inactive constraint, as
    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    /// Invalid combinations (an x attribute related to a y attribute, leading to
    /// left, a position with no second item) are reported when it is activated.
    public convenience init(
        item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
        toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute, multiplier: Double = 1,
        constant: Double = 0
    ) {
        self.init(
            item, attribute, relation, toItem, secondAttribute, multiplier: multiplier,
            constant: constant, priority: .required, origin: .user)
    }

    init(
        _ first: LayoutItem, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ second: LayoutItem?, _ secondAttribute: LayoutAttribute, multiplier: Double = 1,
        constant: Double, priority: LayoutPriority, origin: Origin, identifier: String? = nil
    ) {
        _firstCell = first._cell
        self.firstAttribute = firstAttribute
        self.relation = relation
        _secondCell = second?._cell
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        _constant = constant
        _priority = priority
        _origin = origin
        self.identifier = identifier
    }

    /// The constant. Setting it on an active constraint updates the solver in
    /// place (no rebuild). A NaN or infinite value is refused and logged.
    public var constant: Double {
        get { _constant }
        set {
            guard newValue.isFinite else {
                LayoutLog.emit("Refused constant \(newValue) for \(self): it must be finite.")
                return
            }
            guard newValue != _constant else { return }
            _constant = newValue
            _engine?.constantDidChange(self)
        }
    }

    /// The priority. On an active constraint it can move between optional
    /// values (below 1000) but not between required and optional: UIKit raises
    /// for that; here the change is refused and logged (see `setPriority(_:)`).
    public var priority: LayoutPriority {
        get { _priority }
        set {
            do {
                try setPriority(newValue)
            } catch {
                LayoutLog.emit(error.description)
            }
        }
    }

    /// Sets the priority, throwing where UIKit would raise.
    /// - Throws: `LayoutError.priorityChange` for required ↔ optional on an
    ///   active constraint, `LayoutError.invalidPriority` outside 1...1000.
    public func setPriority(_ newValue: LayoutPriority) throws(LayoutError) {
        guard newValue.rawValue >= 1, newValue.rawValue <= 1000 else {
            throw .invalidPriority(Double(newValue.rawValue), constraint: description)
        }
        guard newValue != _priority else { return }
        if isActive, (newValue == .required) != (_priority == .required) {
            throw .priorityChange(
                from: Double(_priority.rawValue), to: Double(newValue.rawValue),
                constraint: description)
        }
        _priority = newValue
        _engine?.priorityDidChange(self)
    }

    /// Whether the constraint takes part in layout. Setting it is
    /// `activate()`/`deactivate()`; an activation that fails is logged and
    /// leaves the constraint inactive.
    public var isActive: Bool {
        get { _host != nil }
        set {
            if newValue {
                do { try activate() } catch { LayoutLog.emit(error.description) }
            } else {
                deactivate()
            }
        }
    }

    /// Activates every constraint; the ones that cannot be (no common ancestor,
    /// invalid attributes) are logged and skipped, as `NSLayoutConstraint.activate`.
    public static func activate(_ constraints: [LayoutConstraint]) {
        // The batch's activation orders are taken under one lock (a lock a
        // constraint was about 100 instructions each, a new stack's
        // constraints come in one batch): consecutive, in the batch's order,
        // as one at a time gives them; a constraint that fails leaves a gap.
        var order = activationCounter.reserve(constraints.count)
        // Each read unretained (`constraints` holds it).
        constraints._forEachUnretained { constraint in
            constraint._withUnsafeGuaranteedRef { constraint in
                do throws(LayoutError) { try constraint._activate(order: order) } catch {
                    LayoutLog.emit(error.description)
                }
            }
            order += 1
        }
    }

    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        guard constraints.count > 8 else {
            for constraint in constraints { constraint.deactivate() }
            return
        }
        // Each host's list is filtered once: removing the constraints one
        // by one searched it each time, O(n²) for a stack of n views
        // re-making its arrangement.
        var leaving: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        var hosts: [View] = []
        for constraint in constraints {
            guard let host = constraint._host else { continue }
            host.rootView._membership.engine?.constraintWillDeactivate(constraint)
            let key = ObjectIdentifier(host)
            if leaving[key] == nil { hosts.append(host) }
            leaving[key, default: []].insert(ObjectIdentifier(constraint))
            constraint._host = nil
        }
        for host in hosts {
            let gone = leaving[ObjectIdentifier(host)] ?? []
            host._constraints.removeAll { gone.contains(ObjectIdentifier($0)) }
        }
    }

    /// Activates the constraint: stores it on the nearest common ancestor of its
    /// items and installs it in that hierarchy's solver.
    /// - Throws: `LayoutError` when the items have no common ancestor or the
    ///   attributes cannot be related; the constraint stays inactive.
    public func activate() throws(LayoutError) { try _activate(order: nil) }

    /// `activate()`, with the activation order given (taken for a batch,
    /// see `activate(_:)`) or, when nil, the next one.
    func _activate(order: Int?) throws(LayoutError) {
        guard _origin == .user, _hostCell?.reference == nil else { return }
        try validate()
        // The items, their views and the host are read and compared
        // unretained (`_ItemCell`: a non-nil item is alive), as are the
        // root and its engine: retaining and releasing them was about ten
        // reference count changes a constraint, a fifth of activating one
        // (a new column of 1,000 boxes activates 7,000, callgrind).
        guard let first = _firstCell.owningView else {
            throw .notInHierarchy(constraint: description)
        }
        var host = first
        if _secondCell?.reference != nil {
            guard let secondView = _secondCell.unsafelyUnwrapped.owningView,
                let common = View._nearestCommonAncestor(first, secondView)
            else {
                throw .noCommonAncestor(constraint: description)
            }
            host = common
        }
        _activationOrder = order ?? LayoutConstraint.nextActivationOrder()
        host._withUnsafeGuaranteedRef { host in
            _hostCell = host._cell
            host._appendConstraint(self)
            host._unmanagedRoot._withUnsafeGuaranteedRef { $0._membership.unmanagedEngine }?
                ._withUnsafeGuaranteedRef { $0.constraintDidActivate(self) }
        }
    }

    /// Deactivates the constraint (removes it from its view and the solver).
    public func deactivate() {
        guard let host = _host else { return }
        host.rootView._membership.engine?.constraintWillDeactivate(self)
        if let index = host._constraints.firstIndex(where: { $0 === self }) {
            host._constraints.remove(at: index)
        }
        _host = nil
    }

    /// Checks the attribute combination the way UIKit does when it creates a constraint.
    func validate() throws(LayoutError) {
        let a = firstAttribute
        let b = secondAttribute
        if a == .notAnAttribute {
            throw .invalidAttributes(
                constraint: description, reason: "the first attribute is missing")
        }
        if !multiplier.isFinite || !_constant.isFinite {
            throw .invalidAttributes(
                constraint: description, reason: "multiplier and constant must be finite")
        }
        if _secondCell?.reference == nil {  // `_secondItem == nil`, read unretained
            if !a.isDimension {
                throw .invalidAttributes(
                    constraint: description,
                    reason: "a position (\(a)) cannot equal a constant; relate it to another item")
            }
            return
        }
        if b == .notAnAttribute {
            throw .invalidAttributes(
                constraint: description, reason: "the second attribute is missing")
        }
        if a.isDimension != b.isDimension {
            throw .invalidAttributes(
                constraint: description, reason: "a size cannot be related to a position")
        }
        if !a.isDimension, a.axis != b.axis {
            throw .invalidAttributes(
                constraint: description,
                reason:
                    "an \(a.axis == .horizontal ? "x" : "y") position cannot be related to a\(a.axis == .horizontal ? " y" : "n x") position"
            )
        }
        if (a.isDirectional && b.isAbsoluteHorizontalEdge)
            || (a.isAbsoluteHorizontalEdge && b.isDirectional)
        {
            throw .invalidAttributes(
                constraint: description, reason: "leading/trailing cannot be related to left/right")
        }
    }

    /// Changes the constant of an engine-made constraint (no notification: the engine does it).
    func _setConstant(_ value: Double) { _constant = value }

    /// Changes the priority of an engine-made constraint (no checks: the engine reinstalls it).
    func _setPriority(_ value: LayoutPriority) { _priority = value }

    /// The engine of the hierarchy the constraint is active in.
    private var _engine: LayoutEngine? { _host?.rootView._membership.engine }

    private static let activationCounter = _NameCounter()
    static func nextActivationOrder() -> Int { activationCounter.next() }

    // MARK: Description

    /// `cover.leading == contentView.leading + 16 @750 (identifier)`: items by
    /// `layoutName`, the multiplier when it is not 1, the constant when it is
    /// not 0 (a constant-only constraint shows it alone), the priority when it
    /// is not required, the identifier in parentheses.
    public var description: String {
        var text = "\(_firstItem?.layoutName ?? "nil").\(firstAttribute) \(relation.symbol) "
        if let second = _secondItem {
            if multiplier != 1 { text += "\(formatPoints(multiplier)) * " }
            text += "\(second.layoutName).\(secondAttribute)"
            if _constant > 0 { text += " + \(formatPoints(_constant))" }
            if _constant < 0 { text += " - \(formatPoints(-_constant))" }
        } else {
            text += formatPoints(_constant)
        }
        if _priority != .required { text += " @\(formatPoints(Double(_priority.rawValue)))" }
        if let identifier { text += " (\(identifier))" }
        return text
    }
}

extension LayoutRelation {
    /// `<=`, `==` or `>=`.
    public var symbol: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }

    /// The relation with its sides swapped (`<=` ↔ `>=`).
    var flipped: LayoutRelation {
        switch self {
        case .lessThanOrEqual: return .greaterThanOrEqual
        case .equal: return .equal
        case .greaterThanOrEqual: return .lessThanOrEqual
        }
    }
}
