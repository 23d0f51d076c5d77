// Checks on a solved cell beyond what Auto Layout reports: the view layer's
// issues (conflicts, ambiguity, compressed labels, views outside their
// superview) plus a cell-specific one, a bottom inset squeezed because the
// cell's height ignores a fixed-size subview.

import TrellisGeometry
import TrellisViews

/// Something wrong in a laid-out cell.
public enum CellIssue: Hashable, Sendable, CustomStringConvertible {
    /// An issue the view layer found (see `LayoutIssue`).
    case layout(LayoutIssue)
    /// A fixed-size subview (an image, not a label) whose inset to the cell's
    /// bottom edge is smaller than its inset to the top edge: the cell's
    /// self-sizing height does not account for it. The classic
    /// AnimalTableViewCell shows this with a short subtitle (64 + h < 72).
    case bottomInsetSqueezed(view: String, cellHeight: Double, viewBottom: Double, topInset: Double)

    public var description: String {
        switch self {
        case .layout(let issue):
            return issue.description
        case .bottomInsetSqueezed(let view, let cellHeight, let viewBottom, let topInset):
            return
                "\(view): the cell is \(formatPoints(cellHeight)) tall, shorter than \(view).bottom + \(formatPoints(topInset)) = \(formatPoints(viewBottom + topInset)); its bottom inset is \(formatPoints(cellHeight - viewBottom)) against \(formatPoints(topInset)) at the top. The cell's height ignores \(view): add contentView.bottom >= \(view).bottom + \(formatPoints(topInset))."
        }
    }
}

extension ConstraintCellView {
    /// Lays the cell out at its self-sizing height for `width` and returns
    /// everything suspicious about the result.
    ///
    /// The squeezed-inset rule assumes, as most cell designs do, that a
    /// fixed-size subview wants at least as much space below it as above it;
    /// labels are exempt because their height follows their text.
    public func issues(width: Double) -> [CellIssue] {
        let layout = layout(width: width)
        var issues = contentView.layoutIssues().map(CellIssue.layout)
        let tolerance = 0.5 / scale
        for subview in contentView.subviews where !(subview is Label) {
            let frame = subview.frame
            guard frame.height > 0, frame.minY >= 0 else { continue }
            if layout.height - frame.maxY < frame.minY - tolerance {
                issues.append(
                    .bottomInsetSqueezed(
                        view: subview.layoutName, cellHeight: layout.height, viewBottom: frame.maxY,
                        topInset: frame.minY))
            }
        }
        return issues
    }
}
