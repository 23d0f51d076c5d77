// The widths solve of a column: a vertical root stack whose arranged views
// are labels, buttons and images only. Across a vertical stack each view's
// width is its own (UIKit: "UISV-canvas-connection" and the alignment's
// constraints bound each view by the stack's canvas, nothing ties two views
// together), so every view's width and x follow from its intrinsic width and
// the canvas alone, without the costs of the general planner (about 15,000
// instructions a solve for a chat bubble of four views) or a record of its
// solves (`_WidthSolveRecord`: a probe of a table that misses the caches
// when a list's texts are many).

import TrellisGeometry

extension _LanePlan {
    /// Every node's x and width as the general widths solve gives them
    /// (`arrangeWidthsGenerally`), where the current shape is a column
    /// (`isColumnOfLeaves`) and the canvas is not negative; false, having
    /// written nothing, elsewhere.
    ///
    /// Exact: a label's or button's cost across is its intrinsic width w
    /// at least at its compression resistance c and at most at its hugging,
    /// a floor of 0 at c, and, where the stack does not fill, 0 at 25
    /// (`UISV-ambiguity-suppression`). With 25 < c < 1000 and a hugging
    /// below 1000 (no required bound), the lexicographic optimum bounded
    /// by the canvas is w where w fits and the canvas where it does not,
    /// whatever the hugging; an image's cost across (not
    /// coupled, its stack not filling) is the suppression's alone: 0. A
    /// hidden view is placed at its unbounded optimum (w, an image 0), as
    /// `placeHiddenAcross`; a filling stack gives every view the canvas,
    /// which no required bound of these views refuses. Positions are those
    /// `arrangeAcross` and `placeHiddenAcross` compute, by the same
    /// operations on the same numbers.
    /// (`memoizingWidthSolves` false: never, the general solve always.)
    mutating func arrangeColumnWidths(_ width: Double, _ insets: EdgeInsets) -> Bool {
        guard memoizingWidthSolves else { return false }
        while columnShapes.count <= lastShape { columnShapes.append(0) }
        if columnShapes[lastShape] == 0 { columnShapes[lastShape] = isColumnOfLeaves() ? 2 : 1 }
        guard columnShapes[lastShape] == 2 else { return false }
        let rootWidth = width - insets.left - insets.right
        let (start, end) = margins(0, .horizontal)
        let canvas = rootWidth - start - end
        guard canvas >= 0 else { return false }
        let children = nodes[0].children
        for k in children where nodes[childList[k]].kind != .image {
            let length = nodes[childList[k]].intrinsic.width
            guard length.isFinite, length >= 0 else { return false }
        }
        let alignment = nodes[0].settings.alignment
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes[0].x = insets.left
            nodes[0].width = rootWidth
            for k in children {
                let child = childList[k]
                if alignment == .fill {
                    nodes[child].x = start
                    nodes[child].width = canvas
                    continue
                }
                let hidden = nodes[child].isHidden
                var length = nodes[child].kind == .image ? 0 : nodes[child].intrinsic.width
                if !hidden, length > canvas { length = canvas }
                let position: Double
                switch alignment {
                case .trailing: position = start + canvas - length
                case .center: position = start + (canvas - length) / 2
                default:
                    // (`arrangeAcross` adds a baseline offset, 0 here;
                    // `placeHiddenAcross` adds none.)
                    let offset = 0.0
                    position = hidden ? start : start + offset
                }
                nodes[child].x = position
                nodes[child].width = length
            }
        }
        columnWidthSolves += 1
        return true
    }

    /// Whether the current shape is a column `arrangeColumnWidths` lays out
    /// across: a vertical root stack of no required width, aligned to fill,
    /// leading, trailing or centre, not baseline-relative, with no coupled
    /// image and a visible view, whose every node below is one of its
    /// arranged views: labels and buttons of a horizontal compression
    /// resistance above 25 and below 1000 and a hugging below 1000, and
    /// (its alignment not fill) images; each suppressed across exactly
    /// where the stack does not fill.
    func isColumnOfLeaves() -> Bool {
        guard nodes.count > 1, nodes[0].kind == .stack, coupledImage == nil else { return false }
        let settings = nodes[0].settings
        let alignment = settings.alignment
        guard settings.axis == .vertical, settings.fixedWidth == nil,
            !settings.isBaselineRelativeArrangement,
            [.fill, .leading, .trailing, .center].contains(alignment),
            nodes[0].children.count == nodes.count - 1,
            // (Every view hidden: each at the canvas's end, `placeHidden`.)
            !visibleChildren(0).isEmpty
        else { return false }
        let suppression = StackView.ambiguitySuppressionPriority.rawValue
        for k in nodes[0].children {
            let child = childList[k]
            guard nodes[child].parent == 0,
                (nodes[child].suppressedAxis == .horizontal) == (alignment != .fill),
                nodes[child].suppressedAxis != .vertical
            else { return false }
            switch nodes[child].kind {
            case .label, .button:
                let compression = nodes[child].compression.0
                guard compression > suppression, compression < 1000,
                    nodes[child].hugging.0 < 1000
                else { return false }
            case .image:
                guard alignment != .fill else { return false }
            default:
                return false
            }
        }
        return true
    }
}
