// StackView's constraints against UIKit's UIStackView, constraint by
// constraint (items, attributes, relation, multiplier, constant, priority,
// identifier), over the grid the public UIStackView reimplementations compare
// themselves on with a live UIStackView: TZStackView (pull requests 54 and 84:
// margins on/off × both axes × 5 distributions × 8 alignments, both baselines,
// spacing 10, over 5 views, all 2³ hidden patterns of 3 views and all 2³
// line-count patterns of labels "a", "aa", "aaa"; fill-proportionally with
// 0 to 3 views of lengths {none, 0, 1, 5, 10, …, 25, hidden}) and kean/Arranged
// (its README's UIStackView dump; its test disabled for UIKit's spacing
// around two leading hidden views). The expected sets below are written from
// the rules those suites recorded, as a table per concern, and from the dump
// itself; nothing here calls StackView's own planning.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct StackViewUIKitSetTests {
    // MARK: A canonical text for a constraint

    /// Names items as the reference does: arranged views by index ("v0"),
    /// the stack, its margins guide and its guides by identifier (spacers
    /// numbered in order, as TZStackView matches UIKit's guides by
    /// identifier).
    struct Namer {
        var names: [ObjectIdentifier: String] = [:]

        init(_ stack: StackView) {
            names[ObjectIdentifier(stack)] = "stack"
            names[ObjectIdentifier(stack.layoutMarginsGuide)] = "margins"
            for (k, view) in stack.arrangedSubviews.enumerated() {
                names[ObjectIdentifier(view)] = "v\(k)"
            }
            var spacers = 0
            for guide in stack.layoutGuides {
                if guide.identifier == "UISV-distributing" {
                    names[ObjectIdentifier(guide)] = "spacer\(spacers)"
                    spacers += 1
                } else {
                    names[ObjectIdentifier(guide)] = guide.identifier ?? "guide"
                }
            }
        }

        func name(_ item: LayoutItem?) -> String {
            guard let item else { return "-" }
            return names[ObjectIdentifier(item)] ?? "?"
        }
    }

    /// One constraint, in a form where `a.x == b.y + c` and its flip
    /// `b.y == a.x - c` read the same (as TZStackView's `isSameConstraintFlipped`).
    struct Entry: Hashable, Comparable, CustomStringConvertible {
        var text: String
        var description: String { text }
        static func < (a: Entry, b: Entry) -> Bool { a.text < b.text }

        init(
            _ id: String, _ a: String, _ attributeA: LayoutAttribute, _ relation: LayoutRelation,
            _ b: String?, _ attributeB: LayoutAttribute?, multiplier: Double = 1,
            constant: Double = 0, priority: Float = 1000
        ) {
            func round(_ value: Double) -> String {
                let rounded = (value * 10_000).rounded() / 10_000
                return rounded == 0 ? "0" : "\(rounded)"
            }
            func rel(_ relation: LayoutRelation) -> String {
                switch relation {
                case .equal: return "=="
                case .lessThanOrEqual: return "<="
                case .greaterThanOrEqual: return ">="
                }
            }
            func flipped(_ relation: LayoutRelation) -> LayoutRelation {
                switch relation {
                case .equal: return .equal
                case .lessThanOrEqual: return .greaterThanOrEqual
                case .greaterThanOrEqual: return .lessThanOrEqual
                }
            }
            var (a, attributeA, relation, b, attributeB, multiplier, constant) = (
                a, attributeA, relation, b, attributeB, multiplier, constant
            )
            if let other = b, let otherAttribute = attributeB, multiplier == 1,
                "\(other).\(otherAttribute)" < "\(a).\(attributeA)"
            {
                (a, attributeA, b, attributeB) = (other, otherAttribute, a, attributeA)
                relation = flipped(relation)
                constant = -constant
            }
            let right =
                b.map { "\($0).\(attributeB!) ×\(round(multiplier)) " } ?? ""
            text =
                "\(id): \(a).\(attributeA) \(rel(relation)) \(right)+\(round(constant)) @\(priority)"
        }
    }

    /// The stack's constraints (made for its current settings) as entries.
    static func actual(_ stack: StackView) -> [Entry] {
        stack.arrangeIfNeeded()
        let namer = Namer(stack)
        return (stack._arrangement + stack._proportional.constraints).map { c in
            Entry(
                c.identifier ?? "", namer.name(c.firstItem), c.firstAttribute, c.relation,
                c.secondItem == nil ? nil : namer.name(c.secondItem),
                c.secondItem == nil ? nil : c.secondAttribute, multiplier: c.multiplier,
                constant: c.constant, priority: c.priority.rawValue)
        }.sorted()
    }

    // MARK: UIKit's rules, as the suites recorded them

    struct Configuration: CustomStringConvertible {
        var margins: Bool
        var axis: LayoutAxis
        var distribution: StackView.Distribution
        var alignment: StackView.Alignment
        var spacing: Double = 10
        var description: String {
            "margins \(margins), \(axis), \(distribution), \(alignment), spacing \(spacing)"
        }

        /// Gives `stack` these settings (no margins' own insets: only
        /// whether the arrangement is relative to them).
        func apply(to stack: StackView) {
            stack.layoutMargins = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
            stack.isLayoutMarginsRelativeArrangement = margins
            stack.axis = axis
            stack.distribution = distribution
            stack.alignment = alignment
            stack.spacing = spacing
        }

        /// TZStackView's grid: margins on and off × both axes × every
        /// distribution × every alignment (80 configurations, spacing 10).
        static let grid: [Configuration] = [false, true].flatMap { margins in
            [LayoutAxis.horizontal, .vertical].flatMap { axis in
                StackView.Distribution.allCases.flatMap { distribution in
                    StackView.Alignment.allCases.map { alignment in
                        Configuration(
                            margins: margins, axis: axis, distribution: distribution,
                            alignment: alignment)
                    }
                }
            }
        }
    }

    /// The set UIKit makes for `views` (`hidden`, and for labels their
    /// line counts, read from the views).
    static func expected(_ views: [View], _ c: Configuration) -> [Entry] {
        guard !views.isEmpty else { return [] }
        let horizontal = c.axis == .horizontal
        let (start, end, size, center):
            (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
                horizontal
                ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        let (top, bottom, thickness, middle):
            (LayoutAttribute, LayoutAttribute, LayoutAttribute, LayoutAttribute) =
                horizontal
                ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
        let canvas = c.margins ? "margins" : "stack"
        let spanner = "UISV-alignment-spanner"
        let names = views.indices.map { "v\($0)" }
        let shown = views.indices.filter { !views[$0].isHidden }
        var out: [Entry] = []

        // Per view: suppression across unless alignment fill; hiding.
        for k in views.indices {
            if c.alignment != .fill {
                out.append(
                    Entry(
                        "UISV-ambiguity-suppression", names[k], thickness, .equal, nil, nil,
                        priority: 25))
            }
            if views[k].isHidden {
                out.append(Entry("UISV-hiding", names[k], size, .equal, nil, nil))
            }
        }
        // Alignment: the first arranged view against every other.
        let aligned: [StackView.Alignment: [LayoutAttribute]] = [
            .fill: [bottom, top], .leading: [top], .trailing: [bottom], .center: [middle],
            .firstBaseline: horizontal ? [.firstBaseline] : [],
            .lastBaseline: horizontal ? [.lastBaseline] : [],
        ]
        for attribute in aligned[c.alignment]! {
            for k in views.indices.dropFirst() {
                out.append(Entry("UISV-alignment", "v0", attribute, .equal, names[k], attribute))
            }
        }
        // Canvas connections.
        let cc = "UISV-canvas-connection"
        let usesSpanner = c.alignment != .fill || shown.isEmpty
        if shown.isEmpty {
            let ordering = "UISV-ordering-spanner"
            out.append(Entry(cc, canvas, start, .equal, ordering, start))
            out.append(Entry(cc, canvas, end, .equal, ordering, end))
            out.append(Entry(cc, canvas, top, .equal, spanner, top))
            out.append(Entry(cc, canvas, bottom, .equal, spanner, bottom))
            if c.alignment == .center {
                out.append(Entry(cc, canvas, middle, .equal, spanner, middle))
            }
        } else {
            out.append(Entry(cc, canvas, start, .equal, names[shown.first!], start))
            out.append(Entry(cc, canvas, end, .equal, names[shown.last!], end))
            // (top item, its relation, bottom item, its relation) by alignment.
            let table: [StackView.Alignment: (String, LayoutRelation, String, LayoutRelation)] = [
                .fill: ("v0", .equal, "v0", .equal),
                .center: (spanner, .equal, spanner, .equal),
                .leading: ("v0", .equal, spanner, .equal),
                .trailing: (spanner, .equal, "v0", .equal),
                .firstBaseline: horizontal
                    ? ("v0", .lessThanOrEqual, spanner, .equal)
                    : (spanner, .equal, spanner, .equal),
                .lastBaseline: horizontal
                    ? (spanner, .equal, "v0", .greaterThanOrEqual)
                    : (spanner, .equal, spanner, .equal),
            ]
            let (topItem, topRelation, bottomItem, bottomRelation) = table[c.alignment]!
            out.append(Entry(cc, canvas, top, topRelation, topItem, top))
            out.append(Entry(cc, canvas, bottom, bottomRelation, bottomItem, bottom))
            if c.alignment == .center {
                out.append(Entry(cc, canvas, middle, .equal, "v0", middle))
            }
            if horizontal && (c.alignment == .firstBaseline || c.alignment == .lastBaseline) {
                out.append(
                    Entry("UISV-canvas-fit", "stack", .height, .equal, nil, nil, priority: 49))
            }
        }
        let spreads = c.distribution == .equalSpacing || c.distribution == .equalCentering
        if spreads {
            out.append(Entry("UISV-canvas-fit", "stack", size, .equal, nil, nil, priority: 49))
        }
        // Spanning boundaries around the visible views.
        if shown.isEmpty {
            // Our one addition to the recorded set (documented in
            // `_canvasConnections`): with every view hidden the spanners are
            // as short as they can be at 51, so the stack is 0 × 0.
            out.append(
                Entry(
                    "UISV-spanning-fit", "UISV-ordering-spanner", size, .equal, nil, nil,
                    priority: 51))
            if c.alignment == .fill {
                out.append(
                    Entry("UISV-spanning-fit", spanner, thickness, .equal, nil, nil, priority: 51))
            }
            // iOS 26's `UISV-spacing-hidden` (every view's start at the
            // ordering spanner's end, 50), and our placement across (the
            // first view's start at the spanner's; every view's in a
            // vertical stack aligned by baselines): `_hiddenPlaces`.
            let unaligned =
                !horizontal && (c.alignment == .firstBaseline || c.alignment == .lastBaseline)
            for k in views.indices {
                out.append(
                    Entry(
                        "UISV-spacing-hidden", names[k], start, .equal, "UISV-ordering-spanner",
                        end,
                        priority: 50))
                if k == 0 || unaligned {
                    out.append(
                        Entry(
                            "UISV-alignment-hidden", names[k], top, .equal, spanner, top,
                            priority: 50))
                }
            }
        }
        if usesSpanner && c.alignment != .fill {
            for k in shown {
                let pinTop = c.alignment == .leading
                let pinBottom = c.alignment == .trailing
                out.append(
                    Entry(
                        "UISV-spanning-boundary", spanner, top, pinTop ? .equal : .lessThanOrEqual,
                        names[k], top, priority: pinTop ? 999.5 : 1000))
                out.append(
                    Entry(
                        "UISV-spanning-boundary", spanner, bottom,
                        pinBottom ? .equal : .greaterThanOrEqual, names[k], bottom,
                        priority: pinBottom ? 999.5 : 1000))
            }
            out.append(
                Entry("UISV-spanning-fit", spanner, thickness, .equal, nil, nil, priority: 51))
        }
        // Spacing through every arranged view: half around hidden ones.
        for k in views.indices.dropFirst() {
            let (previous, next) = (views[k - 1].isHidden, views[k].isHidden)
            var constant = 0.0
            if !previous && !next {
                constant = c.spacing
            } else if previous && !next && k - 1 != 0 {
                constant = c.spacing / 2
            } else if !previous && next && k != views.count - 1 {
                constant = c.spacing / 2
            }
            out.append(
                Entry(
                    "UISV-spacing", names[k], start, spreads ? .greaterThanOrEqual : .equal,
                    names[k - 1], end, constant: constant))
        }
        if c.distribution == .fillEqually {
            for k in shown.dropFirst() {
                out.append(
                    Entry("UISV-fill-equally", names[k], size, .equal, names[shown[0]], size))
            }
        }
        if spreads {
            let centres = c.distribution == .equalCentering
            for s in 0..<max(0, shown.count - 1) {
                out.append(
                    Entry(
                        "UISV-distributing-edge", "spacer\(s)", start, .equal, names[shown[s]],
                        centres ? center : end))
                out.append(
                    Entry(
                        "UISV-distributing-edge", "spacer\(s)", end, .equal, names[shown[s + 1]],
                        centres ? center : start))
                if s > 0 {
                    out.append(
                        Entry(
                            "UISV-fill-equally", "spacer\(s)", size, .equal, "spacer0", size,
                            priority: centres ? Float(150 - shown[s]) : 1000))
                }
            }
        }
        if c.distribution == .fillProportionally {
            out += proportional(views, c)
        }
        // Multi-line labels share a horizontal stack's width at 760.
        if horizontal, [.fill, .equalSpacing, .equalCentering].contains(c.distribution) {
            let n = Double(shown.count)
            for k in views.indices {
                guard let label = views[k] as? Label, label.numberOfLines != 1 else { continue }
                out.append(
                    n == 0
                        ? Entry(
                            "UISV-text-width-disambiguation", names[k], .width, .equal, nil, nil,
                            priority: 760)
                        : Entry(
                            "UISV-text-width-disambiguation", names[k], .width, .equal, canvas,
                            .width,
                            multiplier: 1 / n, constant: -c.spacing * (n - 1) / n, priority: 760))
            }
        }
        return out.sorted()
    }

    /// TZStackView pull 84's fill-proportionally rules.
    static func proportional(_ views: [View], _ c: Configuration) -> [Entry] {
        let horizontal = c.axis == .horizontal
        let size: LayoutAttribute = horizontal ? .width : .height
        func length(_ view: View) -> Double {
            if horizontal, let label = view as? Label, label.numberOfLines != 1 { return 0 }
            let intrinsic = view.intrinsicContentSize
            let value = horizontal ? intrinsic.width : intrinsic.height
            return value == View.noIntrinsicMetric || value < 0 ? 0 : value
        }
        let shown = views.indices.filter { !views[$0].isHidden }
        guard !shown.isEmpty else { return [] }
        let hidden = views.count - shown.count
        let total = shown.map { length(views[$0]) }.reduce(0, +)
        let small =
            hidden == 0
            ? (shown.count == 1 ? length(views[shown[0]]) <= 1 : total == 0)
            : total <= c.spacing * Double(hidden)
        if small {
            return shown.dropFirst().map {
                Entry("UISV-fill-equally", "v\($0)", size, .equal, "v\(shown[0])", size)
            }
        }
        let whole = total + c.spacing * Double(shown.count - 1)
        var priority: Float = 1000
        var out: [Entry] = []
        for k in views.indices {
            if shown.count > 1 { priority -= 1 }
            if views[k].isHidden { continue }
            let l = length(views[k])
            out.append(
                l == 0
                    ? Entry("UISV-fill-proportionally", "v\(k)", size, .equal, nil, nil)
                    : Entry(
                        "UISV-fill-proportionally", "v\(k)", size, .equal, "stack", size,
                        multiplier: l / whole, priority: priority))
        }
        return out
    }

    // MARK: The view sets of the grid

    /// 5 views 100, 200, … 500 square; the 8 hidden patterns of 3 views;
    /// the 8 line-count patterns of labels "a", "aa", "aaa".
    static let viewSets: [(String, () -> [View])] = {
        var sets: [(String, () -> [View])] = [
            ("5 views", { (0..<5).map { box(100 * Double($0 + 1)) } })
        ]
        for pattern in 0..<8 {
            sets.append(
                (
                    "hidden \(pattern)",
                    {
                        (0..<3).map { k in
                            let view = box(100 * Double(k + 1))
                            view.isHidden = pattern & (1 << k) != 0
                            return view
                        }
                    }
                ))
        }
        for pattern in 0..<8 {
            sets.append(
                (
                    "lines \(pattern)",
                    {
                        (0..<3).map { k in
                            makeLabel(
                                String(repeating: "a", count: k + 1), name: "l\(k)",
                                lines: pattern & (1 << k) != 0 ? 0 : 1)
                        }
                    }
                ))
        }
        return sets
    }()

    static func box(_ side: Double) -> View {
        side < 0 ? View() : ImageView(image: Image(size: Size(width: side, height: side)))
    }

    static func stack(_ views: [View], _ c: Configuration) -> StackView {
        let stack = StackView(arrangedSubviews: views)
        c.apply(to: stack)
        return stack
    }

    /// Notes (up to 3) how StackView's set for `views` differs from UIKit's.
    static func compare(_ views: [View], _ c: Configuration, into differences: inout [String]) {
        let made = actual(stack(views, c))
        let want = expected(views, c)
        guard made != want, differences.count < 3 else { return }
        let shown = views.map { $0.isHidden ? "hidden" : "\($0.intrinsicContentSize)" }
        differences.append(
            "\(c), \(shown):\n missing \(Set(want).subtracting(made).sorted())\n extra \(Set(made).subtracting(want).sorted())"
        )
    }

    // MARK: Tests

    /// TZStackView's grid: 2 × 2 × 5 × 6 distinct alignments (UIKit's top
    /// and bottom are leading and trailing) × 17 view sets = 2,040
    /// configurations, every constraint the same.
    @Test func everyConfigurationOfTheGridMakesUIKitsSet() {
        var configurations = 0
        var differences: [String] = []
        for c in Configuration.grid {
            for (_, make) in Self.viewSets {
                configurations += 1
                Self.compare(make(), c, into: &differences)
            }
        }
        #expect(configurations == 2_040)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// TZStackView's fill-proportionally grid: margins on and off × every
    /// arrangement of 0 to 3 views of lengths {none, 0, 1, 5, 10, 15, 20,
    /// 25, hidden} (820) and the 8 label sets: 1,656 configurations.
    @Test func fillProportionallyMakesUIKitsSet() {
        let options: [Double?] = [-1, 0, 1, 5, 10, 15, 20, 25, nil]
        var sets: [() -> [View]] = []
        for count in 0...3 {
            var indices = Array(repeating: 0, count: count)
            while true {
                let picked = indices.map { options[$0] }
                sets.append({
                    picked.map { length in
                        guard let length else {
                            let view = View()
                            view.isHidden = true
                            return view
                        }
                        return Self.box(length)
                    }
                })
                var k = count - 1
                while k >= 0, indices[k] == options.count - 1 {
                    indices[k] = 0
                    k -= 1
                }
                if k < 0 { break }
                indices[k] += 1
            }
        }
        sets += Self.viewSets.filter { $0.0.hasPrefix("lines") }.map(\.1)
        var configurations = 0
        var differences: [String] = []
        for margins in [false, true] {
            let c = Configuration(
                margins: margins, axis: .horizontal, distribution: .fillProportionally,
                alignment: .fill)
            for make in sets {
                configurations += 1
                Self.compare(make(), c, into: &differences)
            }
        }
        #expect(configurations == 1_656)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// The UIStackView dump in Arranged's README (alignment leading,
    /// distribution fill-equally, two views, spacing 10), line by line.
    @Test func arrangedsReadmeDumpOfALiveUIStackView() {
        let views = [Self.box(40), Self.box(60)]
        let c = Configuration(
            margins: false, axis: .horizontal, distribution: .fillEqually, alignment: .leading)
        let spanner = "UISV-alignment-spanner"
        let dump: [Entry] = [
            Entry("UISV-alignment", "v0", .top, .equal, "v1", .top),
            Entry("UISV-canvas-connection", "stack", .leading, .equal, "v0", .leading),
            Entry("UISV-canvas-connection", "stack", .trailing, .equal, "v1", .trailing),
            Entry("UISV-canvas-connection", "stack", .top, .equal, "v0", .top),
            Entry("UISV-canvas-connection", "stack", .bottom, .equal, spanner, .bottom),
            Entry("UISV-fill-equally", "v1", .width, .equal, "v0", .width),
            Entry("UISV-spacing", "v1", .leading, .equal, "v0", .trailing, constant: 10),
            Entry("UISV-spanning-boundary", spanner, .top, .equal, "v0", .top, priority: 999.5),
            Entry("UISV-spanning-boundary", spanner, .bottom, .greaterThanOrEqual, "v0", .bottom),
            Entry("UISV-spanning-boundary", spanner, .top, .equal, "v1", .top, priority: 999.5),
            Entry("UISV-spanning-boundary", spanner, .bottom, .greaterThanOrEqual, "v1", .bottom),
            Entry("UISV-spanning-fit", spanner, .height, .equal, nil, nil, priority: 51),
            Entry("UISV-ambiguity-suppression", "v0", .height, .equal, nil, nil, priority: 25),
            Entry("UISV-ambiguity-suppression", "v1", .height, .equal, nil, nil, priority: 25),
        ]
        #expect(Self.actual(Self.stack(views, c)) == dump.sorted())
    }

    /// Arranged's test "3 content views, 1st and 2nd hidden" is disabled
    /// because UIKit makes the spacing from the second (hidden) view to the
    /// third 10 with spacing 20, where 0 was expected: StackView follows UIKit.
    @Test func twoLeadingHiddenViewsKeepHalfTheSpacingAsUIKit() {
        let views = [Self.box(40), Self.box(60), Self.box(80)]
        views[0].isHidden = true
        views[1].isHidden = true
        var c = Configuration(
            margins: false, axis: .horizontal, distribution: .fill, alignment: .fill)
        c.spacing = 20
        let made = Self.actual(Self.stack(views, c))
        #expect(
            made.contains(
                Entry("UISV-spacing", "v2", .leading, .equal, "v1", .trailing, constant: 10)))
        #expect(made.contains(Entry("UISV-spacing", "v1", .leading, .equal, "v0", .trailing)))
    }
}
