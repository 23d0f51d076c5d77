// The direct path's up-front check of a stack's settings: what it lays out,
// and why it refuses the rest (see `_DirectPlan.unsupportedReason`).

extension _DirectPlan {
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
        func isTextLabel(_ node: StackTree.Node) -> Bool {
            if case .label(let label) = node.content { return !label.text.string.isEmpty }
            return false
        }
        /// A view whose baseline across a horizontal baseline-aligned stack
        /// is its own: a label with text (its text's), an empty label (0
        /// high there: its bottom, as a view without text), a button or a
        /// box (its bottom, at the length its own costs give it; refused at
        /// a width where it gets another).
        func hasOwnBaseline(_ node: StackTree.Node) -> Bool {
            switch node.content {
            case .label, .button, .fixed: return true
            default: return false
            }
        }
        if stack.isBaselineRelativeArrangement, stack.axis == .vertical {
            guard stack.distribution == .fill || stack.distribution == .fillEqually else {
                return "baseline-relative arrangement with \(stack.distribution)"
            }
            // (Filling, a view without text has its bottom for its
            // baselines, see `chainBaselines`; filling equally, its bottom
            // moves with the length they all share.)
            guard visible.allSatisfy(isTextLabel) || stack.distribution == .fill else {
                return
                    "baseline-relative arrangement, filling equally, of views that are not labels with text"
            }
            // The first view's top is the canvas's: without text, its
            // height, which moves every view below, must be fixed.
            if visible.count > 1, !isTextLabel(visible[0]) {
                guard case .fixed(let box) = visible[0].content, box.height != nil,
                    box.priority == .required
                else {
                    return
                        "baseline-relative arrangement whose first view has neither text nor a required height (its bottom, its baseline, moves with its height)"
                }
            }
        }
        // (A vertical stack aligned by baselines makes no alignment
        // constraint: laid out where its views' places are not open, see
        // `effectiveAlignment`.)
        if stack.axis == .horizontal,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        {
            guard stack.children.allSatisfy(hasOwnBaseline) else {
                return
                    "baseline alignment of stacks or images (their baselines, their bottoms, move with the lengths they share)"
            }
            // (A hidden first view: see `hiddenFirstBaseline` and
            // `hiddenFirstBelowLine`.)
        }
        if stack.isBaselineRelativeArrangement, stack.axis == .vertical,
            visible.count != stack.children.count
        {
            return "hidden views in a baseline-relative arrangement"
        }
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
                default:
                    return
                        "fillProportionally of views that are not labels or buttons (UIKit gives a view without an intrinsic length 0 at the required priority)"
                }
                if priorities.contains(where: { $0.rawValue >= lowest && $0.rawValue < 1000 }) {
                    return
                        "fillProportionally with a view whose hugging or compression resistance is not below the proportions' priorities"
                }
            }
        }
        return nil
    }
}
