// The constraints path of a stack tree: the real views, laid out by the engine.

import TrellisGeometry

extension StackTree {
    /// Builds the tree as views: a content view (scale `scale`) whose root
    /// `StackView` is pinned to its edges or layout margins, and for each
    /// node a `StackView`, `Label`, `ImageView` or `View`, in node order
    /// (`views[0]` is the root stack).
    ///
    /// Lay it out as a self-sizing cell does: `systemLayoutSizeFitting` at
    /// a required width and a fitting-level height, the height rounded up to
    /// the pixel grid, then the content view's frame set to that size and
    /// `layoutIfNeeded()`. `DirectStackLayout` gives the same height and
    /// frames without a solver.
    /// - Complexity: O(nodes).
    public func makeViews() -> (contentView: View, views: [View]) {
        let contentView = View()
        contentView.name = "contentView"
        contentView.contentScaleFactor = scale
        var views: [View] = []
        // What holds each node's place until its view is made (one view,
        // not one a node: a view costs four solver variables).
        let placeholder = contentView
        let root =
            Self._makeView(.stack(self.root), into: &views, placeholder: placeholder) as! StackView
        root.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(root)
        let canvas: LayoutItem
        switch pinning {
        case .edges:
            canvas = contentView
        case .layoutMargins(let insets):
            contentView.layoutMargins = insets
            contentView.insetsLayoutMarginsFromSafeArea = false
            canvas = contentView.layoutMarginsGuide
        }
        LayoutConstraint.activate([
            LayoutConstraint(
                item: root, attribute: .leading, relatedBy: .equal, toItem: canvas,
                attribute: .leading),
            LayoutConstraint(
                item: root, attribute: .trailing, relatedBy: .equal, toItem: canvas,
                attribute: .trailing),
            LayoutConstraint(
                item: root, attribute: .top, relatedBy: .equal, toItem: canvas, attribute: .top),
            LayoutConstraint(
                item: root, attribute: .bottom, relatedBy: .equal, toItem: canvas,
                attribute: .bottom),
        ])
        return (contentView, views)
    }

    /// The height and frames of the constraints path at `width`: new views
    /// (`makeViews()`) laid out as a self-sizing cell by the solver
    /// (`layOutCell`).
    /// - Complexity: a new hierarchy and solver: O(nodes) constraints added.
    public func constraintsLayout(width: Double) -> StackTreeLayout {
        let (contentView, views) = makeViews()
        return Self.layOutCell(contentView, views: views, width: width, scale: scale)
    }

    /// Lays out views made by `makeViews()` (new or reused) as UITableView
    /// sizes a self-sizing cell: `systemLayoutSizeFitting` at a required
    /// `width` and a fitting-level height, the height rounded up to the
    /// pixel grid of `scale`, then the content view's frame set to that
    /// size and `layoutIfNeeded()`. Returns the height and the views' frames.
    ///
    /// `bySolver` true (the default) is the constraints path: the engine's
    /// solver lays the views out, even where the engine would lay them out
    /// directly, so that the two paths can be compared. False: the calls
    /// alone, as a table makes them, where the engine lays out a hierarchy
    /// it reads as a stack tree directly ("The engine's direct path" in
    /// docs/stack-direct-path.md). `afterFitting`, where given, is called
    /// between the two with the content view, fitted and not yet laid
    /// out (what the fitting pass alone logged, for instance:
    /// `View.unsatisfiableConstraints`).
    public static func layOutCell(
        _ contentView: View, views: [View], width: Double, scale: Double, bySolver: Bool = true,
        afterFitting: ((View) -> Void)? = nil
    ) -> StackTreeLayout {
        let solvesAlways = contentView._solvesAlways
        if bySolver { contentView._solvesAlways = true }
        defer { contentView._solvesAlways = solvesAlways }
        let size = contentView.systemLayoutSizeFitting(
            Size(width: width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        afterFitting?(contentView)
        let height = PixelGrid.ceil(size.height, scale: scale)
        contentView.frame = Rect(x: 0, y: 0, width: width, height: height)
        contentView.layoutIfNeeded()
        return StackTreeLayout(
            height: height, fittingHeight: size.height, frames: views.map(\.frame))
    }

    /// Shows this tree's row on views that `makeViews()` made from a tree of
    /// the same shape (a reused cell): label texts, hidden flags and image
    /// aspect ratios. Views whose kind does not match are left alone.
    ///
    /// An image's new ratio replaces its aspect-ratio constraint (a
    /// multiplier cannot change in place, as in UIKit), or is its
    /// `aspectRatio` (`ImageNode.followsWidth`).
    /// - Complexity: O(nodes).
    public func show(on views: [View]) {
        for (node, view) in zip(nodes, views) {
            if view.isHidden != node.isHidden { view.isHidden = node.isHidden }
            switch node.content {
            case .label(let content):
                guard let label = view as? Label else { continue }
                switch content.text {
                case .plain(let text): label.text = text
                case .attributed(let text): label.attributedText = text
                }
            case .image(let content):
                let ratio = content.aspectRatio.height / content.aspectRatio.width
                if content.isIntrinsic, let image = view as? ImageView, image.aspectRatio != nil {
                    image.aspectRatio = ratio
                    continue
                }
                guard
                    let aspect = view.constraints.first(where: { $0.identifier == "aspect-ratio" }),
                    aspect.multiplier != ratio
                else { continue }
                aspect.isActive = false
                let replacement = view.heightAnchor.constraint(
                    equalTo: view.widthAnchor, multiplier: ratio)
                replacement.identifier = "aspect-ratio"
                replacement.priority = aspect.priority
                replacement.isActive = true
            case .button(let content):
                (view as? Button)?.title = content.title
            case .stack, .fixed:
                continue
            }
        }
    }

    /// The view for `node` (appended to `views` before its subtree's).
    private static func _makeView(_ node: Node, into views: inout [View], placeholder: View)
        -> View
    {
        let index = views.count
        views.append(placeholder)  // replaced below, once made
        let view: View
        switch node.content {
        case .stack(let stack):
            let stackView = StackView()
            stackView.axis = stack.axis
            stackView.distribution = stack.distribution
            stackView.alignment = stack.alignment
            stackView.spacing = stack.spacing
            if let margins = stack.layoutMargins {
                stackView.layoutMargins = margins
                stackView.isLayoutMarginsRelativeArrangement = true
            }
            stackView.isBaselineRelativeArrangement = stack.isBaselineRelativeArrangement
            var fixed: [LayoutConstraint] = []
            fixed.reserveCapacity(
                (stack.fixedWidth == nil ? 0 : 1) + (stack.fixedHeight == nil ? 0 : 1))
            if let width = stack.fixedWidth {
                fixed.append(stackView.widthAnchor.constraint(equalToConstant: width))
            }
            if let height = stack.fixedHeight {
                fixed.append(stackView.heightAnchor.constraint(equalToConstant: height))
            }
            for constraint in fixed { constraint.identifier = "fixed-size" }
            LayoutConstraint.activate(fixed)
            for child in stack.children {
                stackView.addArrangedSubview(
                    _makeView(child, into: &views, placeholder: placeholder))
            }
            for (after, spacing) in stack.customSpacing where stack.children.indices.contains(after)
            {
                stackView.setCustomSpacing(spacing, after: stackView.arrangedSubviews[after])
            }
            view = stackView
        case .label(let node):
            let label = Label(text: "", style: node.style)
            switch node.text {
            case .plain(let text): label.text = text
            case .attributed(let text): label.attributedText = text
            }
            label.numberOfLines = node.numberOfLines
            label.lineBreakMode = node.lineBreakMode
            node._apply(to: label)
            view = label
        case .button(let node):
            let button = Button(title: node.title, style: node.style)
            button.contentEdgeInsets = node.contentEdgeInsets
            node._apply(to: button)
            view = button
        case .image(let node):
            let image = ImageView()
            let ratio = node.aspectRatio.height / node.aspectRatio.width
            if node.isIntrinsic {
                image.aspectRatio = ratio
                image.setContentHuggingPriority(StackTree.cappedAspectPriority, for: .vertical)
                image.setContentCompressionResistancePriority(
                    StackTree.cappedAspectPriority, for: .vertical)
            } else {
                let aspect = image.heightAnchor.constraint(
                    equalTo: image.widthAnchor, multiplier: ratio)
                aspect.identifier = "aspect-ratio"
                if node.maxHeight != nil { aspect.priority = StackTree.cappedAspectPriority }
                aspect.isActive = true
            }
            if let maxHeight = node.maxHeight {
                let cap = image.heightAnchor.constraint(lessThanOrEqualToConstant: maxHeight)
                cap.identifier = "max-height"
                cap.isActive = true
            }
            view = image
        case .fixed(let node):
            let box: View
            if let size = node.intrinsicSize {
                box = ImageView(image: Image(size: size))
                box.setContentHuggingPriority(node.horizontalHugging, for: .horizontal)
                box.setContentHuggingPriority(node.verticalHugging, for: .vertical)
                box.setContentCompressionResistancePriority(
                    node.horizontalCompressionResistance, for: .horizontal)
                box.setContentCompressionResistancePriority(
                    node.verticalCompressionResistance, for: .vertical)
            } else {
                box = View()
            }
            // Room for the sizes at once: grown from room for one, the
            // list allocated twice for a box of both.
            var made: [LayoutConstraint] = []
            made.reserveCapacity((node.width == nil ? 0 : 1) + (node.height == nil ? 0 : 1))
            if let width = node.width {
                made.append(box.widthAnchor.constraint(equalToConstant: width))
            }
            if let height = node.height {
                made.append(box.heightAnchor.constraint(equalToConstant: height))
            }
            for constraint in made {
                constraint.priority = node.priority
                constraint.identifier = "fixed-size"
            }
            LayoutConstraint.activate(made)
            view = box
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        view.name = "node" + String(index)  // as "node\(index)", without interpolation's buffer
        view.isHidden = node.isHidden
        views[index] = view
        return view
    }
}
