// The stack's own baselines: which arranged view answers for them (UIKit's
// rule for `forFirstBaselineLayout` and `forLastBaselineLayout`).

extension StackView {
    /// The arranged view whose baseline stands for the stack's (first or
    /// last), nil when none does (the stack's bottom edge then stands in).
    ///
    /// UIKit's documentation ("Position and Size the Stack View"): "A
    /// horizontal stack view returns its tallest view for both the
    /// `forFirstBaselineLayout` and `forLastBaselineLayout` methods. [...]
    /// A vertical stack view returns its first arranged view for
    /// `forFirstBaselineLayout` and its last arranged view for
    /// `forLastBaselineLayout`." What UIKit does in detail is not
    /// documented; it is read here from UIKitCore's implementation as
    /// public decompilations of it show (`UIStackView
    /// _baselineViewForFirst:`, `_shouldRequestTallestBaselineViewForFirst:`
    /// and `_UIOrderedLayoutArrangement _baselineViewVendTallest:forFirstBaseline:`,
    /// `_tallestItem`, `_firstVisibleItem`, `_lastVisibleItem`, in the
    /// iOS 26.1 UIKitCore of EthanArbuckle/iPhone18-3_26.1_23B85_Restore),
    /// and followed:
    /// - "first" and "last" arranged view are the first and last VISIBLE
    ///   ones (hidden arranged views are skipped; none visible: nil);
    /// - a horizontal stack vends its tallest view only where its
    ///   alignment leaves that baseline to the tallest: aligned centre,
    ///   both baselines; top or first baselines, the last baseline only;
    ///   bottom or last baselines, the first baseline only. Aligned to
    ///   fill, and for the other baseline of those alignments, it vends its
    ///   first (first baseline) or last (last baseline) visible view, as a
    ///   vertical stack does (in a row on first baselines every view's
    ///   first baseline is on one line, so the first view's is the row's);
    /// - the tallest is decided without solving, from the views' intrinsic
    ///   heights (UIKit's `_calculatedIntrinsicHeight`, see
    ///   `_calculatedIntrinsicHeight(of:)`): the first visible arranged
    ///   view whose height is greater than every earlier one's and than 0
    ///   (ties go to the earlier view; a view without an intrinsic height,
    ///   `noIntrinsicMetric`, is never the tallest; none taller than 0:
    ///   nil). The engine asks again at every pass of every layout, so
    ///   when the tallest or the first visible view changes (another text,
    ///   a view hidden) the constraints on the stack's baselines follow it,
    ///   in a reused hierarchy as in a new one (UIKit re-makes them too:
    ///   `_vendedBaselineViewParametersDidChange`).
    func _vendedBaselineView(first: Bool) -> View? {
        if _vendsTallestBaselineView(first: first) { return _tallestArrangedView() }
        return first
            ? arrangedSubviews.first(where: { !$0.isHidden })
            : arrangedSubviews.last(where: { !$0.isHidden })
    }

    /// Whether the first (or last) baseline is the tallest arranged
    /// view's (see `_vendedBaselineView(first:)`).
    func _vendsTallestBaselineView(first: Bool) -> Bool {
        axis == .horizontal && Self._vendsTallest(alignment, first: first)
    }

    /// Whether a horizontal stack aligned `alignment` vends its tallest
    /// view for its first (or last) baseline.
    static func _vendsTallest(_ alignment: Alignment, first: Bool) -> Bool {
        switch alignment {
        case .center: return true
        case .leading, .firstBaseline: return !first
        case .trailing, .lastBaseline: return first
        case .fill: return false
        }
    }

    /// The first visible arranged view of the greatest intrinsic height
    /// above 0, nil when there is none.
    func _tallestArrangedView() -> View? {
        var tallest: View?
        var height = 0.0
        for view in arrangedSubviews where !view.isHidden {
            let candidate = Self._calculatedIntrinsicHeight(of: view)
            if candidate > height {
                height = candidate
                tallest = view
            }
        }
        return tallest
    }

    /// UIKit's `_calculatedIntrinsicHeight`, what "tallest" compares: a
    /// view's intrinsic height (`noIntrinsicMetric`, -1, for none); a
    /// horizontal stack's, its tallest visible view's (0 for none); a
    /// vertical stack's, its visible views' summed, with the spacing added
    /// as UIKit's loop adds it: after each arranged view, once at least one
    /// view is visible, `spacing × (visible views so far − 1)` (so two
    /// visible views get one spacing, three get three: a UIKit quirk,
    /// followed, as it only decides which view is the tallest).
    static func _calculatedIntrinsicHeight(of view: View) -> Double {
        guard let stack = view as? StackView else { return view.intrinsicContentSize.height }
        guard stack.axis == .vertical else {
            return stack._tallestArrangedView().map { _calculatedIntrinsicHeight(of: $0) } ?? 0
        }
        var visible = 0
        var height = 0.0
        for arranged in stack.arrangedSubviews {
            if !arranged.isHidden {
                visible += 1
                height += _calculatedIntrinsicHeight(of: arranged)
            }
            if visible > 0 { height += stack.spacing * Double(visible - 1) }
        }
        return height
    }
}
