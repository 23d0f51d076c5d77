// How constraints and layout guides refer to the items they relate, without
// Swift's `weak` references.

/// A layout item as a constraint, a constraint's host or a guide's owner
/// holds it: a small object shared by everything that refers to the item,
/// which the item clears when it is freed (`LayoutItem`'s and `View`'s
/// `deinit`), so a reader then finds nil.
///
/// UIKit declares a constraint's items unretained:
///
/// > `unowned(unsafe) var firstItem: AnyObject? { get }`
/// > `unowned(unsafe) var secondItem: AnyObject? { get }`
///
/// (`NSLayoutConstraint.firstItem`, `.secondItem`: "The first object
/// participating in the constraint", "The second object …"): views own
/// their constraints, not the reverse. Here an item that has been freed
/// reads as nil rather than dangling, as a `weak` reference would read, but
/// without one: the first `weak` reference to an object gives it a side
/// table, and from then on every retain and release of that object (a view
/// is retained and released at every step of a layout) takes the runtime's
/// slow path through that table. With cells a view's reference counts stay
/// inline; the cell is one small object per item, made when the first
/// constraint or guide refers to the item.
///
/// A hierarchy and its constraints are used from one thread, as the
/// engine's state is; the cell is not synchronised.
final class _ItemCell {
    /// The item, nil once it has been freed. Unretained: its `deinit`
    /// clears this before its storage goes, so a non-nil value is alive.
    var item: LayoutItem? {
        get { reference?.takeUnretainedValue() }
        set { reference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `item`, as it is stored: read through it, a reader that only
    /// compares or follows the item (activating a constraint) retains and
    /// releases nothing.
    @exclusivity(unchecked) var reference: Unmanaged<LayoutItem>?
    /// Whether the item is a `LayoutGuide` (else a `View`).
    let isGuide: Bool

    init(_ item: LayoutItem) {
        reference = Unmanaged.passUnretained(item)
        isGuide = item is LayoutGuide
    }

    /// The item as the view it is (a cell made by a `View`).
    var view: View? {
        guard let item else { return nil }
        return unsafeDowncast(item, to: View.self)
    }

    /// `LayoutItem._owningView` of the item, unretained: the item itself
    /// for a view, a guide's owning view; nil once either is freed.
    var owningView: Unmanaged<View>? {
        guard let reference else { return nil }
        guard isGuide else { return Unmanaged<View>.fromOpaque(reference.toOpaque()) }
        return reference._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: LayoutGuide.self)._ownerCell?.viewReference
        }
    }

    /// `view`, unretained.
    var viewReference: Unmanaged<View>? {
        guard let reference else { return nil }
        return Unmanaged<View>.fromOpaque(reference.toOpaque())
    }
}
