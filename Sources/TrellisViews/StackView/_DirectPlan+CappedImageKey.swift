// A capped image's vertical key in the heights pass's table
// (`_DirectPlan.heightKey(into:)`): an image whose height its cap holds
// (its width × ratio above `maxHeight`) in a vertical stack that lays its
// views end to end brings the same heights, places and refusals whatever
// its ratio, so every such ratio is one key. Rows of random photos, taller
// than their cap about half the time, then replay the heights pass.

extension _LanePlan {
    /// The length node `index`'s image pulls its height to (the kink of its
    /// vertical cost, `cost(of:_:)`): its width × its ratio, of the width
    /// `ImageView` takes from the layout (0 below `Label._narrowestWidth`)
    /// when the ratio is an intrinsic size.
    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func imageHeightTarget(_ index: Int, _ image: StackTree.ImageNode) -> Double {
        Self.imageHeightTarget(image, width: nodes[index].width)
    }

    /// `imageHeightTarget` of an image `width` wide.
    @inline(__always)
    static func imageHeightTarget(_ image: StackTree.ImageNode, width: Double) -> Double {
        let ratio = image.aspectRatio.height / image.aspectRatio.width
        guard image.isIntrinsic else { return width * ratio }
        return (width < Label._narrowestWidth ? 0 : width) * ratio
    }

    /// Whether image `index`'s height is held by its cap whatever its ratio,
    /// in a way no step of the heights pass can tell from another such ratio.
    ///
    /// Exact: its vertical cost is `hi = cap` and `|length − target|` at 999
    /// (`cost(of:_:)`), so below the cap its slope is that term's left slope
    /// whatever `target` is, and the kink at `target` lies beyond `hi`. Its
    /// parent (a vertical stack, distribution fill, not on baselines) reads
    /// the cost through its bounds, its leftmost minimizer (`anchor`: the
    /// cap, as `target > hi`), its stretches within the bounds
    /// (`appendStretches`: one endless stretch below the cap) and its slopes
    /// at a length the stack gives it (`slopes(at:)`, in `checkNoTrade`;
    /// that length is at most the cap, and the kink at `target` is further
    /// than the solver's precision from it: `target − cap` above
    /// `1e-9 × max(1, cap)`, the cap not negative). None of these sees the
    /// kink, so the pass does the same operations on the same numbers.
    func isHeldByCap(_ index: Int) -> Bool {
        nodes.withUnsafeBufferPointer {
            Self.isHeldByCap(index, $0, coupledImage: coupledImage)
        }
    }

    /// `isHeldByCap` of node `index` among `nodes` (read in place, without
    /// the plan), `coupledImage` the plan's.
    @inline(__always)
    static func isHeldByCap(
        _ index: Int, _ nodes: UnsafeBufferPointer<_DirectNode>, coupledImage: Int?
    ) -> Bool {
        guard let image = nodes[index].image, let cap = image.maxHeight, cap.isFinite, cap >= 0,
            index != coupledImage
        else { return false }
        let parent = nodes[index].parent
        // (The parent's settings read in place: a copy of its stack retains
        // its arrays.)
        guard parent >= 0, nodes[parent].kind == .stack, nodes[parent].settings.axis == .vertical,
            nodes[parent].settings.distribution == .fill,
            !nodes[parent].settings.isBaselineRelativeArrangement
        else { return false }
        let target = imageHeightTarget(image, width: nodes[index].width)
        return target.isFinite && target - cap > 1e-9 * max(1, cap)
    }

    /// The key words of an image held by its cap (`isHeldByCap`): a NaN
    /// with a payload no width or ratio has, then the cap's bits.
    static var cappedImageMark: UInt64 { 0x7FF4_CA99_ED1A_6E00 }
}

extension _LanePlan {
    /// A hidden image in a vertical stack, whose height and width its
    /// aspect-ratio constraint ties (`height == width × ratio`, at 999
    /// when capped, else required): `UISV-hiding` makes it 0 high
    /// (required: "the stack view automatically updates its layout
    /// whenever ... one of the arranged subviews's isHidden property
    /// changes", and a hidden view is 0 long along the axis), so the ratio
    /// pulls its width to 0, at the ratio's priority, weighing the ratio
    /// (its error is in points of height). In a column aligned to fill
    /// every arranged view, hidden ones too, is as wide as the column
    /// (`UISV-alignment`), so the column is pulled to 0 wide there, as the
    /// engine lays it out. An image whose ratio is its `aspectRatio`
    /// (`ImageNode.followsWidth`) has an intrinsic height instead, which
    /// pulls no width.
    func addHiddenAspect(to cost: inout _Cost, _ index: Int, _ image: StackTree.ImageNode) {
        guard nodes[index].isHidden, !image.isIntrinsic, nodes[index].parent >= 0,
            nodes[nodes[index].parent].settings.axis == .vertical
        else { return }
        guard image.maxHeight != nil else {
            cost.addEqual(0, lane: 0)
            return
        }
        let ratio = image.aspectRatio.height / image.aspectRatio.width
        cost.addEqual(0, lane: lane(StackTree.cappedAspectPriority.rawValue), weight: ratio)
    }
}
