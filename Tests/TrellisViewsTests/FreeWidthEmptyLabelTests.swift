import Testing
import TrellisGeometry
import TrellisSupport
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// A multi-line label whose width the hiding leaves free (a hidden body in
/// a vertical stack: `UISV-hiding` fixes its height only) sends every
/// layout back to UIKit's first pass, unless it has no text: an exact
/// `Label` without text measures 0 × 0 at any width, so where its passes
/// start cannot move anything, and the refit keeps answering
/// (`LayoutEngine.freeLabelWidthsMatter()`). Reused cells must lay out as
/// new ones either way: bodies shown, hidden and empty, and hidden with a
/// text kept (which does need the first pass), beside a title whose width
/// is fixed and a picture whose height follows its width.
@Suite struct FreeWidthEmptyLabelTests {
    static let titles = ["Title", "A title long enough to wrap onto a second line at this width"]
    static let bodies = [
        "", "", "Short.", "A body long enough to wrap onto a second line at this width, and on.",
        "Three lines at least: the quick brown fox jumps over the lazy dog, again and again.",
    ]

    final class Cell {
        let content = View()
        let title: Label
        let body: Label
        let picture = ImageView()

        init() throws {
            let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 15)
            title = Label(style: style)
            title.numberOfLines = 0
            body = Label(style: style)
            body.numberOfLines = 0
            picture.setContentHuggingPriority(999, for: .vertical)
            picture.setContentCompressionResistancePriority(999, for: .vertical)
            addPinnedColumn([title, body, picture], to: content)
        }

        /// A row: title, body, whether the body is hidden, picture ratio.
        func show(_ row: Row) {
            title.text = row.title
            body.text = row.body
            if body.isHidden != row.bodyHidden { body.isHidden = row.bodyHidden }
            picture.aspectRatio = row.ratio
        }

        func frames(width: Double, height: Double) -> [Rect] {
            content.frame = Rect(x: 0, y: 0, width: width, height: height)
            content.layoutIfNeeded()
            return [title, body, picture].map { $0.convert($0.bounds, to: content) }
        }
    }

    struct Row: CustomStringConvertible {
        var title: String
        var body: String
        var bodyHidden: Bool
        var ratio: Double
        var description: String { "\(title.prefix(8))|\(body.prefix(8))|\(bodyHidden)|\(ratio)" }
    }

    /// Rows whose body is hidden exactly when empty (as a feed hides it),
    /// or, with `keepsHiddenText`, also hidden now and then with a text.
    static func row(_ rng: inout SplitMix64, keepsHiddenText: Bool) -> Row {
        let body = bodies[rng.below(bodies.count)]
        let hidden = body.isEmpty || (keepsHiddenText && rng.below(3) == 0)
        return Row(
            title: titles[rng.below(titles.count)], body: body, bodyHidden: hidden,
            ratio: [0.5, 0.75, 1.25][rng.below(3)])
    }

    /// Lays out 150 rows reused and fresh; returns, over the rows that
    /// follow a measurement at the same width with the same hidden body
    /// (no frame layout between), how many
    /// had an empty hidden body and how many of those the refit answered.
    func check(seed: Int, keepsHiddenText: Bool) throws -> (emptyHidden: Int, refitted: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 5_300)
        let cell = try Cell()
        var width = 320.0
        var previous: (width: Double, hidden: Bool)?
        var counts = (emptyHidden: 0, refitted: 0)
        for row in 0..<150 {
            if rng.below(15) == 0 { width = [320, 375, 250][rng.below(3)] }
            let texts = Self.row(&rng, keepsHiddenText: keepsHiddenText)
            cell.show(texts)
            let refitsBefore = cell.content._membership.engine?.refitCount ?? 0
            let height = fittingHeight(of: cell.content, width: width)
            let refitted = (cell.content._membership.engine?.refitCount ?? 0) > refitsBefore
            if let previous, previous == (width, texts.bodyHidden), texts.body.isEmpty {
                counts.emptyHidden += 1
                if refitted { counts.refitted += 1 }
            }
            previous = (width, texts.bodyHidden)
            let fresh = try Cell()
            fresh.show(texts)
            let expected = fittingHeight(of: fresh.content, width: width)
            #expect(close(height, expected), "seed \(seed) row \(row) \(texts): \(height)")
            if rng.below(4) == 0 {
                #expect(
                    close(
                        cell.frames(width: width, height: height),
                        fresh.frames(width: width, height: expected)),
                    "seed \(seed) row \(row) \(texts)")
                previous = nil  // a frame layout: the next measurement is planned again
            }
        }
        return counts
    }

    /// Hidden bodies are empty: the refit answers a row whose body stays
    /// hidden as it answers one whose body stays shown (before, each went
    /// the general way, its passes started over).
    @Test(arguments: 0..<4)
    func emptyHiddenBodiesKeepTheRefit(seed: Int) throws {
        let counts = try check(seed: seed, keepsHiddenText: false)
        // (A row may still go the general way now and then, when the
        // size constraints of a view move to edit form; before, none of
        // these rows was refitted.)
        #expect(counts.emptyHidden >= 8, "seed \(seed): \(counts)")
        #expect(counts.refitted * 10 >= counts.emptyHidden * 9, "seed \(seed): \(counts)")
    }

    /// Hidden bodies that keep a text go the general way (their passes
    /// must start over), and still lay out as new cells do.
    @Test(arguments: 0..<4)
    func hiddenBodiesWithTextAgreeWithNewCells(seed: Int) throws {
        _ = try check(seed: seed, keepsHiddenText: true)
    }
}
