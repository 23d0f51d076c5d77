import Testing
import TrellisGeometry
import TrellisSupport
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// The refit with views it does not plan for: a header stack whose labels'
/// widths are free (name gives way at 250, handle stretches at 249, time
/// hugs at 1000, a required constraint whose constant moves with its
/// text), above a multi-line body (the planned height edit). The header's
/// labels get the general update inside the refit, the time's required
/// constant waits for the end of the row (one dual optimisation), and
/// every height and frame must be what a new hierarchy gives.
@Suite struct RefitGeneralViewsTests {
    static let names = ["Ada", "Grace Brewster Murray Hopper", "", "Li", "Alan Mathison Turing"]
    static let handles = ["@ada", "@amazing_grace_of_cobol", "", "@li"]
    static let times = ["1m", "12h", "", "3 weeks ago", "now"]
    static let bodies = [
        "Short.", "", "A body long enough to wrap onto a second line at this width, and on.",
        "Three lines at least: the quick brown fox jumps over the lazy dog, again and again.",
    ]

    final class Cell {
        let content = View()
        let name: Label
        let handle: Label
        let time: Label
        let body: Label

        init() throws {
            let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 15)
            name = Label(style: style)
            handle = Label(style: style)
            time = Label(style: style)
            body = Label(style: style)
            body.numberOfLines = 0
            name.setContentCompressionResistancePriority(250, for: .horizontal)
            handle.setContentHuggingPriority(249, for: .horizontal)
            handle.setContentCompressionResistancePriority(749, for: .horizontal)
            time.setContentHuggingPriority(1000, for: .horizontal)
            let header = StackView(arrangedSubviews: [name, handle, time])
            header.axis = .horizontal
            header.spacing = 4
            addPinnedColumn([header, body], to: content)
        }

        func show(_ texts: [String]) {
            name.text = texts[0]
            handle.text = texts[1]
            time.text = texts[2]
            body.text = texts[3]
        }

        /// Frames of the labels after a layout at the fitted height.
        func frames(width: Double, height: Double) -> [Rect] {
            content.frame = Rect(x: 0, y: 0, width: width, height: height)
            content.layoutIfNeeded()
            return [name, handle, time, body].map {
                $0.convert($0.bounds, to: content)
            }
        }
    }

    static func row(_ rng: inout SplitMix64) -> [String] {
        [
            names[rng.below(names.count)], handles[rng.below(handles.count)],
            times[rng.below(times.count)], bodies[rng.below(bodies.count)],
        ]
    }

    @Test(arguments: 0..<6)
    func reusedHeaderCellAgreesWithNewCells(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 8_100)
        let cell = try Cell()
        var width = 320.0
        for row in 0..<120 {
            // Mostly one target (the refit), now and then another width or
            // a frame layout (the general path, then a new plan).
            if rng.below(12) == 0 { width = [320, 375, 250][rng.below(3)] }
            let texts = Self.row(&rng)
            cell.show(texts)
            let height = fittingHeight(of: cell.content, width: width)
            let fresh = try Cell()
            fresh.show(texts)
            let expected = fittingHeight(of: fresh.content, width: width)
            #expect(close(height, expected), "seed \(seed) row \(row) \(texts): \(height)")
            if rng.below(10) == 0 {
                #expect(
                    close(
                        cell.frames(width: width, height: height),
                        fresh.frames(width: width, height: expected)),
                    "seed \(seed) row \(row) \(texts)")
            }
        }
        // The refit answered most rows (the header's labels did not send
        // them to the general path).
        let refits = cell.content._membership.engine?.refitCount ?? 0
        #expect(refits >= 60, "seed \(seed): \(refits) refits")
    }
}
