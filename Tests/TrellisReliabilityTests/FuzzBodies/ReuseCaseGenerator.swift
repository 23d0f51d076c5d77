// Random cells for the reuse property (see ReuseDifferential.swift): trees
// of views, labels, images and buttons, constraints of every kind, rows.

import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

// MARK: - Generating

enum ReuseCaseGenerator {
    static let fragments = [
        "ok", "Hi!", "Short.", "A subtitle long enough to wrap onto a second line at most widths.",
        "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill.",
        "Supercalifragilisticexpialidocious",
        "https://example.com/a/very/long/path?with=query&and=more",
        "Съешь же ещё этих мягких французских булок, да выпей чаю.", "שלום עולם, a mixed line",
        "مرحبا بالعالم", "漢字かな交じり文", "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
        "12:45", "🙂 fine", "a", "Two\nlines", "   spaced   out   ", "x y z w v u t s r q p o n m",
    ]
    /// Priorities across the levels, but not 50: a constraint at
    /// `fittingSizeLevel` shares that level with the height the fit
    /// minimises, so their total error may be least at many heights (the
    /// fitted height is then one of several, in UIKit too).
    /// Nor below 5: `hasAmbiguousLayout` probes at priority 1, so a view held
    /// in place only at 1 would count as ambiguous.
    static let priorities: [Float] = [5, 49, 51, 249, 250, 251, 500, 749, 750, 751, 999]
    static let widths: [Double] = [200, 240, 280, 320, 360, 375, 390, 414, 500, 768]

    /// A random cell with `rowCount` rows.
    static func make<C: _ChoiceSource>(_ choices: inout C, rowCount: Int) -> ReuseCase {
        var views = [ReuseCase.ViewSpec(kind: .plain, parent: -1)]
        var constraints: [ReuseCase.ConstraintSpec] = []
        var states: [ReuseCase.ConstraintState] = []
        func add(
            _ first: ReuseCase.Item, _ a1: LayoutAttribute, _ relation: LayoutRelation,
            _ second: ReuseCase.Item?, _ a2: LayoutAttribute, multiplier: Double = 1,
            constant: Double, priority: Float = 1000, mutable: Bool = false
        ) {
            constraints.append(
                .init(
                    first: first, firstAttribute: a1, relation: relation, second: second,
                    secondAttribute: second == nil ? .notAnAttribute : a2, multiplier: multiplier,
                    mutable: mutable && priority < 1000))
            states.append(.init(active: true, constant: constant, priority: priority))
        }

        let count = 1 + choices.below(6)
        var containers = [0]
        for index in 1...count {
            let parent = choices.pick(containers)
            var spec: ReuseCase.ViewSpec
            switch choices.below(10) {
            case 0...4:
                spec = .init(
                    kind: .label(
                        lines: choices.pick([0, 0, 0, 1, 1, 2, 3]),
                        mode: choices.pick(LineBreakMode.allCases),
                        preferredMaxWidth: choices.chance(8) ? choices.pick([90.0, 150, 260]) : 0),
                    parent: parent)
            case 5, 6: spec = .init(kind: .image, parent: parent)
            case 7: spec = .init(kind: .button, parent: parent)
            default:
                spec = .init(kind: .plain, parent: parent)
                containers.append(index)
            }
            spec.hugging = (optionalPriority(&choices), optionalPriority(&choices))
            spec.compression = (optionalPriority(&choices), optionalPriority(&choices))
            views.append(spec)

            // Where the view sits: one recipe per axis, as cells are written.
            let view = ReuseCase.Item(view: index)
            let parentItem = ReuseCase.Item(view: parent, margins: choices.chance(30))
            let sibling = (1..<index).last { views[$0].parent == parent }
            let a = Double(choices.pick([0, 8, 12, 16]))
            let b = Double(choices.pick([0, 8, 12, 16]))
            // A plain view has no intrinsic size: only recipes that fix its
            // width, and a pull at priority 3 (below every other here) that
            // makes it hug its subviews' height, so its layout is unambiguous.
            let horizontal = spec.kind == .plain ? choices.pick([0, 5, 6]) : choices.below(8)
            if spec.kind == .plain {
                add(view, .height, .equal, nil, .notAnAttribute, constant: 0, priority: 3)
            }
            switch horizontal {
            case 0:  // fill
                add(view, .leading, .equal, parentItem, .leading, constant: a)
                add(view, .trailing, .equal, parentItem, .trailing, constant: -b)
            case 1:  // leading, at most to the trailing edge
                add(view, .leading, .equal, parentItem, .leading, constant: a)
                add(view, .trailing, .lessThanOrEqual, parentItem, .trailing, constant: -b)
            case 2:  // a bubble on the trailing side, at most a fraction wide
                add(view, .trailing, .equal, parentItem, .trailing, constant: -b)
                add(
                    view, .width, .lessThanOrEqual, parentItem, .width,
                    multiplier: choices.pick([0.75, 0.5, 0.9]), constant: 0)
                add(view, .leading, .greaterThanOrEqual, parentItem, .leading, constant: a)
            case 3:  // centred
                add(view, .centerX, .equal, parentItem, .centerX, constant: 0)
                add(view, .leading, .greaterThanOrEqual, parentItem, .leading, constant: a)
            case 4 where sibling != nil:  // after a sibling
                add(view, .leading, .equal, .init(view: sibling!), .trailing, constant: 8)
                add(view, .trailing, .lessThanOrEqual, parentItem, .trailing, constant: -b)
            case 5:  // fixed width
                add(view, .leading, .equal, parentItem, .leading, constant: a)
                add(
                    view, .width, .equal, nil, .notAnAttribute,
                    constant: choices.pick([24.0, 32, 44, 60]))
            case 6:  // a fraction of the container
                add(view, .left, .equal, parentItem, .left, constant: a)
                add(
                    view, .width, .equal, parentItem, .width,
                    multiplier: choices.pick([0.25, 0.5, 1]),
                    constant: -a)
            default:  // leading only: the width is the content's
                add(view, .leading, .equal, parentItem, .leading, constant: a)
            }
            // Alignments with a sibling give way (999) where the sibling sits
            // too high for the view to stay inside its container.
            switch choices.below(6) {
            case 0 where sibling != nil:  // centred on a sibling
                add(
                    view, .centerY, .equal, .init(view: sibling!), .centerY, constant: 0,
                    priority: 999)
                add(view, .top, .greaterThanOrEqual, parentItem, .top, constant: a)
            case 1 where sibling != nil:  // baselines aligned with a sibling
                add(
                    view, .firstBaseline, .equal, .init(view: sibling!), .firstBaseline,
                    constant: 0,
                    priority: 999)
                add(view, .top, .greaterThanOrEqual, parentItem, .top, constant: a)
            case 2 where sibling != nil:  // below a sibling's last baseline
                add(view, .top, .equal, .init(view: sibling!), .lastBaseline, constant: 8)
            case 3 where horizontal != 7:  // an aspect ratio
                add(view, .top, .equal, parentItem, .top, constant: a)
                add(
                    view, .height, .equal, view, .width, multiplier: choices.pick([0.5, 1, 0.75]),
                    constant: 0)
            default:  // below the sibling or at the top
                if let sibling, choices.chance(70) {
                    add(view, .top, .equal, .init(view: sibling), .bottom, constant: 8)
                } else {
                    add(view, .top, .equal, parentItem, .top, constant: a)
                }
            }
            // The container holds the view; its bottom may pull the height.
            add(parentItem, .bottom, .greaterThanOrEqual, view, .bottom, constant: b)
            if choices.chance(40) {
                add(
                    view, .bottom, .equal, parentItem, .bottom, constant: -b,
                    priority: choices.pick([750, 250, 999]) - Float(choices.below(4)), mutable: true
                )
            }
            if choices.chance(15) {
                add(
                    view, .height, .lessThanOrEqual, nil, .notAnAttribute,
                    constant: choices.pick([40.0, 120]),
                    priority: 999)
            }
        }

        // Optional constraints between any two views along one axis.
        for _ in 0..<choices.below(4) {
            let first = ReuseCase.Item(view: 1 + choices.below(count))
            let second = ReuseCase.Item(view: choices.below(count + 1))
            let priority = optionalPriority(&choices)
            let constant = Double(choices.below(161)) - 40
            let relation = choices.pick([
                LayoutRelation.equal, .lessThanOrEqual, .greaterThanOrEqual,
            ])
            switch choices.below(4) {
            case 0:
                let attribute = choices.pick([LayoutAttribute.width, .height])
                add(
                    first, attribute, relation, nil, .notAnAttribute, constant: constant,
                    priority: priority,
                    mutable: true)
            case 1:
                let attribute = choices.pick([LayoutAttribute.width, .height])
                add(
                    first, attribute, relation, second,
                    choices.pick([attribute, attribute, .width, .height]),
                    multiplier: choices.pick([1, 0.5, 2, 0.75]), constant: constant,
                    priority: priority,
                    mutable: true)
            case 2 where first != second:
                let pair = choices.pick([
                    (LayoutAttribute.leading, LayoutAttribute.leading), (.trailing, .trailing),
                    (.centerX, .centerX), (.leading, .trailing),
                ])
                add(
                    first, pair.0, relation, second, pair.1, constant: constant, priority: priority,
                    mutable: true)
            case 3 where first != second:
                let pair = choices.pick([
                    (LayoutAttribute.top, LayoutAttribute.top), (.bottom, .bottom),
                    (.centerY, .centerY),
                    (.top, .bottom), (.lastBaseline, .lastBaseline),
                ])
                add(
                    first, pair.0, relation, second, pair.1, constant: constant, priority: priority,
                    mutable: true)
            default:
                break
            }
        }

        // Rows: new texts, widths, images and styles every row; now and then
        // optional constraints switched, moved or reprioritised.
        var rows: [ReuseCase.Row] = []
        var styles = views.map { _ in choices.below(max(1, ReuseCase.styles.count)) }
        for _ in 0..<rowCount {
            var texts: [String?] = []
            var images: [Size?] = []
            for view in views {
                switch view.kind {
                case .label:
                    texts.append(text(&choices))
                    images.append(nil)
                case .button:
                    texts.append(choices.pick(["Follow", "OK", "", "Read more"]))
                    images.append(nil)
                case .image:
                    texts.append(nil)
                    images.append(
                        choices.chance(3)
                            ? nil
                            : choices.pick([
                                Size(width: 32, height: 32), Size(width: 120, height: 80),
                                Size(width: 44, height: 60), Size(width: 0, height: 0),
                            ]))
                case .plain, .stack:
                    texts.append(nil)
                    images.append(nil)
                }
            }
            if choices.chance(5), !styles.isEmpty {
                styles[choices.below(styles.count)] = choices.below(max(1, ReuseCase.styles.count))
            }
            for k in states.indices where constraints[k].mutable {
                switch choices.below(30) {
                case 0: states[k].active.toggle()
                case 1: states[k].constant = Double(choices.below(161)) - 40
                case 2: states[k].priority = optionalPriority(&choices)
                default: break
                }
            }
            let width =
                choices.chance(80) ? choices.pick(widths) : 180 + Double(choices.below(2400)) / 4
            rows.append(
                .init(
                    width: width, texts: texts, styles: styles, images: images, constraints: states)
            )
        }
        return ReuseCase(
            views: views, constraints: constraints, rows: rows, scale: choices.pick([3, 2, 1]),
            rightToLeft: choices.chance(15))
    }

    /// An optional priority near one of `priorities`, never 50 or below 5:
    /// neighbouring levels (749, 750, 751) are common, ties within a level
    /// occur but less often than with the round numbers alone.
    static func optionalPriority<C: _ChoiceSource>(_ choices: inout C) -> Float {
        let priority = choices.pick(priorities) + Float(choices.below(7)) - 3
        return priority == 50 || priority < 5 || priority > 999
            ? choices.pick(priorities) : priority
    }

    /// A random cell built around stack views: a root holding a stack
    /// (pinned at its edges or margins, or only leading and top), whose
    /// arranged views are labels, images, buttons and nested stacks; any
    /// arranged view may be hidden in a row. Labels in stacks aligned
    /// leading, centre or trailing get their width from the solve, as the
    /// chat bubble's did.
    static func makeStacked<C: _ChoiceSource>(_ choices: inout C, rowCount: Int) -> ReuseCase {
        var views = [ReuseCase.ViewSpec(kind: .plain, parent: -1)]
        var constraints: [ReuseCase.ConstraintSpec] = []
        var states: [ReuseCase.ConstraintState] = []
        func stackKind() -> ReuseCase.Kind {
            let axis: LayoutAxis = choices.chance(50) ? .vertical : .horizontal
            var alignment = choices.pick(StackView.Alignment.allCases)
            // Baseline alignment of a vertical stack makes no alignment
            // constraint in UIKit (its views' places across are ambiguous,
            // and the cell is discarded): now and then only.
            if axis == .vertical, alignment == .firstBaseline || alignment == .lastBaseline,
                choices.chance(85)
            {
                alignment = choices.pick([.fill, .leading, .center, .trailing])
            }
            return .stack(
                axis: axis, distribution: choices.pick(StackView.Distribution.allCases),
                alignment: alignment, spacing: choices.pick([0.0, 4, 8, 12]),
                marginsRelative: choices.chance(20))
        }
        views.append(.init(kind: stackKind(), parent: 0))
        var stacks = [1]
        let count = 1 + choices.below(6)
        for _ in 0..<count {
            let parent = choices.pick(stacks)
            var spec: ReuseCase.ViewSpec
            switch choices.below(10) {
            case 0...4:
                spec = .init(
                    kind: .label(
                        lines: choices.pick([0, 0, 1, 2]),
                        mode: choices.pick(LineBreakMode.allCases),
                        preferredMaxWidth: 0),
                    parent: parent)
            case 5, 6: spec = .init(kind: .image, parent: parent)
            case 7: spec = .init(kind: .button, parent: parent)
            default:
                spec = .init(kind: stackKind(), parent: parent)
                stacks.append(views.count)
            }
            spec.hugging = (optionalPriority(&choices), optionalPriority(&choices))
            spec.compression = (optionalPriority(&choices), optionalPriority(&choices))
            views.append(spec)
        }
        // The outer stack in the root: pinned at both edges (or margins), or
        // at the leading edge only; its bottom holds the root's height.
        let stack = ReuseCase.Item(view: 1)
        let root = ReuseCase.Item(view: 0, margins: choices.chance(30))
        func add(
            _ first: ReuseCase.Item, _ a1: LayoutAttribute, _ relation: LayoutRelation,
            _ second: ReuseCase.Item?, _ a2: LayoutAttribute, constant: Double
        ) {
            constraints.append(
                .init(
                    first: first, firstAttribute: a1, relation: relation, second: second,
                    secondAttribute: a2, multiplier: 1, mutable: false))
            states.append(.init(active: true, constant: constant, priority: 1000))
        }
        add(stack, .leading, .equal, root, .leading, constant: 16)
        if choices.chance(70) {
            add(stack, .trailing, .equal, root, .trailing, constant: -16)
        } else {
            add(stack, .trailing, .lessThanOrEqual, root, .trailing, constant: -16)
        }
        add(stack, .top, .equal, root, .top, constant: 12)
        add(root, .bottom, .greaterThanOrEqual, stack, .bottom, constant: 12)
        var rows: [ReuseCase.Row] = []
        for _ in 0..<rowCount {
            var row = ReuseCase.Row(
                width: choices.pick(widths), texts: [], styles: views.map { _ in 0 }, images: [],
                constraints: states, hidden: [])
            for view in views {
                switch view.kind {
                case .label: row.texts.append(text(&choices))
                case .button: row.texts.append(choices.pick(["Follow", "OK", "", "Read more"]))
                default: row.texts.append(nil)
                }
                row.images.append(
                    view.kind == .image
                        ? choices.pick([
                            Size(width: 32, height: 32), Size(width: 120, height: 80),
                            Size(width: 44, height: 60),
                        ])
                        : nil)
                row.hidden.append(view.parent > 0 && choices.chance(15))
            }
            rows.append(row)
        }
        return ReuseCase(
            views: views, constraints: constraints, rows: rows, scale: choices.pick([3, 2]),
            rightToLeft: choices.chance(10))
    }

    static func text<C: _ChoiceSource>(_ choices: inout C) -> String {
        switch choices.below(10) {
        case 0: return ""
        case 1...5: return choices.pick(fragments)
        default:
            return (0...choices.below(4)).map { _ in choices.pick(fragments) }.joined(
                separator: choices.pick([" ", " ", "\n"]))
        }
    }
}
