// How the sample rows are read from data files, generated and shown.

import TrellisCells
import TrellisData
import TrellisGeometry

extension RowFormat where Item == AnimalItem {
    /// The sample rows: `title`, `subtitle`, `image`, as `JSONLinesLoader` reads them.
    public static var samples: RowFormat<AnimalItem> {
        RowFormat(
            read: { row throws(JSONRowError) in try AnimalItem(row: row) },
            generate: { seed, count in AnimalDataGenerator(seed: seed).items(count: count) },
            summary: { item in
                item.title.isEmpty ? item.subtitle : "\(item.title): \(item.subtitle)"
            },
            mediaSize: { $0.imageSize },
            jsonRow: { $0.jsonRow })
    }
}

extension AnimalItem {
    /// The sample row a data file's JSON row holds, by `JSONLinesLoader`'s
    /// rules: `title` and `subtitle` strings (one at least), `image` an
    /// optional `[width, height]` of finite positive numbers.
    public init(row: JSONRow) throws(JSONRowError) {
        let title = try row.string(at: Self.titlePath)
        let subtitle = try row.string(at: Self.subtitlePath)
        guard title != nil || subtitle != nil else {
            throw JSONRowError(
                path: Self.titlePath,
                message: "is missing, and so is \"subtitle\" (a row needs one)")
        }
        self.init(
            title: title ?? "", subtitle: subtitle ?? "",
            imageSize: try row.size(at: Self.imagePath))
    }

    /// Made once: parsing a key path per row cost as much as reading its size.
    private static let imagePath = JSONKeyPath("image")!
    private static let titlePath = JSONKeyPath("title")!
    private static let subtitlePath = JSONKeyPath("subtitle")!
}

extension RowFormat where Item == PostItem {
    /// Posts, with the keys `PostItem.json` writes.
    public static var posts: RowFormat<PostItem> {
        RowFormat(
            read: { row throws(JSONRowError) in try PostItem(row: row) },
            generate: { seed, count in PostDataGenerator(seed: seed).items(count: count) },
            summary: { post in "\(post.authorName) \(post.handle): \(post.body)" },
            mediaSize: { $0.photoSize },
            jsonRow: { $0.jsonRow })
    }
}

extension RowFormat where Item == ProductItem {
    /// Products: `title` and `price`.
    public static var products: RowFormat<ProductItem> {
        RowFormat(
            read: { row throws(JSONRowError) in try ProductItem(row: row) },
            generate: { seed, count in ProductDataGenerator(seed: seed).items(count: count) },
            summary: { item in item.price.isEmpty ? item.title : "\(item.title): \(item.price)" },
            mediaSize: { _ in nil },
            jsonRow: { $0.jsonRow })
    }
}
