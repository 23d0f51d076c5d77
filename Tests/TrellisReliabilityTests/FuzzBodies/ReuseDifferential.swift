// The reuse property, for any cell: a hierarchy laid out row after row (texts,
// widths and constraints changing between rows) gives every view the frame a
// hierarchy built afresh for that row gives it, and the same diagnostics.
//
// Random cells (trees of views, labels, images and buttons; constraints of
// every kind; rows in random order) are checked reused against fresh; a
// failing case is shrunk and printed as a reproduction. The same generator
// serves the test suite (seeded), the long run and the `reuse` fuzz target
// (choices read from the fuzzer's bytes). Only the public API is used, as a
// user's cell would.
//
// Shared with the Fuzz package through a symlink (Fuzz/Sources/FuzzBodies).

import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

/// Where the generator's choices come from.
protocol _ChoiceSource {
    /// A number in `0..<count` (`count` ≥ 1).
    mutating func below(_ count: Int) -> Int
}

extension _ChoiceSource {
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Choices from a seeded SplitMix64: the test suite's and the long run's.
struct _SeededChoices: _ChoiceSource {
    var random: SplitMix64
    init(seed: UInt64) { random = SplitMix64(seed: seed) }
    mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
}

extension FuzzInput: _ChoiceSource {
    mutating func below(_ count: Int) -> Int {
        count <= 256 ? Int(byte()) % count : (Int(byte()) << 8 | Int(byte())) % count
    }
}

/// A random cell and the rows it is laid out with: plain data, so it can be
/// built any number of times, shrunk and printed.
struct ReuseCase: CustomStringConvertible {
    enum Kind: Equatable {
        case plain
        case label(lines: Int, mode: LineBreakMode, preferredMaxWidth: Double)
        case image
        case button
        /// A stack view; views whose parent it is are its arranged subviews.
        case stack(
            axis: LayoutAxis, distribution: StackView.Distribution, alignment: StackView.Alignment,
            spacing: Double, marginsRelative: Bool)
    }

    /// One view; index 0 is the root.
    struct ViewSpec {
        var kind: Kind
        var parent: Int
        /// Hugging and compression resistance, (horizontal, vertical).
        var hugging: (Float, Float) = (250, 250)
        var compression: (Float, Float) = (750, 750)
    }

    /// One end of a constraint: a view, or the layout margins guide of one.
    struct Item: Equatable {
        var view: Int
        var margins = false
    }

    struct ConstraintSpec {
        var first: Item
        var firstAttribute: LayoutAttribute
        var relation: LayoutRelation
        var second: Item?
        var secondAttribute: LayoutAttribute
        var multiplier: Double
        /// Whether the constraint may be switched on and off, get other
        /// constants and move between optional priorities from row to row
        /// (optional ones only: a required one could conflict on the way).
        var mutable: Bool
    }

    /// A constraint's state in one row.
    struct ConstraintState: Equatable {
        var active: Bool
        var constant: Double
        var priority: Float
    }

    /// What one row shows and how its cell is constrained.
    struct Row {
        var width: Double
        /// Per view: a label's text or a button's title (nil for other views).
        var texts: [String?]
        /// Per view: a label's style (an index in `ReuseCase.styles`).
        var styles: [Int]
        /// Per view: an image view's image size (nil: no image).
        var images: [Size?]
        var constraints: [ConstraintState]
        /// Per view: hidden in this row (arranged views collapse).
        var hidden: [Bool] = []
    }

    var views: [ViewSpec]
    var constraints: [ConstraintSpec]
    var rows: [Row]
    var scale: Double
    var rightToLeft: Bool

    static let styles: [TextStyle] = {
        var styles: [TextStyle] = []
        for family in ["Inter", "Roboto"] {
            guard let fonts = try? FontCollection.bundled(family) else { continue }
            for size in [13.0, 17, 22] { styles.append(TextStyle(fonts: fonts, size: size)) }
        }
        return styles
    }()

    var description: String { _ReuseReproduction(self).text }
}

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
            .stack(
                axis: choices.chance(50) ? .vertical : .horizontal,
                distribution: choices.pick(StackView.Distribution.allCases),
                alignment: choices.pick(StackView.Alignment.allCases),
                spacing: choices.pick([0.0, 4, 8, 12]), marginsRelative: choices.chance(20))
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

// MARK: - Checking

/// What checking one case found.
enum ReuseVerdict {
    /// Every row agreed (`rows` compared, `diagnostics` of them with issues compared too).
    case agreed(rows: Int, diagnostics: Int)
    /// A fresh hierarchy had a conflict on every row, or the layout is
    /// ambiguous (several solutions equally good: any of them is right).
    case discarded(ambiguous: Bool)
    /// The reused hierarchy disagreed with a fresh one at row `row`.
    case failed(row: Int, message: String)
}

enum ReuseDifferential {
    /// Lays the case's rows out on one reused hierarchy and on a fresh
    /// hierarchy per row and compares them. Rows on which a fresh hierarchy
    /// reports a conflict are dropped first (a conflict breaks a constraint
    /// for good, in UIKit as here, so later rows would differ by design).
    /// Diagnostics (`layoutIssues()`) are compared on every `diagnosticsEvery`-th row.
    static func check(_ spec: inout ReuseCase, diagnosticsEvery: Int = 10) -> ReuseVerdict {
        var expected: [ReuseLayout] = []
        var kept: [ReuseCase.Row] = []
        var fresh: [ReuseHierarchy] = []
        for row in spec.rows {
            let hierarchy = ReuseHierarchy(spec, row: row)
            let layout = hierarchy.layOut(width: row.width)
            guard !hierarchy.hasConflicts else { continue }
            kept.append(row)
            expected.append(layout)
            fresh.append(hierarchy)
        }
        spec.rows = kept
        guard let first = kept.first else { return .discarded(ambiguous: false) }
        let reused = ReuseHierarchy(spec, row: first)
        var diagnostics = 0
        for (index, row) in kept.enumerated() {
            reused.show(row, spec)
            let layout = reused.layOut(width: row.width)
            var failure = layout.difference(from: expected[index])
            if failure == nil, diagnosticsEvery > 0,
                index % diagnosticsEvery == diagnosticsEvery - 1
            {
                let mine = reused.issues()
                let theirs = fresh[index].issues()
                if mine != theirs {
                    failure = "diagnostics \(mine) reused, \(theirs) fresh"
                }
                diagnostics += 1
            }
            guard let failure else { continue }
            // Several equally good solutions, in the final layout or in one
            // of the passes that measure labels at their solved widths: any
            // answer is right (UIKit's too). Told by the ambiguity probe, or
            // by a fresh hierarchy whose constraints were activated in the
            // other order reaching another answer.
            let other = ReuseHierarchy(spec, row: row, reversed: true).layOut(width: row.width)
            if other.difference(from: expected[index]) != nil
                || fresh[index].views.contains(where: \.hasAmbiguousLayout)
                || ambiguousInSomePass(spec, row)
            {
                return .discarded(ambiguous: true)
            }
            return .failed(row: index, message: failure)
        }
        return .agreed(rows: kept.count, diagnostics: diagnostics)
    }

    /// Whether a layout on the way is ambiguous: the passes that measure
    /// labels of automatic width at their solved widths, replayed by hand
    /// (each pass fixes `preferredMaxLayoutWidth` at the width the previous
    /// one gave, the first at a width no text reaches). When one of them has
    /// several equally good solutions, the width a label is measured at next
    /// depends on which one the solver holds, so the final layout may too,
    /// though it is itself unambiguous.
    static func ambiguousInSomePass(_ spec: ReuseCase, _ row: ReuseCase.Row) -> Bool {
        let hierarchy = ReuseHierarchy(spec, row: row)
        let labels = hierarchy.views.compactMap { $0 as? Label }.filter {
            $0.numberOfLines != 1 && $0.preferredMaxLayoutWidth == 0
        }
        var widths = labels.map { _ in 1e7 }
        for _ in 0..<8 {
            for (label, width) in zip(labels, widths) {
                label.preferredMaxLayoutWidth = max(width, 1e-9)
            }
            _ = hierarchy.layOut(width: row.width)
            if hierarchy.views.contains(where: \.hasAmbiguousLayout) { return true }
            let solved = labels.map(\.frame.width)
            if solved == widths { break }
            widths = solved
        }
        return false
    }

    /// The smallest case found that still fails as `spec` does: rows,
    /// constraints, views and texts taken out one at a time while it fails.
    static func shrink(_ spec: ReuseCase) -> ReuseCase {
        func fails(_ candidate: ReuseCase) -> Bool {
            var candidate = candidate
            if case .failed = check(&candidate, diagnosticsEvery: 0) { return true }
            return false
        }
        var best = spec
        var kept = spec
        if case .failed(let row, _) = check(&kept, diagnosticsEvery: 0) {
            var truncated = kept
            truncated.rows = Array(kept.rows.prefix(row + 1))
            if fails(truncated) { best = truncated }
        }
        var progress = true
        var rounds = 0
        while progress && rounds < 8 {
            progress = false
            rounds += 1
            // Rows.
            var k = 0
            while k < best.rows.count, best.rows.count > 1 {
                var candidate = best
                candidate.rows.remove(at: k)
                if fails(candidate) { best = candidate; progress = true } else { k += 1 }
            }
            // Constraints.
            k = 0
            while k < best.constraints.count {
                var candidate = best
                candidate.constraints.remove(at: k)
                for r in candidate.rows.indices { candidate.rows[r].constraints.remove(at: k) }
                if fails(candidate) { best = candidate; progress = true } else { k += 1 }
            }
            // Views without subviews, with their constraints.
            k = best.views.count - 1
            while k > 0 {
                if !best.views.contains(where: { $0.parent == k }),
                    let candidate = best.removingView(k),
                    fails(candidate)
                {
                    best = candidate
                    progress = true
                }
                k -= 1
            }
            // Texts: emptied, then halved.
            for r in best.rows.indices {
                for v in best.views.indices {
                    guard let text = best.rows[r].texts[v], !text.isEmpty else { continue }
                    for shorter in [
                        "", String(text.prefix(text.count / 2)),
                        String(text.suffix(text.count / 2)),
                    ] {
                        var candidate = best
                        candidate.rows[r].texts[v] = shorter
                        if fails(candidate) { best = candidate; progress = true; break }
                    }
                }
            }
            // Round widths, default priorities.
            for r in best.rows.indices where best.rows[r].width != 320 {
                var candidate = best
                candidate.rows[r].width = 320
                if fails(candidate) { best = candidate; progress = true }
            }
            for v in best.views.indices {
                var candidate = best
                candidate.views[v].hugging = (250, 250)
                candidate.views[v].compression = (750, 750)
                if fails(candidate) { best = candidate; progress = true }
            }
        }
        return best
    }
}

extension ReuseCase {
    /// The case without view `index` (which has no subviews) and the
    /// constraints that refer to it; nil for the root.
    func removingView(_ index: Int) -> ReuseCase? {
        guard index > 0, index < views.count else { return nil }
        var result = self
        let keep = constraints.indices.filter {
            constraints[$0].first.view != index && constraints[$0].second?.view != index
        }
        func moved(_ item: Item) -> Item {
            Item(view: item.view > index ? item.view - 1 : item.view, margins: item.margins)
        }
        result.constraints = keep.map {
            var c = constraints[$0]
            c.first = moved(c.first)
            c.second = c.second.map(moved)
            return c
        }
        result.views.remove(at: index)
        for v in result.views.indices where result.views[v].parent > index {
            result.views[v].parent -= 1
        }
        for r in result.rows.indices {
            result.rows[r].constraints = keep.map { rows[r].constraints[$0] }
            result.rows[r].texts.remove(at: index)
            result.rows[r].styles.remove(at: index)
            result.rows[r].images.remove(at: index)
            if index < result.rows[r].hidden.count { result.rows[r].hidden.remove(at: index) }
        }
        return result
    }
}

/// A case written out as the code that reproduces it.
struct _ReuseReproduction {
    var text = ""

    init(_ spec: ReuseCase) {
        var lines: [String] = []
        lines.append("// scale \(spec.scale)\(spec.rightToLeft ? ", right to left" : "")")
        for (index, view) in spec.views.enumerated() {
            let parent = index == 0 ? "" : "  in v\(view.parent)"
            switch view.kind {
            case .plain: lines.append("let v\(index) = View()\(parent)")
            case .label(let lines_, let mode, let preferred):
                lines.append(
                    "let v\(index) = Label(); numberOfLines = \(lines_), lineBreakMode = .\(mode)"
                        + (preferred > 0 ? ", preferredMaxLayoutWidth = \(preferred)" : "") + parent
                )
            case .image: lines.append("let v\(index) = ImageView()\(parent)")
            case .button: lines.append("let v\(index) = Button()\(parent)")
            case .stack(let axis, let distribution, let alignment, let spacing, let margins):
                lines.append(
                    "let v\(index) = StackView(); axis .\(axis), .\(distribution), .\(alignment), spacing \(spacing)"
                        + (margins ? ", margins-relative" : "") + parent)
            }
            if index > 0, view.hugging != (250, 250) || view.compression != (750, 750) {
                lines.append(
                    "   hugging h \(view.hugging.0) v \(view.hugging.1), compression h \(view.compression.0) v \(view.compression.1)"
                )
            }
        }
        func item(_ item: ReuseCase.Item) -> String {
            "v\(item.view)" + (item.margins ? ".layoutMarginsGuide" : "")
        }
        func constraint(_ c: ReuseCase.ConstraintSpec, _ state: ReuseCase.ConstraintState) -> String
        {
            var text = "\(item(c.first)).\(c.firstAttribute) \(c.relation) "
            if let second = c.second {
                text += "\(item(second)).\(c.secondAttribute)"
                if c.multiplier != 1 { text += " × \(c.multiplier)" }
                text += " + \(state.constant)"
            } else {
                text += "\(state.constant)"
            }
            if state.priority < 1000 { text += " @\(state.priority)" }
            return text + (state.active ? "" : "  (inactive)")
        }
        if let first = spec.rows.first {
            for (c, state) in zip(spec.constraints, first.constraints) {
                lines.append(constraint(c, state))
            }
        }
        var previous = spec.rows.first?.constraints ?? []
        for (r, row) in spec.rows.enumerated() {
            lines.append("row \(r): width \(row.width)")
            for (k, state) in row.constraints.enumerated() where r > 0 && state != previous[k] {
                lines.append("   now \(constraint(spec.constraints[k], state))")
            }
            previous = row.constraints
            for (v, text) in row.texts.enumerated() {
                if v < row.hidden.count, row.hidden[v] { lines.append("   v\(v) hidden") }
                if let text {
                    lines.append("   v\(v) = \(text.debugDescription) (style \(row.styles[v]))")
                }
                if let image = row.images[v] { lines.append("   v\(v).image \(image)") }
            }
        }
        text = lines.joined(separator: "\n")
    }
}

/// The fuzz target: a case from the fuzzer's bytes, checked reused against fresh.
enum ReuseDifferentialFuzz {
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        var spec = ReuseCaseGenerator.make(&input, rowCount: 8)
        switch ReuseDifferential.check(&spec, diagnosticsEvery: 4) {
        case .agreed: return .accepted
        case .discarded: return .rejected
        case .failed(let row, let message):
            let small = ReuseDifferential.shrink(spec)
            throw FuzzViolation(
                target: "reuse", message: "row \(row): \(message)\nreproduction:\n\(small)",
                input: "")
        }
    }
}

/// A run of the property over many seeded cells: what the test suite and
/// the long run (`Fuzz/`'s `TrellisReuseCheck`) both call.
struct ReuseDifferentialRun: Sendable {
    var cells = 0
    var rows = 0
    var diagnostics = 0
    var discardedConflicts = 0
    var discardedAmbiguous = 0
    var seeds = 0
    /// The first failure (with its shrunk reproduction), if any.
    var failure: String?
    /// With `keepGoing`: every failing seed and its first difference.
    var failures: [(seed: UInt64, message: String)] = []

    var summary: String {
        "\(cells) cells, \(rows) rows agreed (\(diagnostics) also in their diagnostics); "
            + "discarded \(discardedConflicts) with a conflict on every row and "
            + "\(discardedAmbiguous) ambiguous, of \(seeds) generated"
    }

    /// Checks `cells` cells of `rowsPerCell` rows, from seeds `firstSeed`,
    /// `firstSeed + 1`, …, split over `workers` threads (worker k takes the
    /// seeds k, k + workers, … and keeps `cells / workers` of them, so the
    /// cells checked do not depend on timing). Stops at the first failure
    /// of each worker.
    /// With `stacked`, the cells are built around stack views
    /// (`ReuseCaseGenerator.makeStacked`).
    static func run(
        cells: Int, rowsPerCell: Int, firstSeed: UInt64, workers: Int, stacked: Bool = false,
        keepGoing: Bool = false
    ) async -> ReuseDifferentialRun {
        let workers = max(1, min(workers, cells))
        return await withTaskGroup(of: ReuseDifferentialRun.self) { group in
            for worker in 0..<workers {
                let share = cells / workers + (worker < cells % workers ? 1 : 0)
                group.addTask {
                    var run = ReuseDifferentialRun()
                    var seed = firstSeed &+ UInt64(worker)
                    while run.cells < share, run.failure == nil || keepGoing {
                        var choices = _SeededChoices(seed: seed)
                        var spec =
                            stacked
                            ? ReuseCaseGenerator.makeStacked(&choices, rowCount: rowsPerCell)
                            : ReuseCaseGenerator.make(&choices, rowCount: rowsPerCell)
                        run.seeds += 1
                        switch ReuseDifferential.check(&spec) {
                        case .agreed(let rows, let diagnostics):
                            run.cells += 1
                            run.rows += rows
                            run.diagnostics += diagnostics
                        case .discarded(let ambiguous):
                            if ambiguous {
                                run.discardedAmbiguous += 1
                            } else {
                                run.discardedConflicts += 1
                            }
                        case .failed(let row, let message):
                            run.failures.append((seed, "row \(row): \(message)"))
                            if run.failure == nil {
                                let small = ReuseDifferential.shrink(spec)
                                run.failure =
                                    "seed \(seed), row \(row): \(message)\nshrunk reproduction:\n\(small)"
                            }
                            if keepGoing { run.cells += 1 }
                        }
                        seed &+= UInt64(workers)
                    }
                    return run
                }
            }
            var total = ReuseDifferentialRun()
            for await run in group {
                total.cells += run.cells
                total.rows += run.rows
                total.diagnostics += run.diagnostics
                total.discardedConflicts += run.discardedConflicts
                total.discardedAmbiguous += run.discardedAmbiguous
                total.seeds += run.seeds
                if total.failure == nil { total.failure = run.failure }
                total.failures += run.failures
            }
            return total
        }
    }
}
