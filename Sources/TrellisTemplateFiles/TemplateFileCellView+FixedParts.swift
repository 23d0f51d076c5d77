// The fixed parts of a template file's cell: the narrowest width it takes.

import TrellisGeometry
import TrellisViews

extension TemplateFileCellView {
    /// The narrowest the content view can be with every text field empty:
    /// `systemLayoutSizeFitting` of a zero size at the fitting-size level
    /// both ways ("the smallest possible size", `UIView.layoutFittingCompressedSize`),
    /// so only required widths, margins, spacing and the texts the file fixes
    /// (whose compression resistance is above the fitting level) take room.
    ///
    /// Stack views' `UISV-text-width-disambiguation` constraints (760) are
    /// left out while measuring: they only break the tie between several
    /// multi-line labels sharing a row ("the stack view resizes the arranged
    /// views based on their index", UIKit's `.fill`), and give way at any
    /// narrower width, so they are no fixed part of the cell.
    static func fixedPartsWidth(of contentView: View) -> Double {
        var tieBreakers: [LayoutConstraint] = []
        func collect(_ view: View) {
            (view as? StackView)?.arrangeIfNeeded()
            tieBreakers += view.constraints.filter {
                $0.isActive && $0.identifier == "UISV-text-width-disambiguation"
            }
            view.subviews.forEach(collect)
        }
        collect(contentView)
        for constraint in tieBreakers { constraint.isActive = false }
        defer { for constraint in tieBreakers { constraint.isActive = true } }
        let size = contentView.systemLayoutSizeFitting(
            Size(width: 0, height: 0), withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
        guard size.width.isFinite, size.width > 0 else { return 0 }
        // Solver residue (1e-9) is not a fixed part.
        return (size.width * 1e6).rounded() / 1e6
    }
}
