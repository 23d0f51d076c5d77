// Adapters that let lists and collection layouts take heights from cell
// templates (TrellisLists only knows `CellSizing`).

import TrellisGeometry
import TrellisLists

/// Lets a table ask a (mutating) template for row heights. A class, because
/// `CellSizing.height(at:width:)` is not mutating while templates keep state.
public final class TemplateSizing<Template: CellTemplate>: CellSizing {
    public var template: Template
    public let items: [Template.Item]
    /// The first error a row gave; the row reports NaN so the table stops.
    public private(set) var error: CellError?

    public init(template: Template, items: [Template.Item]) {
        self.template = template
        self.items = items
    }

    public func height(at indexPath: IndexPath, width: Double) -> Double {
        guard items.indices.contains(indexPath.row) else {
            if error == nil {
                error = CellError(
                    template: template.name,
                    message: "row \(indexPath.row + 1) does not exist (\(items.count) rows)")
            }
            return .nan
        }
        do {
            return try template.height(for: items[indexPath.row], width: width)
        } catch {
            if self.error == nil {
                self.error = CellError(
                    template: error.template, message: "row \(indexPath.row + 1): \(error.message)")
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
