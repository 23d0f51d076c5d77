// A random cell built as views and laid out, reused row after row or fresh
// for one row (see ReuseDifferential.swift).

import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

// MARK: - Building and laying out

/// A cell built from a `ReuseCase`: its views and constraints.
final class ReuseHierarchy {
    let views: [View]
    let constraints: [LayoutConstraint]
    private var applied: [ReuseCase.ConstraintState]
    private var appliedStyles: [Int]

    /// Builds the cell as a user would for `row`: views, then constraints
    /// with that row's states, active ones activated in order.
    /// With `reversed`, active constraints are activated last to first:
    /// where several layouts are equally good, the solver may then settle
    /// on another one, which tells an ambiguous cell.
    init(_ spec: ReuseCase, row: ReuseCase.Row, reversed: Bool = false) {
        var views: [View] = []
        for (index, view) in spec.views.enumerated() {
            let made: View
            switch view.kind {
            case .plain: made = View()
            case .label(let lines, let mode, let preferred):
                let label = Label(style: ReuseCase.styles[row.styles[index]])
                label.numberOfLines = lines
                label.lineBreakMode = mode
                label.preferredMaxLayoutWidth = preferred
                made = label
            case .image: made = ImageView()
            case .button: made = Button(title: "", style: ReuseCase.styles[0])
            case .stack(let axis, let distribution, let alignment, let spacing, let margins):
                let stack = StackView()
                stack.axis = axis
                stack.distribution = distribution
                stack.alignment = alignment
                stack.spacing = spacing
                stack.isLayoutMarginsRelativeArrangement = margins
                made = stack
            }
            made.name = "v\(index)"
            if index > 0 {
                made.translatesAutoresizingMaskIntoConstraints = false
                if let stack = views[view.parent] as? StackView {
                    stack.addArrangedSubview(made)
                } else {
                    views[view.parent].addSubview(made)
                }
            }
            made.setContentHuggingPriority(
                LayoutPriority(rawValue: view.hugging.0), for: .horizontal)
            made.setContentHuggingPriority(LayoutPriority(rawValue: view.hugging.1), for: .vertical)
            made.setContentCompressionResistancePriority(
                LayoutPriority(rawValue: view.compression.0), for: .horizontal)
            made.setContentCompressionResistancePriority(
                LayoutPriority(rawValue: view.compression.1), for: .vertical)
            views.append(made)
        }
        views[0].contentScaleFactor = spec.scale
        views[0].semanticContentAttribute = spec.rightToLeft ? .forceRightToLeft : .unspecified
        func item(_ item: ReuseCase.Item) -> LayoutItem {
            item.margins ? views[item.view].layoutMarginsGuide : views[item.view]
        }
        constraints = zip(spec.constraints, row.constraints).map { spec, state in
            let constraint = LayoutConstraint(
                item: item(spec.first), attribute: spec.firstAttribute, relatedBy: spec.relation,
                toItem: spec.second.map(item), attribute: spec.secondAttribute,
                multiplier: spec.multiplier, constant: state.constant)
            constraint.priority = LayoutPriority(rawValue: state.priority)
            return constraint
        }
        self.views = views
        applied = row.constraints.map {
            var s = $0; s.active = false; return s
        }
        appliedStyles = row.styles
        if reversed {
            for (k, state) in row.constraints.enumerated().reversed() where state.active {
                constraints[k].isActive = true
            }
            applied = row.constraints
        }
        show(row, spec)
    }

    /// Shows `row` as a reused cell would: new texts, images and styles,
    /// and only the constraint changes since the last row.
    func show(_ row: ReuseCase.Row, _ spec: ReuseCase) {
        for (index, view) in views.enumerated() {
            let hidden = index < row.hidden.count && row.hidden[index]
            if view.isHidden != hidden { view.isHidden = hidden }
            if let label = view as? Label {
                if row.styles[index] != appliedStyles[index] {
                    label.style = ReuseCase.styles[row.styles[index]]
                }
                label.text = row.texts[index] ?? ""
            } else if let button = view as? Button {
                button.title = row.texts[index] ?? ""
            } else if let image = view as? ImageView {
                image.image = row.images[index].map { Image(size: $0) }
            }
        }
        for (k, state) in row.constraints.enumerated() where state != applied[k] {
            let constraint = constraints[k]
            if !state.active { constraint.isActive = false }
            constraint.constant = state.constant
            constraint.priority = LayoutPriority(rawValue: state.priority)
            if state.active { constraint.isActive = true }
        }
        applied = row.constraints
        appliedStyles = row.styles
    }

    /// The cell's height at `width` (`systemLayoutSizeFitting` with a
    /// required width), then every view's frame laid out at that size.
    func layOut(width: Double) -> ReuseLayout {
        let root = views[0]
        let fitted = root.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        let height =
            fitted.height.isFinite
            ? max(0, PixelGrid.ceil(fitted.height, scale: root.contentScaleFactor)) : 0
        root.frame = Rect(x: 0, y: 0, width: width, height: height)
        root.layoutIfNeeded()
        return ReuseLayout(fitted: fitted, frames: views.map(\.frame))
    }

    /// The conflicts found so far.
    var hasConflicts: Bool { !views[0].unsatisfiableConstraints.isEmpty }

    /// Every view's layout issues, as text.
    func issues() -> [String] { views[0].layoutIssues().map(\.description) }
}

/// What one row's layout gave.
struct ReuseLayout: Equatable {
    var fitted: Size
    var frames: [Rect]

    /// The first difference from `other` beyond the tolerance: frames, on
    /// the pixel grid, within 1e-9; the fitted size, the solver's raw
    /// answer, within 1e-8 relative. The solver treats magnitudes below
    /// 1e-8 as zero (Kiwi's epsilon), so two tableaus reached by different
    /// pivots hold the same optimum to about that precision: seed 3783 of
    /// the long run, whose reused cell had ambiguity probes added and
    /// removed between rows, fitted 256.5833326 against a fresh 256.5833333
    /// (2.8e-9 relative), and agreed exactly with an epsilon of 1e-11.
    func difference(from other: ReuseLayout) -> String? {
        func near(_ a: Double, _ b: Double, relative: Double) -> Bool {
            a == b || abs(a - b) <= relative * max(1, abs(a), abs(b))
        }
        let fittedNear = { (a: Double, b: Double) in near(a, b, relative: 1e-8) }
        if !fittedNear(fitted.width, other.fitted.width)
            || !fittedNear(fitted.height, other.fitted.height)
        {
            return
                "fitted size \(fitted.width) × \(fitted.height) reused, \(other.fitted.width) × \(other.fitted.height) fresh"
        }
        for (index, (a, b)) in zip(frames, other.frames).enumerated() {
            if !near(a.minX, b.minX, relative: 1e-9) || !near(a.minY, b.minY, relative: 1e-9)
                || !near(a.width, b.width, relative: 1e-9)
                || !near(a.height, b.height, relative: 1e-9)
            {
                return
                    "v\(index).frame \(a) reused, \(b) fresh (fitted heights \(fitted.height) and \(other.fitted.height))"
            }
        }
        return nil
    }
}
