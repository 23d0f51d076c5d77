// The free image's vertical cost (_DirectPlan+CoupledImage.swift) through
// stacks of its path that are hidden, hold only hidden views, share their
// height out with equal spacing, or are baseline-relative.
//
// UIKit's constraints there (StackView+Constraints.swift):
// - a hidden view is 0 long along its stack's axis (`UISV-hiding`,
//   required): a hidden child of a vertical stack is 0 high whatever lies
//   outside, so nothing outside weighs on the image's height;
// - across its stack's axis a hidden view is aligned with the first
//   arranged view (`UISV-alignment`) but is no part of the alignment
//   spanner (`UISV-spanning-boundary` holds the visible views only): aligned
//   to fill, it is as high as the canvas, as a visible view; aligned
//   leading, centre or trailing, only its own costs decide its height
//   (`UISV-ambiguity-suppression` at 25 among them);
// - in a stack whose views are all hidden the canvas is tied to the spacer
//   guides only: aligned to fill, its views are as high as each other (one
//   length, their costs' sum), else each its own;
// - equal spacing: the views laid end to end with gaps of at least their
//   spacing, all as long as each other (`UISV-fill-equally` between the
//   spacers, required), what they take beyond it costs nothing of its own,
//   and the stack as short as it can be at 49 (`UISV-canvas-fit`): the
//   other views' infimal convolution with that extra, as a filling column's;
// - baseline-relative, filling: each view's first baseline the gap below
//   the last baseline of the one above (`UISV-spacing`), a view without
//   text has its bottom for its baselines (UIKit: "For views without
//   text, the stack view uses the bottom edge"), so the height of such a
//   view after the first moves its own top only: its own costs decide it.
//   A stack after the first holding the image is not modelled: its first
//   baseline is its first view's, so the image's height moves its bottom
//   or its last baseline.
//   The first view's top is the canvas's; without text it is the only
//   visible view (`stackProblem`), and fills the canvas. So too with
//   equal spacing (a first view without text beside others is refused,
//   `checkBaselineDistribution`), the stack as short as it can be at 49.

extension _LanePlan {
    /// The vertical cost of `child` of `stack` as a function of its height
    /// where `outsideCost(of:in:given:)` does not reach it (see the file's
    /// comment); nil: the general case.
    func hiddenOrSpacedOutsideCost(of child: Int, in stack: Int, given outside: _Cost)
        throws(_StackCostError) -> _Cost?
    {
        let settings = nodes[stack].stack!
        let visible = visibleChildren(stack)
        if settings.axis == .vertical {
            if nodes[child].isHidden {
                var zero = _Cost()
                zero.addEqual(0, lane: 0)
                return zero
            }
            if settings.isBaselineRelativeArrangement {
                // Filling or of equal spacing (the distributions taken
                // with an image): a view without text but the first has
                // its bottom at the baseline the chain reaches, its height
                // moves only its own top; the first is alone
                // (`stackProblem`, `checkBaselineDistribution`) and fills
                // the canvas.
                guard child == visible[0] else {
                    // A stack holding the image has the baselines of its
                    // views: the image's height moves its bottom (its last
                    // view's, the canvas's when it is last) or its last
                    // baseline (the chain below), not its top alone.
                    guard child == coupledImage else {
                        throw .unmodelled(
                            "node\(child): a stack holding an image whose width is free after the first view of a baseline-relative stack"
                        )
                    }
                    return _Cost()
                }
                // A first view without text beside others, filling: its
                // top is the canvas's and its bottom the chain's start, so
                // it shares the stack's length with the last view
                // (`stretchesTextlessFirst`), and the image's height, which
                // the fitting height pulls at 50 × its ratio against
                // `UISV-ambiguity-suppression` at 25 on its width, may go
                // below 0 (UIKit's set bounds neither): not modelled on the
                // image's path.
                guard visible.count == 1 else {
                    throw .unmodelled(
                        "node\(child): an image whose width is free first in a baseline-relative stack of several views"
                    )
                }
                let (start, end) = margins(stack, .vertical)
                var fitted = outside
                if settings.distribution == .equalSpacing {
                    // (Alone: a first view without text beside others is
                    // refused, `checkBaselineDistribution`.)
                    fitted.addEqual(
                        0, lane: lane(StackView.canvasFitPriority.rawValue),
                        weight: tieWeight(stack))
                }
                return fitted.composed(scale: 1, offset: start + end)
            }
            guard settings.distribution == .equalSpacing else { return nil }
            let others = visible.filter { $0 != child }
            for other in others {
                try costs[other].checkMinimumModelled("node\(other)'s best length")
            }
            let (start, end) = margins(stack, .vertical)
            let fixedLength = start + end + gaps(stack, visible).reduce(0, +)
            var fitted = outside
            fitted.addEqual(
                0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(stack))
            guard !others.isEmpty else { return fitted.composed(scale: 1, offset: fixedLength) }
            let parts = others.map { costs[$0].anchored(view: 0) } + [gapPart().anchored(view: 0)]
            let rest = _Cost.convolution(parts, offset: fixedLength)
            return _Cost.convolution(
                [fitted.anchored(view: 0), rest.reflected().anchored(view: 0)], offset: 0)
        }
        guard visible.isEmpty || (nodes[child].isHidden && settings.alignment != .fill) else {
            return nil
        }
        guard settings.alignment == .fill else { return _Cost() }
        // Every view hidden, aligned to fill: one height for all.
        return children(stack).filter { $0 != child }.reduce(_Cost()) { $0 + costs[$1] }
    }
}
