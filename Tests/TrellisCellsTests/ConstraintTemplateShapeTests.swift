// A constraint template's hierarchies per shape of row: rows alternating
// shapes laid out on the pooled hierarchies equal rows laid out on fresh
// ones, and a row of a shape seen before changes no constraint (which a
// wrong key is shown to break).

import Foundation
import Testing
import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// PostCell's hierarchy with the shape key a test chooses.
final class KeyedPostCellView: ConstraintCellView {
    typealias Item = PostItem
    let post: PostCellView
    let key: (PostItem) -> Int?

    init(style: PostCellStyle, key: @escaping (PostItem) -> Int?) {
        post = PostCellView(style: style)
        self.key = key
    }

    var templateName: String { post.templateName }
    var minimumWidth: Double { post.minimumWidth }
    var contentView: View { post.contentView }
    var scale: Double { post.scale }
    var subviewFrames: [NamedFrame] { post.subviewFrames }
    var labels: [Label] { post.labels }
    func configure(with item: PostItem) { post.configure(with: item) }
    func shapeKey(for item: PostItem) -> Int? { key(item) }
}

@Suite struct ConstraintTemplateShapeTests {
    static let widths: [Double] = [320, 375, 812]

    /// Posts whose shapes alternate: body or none, photo or none (the
    /// generator's rows with the body emptied or the photo dropped in turn).
    static func alternatingShapes(count: Int) -> [PostItem] {
        PostDataGenerator(seed: 5).items(count: count).enumerated().map { row, item in
            var item = item
            if row % 2 == 1 { item.body = "" }
            if row % 4 >= 2 { item.photoSize = nil }
            return item
        }
    }

    /// Rows (with widths) where the two templates give other layouts or heights.
    static func disagreements<A: CellTemplate, B: CellTemplate>(
        _ a: inout A, _ b: inout B, items: [A.Item]
    ) throws -> [String] where A.Item == B.Item {
        var found: [String] = []
        for width in widths {
            for (row, item) in items.enumerated() {
                let x = try a.layout(item, width: width)
                let y = try b.layout(item, width: width)
                if x != y { found.append("row \(row) width \(width):\n\(x)\nvs\n\(y)") }
                // The height alone, through the parts the template reads per row.
                let (p, q) = (
                    try a.height(for: item, width: width), try b.height(for: item, width: width)
                )
                if p != q { found.append("row \(row) width \(width): height \(p) vs \(q)") }
            }
        }
        return found
    }

    @Test func pooledHierarchiesLayOutAsFreshOnes() throws {
        let style = try PostCellStyle.standard(scale: 3)
        var pooled = PostCellConstraints(style: style)
        var fresh = PostCellConstraints(style: style, reusingEngine: false)
        let found = try Self.disagreements(
            &pooled, &fresh,
            items: Self.alternatingShapes(
                count: Soak.count("TRELLIS_SHAPE_ROWS", quick: 25, soak: 200)))
        #expect(found.isEmpty, "\(found.count) layouts differ; first: \(found.prefix(1))")
        #expect(pooled.hierarchyCount == 4)  // body × photo
    }

    @Test func beyondTheLimitTheLastHierarchyTakesTheNewShape() throws {
        let style = try PostCellStyle.standard(scale: 2)
        var pooled = PostCellConstraints(style: style)
        pooled.shapeLimit = 2
        var fresh = PostCellConstraints(style: style, reusingEngine: false)
        let found = try Self.disagreements(
            &pooled, &fresh, items: Self.alternatingShapes(count: 120))
        #expect(found.isEmpty, "\(found.count) layouts differ; first: \(found.prefix(1))")
        #expect(pooled.hierarchyCount == 2)
    }

    /// The template file keys rows by its `hiddenWhenEmpty` and `image`
    /// views: pooled equals fresh on the alternating rows.
    @Test func templateFileHierarchiesLayOutAsFreshOnes() throws {
        let file = try TemplateFile.load(
            path: TestPaths.repository("Templates/PostCell.json"))
        var pooled = try TemplateFileCell(file: file)
        var fresh = try TemplateFileCell(file: file, reusingEngine: false)
        let count = Soak.count("TRELLIS_SHAPE_ROWS", quick: 15, soak: 120)
        let rows = Self.alternatingShapes(count: count).map(\.jsonRow)
        let found = try Self.disagreements(&pooled, &fresh, items: rows)
        #expect(found.isEmpty, "\(found.count) layouts differ; first: \(found.prefix(1))")
        #expect(pooled.hierarchyCount == 4)
        // Bit 0: the body is hidden; bit 1: the photo is.
        for (row, item) in Self.alternatingShapes(count: count).enumerated() {
            let expected = (item.body.isEmpty ? 1 : 0) | (item.photoSize == nil ? 2 : 0)
            #expect(pooled.cell.shapeKey(for: rows[row]) == expected)
        }
    }

    /// Rows on which a hierarchy installed or removed constraints, from its
    /// 17th row on (over its first rows the labels' intrinsic sizes move to
    /// edit form, one label after another),
    /// laying out `rows` through a template keyed by `key`.
    static func constraintChangesAfterFirstRows(
        _ rows: [PostItem], key: @escaping (PostItem) -> Int?
    ) throws -> Int {
        let style = try PostCellStyle.standard(scale: 3)
        var template = ConstraintTemplate(reusingEngine: true) {
            KeyedPostCellView(style: style, key: key)
        }
        var versions: [ObjectIdentifier: (version: Int, rows: Int)] = [:]
        var changes = 0
        for item in rows {
            _ = try template.height(for: item, width: 375)
            let engine = try #require(template.cell.contentView._membership.engine)
            let id = ObjectIdentifier(engine)
            let seen = versions[id] ?? (-1, 0)
            if seen.rows >= 16, seen.version != engine.installVersion { changes += 1 }
            versions[id] = (engine.installVersion, seen.rows + 1)
        }
        return changes
    }

    /// Without photos (a new ratio is a new constraint), rows alternating
    /// between a body and none: with the shape key no constraint changes
    /// after the first row of each shape; with one key for both shapes (or
    /// none) the hierarchy hides and shows the body, row after row.
    @Test func aRowOfAShapeSeenBeforeChangesNoConstraint() throws {
        let rows = Self.alternatingShapes(count: 80).map { item -> PostItem in
            var item = item
            item.photoSize = nil
            return item
        }
        let reference = PostCellView(style: try .standard(scale: 3))
        let keyed = try Self.constraintChangesAfterFirstRows(rows) { reference.shapeKey(for: $0) }
        #expect(keyed == 0)
        let wrong = try Self.constraintChangesAfterFirstRows(rows) { _ in 0 }
        #expect(wrong >= 60)
        let none = try Self.constraintChangesAfterFirstRows(rows) { _ in nil }
        #expect(none >= 60)
    }
}
