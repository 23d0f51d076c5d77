// The heights pass's table keys an image held by its cap by the cap alone
// (`_DirectPlan.isHeldByCap`): rows of random cards whose images are at,
// just above, just below and far from their caps, in vertical stacks laid
// end to end (where the key applies) and in horizontal, centred and
// fill-equally ones (where it does not), laid out with one kept layout and
// with a new general planner each: the same height and frames to the bit,
// or the same refusal, and rows with a capped image of a new ratio replayed.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectCappedImageKeyTests {
    typealias Cards = DirectWidthReplayTests

    static func image(_ random: inout SplitMix64) -> StackTree.Node {
        let cap = [240.0, 120, 300][Int(random.next() % 3)]
        return .image(
            .init(
                aspectRatio: Size(width: 4, height: 3), maxHeight: cap,
                followsWidth: random.next() % 2 == 0))
    }

    /// A part of a card: an image, a label, a vertical stack of a label and
    /// an image (alignment fill, centre or leading), a horizontal row of an
    /// avatar and an image, or a fill-equally column of images.
    static func part(_ random: inout SplitMix64) -> StackTree.Node {
        switch random.next() % 6 {
        case 0, 1:
            return image(&random)
        case 2:
            return Cards.label(&random)
        case 3:
            let alignments: [StackView.Alignment] = [.fill, .center, .leading]
            return .stack(
                .init(
                    axis: .vertical, alignment: alignments[Int(random.next() % 3)], spacing: 4,
                    children: [Cards.label(&random), image(&random)]))
        case 4:
            let alignments: [StackView.Alignment] = [.fill, .top, .center]
            return .stack(
                .init(
                    axis: .horizontal, alignment: alignments[Int(random.next() % 3)], spacing: 8,
                    children: [.fixed(width: 40, height: 40), image(&random)]))
        default:
            return .stack(
                .init(
                    axis: .vertical, distribution: .fillEqually, spacing: 2,
                    children: [image(&random), Cards.label(&random, lines: 1)]))
        }
    }

    static func card(_ random: inout SplitMix64) -> StackTree {
        let parts = (0..<(2 + Int(random.next() % 3))).map { _ in part(&random) }
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
                children: parts))
    }

    /// A row: random texts; each image's ratio random, or such that the
    /// image at `width` (a card's root image) is at its cap, a hair above
    /// or below it, or well above it; now and then a view hidden.
    static func row(of tree: StackTree, width: Double, _ random: inout SplitMix64) -> StackTreeRow {
        var row = StackTreeRow(tree)
        let imageWidth = width - 32
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            switch node.content {
            case .label:
                row.texts[index] = .plain(
                    Cards.words[Int(random.next() % UInt64(Cards.words.count))])
            case .image(let image):
                let cap = image.maxHeight ?? 240
                let nudges = [0, 1e-13, -1e-13, 1e-10, 2e-7, -2e-7, 1e-3, 40, -40]
                if random.next() % 3 == 0 {
                    row.aspectRatios[index] = Size(
                        width: Double(100 + random.next() % 900),
                        height: Double(100 + random.next() % 900))
                } else {
                    let nudge = nudges[Int(random.next() % UInt64(nudges.count))]
                    row.aspectRatios[index] = Size(
                        width: imageWidth, height: cap * (1 + nudge / 100))
                }
            default:
                break
            }
            if random.next() % 8 == 0 { row.isHidden[index].toggle() }
        }
        return row
    }

    @Test func cappedImagesOfAnyRatioReplayTheGeneralPlannersLayout() {
        var random = SplitMix64(seed: 0xCA99_ED)
        var rows = 0
        var laidOut = 0
        var replayedCapped = 0
        var mismatches: [String] = []
        for _ in 0..<200 {
            let tree = Self.card(&random)
            var kept = DirectStackLayout()
            var ratios: Set<[Double]> = []
            for _ in 0..<24 {
                let width = [320.0, 375][Int(random.next() % 2)]
                let row = Self.row(of: tree, width: width, &random)
                let before = kept.plan.heightReplays
                let got = kept.result { (layout) throws(DirectStackLayoutError) in
                    try layout.layout(row, of: tree, width: width)
                }
                let capped = kept.plan.nodes.indices.filter { kept.plan.isHeldByCap($0) }
                let key =
                    [width]
                    + capped.flatMap {
                        [
                            kept.plan.nodes[$0].width, row.aspectRatios[$0]!.width,
                            row.aspectRatios[$0]!.height,
                        ]
                    }
                if kept.plan.heightReplays > before, !capped.isEmpty, !ratios.contains(key) {
                    replayedCapped += 1
                }
                ratios.insert(key)
                let expected = DirectStackLayout.unreplayed(row, of: tree, width: width)
                rows += 1
                if case .success = expected { laidOut += 1 }
                if got != expected {
                    mismatches.append(
                        "\(tree.nodes.count) nodes at \(width): kept \(got), general \(expected)")
                }
            }
        }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count): \(mismatches.prefix(3).joined(separator: "\n"))")
        // The comparison says something: most rows laid out, and rows whose
        // capped images' ratios no earlier row had are replayed.
        #expect(laidOut * 2 > rows, "\(laidOut) of \(rows)")
        #expect(replayedCapped * 60 > rows, "\(replayedCapped) of \(rows)")
    }
}
