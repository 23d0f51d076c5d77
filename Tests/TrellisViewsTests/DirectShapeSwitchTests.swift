// Rows of one structure switching between shapes, some of which the direct
// path refuses (`_DirectPlan.useShape` moves a shape's analysis arrays into
// the plan and back; `returnShape` gives them back shared when a whole tree
// is prepared, as for a shape not met yet, refused or not): laid out with
// one kept layout and with a new general planner each, the same height and
// frames to the bit, or the same refusal.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectShapeSwitchTests {
    typealias Cards = DirectWidthReplayTests

    /// A card: a header row on first baselines of a name and a thumbnail
    /// (hidden, the row is refused: baseline alignment of a hidden image),
    /// a body of several lines, a photo at most 240 high, a caption and a
    /// capped image in a centred column, and a fill-equally footer.
    static var card: StackTree {
        let style = TextStyle(fonts: Cards.inter, size: 15)
        let small = TextStyle(fonts: Cards.inter, size: 13)
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
                children: [
                    .stack(
                        .init(
                            axis: .horizontal, alignment: .firstBaseline, spacing: 6,
                            children: [
                                .label(.init("Ada", style: style)),
                                .image(
                                    .init(
                                        aspectRatio: Size(width: 1, height: 1), maxHeight: 30,
                                        followsWidth: true)),
                            ])),
                    .label(.init("body", style: style, numberOfLines: 0)),
                    .image(.init(aspectRatio: Size(width: 4, height: 3), maxHeight: 240)),
                    .stack(
                        .init(
                            axis: .vertical, alignment: .center, spacing: 4,
                            children: [
                                .label(.init("caption", style: small, numberOfLines: 2)),
                                .image(
                                    .init(
                                        aspectRatio: Size(width: 4, height: 3), maxHeight: 120,
                                        followsWidth: true)),
                            ])),
                    .stack(
                        .init(
                            axis: .horizontal, distribution: .fillEqually, spacing: 8,
                            children: [
                                .label(.init("2 likes", style: small)),
                                .button(.init("Reply", style: small)),
                            ])),
                ]))
    }

    @Test func shapesSwitchingAroundRefusedShapesGiveTheGeneralPlannersLayout() {
        let tree = Self.card
        // Node numbers (pre-order): 0 root, 1 header, 2 name, 3 thumbnail,
        // 4 body, 5 photo, 6 column, 7 caption, 8 image, 9 footer, 10
        // likes, 11 reply.
        var random = SplitMix64(seed: 0x5A_A9E5)
        var kept = DirectStackLayout()
        var rows = 0
        var laidOut = 0
        var refused = 0
        var mismatches: [String] = []
        for _ in 0..<600 {
            var row = StackTreeRow(tree)
            // Shapes: the thumbnail hidden now and then (refused), the
            // body, the photo, the caption and the likes hidden or empty.
            row.isHidden[3] = random.next() % 4 == 0
            row.isHidden[5] = random.next() % 3 == 0
            row.isHidden[8] = random.next() % 3 == 0
            for index in [2, 4, 7, 10] {
                row.texts[index] = .plain(
                    Cards.words[Int(random.next() % UInt64(Cards.words.count))])
            }
            for index in [5, 8] {
                let cap = index == 5 ? 240.0 : 120
                let nudge = [1, 1 + 1e-7, 1 - 1e-7, 2][Int(random.next() % 4)]
                row.aspectRatios[index] =
                    random.next() % 2 == 0
                    ? Size(width: 343, height: cap * nudge)
                    : Size(
                        width: Double(100 + random.next() % 900),
                        height: Double(100 + random.next() % 900))
            }
            let width = [320.0, 375][Int(random.next() % 2)]
            let got = kept.result { (layout) throws(DirectStackLayoutError) in
                try layout.layout(row, of: tree, width: width)
            }
            let expected = DirectStackLayout.unreplayed(row, of: tree, width: width)
            rows += 1
            switch expected {
            case .success: laidOut += 1
            case .failure: refused += 1
            }
            if got != expected {
                mismatches.append("row \(rows) at \(width): kept \(got), general \(expected)")
            }
        }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count): \(mismatches.prefix(3).joined(separator: "\n"))")
        // The comparison says something: rows of both kinds.
        #expect(laidOut * 4 > rows, "\(laidOut) of \(rows)")
        #expect(refused * 10 > rows, "\(refused) of \(rows)")
    }
}
