// The check the hand-made direct-path suites share: each named tree is taken
// up front and laid out at the width as the engine lays it out.

import Testing
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
