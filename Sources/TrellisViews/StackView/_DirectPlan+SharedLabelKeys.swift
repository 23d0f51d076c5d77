// A wrapping label that holds its share of a row: its intrinsic width is
// left out of the widths solve's key (`_WidthSolveRecord`), so a list of
// rows whose titles differ and whose other texts repeat (a settings row: a
// title of any length, a value from a few) copies the solve of an earlier
// row instead of solving again.

extension _LanePlan {
    /// The priority of `UISV-text-width-disambiguation` (760).
    private static var sharePriority: Float { StackView.textWidthPriority.rawValue }

    /// Bit k set where the current shape's general widths solve gives the
    /// k-th of `keyedNodes` (of the first 64) a width its intrinsic width
    /// does not change: a visible label of more than one line
    /// (`numberOfLines` not 1) with a horizontal hugging and compression
    /// resistance below 760, arranged
    /// in a horizontal stack of distribution `fill` that shares its width
    /// by its texts (`sharesTextWidth`) and whose own width is its
    /// parent's canvas (`widthFromCanvas`), beside a visible view whose
    /// cost along the row is unbounded below 760 (`isUnboundedBelowShare`:
    /// a one-line label or button, or a picture of no given width).
    ///
    /// Why: UIKit makes each such label as wide as an equal share of the
    /// canvas at 760 (`UISV-text-width-disambiguation`), above its own
    /// hugging and compression resistance, so the label's cost along the
    /// row (`arrangeAlong`: its intrinsic terms plus `addEqual(share, 760)`)
    /// has its one least point at the share, whatever its intrinsic width:
    /// its anchor in `sharedLengths` is the share. The view beside it has
    /// no required bound (neither priority is required), so its
    /// stretches, at its own priorities below 760, grow and shrink without
    /// end: every change of length the row's room asks is taken from views
    /// that are not shared (cheapest stretches first, `_Cost.distribute`),
    /// never from the label's own stretches, whose every slope is positive
    /// at 760; the label keeps its anchor plus a change of 0, and no trade
    /// with it is free (the no-trade check meets its slope at 760). The
    /// stack's bounds, read where its width is its parent's canvas, take
    /// the label's bounds alone (none: both priorities below 1000). So the
    /// solve's x and width of every node are the same operations on the
    /// same numbers for any intrinsic width of the label.
    /// (Made once per shape: hidden flags decide `sharesTextWidth`.)
    func sharedLabelsUnread() -> UInt64 {
        var unread: UInt64 = 0
        for (k, index) in keyedNodes.prefix(64).enumerated() where isUnreadShare(index) {
            unread |= 1 << UInt64(k)
        }
        return unread
    }

    /// Whether node `index` is a label `sharedLabelsUnread` leaves unread.
    private func isUnreadShare(_ index: Int) -> Bool {
        let node = nodes[index]
        let parent = node.parent
        guard node.kind == .label, node.isMultiLine, !node.isHidden,
            node.hugging.0 < Self.sharePriority, node.compression.0 < Self.sharePriority,
            parent >= 0, nodes[parent].kind == .stack, nodes[parent].sharesTextWidth,
            nodes[parent].widthFromCanvas, nodes[parent].settings.axis == .horizontal,
            nodes[parent].settings.distribution == .fill
        else { return false }
        return visibleChildren(parent).contains { isUnboundedBelowShare($0) }
    }

    /// Whether node `index`'s cost along a row has no required bound and
    /// every term at a priority below 760: a one-line label or button, or
    /// a picture's box (`FixedNode.intrinsicSize`) of no given width, whose
    /// horizontal hugging and compression resistance are below 760.
    private func isUnboundedBelowShare(_ index: Int) -> Bool {
        let view = nodes[index]
        switch view.kind {
        case .button,
            .label where !view.isMultiLine:
            return view.hugging.0 < Self.sharePriority && view.compression.0 < Self.sharePriority
        case .fixed:
            guard let box = view.fixed, box.width == nil, box.intrinsicSize != nil else {
                return false
            }
            return box.hugging(.horizontal).rawValue < Self.sharePriority
                && box.compressionResistance(.horizontal).rawValue < Self.sharePriority
        default:
            return false
        }
    }
}
