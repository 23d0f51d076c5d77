// The direct path's up-front check of a stack's settings: what it lays out,
// and why it refuses the rest (see `_DirectPlan.unsupportedReason`).

extension _LanePlan {
    static func stackProblem(_ stack: StackTree.Stack) -> String? {
        for value in [stack.fixedWidth, stack.fixedHeight].compactMap({ $0 })
        where !(value.isFinite && value >= 0) {
            return "fixed sizes must be finite and not negative"
        }
        guard stack.spacing.isFinite,
            stack.customSpacing.values.allSatisfy({
                !$0.isNaN && ($0.isFinite || $0 == StackView.spacingUseDefault)
            })
        else {
            return "spacing must be finite"
        }
        if let margins = stack.layoutMargins,
            ![margins.top, margins.left, margins.bottom, margins.right].allSatisfy(\.isFinite)
        {
            return "layout margins must be finite"
        }
        let visible = stack.children.filter { !$0.isHidden }
        /// A view whose baseline across a horizontal baseline-aligned stack
        /// is its own: a label with text (its text's), an empty label (0
        /// high there: its bottom, as a view without text), a button, a
        /// box, a nested stack or a visible image (its bottom, at the
        /// length its own costs give it; refused at a width where it gets
        /// another). See `_DirectPlan.hasBottomBaseline`.
        func hasOwnBaseline(_ node: StackTree.Node) -> Bool {
            switch node.content {
            case .label, .button, .fixed, .stack: return true
            case .image: return !node.isHidden
            }
        }
        if stack.isBaselineRelativeArrangement, stack.axis == .vertical {
            // (Equal spacing, equal centring and fill proportionally: see
            // _DirectPlan+BaselineDistributions.swift.)
            if stack.distribution == .fillProportionally, visible.count > 1,
                !visible.allSatisfy({
                    if case .label = $0.content { return true }
                    return false
                })
            {
                return
                    "baseline-relative arrangement filling proportionally with a view that is not a label"
            }
            // (A view without text has its bottom for its baselines, see
            // `chainBaselines`; filling equally, its bottom moves with the
            // length they all share, see `equalChain`.)
            // (Filling, a first view without text shares the stack's
            // length with the last: see `stretchesTextlessFirst`.)
        }
        // (A vertical stack aligned by baselines makes no alignment
        // constraint: laid out where its views' places are not open, see
        // `effectiveAlignment`.)
        if stack.axis == .horizontal,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        {
            guard stack.children.allSatisfy(hasOwnBaseline) else {
                return
                    "baseline alignment of a hidden image (0 long across, its bottom its baseline)"
            }
            // (A hidden first view: see `hiddenFirstBaseline` and
            // `hiddenFirstBelowLine`.)
        }
        // (Hidden views in a baseline-relative arrangement: see `chainGaps`
        // and `placeHiddenOnChain`.)
        if stack.distribution == .fillProportionally, visible.count > 1 {
            // UIKit's proportions, at 999 for the first arranged view, 998
            // for the second, …, must decide every length above the views'
            // own priorities, from intrinsic lengths that do not change
            // with the width passes.
            let lowest = proportionalBase - Float(stack.children.count - 1)
            for child in visible {
                let priorities: [LayoutPriority]
                switch child.content {
                case .label(let label):
                    // (A multi-line label in a vertical stack: its share
                    // follows its height at the width it got, which the
                    // heights pass reads, as the engine's last pass.)
                    priorities = [
                        label.hugging(stack.axis), label.compressionResistance(stack.axis),
                    ]
                case .button(let button):
                    priorities = [
                        button.hugging(stack.axis), button.compressionResistance(stack.axis),
                    ]
                case .fixed(let box):
                    // A box of a picture has the picture's intrinsic
                    // length, as a label; one without (or of a picture 0
                    // long) is 0 long at the required priority, whatever
                    // its own constraints (`proportionalShares`).
                    let along = box.intrinsicSize.map {
                        stack.axis == .horizontal ? $0.width : $0.height
                    }
                    guard let along, along > 0 else {
                        priorities = []
                        break
                    }
                    let fixed = (stack.axis == .horizontal ? box.width : box.height) != nil
                    priorities =
                        [box.hugging(stack.axis), box.compressionResistance(stack.axis)]
                        + (fixed ? [box.priority] : [])
                case .stack(let nested):
                    // A stack has no intrinsic size: 0 long, required.
                    // (An image in it would make its width's cost follow
                    // the proportions: not modelled.)
                    guard !Self.holdsImage(nested) else {
                        return
                            "fillProportionally of a nested stack holding an image (UIKit gives it 0 at the required priority)"
                    }
                    priorities = []
                case .image:
                    return
                        "fillProportionally of an image (UIKit gives a view without an intrinsic length 0 at the required priority; an image's height may follow its width)"
                }
                if priorities.contains(where: { $0.rawValue >= lowest && $0.rawValue < 1000 }) {
                    return
                        "fillProportionally with a view whose hugging or compression resistance is not below the proportions' priorities"
                }
            }
        }
        return nil
    }

    /// Whether `stack` holds an image at any depth.
    static func holdsImage(_ stack: StackTree.Stack) -> Bool {
        stack.children.contains { child in
            switch child.content {
            case .image: return true
            case .stack(let nested): return holdsImage(nested)
            default: return false
            }
        }
    }
}
