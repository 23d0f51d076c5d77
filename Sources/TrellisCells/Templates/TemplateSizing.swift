// Adapters that let lists and collection layouts take heights from cell
// templates (TrellisLists only knows `CellSizing`).

import TrellisGeometry
import TrellisLists

/// Lets a table ask a (mutating) template for row heights. A class, because
/// `CellSizing.height(at:width:)` is not mutating while templates keep state.
///
/// Which item a row shows is the data source's answer, as UIKit's
/// `tableView(_:cellForRowAt:)` reads the index path's section and row:
/// - `init(template:items:)`: the items are one section's rows (row r of
///   section 0 is `items[r]`);
/// - `init(template:items:sectionRowCounts:)`: the items are the rows of
///   every section in order (row r of section s is
///   `items[sectionRowCounts[0..<s].sum() + r]`, `SectionRowNumbering`);
/// - `init(template:items:itemIndex:)`: a closure names the item of each
///   index path.
///
/// An index path with no item (a section or row the sizing was not given)
/// reports NaN, so the table stops with `TableError.invalidMeasuredHeight`,
/// and `error` names the row; it never answers with another row's item.
public final class TemplateSizing<Template: CellTemplate>: CellSizing {
    public var template: Template
    public let items: [Template.Item]
    /// The first error a row gave; the row reports NaN so the table stops.
    public private(set) var error: CellError?
    /// The index in `items` of each index path's item, or nil.
    private let itemIndex: (IndexPath) -> Int?

    /// Items for one section's rows, in order.
    public convenience init(template: Template, items: [Template.Item]) {
        self.init(template: template, items: items, sectionRowCounts: [items.count])
    }

    /// Items for the rows of every section, in order: the first
    /// `sectionRowCounts[0]` are section 0's, the next section 1's, and so on.
    public convenience init(
        template: Template, items: [Template.Item], sectionRowCounts: [Int]
    ) {
        let numbering = SectionRowNumbering(rowCounts: sectionRowCounts)
        self.init(template: template, items: items) { numbering.flatRow(of: $0) }
    }

    /// Items chosen by `itemIndex`: the index in `items` of an index path's
    /// item, or nil when it has none.
    public init(
        template: Template, items: [Template.Item], itemIndex: @escaping (IndexPath) -> Int?
    ) {
        self.template = template
        self.items = items
        self.itemIndex = itemIndex
    }

    public func height(at indexPath: IndexPath, width: Double) -> Double {
        guard let index = itemIndex(indexPath), items.indices.contains(index) else {
            if error == nil {
                error = CellError(
                    template: template.name,
                    message: "no item for \(RowPlace.indexPath(indexPath))")
            }
            return .nan
        }
        do {
            return try template.height(for: items[index], width: width)
        } catch {
            if self.error == nil {
                self.error = CellError(
                    template: error.template,
                    message: RowPlace.append(
                        to: error.message, item: items[index], index: index, indexPath: indexPath))
            }
            return .nan
        }
    }
}

/// A `WaterfallItemSizing` over a template: the item's media aspect ratio, and
/// as caption height whatever the template's cell adds below the media.
public final class TemplateWaterfallSizing<Template: CellTemplate>: WaterfallItemSizing {
    public let sizing: TemplateSizing<Template>
    public let items: [Template.Item]
    /// The media's size of a row (nil: no media, drawn square).
    private let mediaSize: (Template.Item) -> Size?

    /// A sizing whose media sizes come from `mediaSize`.
    public init(sizing: TemplateSizing<Template>, mediaSize: @escaping (Template.Item) -> Size?) {
        self.sizing = sizing
        self.items = sizing.items
        self.mediaSize = mediaSize
    }

    public func aspectRatio(at indexPath: IndexPath) -> Double {
        guard items.indices.contains(indexPath.item) else { return .nan }
        guard let size = mediaSize(items[indexPath.item]) else { return 1 }
        return size.width / size.height
    }

    public func captionHeight(at indexPath: IndexPath, width: Double) -> Double {
        let cell = sizing.height(at: indexPath, width: width)
        let media = width / aspectRatio(at: indexPath)
        return max(0, cell - media)
    }
}
