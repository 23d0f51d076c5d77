// A template over one row type used with rows of another: a template file
// (JSON rows) compared with frame code written for a Swift struct, or the
// other way round.

/// `base` laid out for rows of type `Item`, each turned into the base's
/// row by `transform` first.
public struct MappedTemplate<Base: CellTemplate, Item>: CellTemplate {
    public var base: Base
    private let transform: (Item) -> Base.Item

    public init(_ base: Base, transform: @escaping (Item) -> Base.Item) {
        self.base = base
        self.transform = transform
    }

    public var name: String { base.name }
    public var path: LayoutPath { base.path }

    public mutating func layout(_ item: Item, width: Double) throws(CellError) -> CellLayout {
        try base.layout(transform(item), width: width)
    }

    public mutating func height(for item: Item, width: Double) throws(CellError) -> Double {
        try base.height(for: transform(item), width: width)
    }
}
