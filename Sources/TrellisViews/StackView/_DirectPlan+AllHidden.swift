// The views of a stack with no visible view, across its axis.

extension _LanePlan {
    /// Places the views of stack `index`, every one hidden, across `axis`
    /// (not the stack's own). UIKit ties the canvas to its spanner guides
    /// only, so the views keep their own lengths across (aligned with the
    /// first: with fill, one length for all). Their places are
    /// `StackView._hiddenPlaces`': the first view at the canvas's start
    /// (every view's in a vertical stack aligned by baselines, which makes
    /// no alignment constraint), the others lined up with it by
    /// `UISV-alignment` ("the stack view aligns ... arranged views" by
    /// their leading, centre, trailing edge or baseline).
    mutating func placeAllHidden(
        _ index: Int, _ stack: StackTree.Stack, _ all: [Int], _ axis: LayoutAxis, start: Double
    ) throws(_StackCostError) {
        var aligned: Double?
        if stack.alignment == .fill {
            let sum = all.reduce(_Cost()) { $0 + costs[$1] }
            aligned = try sum.argmin("node\(index)'s hidden views' length across")
        }
        var lengths: [Double] = []
        for child in all {
            if let aligned {
                lengths.append(aligned)
            } else {
                lengths.append(try costs[child].argmin("hidden node\(child)'s length"))
            }
        }
        let baselines =
            stack.axis == .horizontal
            && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
        let line = baselines ? try ownBaseline(all[0], stack) : 0
        for (k, child) in all.enumerated() {
            var position = start
            switch stack.alignment {
            case .trailing: position += lengths[0] - lengths[k]
            case .center: position += (lengths[0] - lengths[k]) / 2
            case .firstBaseline where baselines, .lastBaseline where baselines:
                position += line - (try ownBaseline(child, stack))
            default: break
            }
            set(child, axis, position: position, length: lengths[k])
        }
        if baselines { try checkBaselineLengths(all, axis) }
    }
}
