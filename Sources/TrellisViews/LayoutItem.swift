// What views and layout guides share: four solver variables (in the root
// view's coordinates), a name for logs, and anchors.

import TrellisConstraints
import TrellisGeometry
import TrellisSupport

/// Something constraints can refer to: a `View` or a `LayoutGuide`.
///
/// Each item owns four solver variables: the x and y of its top-left corner in
/// the coordinates of its hierarchy's root view, its width and its height.
/// Every attribute is a linear expression of them (`right = minX + width`,
/// `centerY = minY + height / 2`, ...).
open class LayoutItem {
    let _minX: Variable
    let _minY: Variable
    let _width: Variable
    let _height: Variable
    private static let counter = _NameCounter()
    private let _serial: Int
    private let _kindName: String

    /// The name used in constraint descriptions and diagnostics
    /// (`cover.leading == contentView.leading + 16`). When nil, a name made of
    /// the type and a serial number is used (`Label#12`); the Visual Format
    /// Language names unnamed views after their key in its `views` dictionary.
    @exclusivity(unchecked) public var name: String?
    /// What constraints and guides hold of this item (made on first use):
    /// see `_ItemCell`. Cleared when the item is freed.
    @exclusivity(unchecked) var _cellStorage: _ItemCell?

    init(kindName: String) {
        _serial = Self.counter.next()
        _kindName = kindName
        // Named `kindName#serial.part`, joined only when a name is read.
        _minX = Variable(kindName, serial: _serial, part: .minX)
        _minY = Variable(kindName, serial: _serial, part: .minY)
        _width = Variable(kindName, serial: _serial, part: .width)
        _height = Variable(kindName, serial: _serial, part: .height)
    }

    deinit { _cellStorage?.item = nil }

    /// The cell that stands for this item in constraints and guides.
    var _cell: _ItemCell {
        if let cell = _cellStorage { return cell }
        let cell = _ItemCell(self)
        _cellStorage = cell
        return cell
    }

    /// `name`, or the type and serial number when no name is set.
    public var layoutName: String { name ?? "\(_kindName)#\(_serial)" }

    /// The view whose hierarchy this item belongs to (itself for a view).
    var _owningView: View? { nil }

    /// The direction leading/trailing follow for this item.
    var _layoutDirection: UserInterfaceLayoutDirection {
        _owningView?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
    }

    // MARK: Anchors (each call makes a small value; constraints are made from them)

    /// The leading edge (left, or right in a right-to-left layout).
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge (right, or left in a right-to-left layout).
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge, whatever the layout direction.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge, whatever the layout direction.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The horizontal center.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The vertical center.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}

/// Thread-safe serial numbers for default item names.
final class _NameCounter: Sendable {
    private let value = Locked(0)
    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }

    /// Takes `count` numbers at once under one lock; returns the first
    /// (the numbers `count` calls of `next()` would have given, in order,
    /// when no other thread takes one between them).
    func reserve(_ count: Int) -> Int {
        value.withLock {
            let first = $0 + 1
            $0 += count
            return first
        }
    }
}

/// A rectangle that takes part in layout without being drawn, as `UILayoutGuide`:
/// spacers, groups, and the layout-margins and safe-area guides of a view.
public final class LayoutGuide: LayoutItem {
    enum Kind {
        case custom
        case layoutMargins
        case safeArea
    }

    let _kind: Kind
    /// The view the guide belongs to (nil once that view is freed).
    public internal(set) var owningView: View? {
        get { _ownerCell?.view }
        set { _ownerCell = newValue?._cell }
    }
    /// The owning view, held as constraints hold their items (`_ItemCell`).
    @exclusivity(unchecked) var _ownerCell: _ItemCell?
    /// The guide's rectangle in its owning view's coordinates, from the last layout.
    // Unchecked as the hierarchy's other stored state (see View): one
    // thread, written by every layout.
    @exclusivity(unchecked) public internal(set) var layoutFrame: Rect = .zero

    /// Same as `name`, UIKit's spelling for guides.
    public var identifier: String? {
        get { name }
        set { name = newValue }
    }

    /// A guide to add to a view with `View.addLayoutGuide(_:)`.
    public init() {
        _kind = .custom
        super.init(kindName: "LayoutGuide")
    }

    init(kind: Kind, owner: View) {
        _kind = kind
        _ownerCell = owner._cell
        super.init(kindName: kind == .safeArea ? "SafeAreaGuide" : "MarginsGuide")
    }

    override var _owningView: View? { owningView }

    override public var layoutName: String {
        if name != nil { return super.layoutName }
        switch _kind {
        case .custom: return super.layoutName
        case .layoutMargins: return "\(owningView?.layoutName ?? "nil").layoutMarginsGuide"
        case .safeArea: return "\(owningView?.layoutName ?? "nil").safeAreaLayoutGuide"
        }
    }
}
