// A stack's arrangement kept up to date: made again by difference (only the
// constraints that change go out and come in), and the proportions of the
// fill-proportionally distribution, which follow intrinsic sizes.

import TrellisConstraints
import TrellisGeometry

extension StackView {
    /// `planned` against the current arrangement: the current constraints
    /// that `planned` also has (same items, attributes, relation,
    /// multiplier, priority and identifier) stay active, with `planned`'s
    /// constant (`retuned` lists those whose constant changes), and only
    /// the others go out and come in. Hiding one view of ten changes a few
    /// constraints instead of all of them (each one a solver change), and
    /// a new constant is cheaper still (the dual simplex, no new row).
    func _difference(to planned: [LayoutConstraint]) -> (
        kept: [LayoutConstraint], removed: [LayoutConstraint], added: [LayoutConstraint],
        retuned: [(constraint: LayoutConstraint, constant: Double)]
    ) {
        // A stack's first arrangement: all of it comes in (what the loop
        // below finds, without a key made and looked up per constraint).
        if _arrangement.isEmpty { return ([], [], planned, []) }
        var current = [_ArrangementKey: [LayoutConstraint]](minimumCapacity: _arrangement.count)
        for constraint in _arrangement {
            current[_ArrangementKey(constraint), default: []].append(constraint)
        }
        var kept: [LayoutConstraint] = []
        var added: [LayoutConstraint] = []
        var retuned: [(constraint: LayoutConstraint, constant: Double)] = []
        for constraint in planned {
            let key = _ArrangementKey(constraint)
            guard var same = current[key], !same.isEmpty else {
                added.append(constraint)
                continue
            }
            // The same constant if there is one, else the last.
            let match = same.lastIndex { $0.constant == constraint.constant } ?? same.count - 1
            let existing = same.remove(at: match)
            current[key] = same
            kept.append(existing)
            if existing.constant != constraint.constant {
                retuned.append((existing, constraint.constant))
            }
        }
        return (kept, current.values.flatMap { $0 }, added, retuned)
    }

    /// The intrinsic length `fillProportionally` gives `view`: along the
    /// axis, 0 without one, and 0 for a multi-line label in a horizontal
    /// stack (its width follows from its text's wrapping), as UIKit.
    private func _proportionalLength(_ view: View) -> Double {
        if axis == .horizontal, let label = view as? Label, label.numberOfLines != 1 { return 0 }
        let size = view.intrinsicContentSize
        let length = axis == .horizontal ? size.width : size.height
        return length.isFinite && length > 0 ? length : 0
    }

    /// `fillProportionally`, as UIKit makes it. Each visible view with an
    /// intrinsic length is `UISV-fill-proportionally`: as long as the
    /// stack (the stack itself, margins or not) times its length over the
    /// sum of the visible views' lengths and the spacing between them, at
    /// 999 for the first arranged view, 998 for the second, … (hidden views
    /// count; 1000 when one view is visible), so the last views give way
    /// when the multipliers do not add up (UIKit's multipliers count the
    /// spacing but no constant takes it off: a stack longer or shorter
    /// than its content leaves the difference to the lowest priority). A
    /// visible view without one is 0 long (required). When the visible
    /// lengths are too small to share by (all 0, one view at most 1 long,
    /// or, with hidden views, no more than the spacing times their count)
    /// the views fill equally (`UISV-fill-equally`), as UIKit. Made again
    /// when an intrinsic length changed: before a layout, and within it
    /// while labels are measured at their solved widths. True when they changed.
    @discardableResult
    func _refreshProportions(force: Bool = false) -> Bool {
        guard distribution == .fillProportionally else { return false }
        let along = axis == .horizontal ? _StackAxis.horizontal : .vertical
        let arranged = arrangedSubviews
        let sizes = arranged.map { $0.isHidden ? -1 : _proportionalLength($0) }
        guard force || sizes != _proportional.sizes else { return false }
        LayoutConstraint.deactivate(_proportional.constraints)
        let visible = arranged.filter { !$0.isHidden }
        let lengths = sizes.filter { $0 >= 0 }
        let total = lengths.reduce(0, +)
        let hidden = arranged.count - visible.count
        let tooSmall: Bool
        if hidden == 0 {
            tooSmall = visible.count == 1 ? total <= 1 : total == 0
        } else {
            tooSmall = total <= spacing * Double(hidden)
        }
        var made: [LayoutConstraint] = []
        if let first = visible.first, tooSmall {
            for view in visible.dropFirst() {
                made.append(make(view, along.size, .equal, first, along.size, "UISV-fill-equally"))
            }
        } else if !visible.isEmpty {
            let whole = total + spacing * Double(visible.count - 1)
            let countsDown = visible.count > 1
            var priority: Float = 1000
            for (view, length) in zip(arranged, sizes) {
                if countsDown { priority -= 1 }
                guard length >= 0 else { continue }
                guard length > 0 else {
                    made.append(
                        make(view, along.size, .equal, nil, constant: 0, "UISV-fill-proportionally")
                    )
                    continue
                }
                made.append(
                    make(
                        view, along.size, .equal, self, along.size, multiplier: length / whole,
                        priority: LayoutPriority(rawValue: max(1, priority)),
                        "UISV-fill-proportionally"))
            }
        }
        _proportional = (made, sizes)
        LayoutConstraint.activate(made)
        return true
    }
}
/// What makes two stack constraints the same constraint, but for its constant.
struct _ArrangementKey: Hashable {
    let first: ObjectIdentifier?
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let second: ObjectIdentifier?
    let secondAttribute: LayoutAttribute
    let multiplier: Double
    let priority: Float
    let identifier: String?

    init(_ constraint: LayoutConstraint) {
        first = constraint._firstItem.map { ObjectIdentifier($0) }
        firstAttribute = constraint.firstAttribute
        relation = constraint.relation
        second = constraint._secondItem.map { ObjectIdentifier($0) }
        secondAttribute = constraint.secondAttribute
        multiplier = constraint.multiplier
        priority = constraint.priority.rawValue
        identifier = constraint.identifier
    }

    /// Hashes the items and attributes only: hashing the identifier's text
    /// cost more than the rest of an arrangement's difference (callgrind),
    /// and the items and attributes already tell nearly all keys apart.
    func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(firstAttribute)
        hasher.combine(second)
        hasher.combine(secondAttribute)
    }
}
