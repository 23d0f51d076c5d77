// The gaps of an equal-spacing stack with custom spacing.

extension _LanePlan {
    /// The gaps of an equal-spacing stack: every one the largest minimum.
    /// UIKit's spacers between neighbouring views' edges are equally long
    /// at a required priority (`UISV-fill-equally`), each gap at least its
    /// own minimum (`UISV-spacing`, a custom spacing after a view where
    /// one is set: `setCustomSpacing(_:after:)`), so every gap is at least
    /// the largest of them (what the views leave beyond that, the gaps
    /// share equally).
    static func equalSpacingGaps(_ gaps: [Double]) -> [Double] {
        guard let largest = gaps.max(), gaps.contains(where: { $0 != largest }) else { return gaps }
        return Array(repeating: largest, count: gaps.count)
    }
}
