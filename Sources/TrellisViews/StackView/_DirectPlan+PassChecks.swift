// Which shapes' width passes are checked for required conflicts solve by
// solve (`_LanePlan.checking`): the checks are left out where no required
// vertical bound can follow what a row or a solve changes, once a row of
// the shape has passed them.

import TrellisGeometry

/// Whether the solves of a shape's width passes are checked along the
/// vertical axis (`_LanePlan.passChecks`, by shape number).
enum _PassChecks {
    /// Not worked out yet for the shape.
    case unknown
    /// Every solve checked: a required vertical bound may follow the
    /// labels' sizes or the widths (`verticalBoundsFixed`).
    case always
    /// Checked until a row of the shape passes every check.
    case untilClear
    /// Left out (a conflict they would meet is met by the heights pass,
    /// and the row laid out again with them: `layoutPrepared`).
    case skipped
}

extension _LanePlan {
    /// Whether the current shape's width passes are laid out without their
    /// checks (`passChecks`).
    ///
    /// Exact: a check arranges the tree along the vertical axis at a
    /// height (the fitting height of the solve's labels in the fitting
    /// pass, the cell's in the frame pass) and reports a required conflict
    /// only. Where no required vertical constraint reads a label's size, a
    /// width or a baseline (`verticalBoundsFixed`), every node's required
    /// vertical bounds (a cost's `lo` and `hi`) are the shape's, the same
    /// in every solve of every row: the fitting height lies within the
    /// root's, and the share-outs below a stack within its bounds give
    /// every view a length within its own, so the fitting pass's checks
    /// meet a conflict in every row of the shape or in none (the first
    /// row's, checked, tells which); the frame pass's checks arrange at the
    /// cell's height, as the heights pass does after them, which checks it
    /// against the root's bounds first. Where a row's unchecked passes
    /// throw, it is laid out again with its checks, which throw first
    /// what they meet. Debug builds run the checks left out and assert
    /// that they pass (`shadowingChecks`).
    mutating func skipsPassChecks() -> Bool {
        if passChecks.count <= lastShape {
            passChecks.append(
                contentsOf: repeatElement(.unknown, count: lastShape + 1 - passChecks.count))
        }
        if case .unknown = passChecks[lastShape] {
            passChecks[lastShape] = verticalBoundsFixed() ? .untilClear : .always
        }
        guard case .skipped = passChecks[lastShape] else { return false }
        return true
    }

    /// Notes that a row of the current shape passed every check of its
    /// width passes (`skipsPassChecks`).
    mutating func passedPassChecks() {
        guard lastShape < passChecks.count, case .untilClear = passChecks[lastShape] else {
            return
        }
        passChecks[lastShape] = .skipped
    }

    /// Whether every required vertical bound of the current shape is fixed
    /// by the shape alone: no label or button of required vertical hugging
    /// or compression resistance (bounds at its height), every image capped
    /// (an image's ratio, required without a cap, bounds its height by its
    /// width; the cap is the shape's) and none whose width is free, no stack
    /// whose costs read baselines or proportions (`costReadsLayouts`), none
    /// of equal centring (bounds of regions not modelled). Fixed boxes and
    /// stacks' own sizes, margins and spacing are the tree's.
    func verticalBoundsFixed() -> Bool {
        guard coupledImage == nil else { return false }
        let required = LayoutPriority.required.rawValue
        for index in nodes.indices {
            switch nodes[index].kind {
            case .label, .button:
                if nodes[index].hugging.1 >= required || nodes[index].compression.1 >= required {
                    return false
                }
            case .fixed:
                continue
            case .image:
                if nodes[index].image?.maxHeight == nil { return false }
            case .stack:
                if nodes[index].costReadsLayouts
                    || nodes[index].settings.distribution == .equalCentering
                {
                    return false
                }
            }
        }
        return true
    }
}

#if DEBUG
    extension _LanePlan {
        /// The frame pass a row left out (`layoutPasses`) run on a copy of
        /// the plan, with the checks left out, which assert that they pass
        /// (`shadowingChecks`), each solve working out its own widths;
        /// asserts that it leaves every node's x and width and every
        /// label's measurement as the fitting pass left them (what leaving
        /// it out relies on). `height`: the fitting height.
        func shadowFramePass(_ width: Double, _ insets: EdgeInsets, _ height: Double)
            throws(_StackCostError)
        {
            var frame = self
            for index in frame.nodes.indices where frame.nodes[index].kind == .label {
                frame.nodes[index].layoutWidth = nil
                frame.measure(index)
            }
            frame.checking = .frame(height)
            frame.shadowingChecks = true
            var own = _PassWidths.none
            try frame.settleWidths(width, insets, &own)
            for index in nodes.indices {
                let (a, b) = (nodes[index], frame.nodes[index])
                assert(
                    a.x.bitPattern == b.x.bitPattern && a.width.bitPattern == b.width.bitPattern
                        && a.layoutWidth?.bitPattern == b.layoutWidth?.bitPattern
                        && Self.sameBits(a.intrinsic, b.intrinsic),
                    "node\(index): the frame pass left out would lay it out otherwise")
            }
        }
    }
#endif
