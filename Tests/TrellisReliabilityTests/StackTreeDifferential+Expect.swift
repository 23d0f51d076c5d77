// The check the hand-made direct-path suites share: each named tree is taken
// up front and laid out at the width as the engine lays it out.

import Testing
import TrellisGeometry
import TrellisViews

extension StackTreeDifferential {
    /// Records an issue for every tree the direct path reports unsupported,
    /// and for every one whose verdict at `width` is not `.agreed`.
    static func expectAgreed(_ trees: [(name: String, tree: StackTree)], width: Double) {
        for (name, tree) in trees {
            #expect(tree.directLayoutUnsupportedReason == nil, "\(name)")
            let verdict = check(StackTreeCase(tree: tree, width: width))
            if case .agreed = verdict { continue }
            Issue.record("\(name) at \(width): \(verdict)")
        }
    }
}

extension StackTreeDifferential {
    /// Each tree at each width: laid out as the engine lays it out with no
    /// direct frame of a negative size, or refused (unsupported, refused, a
    /// conflict or an ambiguity UIKit's set has too); with `engineFrames`,
    /// the engine's frames of a negative size fail too. The failures, and
    /// how many agreed.
    static func agreedOrRefused(
        _ trees: [(String, StackTree)], widths: [Double], engineFrames: Bool = false
    ) -> (failures: [String], agreed: Int) {
        var failures: [String] = []
        var agreed = 0
        func negative(_ frames: [Rect]) -> Bool {
            frames.contains { $0.width < 0 || $0.height < 0 }
        }
        for (name, tree) in trees {
            for width in widths {
                switch check(StackTreeCase(tree: tree, width: width)) {
                case .agreed:
                    agreed += 1
                    if let direct = try? tree.directLayout(width: width), negative(direct.frames) {
                        failures.append("\(name) at \(width): a negative direct frame")
                    }
                case .failed(let message), .engineFittingDiffers(let message):
                    failures.append("\(name) at \(width): \(message)")
                case .unsupported, .refused, .conflictInUIKit, .ambiguousInUIKit:
                    break
                }
                if engineFrames, negative(tree.constraintsLayout(width: width).frames) {
                    failures.append("\(name) at \(width): a negative engine frame")
                }
            }
        }
        return (failures, agreed)
    }
}
