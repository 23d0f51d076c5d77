// Turns a parsed Visual Format Language string into constraints, looking up
// view and metric names and applying the alignment and direction options.

import TrellisGeometry

/// Options of `LayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`,
/// as `NSLayoutConstraint.FormatOptions` (same raw values).
public struct FormatOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
    public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
    public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
    public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
    public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
    public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
    public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
    public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
    public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
    public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
    /// Horizontal formats run from leading to trailing (the default).
    public static let directionLeadingToTrailing = FormatOptions([])
    /// Horizontal formats run from left to right, whatever the layout direction.
    public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
    /// Horizontal formats run from right to left, whatever the layout direction.
    public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    /// Vertical spacing between views measured from the last baseline of one
    /// to the first baseline of the next.
    public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)

    static let _alignments: [(FormatOptions, LayoutAttribute, String)] = [
        (.alignAllLeft, .left, "alignAllLeft"), (.alignAllRight, .right, "alignAllRight"),
        (.alignAllTop, .top, "alignAllTop"), (.alignAllBottom, .bottom, "alignAllBottom"),
        (.alignAllLeading, .leading, "alignAllLeading"),
        (.alignAllTrailing, .trailing, "alignAllTrailing"),
        (.alignAllCenterX, .centerX, "alignAllCenterX"),
        (.alignAllCenterY, .centerY, "alignAllCenterY"),
        (.alignAllLastBaseline, .lastBaseline, "alignAllLastBaseline"),
        (.alignAllFirstBaseline, .firstBaseline, "alignAllFirstBaseline"),
    ]
}

extension LayoutConstraint {
    /// Standard spacing between two sibling views in the Visual Format Language (`[a]-[b]`).
    public static let standardSiblingSpacing: Double = 8
    /// Standard spacing between a view and its superview's edge (`|-[a]`).
    public static let standardSuperviewSpacing: Double = 20

    /// The constraints a Visual Format Language string describes, as
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
    /// They are returned inactive; activate them with `LayoutConstraint.activate(_:)`.
    ///
    ///     let constraints = try LayoutConstraint.constraints(
    ///         withVisualFormat: "H:|-[title]-(>=8)-[date]-|", views: ["title": title, "date": date])
    ///
    /// Views without a `name` are named after their key, so logs read like the format.
    /// - Throws: `VisualFormatError` with the position of the offending
    ///   character: grammar errors, unknown view or metric names, a `|` without
    ///   a superview, a view name used as a spacing, alignment options along the
    ///   format's own axis, priorities outside 1...1000.
    /// - Complexity: O(n) in the length of the format.
    public static func constraints(
        withVisualFormat format: String, options: FormatOptions = [],
        metrics: [String: Double] = [:],
        views: [String: View]
    ) throws(VisualFormatError) -> [LayoutConstraint] {
        let syntax = try VisualFormat(parsing: format)
        var resolver = _VisualFormatResolver(
            format: format, syntax: syntax, options: options, metrics: metrics, views: views)
        return try resolver.resolve()
    }
}

private struct _VisualFormatResolver {
    let format: String
    let syntax: VisualFormat
    let options: FormatOptions
    let metrics: [String: Double]
    let views: [String: View]
    var made: [LayoutConstraint] = []

    init(
        format: String, syntax: VisualFormat, options: FormatOptions, metrics: [String: Double],
        views: [String: View]
    ) {
        self.format = format
        self.syntax = syntax
        self.options = options
        self.metrics = metrics
        self.views = views
    }

    mutating func resolve() throws(VisualFormatError) -> [LayoutConstraint] {
        var elements: [View] = []
        for element in syntax.elements {
            guard let view = views[element.name] else {
                throw error(
                    "Unknown view '\(element.name)' (not in the views dictionary)",
                    at: element.namePosition)
            }
            if view.name == nil { view.name = element.name }
            elements.append(view)
        }

        let horizontal = syntax.orientation == .horizontal
        let direction = options.rawValue & (3 << 16)
        if direction == 3 << 16 {
            throw error(
                "Options ask for both left-to-right and right-to-left directions", at: .start)
        }
        let reversed = horizontal && direction == FormatOptions.directionRightToLeft.rawValue
        let (start, end): (LayoutAttribute, LayoutAttribute) =
            !horizontal
            ? (.top, .bottom)
            : direction == FormatOptions.directionLeftToRight.rawValue
                ? (.left, .right)
                : reversed ? (.right, .left) : (.leading, .trailing)
        let baselineSpacing = !horizontal && options.contains(.spacingBaselineToBaseline)
        let size: LayoutAttribute = horizontal ? .width : .height

        // Sizes of the views, placed below in the order they appear.
        var sizes: [[LayoutConstraint]] = []
        for (element, view) in zip(syntax.elements, elements) {
            var own: [LayoutConstraint] = []
            for predicate in element.predicates {
                let (object, multiplierItem) = try sizeObject(predicate)
                own.append(
                    LayoutConstraint(
                        view, size, layoutRelation(predicate.relation), multiplierItem,
                        multiplierItem == nil ? .notAnAttribute : size, constant: object,
                        priority: try priority(predicate), origin: .user))
            }
            sizes.append(own)
        }

        // Spacing: `next.startSide rel previous.endSide + spacing`, written the
        // other way round when the format runs right to left.
        func connect(
            _ connection: VisualFormat.Connection, previous: LayoutItem,
            _ previousAttribute: LayoutAttribute,
            next: LayoutItem, _ nextAttribute: LayoutAttribute, toSuperview: Bool
        ) throws(VisualFormatError) -> [LayoutConstraint] {
            var spacings: [(LayoutRelation, Double, LayoutPriority)] = []
            switch connection {
            case .flush: spacings = [(.equal, 0, .required)]
            case .standard:
                spacings = [
                    (
                        .equal,
                        toSuperview
                            ? LayoutConstraint.standardSuperviewSpacing
                            : LayoutConstraint.standardSiblingSpacing, .required
                    )
                ]
            case .predicates(let predicates, _):
                for predicate in predicates {
                    spacings.append(
                        (
                            layoutRelation(predicate.relation), try spacingConstant(predicate),
                            try priority(predicate)
                        ))
                }
            }
            return spacings.map { relation, constant, priority in
                reversed
                    ? LayoutConstraint(
                        previous, previousAttribute, relation, next, nextAttribute,
                        constant: constant, priority: priority, origin: .user)
                    : LayoutConstraint(
                        next, nextAttribute, relation, previous, previousAttribute,
                        constant: constant, priority: priority, origin: .user)
            }
        }

        let viewEnd: LayoutAttribute = baselineSpacing ? .lastBaseline : end
        let viewStart: LayoutAttribute = baselineSpacing ? .firstBaseline : start

        // In visual order, as Apple's parser returns them (code that indexes
        // the array depends on it): the leading edge, then each view's sizes
        // and the spacing after it, the trailing edge, then the alignments.
        if let connection = syntax.leadingSuperview {
            let superview = try superviewOf(
                elements[0], at: syntax.leadingSuperviewPosition ?? .start)
            made += try connect(
                connection, previous: superview, start, next: elements[0], start, toSuperview: true)
        }
        made += sizes.first ?? []
        for (index, connection) in syntax.connections.enumerated() {
            made += try connect(
                connection, previous: elements[index], viewEnd, next: elements[index + 1],
                viewStart, toSuperview: false)
            made += sizes[index + 1]
        }
        if let connection = syntax.trailingSuperview, let last = elements.last {
            let superview = try superviewOf(last, at: syntax.trailingSuperviewPosition ?? .start)
            made += try connect(
                connection, previous: last, end, next: superview, end, toSuperview: true)
        }

        // Alignment across the format's axis, chained view to view as Apple
        // does (`a.top == b.top`, `b.top == c.top`).
        for (option, attribute, optionName) in FormatOptions._alignments
        where options.contains(option) {
            guard attribute.axis != syntax.orientation.axis else {
                throw error(
                    "Option \(optionName) aligns views along the axis the \(horizontal ? "horizontal" : "vertical") format lays them out on; use it with a \(horizontal ? "vertical" : "horizontal") format",
                    at: .start)
            }
            for (view, next) in zip(elements, elements.dropFirst()) {
                made.append(
                    LayoutConstraint(
                        view, attribute, .equal, next, attribute, constant: 0,
                        priority: .required, origin: .user))
            }
        }
        return made
    }

    private func superviewOf(_ view: View, at position: SourcePosition) throws(VisualFormatError)
        -> View
    {
        guard let superview = view.superview else {
            throw error(
                "'|' stands for the superview of '\(view.layoutName)', which has none; add it to a view first",
                at: position)
        }
        return superview
    }

    /// The constant of a size predicate, or a view whose size it equals.
    private func sizeObject(_ predicate: VisualFormat.Predicate) throws(VisualFormatError) -> (
        Double, View?
    ) {
        switch predicate.object {
        case .number(let value, _): return (value, nil)
        case .name(let name, let position):
            if let value = metrics[name] { return (try finite(value, name, position), nil) }
            if let view = views[name] { return (0, view) }
            throw error("Unknown metric or view '\(name)'", at: position)
        }
    }

    private func spacingConstant(_ predicate: VisualFormat.Predicate) throws(VisualFormatError)
        -> Double
    {
        switch predicate.object {
        case .number(let value, _): return value
        case .name(let name, let position):
            if let value = metrics[name] { return try finite(value, name, position) }
            if views[name] != nil {
                throw error(
                    "A spacing must be a number or a metric, but '\(name)' is a view", at: position)
            }
            throw error("Unknown metric '\(name)'", at: position)
        }
    }

    private func priority(_ predicate: VisualFormat.Predicate) throws(VisualFormatError)
        -> LayoutPriority
    {
        guard let value = predicate.priority else { return .required }
        switch value {
        case .number(let number, _): return LayoutPriority(rawValue: Float(number))
        case .name(let name, let position):
            guard let number = metrics[name] else {
                throw error("Unknown metric '\(name)' for a priority", at: position)
            }
            guard number >= 1, number <= 1000 else {
                throw error(
                    "Priority must be from 1 to 1000, not \(number) (metric '\(name)')",
                    at: position)
            }
            return LayoutPriority(rawValue: Float(number))
        }
    }

    private func finite(_ value: Double, _ name: String, _ position: SourcePosition)
        throws(VisualFormatError)
        -> Double
    {
        guard value.isFinite else {
            throw error("Metric '\(name)' is \(value); it must be finite", at: position)
        }
        return value
    }

    private func layoutRelation(_ relation: VisualFormat.Relation) -> LayoutRelation {
        switch relation {
        case .lessThanOrEqual: return .lessThanOrEqual
        case .equal: return .equal
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }

    private func error(_ message: String, at position: SourcePosition) -> VisualFormatError {
        VisualFormatError(message, at: position, in: format)
    }
}

extension VisualFormat.Orientation {
    var axis: LayoutAxis { self == .horizontal ? .horizontal : .vertical }
}
