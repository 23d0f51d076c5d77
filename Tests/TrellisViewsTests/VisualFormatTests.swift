// Visual Format Language strings turned into constraints and laid out:
// spacing rules, predicates, options, and errors found while resolving names.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct VisualFormatTests {
    /// A 320 × 568 root with three constraint-laid-out views a, b, c.
    final class Scene {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let a = makeView("a")
        let b = makeView("b")
        let c = makeView("c")
        var views: [String: View] { ["a": a, "b": b, "c": c] }

        init() {
            root.name = "root"
            for view in [a, b, c] { root.addSubview(view) }
        }

        func layout(
            _ formats: [String], options: FormatOptions = [], metrics: [String: Double] = [:]
        ) throws {
            try activate(formats, options: options, metrics: metrics, views: views)
            root.layoutIfNeeded()
        }
    }

    @Test func standardSpacingIs20ToTheSuperviewAnd8BetweenSiblings() throws {
        let scene = Scene()
        try scene.layout([
            "H:|-[a(50)]-[b(50)]", "V:|-[a(10)]-[b(10)]", "H:[c(10)]-|", "V:[c(10)]-|",
        ])
        #expect(same(scene.a.frame, rect(20, 20, 50, 10)))
        #expect(same(scene.b.frame, rect(78, 38, 50, 10)))
        #expect(same(scene.c.frame, rect(290, 538, 10, 10)))
    }

    @Test func flushAndExplicitSpacing() throws {
        let scene = Scene()
        try scene.layout(["H:|[a(50)][b(50)]-30-[c(50)]", "V:|[a(10)]", "V:|[b(10)]", "V:|[c(10)]"])
        #expect(scene.a.frame.minX == 0)
        #expect(scene.b.frame.minX == 50)
        #expect(scene.c.frame.minX == 130)
    }

    @Test func metricsNameSpacingsSizesAndPriorities() throws {
        let scene = Scene()
        try scene.layout(
            ["H:|-m-[a(w@p)]", "V:|-m-[a(w)]"], metrics: ["m": 12, "w": 40, "p": 750])
        #expect(same(scene.a.frame, rect(12, 12, 40, 40)))
        // A constraint on one view alone is stored on that view, as in UIKit.
        let width = scene.a.constraints.first { $0.firstAttribute == .width }
        #expect(width?.priority == 750)
    }

    @Test func viewToViewPredicateEqualsWidths() throws {
        let scene = Scene()
        try scene.layout(["H:|-[a]-[b(==a)]-|", "V:|[a(10)]", "V:|[b(10)]"])
        // 20 + w + 8 + w + 20 = 320: w = 136.
        #expect(scene.a.frame.width == 136)
        #expect(same(scene.b.frame, rect(164, 0, 136, 10)))
    }

    @Test func inequalitiesWithPriorities() throws {
        let scene = Scene()
        // The width prefers 500 at 250 but must stay within 100...200.
        try scene.layout(["H:|[a(>=100,<=200,==500@250)]", "V:|[a(10)]"])
        #expect(scene.a.frame.width == 200)
    }

    @Test func alignmentOptionAlignsEveryViewWithTheFirst() throws {
        let scene = Scene()
        try scene.layout(
            ["V:|-40-[a(30)]", "V:[b(10)]", "V:[c(20)]", "H:|[a(10)][b(10)][c(10)]"], options: [])
        try activate(["H:[a]-[b]"], options: .alignAllCenterY, views: scene.views)
        try activate(["H:[a]-[c]"], options: .alignAllBottom, views: scene.views)
        scene.root.layoutIfNeeded()
        #expect(scene.b.frame.midY == scene.a.frame.midY)
        #expect(scene.c.frame.maxY == scene.a.frame.maxY)
    }

    @Test func directionRightToLeftRunsFromTheRight() throws {
        let scene = Scene()
        try scene.layout(
            ["H:|-[a(50)]-[b(50)]", "V:|[a(10)]", "V:|[b(10)]"], options: .directionRightToLeft)
        #expect(scene.a.frame.minX == 250)
        #expect(scene.b.frame.minX == 192)
    }

    @Test func baselineToBaselineSpacing() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        let first = makeLabel("Thing 1", name: "first")
        let second = makeLabel("Thing 2", name: "second")
        root.addSubview(first)
        root.addSubview(second)
        try activate(
            ["V:|-[first]-30-[second]", "H:|[first]", "H:|[second]"],
            options: .spacingBaselineToBaseline, views: ["first": first, "second": second])
        root.layoutIfNeeded()
        // Both baselines are 15.771 below their label's top (Roboto's ascender
        // at 17 pt: 1900 / 2048 × 17), so the tops are 30 apart as well.
        #expect(abs(second.frame.minY - first.frame.minY - 30) < 0.5)
    }

    @Test func unnamedViewsTakeTheirKeyAsName() throws {
        let root = View()
        let view = View()
        root.addSubview(view)
        let made = try LayoutConstraint.constraints(
            withVisualFormat: "H:|-[box]", views: ["box": view])
        #expect(view.name == "box")
        #expect(
            made.map(\.description) == [
                "box.leading == View#\(root.layoutName.split(separator: "#").last ?? "").leading + 20"
            ])
    }

    /// Apple returns the constraints in visual order, then the alignments
    /// chained view to view: GSAutoLayoutVFLParser's test, run against
    /// Apple's frameworks, expects exactly this for the format below.
    @Test func constraintsComeInVisualOrderThenAlignmentsViewToView() throws {
        let root = View()
        root.name = "root"
        let views = ["find": View(), "findNext": View(), "findField": View()]
        for view in views.values { root.addSubview(view) }
        let made = try LayoutConstraint.constraints(
            withVisualFormat: "|-[find]-[findNext]-[findField(>=20)]-|", options: .alignAllTop,
            views: views)
        #expect(
            made.map(\.description) == [
                "find.leading == root.leading + 20",
                "findNext.leading == find.trailing + 8",
                "findField.leading == findNext.trailing + 8",
                "findField.width >= 20",
                "root.trailing == findField.trailing + 20",
                "find.top == findNext.top",
                "findNext.top == findField.top",
            ])
    }

    @Test func trailingSuperviewConstraintReadsLikeUIKit() throws {
        let scene = Scene()
        let made = try LayoutConstraint.constraints(
            withVisualFormat: "H:[a]-(>=12@500)-|", views: scene.views)
        #expect(made.map(\.description) == ["root.trailing >= a.trailing + 12 @500"])
    }

    // MARK: Errors while resolving

    @Test func unknownViewPointsAtItsName() {
        let scene = Scene()
        #expect(
            throws: VisualFormatError(
                "Unknown view 'zz' (not in the views dictionary)",
                at: SourcePosition(line: 1, column: 10), in: "H:|-[a]-[zz]")
        ) {
            try LayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[zz]", views: scene.views)
        }
    }

    @Test func unknownMetricPointsAtItsName() {
        let scene = Scene()
        #expect(
            throws: VisualFormatError(
                "Unknown metric 'gap'", at: SourcePosition(line: 1, column: 5), in: "[a]-gap-[b]")
        ) {
            try LayoutConstraint.constraints(withVisualFormat: "[a]-gap-[b]", views: scene.views)
        }
    }

    @Test func viewAsSpacingIsRefused() {
        let scene = Scene()
        #expect(
            throws: VisualFormatError(
                "A spacing must be a number or a metric, but 'c' is a view",
                at: SourcePosition(line: 1, column: 6),
                in: "[a]-(c)-[b]")
        ) {
            try LayoutConstraint.constraints(withVisualFormat: "[a]-(c)-[b]", views: scene.views)
        }
    }

    @Test func superviewBarWithoutSuperview() {
        let lonely = View()
        lonely.name = "lonely"
        #expect(
            throws: VisualFormatError(
                "'|' stands for the superview of 'lonely', which has none; add it to a view first",
                at: SourcePosition(line: 1, column: 3), in: "H:|[v]")
        ) {
            try LayoutConstraint.constraints(withVisualFormat: "H:|[v]", views: ["v": lonely])
        }
    }

    @Test func alignmentAlongTheFormatsOwnAxisIsRefused() {
        let scene = Scene()
        #expect(
            throws: VisualFormatError(
                "Option alignAllLeft aligns views along the axis the horizontal format lays them out on; use it with a vertical format",
                at: SourcePosition(line: 1, column: 1), in: "H:[a][b]")
        ) {
            try LayoutConstraint.constraints(
                withVisualFormat: "H:[a][b]", options: .alignAllLeft, views: scene.views)
        }
    }

    @Test func metricPriorityOutOfRange() {
        let scene = Scene()
        #expect(
            throws: VisualFormatError(
                "Priority must be from 1 to 1000, not 0.0 (metric 'p')",
                at: SourcePosition(line: 1, column: 7), in: "[a(10@p)]")
        ) {
            try LayoutConstraint.constraints(
                withVisualFormat: "[a(10@p)]", metrics: ["p": 0], views: scene.views)
        }
    }

    @Test func nonFiniteMetric() {
        let scene = Scene()
        #expect(
            throws: VisualFormatError(
                "Metric 'w' is nan; it must be finite", at: SourcePosition(line: 1, column: 4),
                in: "[a(w)]")
        ) {
            try LayoutConstraint.constraints(
                withVisualFormat: "[a(w)]", metrics: ["w": .nan], views: scene.views)
        }
    }

    // MARK: Fuzzing

    /// 10,000 random strings (fixed seed): half are mostly well-formed
    /// formats built from the grammar with one character in three mutated,
    /// half random runs of the grammar's characters and tokens. Each either
    /// gives constraints, which are activated and laid out to finite frames,
    /// or an error whose position lies in the string (line:column, at most
    /// one past a line's end). Nothing
    /// crashes.
    @Test func tenThousandRandomFormatsNeverCrashAndEveryErrorHasAPosition() {
        var generator = SplitMix64(seed: 0x5EED_1234)
        // About a thousand of the formats conflict with themselves ([a(50)]…[a(==b)]);
        // count their logs instead of printing them.
        let log = LogCapture()
        LayoutLog.setHandler { log.append($0) }
        defer { LayoutLog.setHandler(nil) }
        var errors = 0
        var successes = 0
        for iteration in 0..<10_000 {
            let format =
                iteration % 2 == 0 ? Self.randomFormat(&generator) : Self.randomNoise(&generator)
            let scene = Scene()
            do {
                let made = try LayoutConstraint.constraints(
                    withVisualFormat: format, options: iteration % 7 == 0 ? .alignAllTop : [],
                    metrics: ["m": 10, "p": 500], views: scene.views)
                LayoutConstraint.activate(made)
                scene.root.layoutIfNeeded()
                successes += 1
                // Whatever the format, a laid-out hierarchy has finite frames.
                for (name, view) in scene.views {
                    let frame = view.frame
                    #expect(
                        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite
                            && frame.height.isFinite, "\(format): \(name) at \(frame)")
                }
            } catch {
                errors += 1
                // 1-based, on a line of the format, at most one past its end.
                let lines = format.split(separator: "\n", omittingEmptySubsequences: false)
                #expect((1...lines.count).contains(error.position.line), "\(format): \(error)")
                let line = lines[min(lines.count, max(1, error.position.line)) - 1]
                #expect(
                    (1...(line.unicodeScalars.count + 1)).contains(error.position.column),
                    "\(format): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
        #expect(successes > 1_000)
        #expect(errors > 1_000)
    }

    static func pick<T>(_ options: [T], _ generator: inout SplitMix64) -> T {
        options[generator.below(options.count)]
    }

    /// A format following the grammar, then mutated.
    static func randomFormat(_ generator: inout SplitMix64) -> String {
        let predicates = ["20", "m", "(>=8)", "(<=m@p)", "(==4,>=2@250)", "(-5)"]
        let sizes = ["", "(50)", "(>=10@750)", "(==b)", "(m,<=c)", "(p)"]
        func connection(_ generator: inout SplitMix64) -> String {
            pick(["", "-", "-\(pick(predicates, &generator))-"], &generator)
        }
        var format = pick(["", "H:", "V:"], &generator)
        if generator.next() % 2 == 0 { format += "|" + connection(&generator) }
        let count = 1 + Int(generator.next() % 3)
        for index in 0..<count {
            if index > 0 { format += connection(&generator) }
            format += "[\(pick(["a", "b", "c"], &generator))\(pick(sizes, &generator))]"
        }
        if generator.next() % 2 == 0 { format += connection(&generator) + "|" }
        var characters = Array(format)
        let alphabet = Array("HV:|-[]()@,=<>0123456789.e+ abcmpz_")
        for index in characters.indices where generator.next() % 30 == 0 {
            characters[index] = pick(alphabet, &generator)
        }
        return String(characters)
    }

    /// Random characters and tokens of the grammar.
    static func randomNoise(_ generator: inout SplitMix64) -> String {
        let alphabet = Array("HV:|-[]()@,=<>0123456789.e+ abcmp_")
        let tokens = [
            "H:", "V:", "|", "-", "[a]", "[b]", "[c]", "(", ")", "==", ">=", "<=", "@", "20", "m",
            "p", ",", "[a(", "]", "-8-", "-(>=5)-", "1e3", "[zz]",
        ]
        var format = ""
        for _ in 0..<Int(generator.next() % 12) {
            if generator.next() % 2 == 0 {
                format += pick(tokens, &generator)
            } else {
                format.append(pick(alphabet, &generator))
            }
        }
        return format
    }
}
