// UIKit's tie-break by index: of the views inside a stack view whose
// content hugging (or compression resistance) ties at one priority, the
// earlier one gives way first.

import TrellisConstraints

/// The weights of the tie-break by arranged index.
///
/// UIKit documents for `UIStackView.Distribution.fill`: "When the arranged
/// views don't fit within the stack view, it shrinks the views according to
/// their compression resistance priority. If the arranged views don't fill
/// the stack view, it stretches the views according to their hugging
/// priority. If there's any ambiguity, the stack view resizes the arranged
/// views based on their index in the arrangedSubviews array."
///
/// Which index: the earlier view gives way first. nsomar/OAStackView's
/// Kiwi spec lays three views 50, 60 and 100 long, all at priority 250, in
/// a stack 400 long and expects them at 0, 240 and 300 (the first takes
/// all the room; `OAStackViewFrameTests.fillStretchesByIndex`), and a live
/// `UIStackView` of three labels at the default hugging stretches the first.
/// So, among tied views, the earlier one stretches (hugging) and the
/// earlier one shrinks, down to what its other constraints allow, before
/// the next one does (compression resistance).
///
/// How: each optional length of one view alone inside a stack view's tree
/// (its intrinsic-size pair, `Content-Hugging-*` and
/// `Compression-Resistance-*`, or a constraint like `view.height == 50 @250`)
/// weighs `1 + rank × step` in its priority level (`Constraint.weight`): priorities
/// stay strict, and within one level an earlier view's error costs less,
/// so the solver puts the give on it. The rank is the view's place in the
/// depth-first order of the stack tree: a stack's arranged views in
/// `arrangedSubviews` order, each followed by the views inside it (so
/// `[A, [B, C], D]` ranks A, B, C, D), then its other subviews; hidden
/// views are numbered too. Views outside every stack weigh 1, and every
/// other constraint (positions, spacing, relations between views, the
/// stack's own) keeps weight 1: ties among those stay ties, reported
/// ambiguous as before.
enum _TieBreak {
    /// The weight step between consecutive ranks: a power of two (exact),
    /// far above the solver's residue limit (1e-6), so a reduced cost of
    /// one step is never taken for rounding.
    static let step = 1.0 / 1024

    /// The weight of the intrinsic-size constraints of the view at `rank`.
    static func weight(rank: Int) -> Double { 1 + Double(rank) * step }
}

extension LayoutEngine {
    /// Fills `tieWeights` (one per view of `views`, after `collect`): the
    /// weight of each view's intrinsic-size constraints (`_TieBreak`).
    ///
    /// - Complexity: O(views), plus O(arranged views) per stack for the set
    ///   of its arranged views.
    func assignTieWeights() {
        tieWeights.refill(with: 1, count: views.count)
        var rank = 0
        func visit(_ view: View, inStack: Bool) {
            let inStack = inStack || view is StackView
            let index = view._membership.index
            if inStack, view._membership.indexOwner == ObjectIdentifier(self),
                index >= 0, index < tieWeights.count
            {
                tieWeights[index] = _TieBreak.weight(rank: rank)
                rank += 1
            }
            guard let stack = view as? StackView else {
                for subview in view.subviews { visit(subview, inStack: inStack) }
                return
            }
            // The usual stack arranges every subview in subview order: no
            // set to tell the others apart (hashing each view was 1% of a
            // new column of 1,000 boxes, callgrind).
            let subviews = stack.subviews
            let arrangedViews = stack.arrangedSubviews
            if arrangedViews.count == subviews.count,
                arrangedViews.indices.allSatisfy({ arrangedViews[$0] === subviews[$0] })
            {
                for subview in subviews { visit(subview, inStack: true) }
                return
            }
            var arranged = Set<ObjectIdentifier>()
            for subview in stack.arrangedSubviews where subview.superview === stack {
                arranged.insert(ObjectIdentifier(subview))
                visit(subview, inStack: true)
            }
            for subview in stack.subviews where !arranged.contains(ObjectIdentifier(subview)) {
                visit(subview, inStack: true)
            }
        }
        visit(root, inStack: false)
    }

    /// The weight of `constraint` in its priority level: its view's
    /// `tieWeights` entry for a length of one view alone (`width` or
    /// `height` against a constant: the intrinsic-size pair, or a user's
    /// `view.height == 50`), else 1.
    func tieWeight(of constraint: LayoutConstraint) -> Double {
        // The items read unretained (`_ItemCell`).
        guard constraint._secondCell?.reference == nil, !constraint.priority.isRequired,
            constraint.firstAttribute == .width || constraint.firstAttribute == .height,
            !constraint._firstCell.isGuide,
            let index = constraint._firstCell.viewReference?._withUnsafeGuaranteedRef({
                $0._membership.indexOwner == ObjectIdentifier(self) ? $0._membership.index : nil
            })
        else { return 1 }
        return index >= 0 && index < tieWeights.count ? tieWeights[index] : 1
    }
}
