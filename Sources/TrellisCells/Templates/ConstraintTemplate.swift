// What every constraint-based cell shares: a reusable view hierarchy, sized
// with systemLayoutSizeFitting, wrapped as a `CellTemplate`.

import TrellisConstraints
import TrellisGeometry
import TrellisViews

/// A cell's view hierarchy built with constraints on a content view.
public protocol ConstraintCellView: AnyObject {
    /// The row type the cell shows.
    associatedtype Item
    /// The template's name, for errors.
    var templateName: String { get }
    /// Widths at or below this leave no room for the content.
    var minimumWidth: Double { get }
    /// The root of the hierarchy; the same view for the cell's whole life.
    var contentView: View { get }
    /// The pixel scale heights are rounded up to (constant for the cell's life).
    var scale: Double { get }
    /// Shows an item (label texts, image aspect ratio, optional views).
    /// Throws when the row does not hold what the cell reads (a template
    /// file's field path into a value that is not an object).
    func configure(with item: Item) throws(CellError)
    /// The subviews' frames after layout, in the template's order.
    var subviewFrames: [NamedFrame] { get }
    /// Labels whose measurement errors must surface as cell errors (the
    /// same labels for the cell's whole life).
    var labels: [Label] { get }
    /// The shape of hierarchy `item` needs, as UIKit apps pick a reuse
    /// identifier: rows of one shape show the same views (the same hidden
    /// views, the same optional views present) and differ only in texts,
    /// images' sizes and constants. A `ConstraintTemplate` keeps one
    /// hierarchy per shape (`ConstraintTemplate.shapeLimit` of them), so a
    /// row of a shape seen before costs no change to the constraints.
    /// Nil (the default): one hierarchy shows every row. Any key gives the
    /// same layouts (a reused hierarchy lays out as a fresh one); a key
    /// that tells shapes apart only makes rows cheaper.
    func shapeKey(for item: Item) -> Int?
}

extension ConstraintCellView {
    /// No shapes: one hierarchy shows every row.
    public func shapeKey(for item: Item) -> Int? { nil }
}

extension ConstraintCellView {
    /// The self-sizing height at a width: `systemLayoutSizeFitting` with a
    /// required width and a fitting-level height (UITableView's self-sizing
    /// call), rounded up to the pixel grid as the frame code does.
    public func fittingHeight(width: Double) -> Double {
        let size = contentView.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        return PixelGrid.ceil(size.height, scale: scale)
    }

    /// Sizes the content view to its fitting height at `width`, lays out its
    /// subviews, and returns their frames.
    public func layout(width: Double) -> CellLayout {
        let height = fittingHeight(width: width)
        contentView.frame = Rect(x: 0, y: 0, width: width, height: height)
        contentView.layoutIfNeeded()
        return CellLayout(width: width, height: height, frames: subviewFrames)
    }
}

/// A constraint-based template. With `reusingEngine` (the default) one view
/// hierarchy and its solver serve every row of a shape
/// (`ConstraintCellView.shapeKey(for:)`), so only label texts and the width
/// change between rows and the engine applies them as edits; without it a
/// new hierarchy and engine are built per row, as a naive cell would.
public struct ConstraintTemplate<CellView: ConstraintCellView>: CellTemplate {
    public typealias Item = CellView.Item
    public let reusingEngine: Bool
    @usableFromInline let make: () throws(CellError) -> CellView
    /// The hierarchy of the last row (reused across rows of its shape when
    /// `reusingEngine`).
    public var cell: CellView { _cell }
    /// `cell`'s storage, which inlinable code (`showShape`) may set.
    @usableFromInline var _cell: CellView
    /// What every row reads from `cell`, read once per hierarchy.
    @usableFromInline var parts: _CellParts
    /// The shape `cell` shows (nil before the first row with a shape key).
    @usableFromInline var shape: Int?
    /// The hierarchies of other shapes, waiting for a row of theirs.
    @usableFromInline var idleShapes: [_IdleShape<CellView>] = []
    /// At most this many hierarchies are kept (one per shape, 8 by
    /// default); a row of a new shape beyond them changes the last row's
    /// hierarchy, as one hierarchy for every row would.
    public var shapeLimit = 8
    public var name: String { cell.templateName }
    public var path: LayoutPath { .constraints }

    /// A template over the hierarchies `make` builds (once, or per row
    /// without `reusingEngine`).
    public init(reusingEngine: Bool, make: @escaping () -> CellView) {
        self.reusingEngine = reusingEngine
        self.make = make
        let cell = make()
        _cell = cell
        parts = _CellParts(cell)
    }

    /// The same for hierarchies whose building can fail (template files).
    public init(reusingEngine: Bool, building: @escaping () throws(CellError) -> CellView)
        throws(CellError)
    {
        self.reusingEngine = reusingEngine
        self.make = building
        let cell = try building()
        _cell = cell
        parts = _CellParts(cell)
    }

    // The per-row path is inlinable, so a client's loop over a concrete
    // cell view is specialized for it (the row type and `configure` are
    // then known), as it was when every template took `AnimalItem`.

    @inlinable @inline(__always)
    mutating func prepare(_ item: Item, width: Double) throws(CellError) -> CellView {
        // `checkWidth`, without reading the name unless the width is refused.
        if !(width.isFinite && width > parts.minimumWidth) {
            try checkWidth(width, minimum: parts.minimumWidth, template: name)
        }
        if !reusingEngine {
            try remake()
        } else if let key = _cell.shapeKey(for: item), key != shape {
            try showShape(key)
        }
        try _cell.configure(with: item)
        return _cell
    }

    /// A new hierarchy (a template that does not reuse its engine).
    @usableFromInline mutating func remake() throws(CellError) {
        _cell = try make()
        parts = _CellParts(_cell)
    }

    @inlinable @inline(__always)
    func checkMeasured() throws(CellError) {
        for label in parts.labels where label._withUnsafeGuaranteedRef({ $0.hasMeasurementError }) {
            // Static, with the cell alone: a method would take a copy of
            // the template on every row, to pass it.
            try Self.throwMeasurementError(in: _cell)
        }
    }

    @usableFromInline static func throwMeasurementError(in cell: CellView) throws(CellError) {
        guard let (label, error) = Label.firstMeasurementError(in: cell.labels) else { return }
        throw CellError(template: cell.templateName, message: "\(label.layoutName): \(error)")
    }

    public mutating func layout(_ item: Item, width: Double) throws(CellError) -> CellLayout {
        let cell = try prepare(item, width: width)
        let result = cell.layout(width: width)
        try checkMeasured()
        return result
    }

    @inlinable
    public mutating func height(for item: Item, width: Double) throws(CellError) -> Double {
        _ = try prepare(item, width: width)
        // `fittingHeight(width:)`, through the parts read once.
        let size = parts.contentView._withUnsafeGuaranteedRef {
            $0.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
        }
        let result = PixelGrid.ceil(size.height, scale: parts.scale)
        try checkMeasured()
        return result
    }
}

/// A hierarchy kept for rows of its shape, with the parts rows read.
@usableFromInline struct _IdleShape<CellView: ConstraintCellView> {
    @usableFromInline var key: Int
    @usableFromInline var cell: CellView
    @usableFromInline var parts: _CellParts

    @usableFromInline init(key: Int, cell: CellView, parts: _CellParts) {
        self.key = key
        self.cell = cell
        self.parts = parts
    }
}

/// The parts of a cell view every row reads, unretained (the cell keeps
/// them): reading them through the protocol would retain each, every row.
@usableFromInline struct _CellParts {
    // Safe: the template holds `cell`, which holds these; `cell`'s `didSet` makes new parts.
    @usableFromInline let contentView: Unmanaged<View>
    @usableFromInline let labels: [Unmanaged<Label>]
    @usableFromInline let scale: Double
    @usableFromInline let minimumWidth: Double

    @usableFromInline init<CellView: ConstraintCellView>(_ cell: CellView) {
        contentView = Unmanaged.passUnretained(cell.contentView)
        labels = cell.labels.map { Unmanaged.passUnretained($0) }
        scale = cell.scale
        minimumWidth = cell.minimumWidth
    }
}
