import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// `LayoutEngine.polledRefit`, the refit of a reused cell whose one polled
/// label (a multi-line subtitle of fixed width) is all that can change,
/// must answer exactly as the general refit does: the same heights to the
/// bit, the same frames, and the same engine state for the rows after.
@Suite struct PolledRefitTests {
    typealias Cell = RefitTests.Cell

    static let words = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "שלום", "עולם",
        "supercalifragilistic", "a", "I", "wrap", "line", "—", "x",
    ]

    /// A random text of 0 to 40 words (empty sometimes).
    static func text(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...40, using: &random)
        return (0..<count).map { _ in words.randomElement(using: &random)! }.joined(
            separator: " ")
    }

    /// Two reused cells, one refitted only by the general path, shown the
    /// same rows; after each row their heights (bit for bit), their frames
    /// and their engines' answers must agree.
    func compare(seed: UInt64, rows: Int, widths: [Double], between: (Cell, Cell, Int) -> Void)
        throws -> (polled: Int, general: Int)
    {
        var random = SeededGenerator(seed: seed)
        let fast = try Cell()
        let general = try Cell()
        var engines: [LayoutEngine] = []
        for row in 0..<rows {
            let title = Self.text(&random)
            let subtitle = Self.text(&random)
            let width = widths[row % widths.count]
            for cell in [fast, general] { cell.show(title, subtitle) }
            between(fast, general, row)
            let a = fast.height(width: width)
            let b = general.height(width: width)
            #expect(a.bitPattern == b.bitPattern, "row \(row): \(a) against \(b)")
            if engines.isEmpty {
                engines = [
                    try #require(fast.content._membership.engine),
                    try #require(general.content._membership.engine),
                ]
                engines[1].polledRefitEnabled = false
            }
            if row % 7 == 3 {
                // Frames read now and then (which suggests a pending height).
                for cell in [fast, general] {
                    cell.content.frame = Rect(x: 0, y: 0, width: width, height: a)
                    cell.content.layoutIfNeeded()
                }
                #expect(fast.subtitle.frame == general.subtitle.frame, "row \(row)")
                #expect(fast.title.frame == general.title.frame, "row \(row)")
            }
            #expect(engines[0].refitCount == engines[1].refitCount, "row \(row)")
            #expect(engines[0].rebuildCount == engines[1].rebuildCount, "row \(row)")
        }
        #expect(engines[1].polledRefitCount == 0)
        return (engines[0].polledRefitCount, engines[0].refitCount)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomRowsAgreeWithTheGeneralRefit(seed: UInt64) throws {
        let counts = try compare(seed: seed, rows: 120, widths: [300], between: { _, _, _ in })
        // Most rows are the polled refit's (100 of 120 for seeds 1-3; the
        // rows after a frame pass or an empty text go the general way).
        #expect(counts.polled >= 90)
        #expect(counts.polled <= counts.general)
    }

    @Test func widthChangesAgreeWithTheGeneralRefit() throws {
        let counts = try compare(
            seed: 7, rows: 90, widths: [300, 300, 300, 180, 180, 420], between: { _, _, _ in })
        #expect(counts.polled >= 12)  // 16: a new width starts over
    }

    /// Changes the fast path must leave to the general one: a constant
    /// moving the subtitle's width, the subtitle measured alone by another
    /// engine, the title's height freed.
    @Test func changesBetweenRowsAgreeWithTheGeneralRefit() throws {
        let counts = try compare(seed: 11, rows: 80, widths: [300]) { fast, general, row in
            for cell in [fast, general] {
                switch row {
                case 20: cell.subtitleRight.constant = -120
                case 30:
                    _ = cell.subtitle.systemLayoutSizeFitting(
                        Size(width: 90, height: 0), withHorizontalFittingPriority: .required,
                        verticalFittingPriority: .fittingSizeLevel)
                case 45: cell.titleHeight.isActive = false
                case 60: cell.titleHeight.isActive = true
                default: break
                }
            }
        }
        #expect(counts.polled > 30)
    }
}
