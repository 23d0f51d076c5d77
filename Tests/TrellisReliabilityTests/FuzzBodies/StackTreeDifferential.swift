// The direct stack path against the constraint engine on random stack
// trees: every frame equal after pixel snapping, and the cell's height, or
// the tree refused (up front, or at that width) — never other frames.
//
// Random trees: nested stacks (depth up to 4) of every axis, distribution
// and alignment, spacing and custom spacing, margins, baseline-relative
// arrangement, hidden views, fixed sizes of stacks; labels (texts of several scripts, empty, long
// words, hard breaks; 0 to 3 lines; break modes; hugging and compression
// per axis); images (aspect ratios, a maximum height); fixed boxes. The same
// generator serves the test suite (seeded) and the `stacktree` fuzz target
// (choices read from the fuzzer's bytes). A failing case is shrunk and
// printed as Swift.
//
// Shared with the Fuzz package through a symlink (Fuzz/Sources/FuzzBodies).

import TrellisGeometry
import TrellisText
import TrellisViews

/// A tree and the width it is laid out at.
struct StackTreeCase {
    var tree: StackTree
    var width: Double
}

enum StackTreeGenerator {
    static let spacings: [Double] = [0, 0, 4, 8, 10, 2.5, 1.0 / 3, -2]
    static let huggings: [Float] = [250, 250, 251, 252, 249, 200, 750, 1000]
    static let compressions: [Float] = [750, 750, 749, 751, 250, 300, 1000]
    static let lengths: [Double?] = [nil, 0, 20, 40, 44, 12.5, 7.3]
    static let widths: [Double] = [120, 200, 280, 320, 333.3, 375, 414, 500]

    static func make<C: _ChoiceSource>(_ choices: inout C) -> StackTreeCase {
        var budget = 14
        let root = stack(
            &choices, depth: 0, budget: &budget, axis: choices.pick([.vertical, .horizontal]))
        let pinning: StackTree.Pinning =
            choices.chance(40)
            ? .layoutMargins(
                EdgeInsets(top: 11, left: 16, bottom: 11, right: choices.pick([16, 8.5])))
            : .edges
        let tree = StackTree(root: root, pinning: pinning, scale: choices.pick([3, 3, 2, 1]))
        let width =
            choices.chance(70) ? choices.pick(widths) : Double(60 + choices.below(500)) + 0.25
        return StackTreeCase(tree: tree, width: width)
    }

    /// Mostly trees the direct path takes (distinct hugging in rows,
    /// images in filling columns, a visible view in every stack), and
    /// sometimes anything, so refusals are exercised too.
    static func stack<C: _ChoiceSource>(
        _ choices: inout C, depth: Int, budget: inout Int, axis: LayoutAxis
    ) -> StackTree.Stack {
        var stack = StackTree.Stack(
            axis: axis,
            distribution: choices.chance(55)
                ? .fill : choices.pick(StackView.Distribution.allCases),
            alignment: choices.chance(40) ? .fill : choices.pick(StackView.Alignment.allCases),
            spacing: choices.pick(spacings), children: [])
        if stack.distribution == .fillProportionally, choices.chance(50) {
            stack.distribution = .fill
        }
        // Baseline alignment of a vertical stack makes no alignment
        // constraint in UIKit: its views' places across are ambiguous
        // wherever they differ in width, and the direct path refuses them.
        // Now and then only, so the other trees say more.
        if axis == .vertical, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline,
            choices.chance(85)
        {
            stack.alignment = choices.pick([.fill, .leading, .center, .trailing])
        }
        let count = 1 + choices.below(depth == 0 ? 4 : 3)
        for position in 0..<count where budget > 0 {
            budget -= 1
            var child = node(&choices, depth: depth + 1, budget: &budget, parent: stack)
            if case .label(var label) = child.content, axis == .horizontal, choices.chance(80) {
                // Distinct hugging and compression resistance, as a row of
                // labels needs (one of them stretches, one shrinks first).
                label.horizontalHugging = LayoutPriority(Float(248 + position))
                label.horizontalCompressionResistance = LayoutPriority(Float(748 + position))
                child.content = .label(label)
            }
            stack.children.append(child)
        }
        if stack.children.isEmpty { stack.children.append(.label(label(&choices))) }
        if stack.children.allSatisfy(\.isHidden), choices.chance(90) {
            stack.children[0].isHidden = false
        }
        if choices.chance(
            stack.distribution == .equalSpacing || stack.distribution == .equalCentering ? 4 : 15)
        {
            stack.customSpacing[choices.below(stack.children.count)] = choices.pick([
                0, 12, StackView.spacingUseSystem,
            ])
        }
        if choices.chance(15) {
            stack.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 2, right: 3)
        }
        if axis == .vertical, choices.chance(6) { stack.isBaselineRelativeArrangement = true }
        // The stack view's own size (a template file's `bar.height == 32`).
        if choices.chance(6) { stack.fixedHeight = choices.pick([32, 44, 0, 12.5]) }
        if choices.chance(3) { stack.fixedWidth = choices.pick([100, 200, 44, 0]) }
        return stack
    }

    static func node<C: _ChoiceSource>(
        _ choices: inout C, depth: Int, budget: inout Int, parent: StackTree.Stack
    ) -> StackTree.Node {
        let hidden = choices.chance(12)
        let fillsWidth = parent.axis == .vertical && parent.alignment == .fill
        let labelsOnly =
            parent.distribution == .fillProportionally
            || (parent.axis == .horizontal
                && [.firstBaseline, .lastBaseline].contains(parent.alignment))
        if labelsOnly, choices.chance(90) { return .label(label(&choices), isHidden: hidden) }
        switch choices.below(10) {
        case 0...1 where depth < 4:
            let axis: LayoutAxis =
                choices.chance(70)
                ? (parent.axis == .vertical ? .horizontal : .vertical) : parent.axis
            return .stack(
                stack(&choices, depth: depth, budget: &budget, axis: axis), isHidden: hidden)
        case 2 where fillsWidth || choices.chance(10):
            var image = StackTree.ImageNode(
                aspectRatio: Size(
                    width: Double(1 + choices.below(4)), height: Double(1 + choices.below(3))),
                maxHeight: choices.chance(40) ? choices.pick([100, 150.5, 300]) : nil)
            // A capped image as a template file makes it: the ratio as the
            // view's `aspectRatio`, its height an intrinsic size.
            if image.maxHeight != nil, choices.chance(50) { image.followsWidth = true }
            return .image(image, isHidden: hidden)
        case 4 where choices.chance(50):
            var button = StackTree.ButtonNode(
                choices.pick(["Reply", "Repost 12", "Like 1,024", "", "Share"]),
                style: ReuseCase.styles[choices.below(ReuseCase.styles.count)],
                contentEdgeInsets: choices.chance(50)
                    ? .zero : EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
            if parent.axis == .horizontal {
                button.horizontalHugging = LayoutPriority(Float(240 + choices.below(8)))
                button.horizontalCompressionResistance = LayoutPriority(
                    Float(740 + choices.below(8)))
            }
            return .button(button, isHidden: hidden)
        case 3 where choices.chance(35):
            // An image of a fixed picture: an intrinsic size at 250/750
            // (or other priorities), sometimes with a fixed side too.
            var box = StackTree.FixedNode(
                width: choices.chance(25) ? choices.pick(lengths) : nil, height: nil,
                intrinsicSize: Size(
                    width: choices.pick([48, 40, 24, 0, 12.5]),
                    height: choices.pick([48, 40, 24, 0, 12.5])))
            if choices.chance(30) {
                box.horizontalHugging = LayoutPriority(choices.pick(huggings))
                box.verticalCompressionResistance = LayoutPriority(choices.pick(compressions))
            }
            return StackTree.Node(.fixed(box), isHidden: hidden)
        case 3:
            return .fixed(
                width: choices.pick(lengths), height: choices.pick(lengths),
                priority: choices.chance(30) ? 999 : .required, isHidden: hidden)
        default:
            return .label(label(&choices), isHidden: hidden)
        }
    }

    static func label<C: _ChoiceSource>(_ choices: inout C) -> StackTree.LabelNode {
        var style = ReuseCase.styles[choices.below(ReuseCase.styles.count)]
        if choices.chance(20) { style.lineSpacing = 2 }
        var label = StackTree.LabelNode(
            text: .plain(ReuseCaseGenerator.text(&choices)), style: style,
            numberOfLines: choices.pick([1, 1, 0, 0, 2, 3]))
        if choices.chance(10), !label.text.string.isEmpty {
            // Runs of other weights and sizes, from Pango-style markup.
            let words = label.text.string.split(separator: " ", omittingEmptySubsequences: false)
            let markup = words.enumerated().map { index, word -> String in
                let escaped = word.replacingAll("&", "&amp;").replacingAll("<", "&lt;")
                    .replacingAll(">", "&gt;")
                switch index % 3 {
                case 1: return "<b>\(escaped)</b>"
                case 2: return "<span size=\"\(Int(style.size) + 5)pt\">\(escaped)</span>"
                default: return escaped
                }
            }.joined(separator: " ")
            if let attributed = try? AttributedText(markup: markup, base: style) {
                label.text = .attributed(attributed)
            }
        }
        label.lineBreakMode = choices.pick([
            .byTruncatingTail, .byTruncatingTail, .byWordWrapping, .byCharWrapping, .byClipping,
        ])
        if choices.chance(40) { label.horizontalHugging = LayoutPriority(choices.pick(huggings)) }
        if choices.chance(40) {
            label.horizontalCompressionResistance = LayoutPriority(choices.pick(compressions))
        }
        if choices.chance(15) { label.verticalHugging = LayoutPriority(choices.pick(huggings)) }
        if choices.chance(15) {
            label.verticalCompressionResistance = LayoutPriority(choices.pick(compressions))
        }
        return label
    }
}

/// What the direct path did with one case.
enum StackTreeVerdict {
    /// Same height and frames as the engine.
    case agreed
    /// Refused before layout (`directLayoutUnsupportedReason`).
    case unsupported(String)
    /// Refused at this width (ambiguous, conflicting, not modelled).
    case refused(DirectStackLayoutError)
    /// Required constraints of UIKit's own set conflict at this width: the
    /// direct path refuses with a conflict and the engine logs the same
    /// tree's constraints as unsatisfiable. UIKit then "will attempt to
    /// recover by breaking constraint" (its console log), and which one it
    /// breaks is not documented, so no layout is UIKit's to copy: these
    /// are counted apart, checked on both sides, not laid out.
    case conflictInUIKit(String)
    /// UIKit's own constraints leave the layout open at this width: the
    /// direct path refuses it as ambiguous and the engine reports a view
    /// ambiguous in the same tree (`layoutIssues`, as UIKit's
    /// `hasAmbiguousLayout`): no one layout is UIKit's to copy. Counted
    /// apart, checked on both sides.
    case ambiguousInUIKit(String)
    /// Other frames than the engine's: a bug.
    case failed(String)
    /// The engine's fitting pass ends with other label widths than its
    /// own frame pass (a known engine issue, reported): laid out by the
    /// engine at the direct height, the frames are the direct path's; or,
    /// at the height both fit, the frame pass breaks a required constraint
    /// that the fitting pass kept (`frameConflictAfterCleanFit`).
    case engineFittingDiffers(String)
}

enum StackTreeDifferential {
    /// The engine's layout of `tree.makeViews()` as a self-sizing cell.
    static func constraintsLayout(_ tree: StackTree, width: Double) -> StackTreeLayout {
        tree.constraintsLayout(width: width)
    }

    /// The first conflict the engine logs laying out the tree as a
    /// self-sizing cell at `width` (nil: its constraints all hold).
    static func engineConflict(_ tree: StackTree, width: Double) -> String? {
        let (content, views) = tree.makeViews()
        _ = StackTree.layOutCell(content, views: views, width: width, scale: tree.scale)
        return content.unsatisfiableConstraints.first.map { "broke \($0.broken)" }
    }

    /// The first view the engine reports ambiguous laying out the tree as
    /// a self-sizing cell at `width` (nil: none).
    static func engineAmbiguity(_ tree: StackTree, width: Double) -> String? {
        let (content, views) = tree.makeViews()
        _ = StackTree.layOutCell(content, views: views, width: width, scale: tree.scale)
        for issue in content.layoutIssues() {
            if case .ambiguous = issue { return "\(issue)" }
        }
        return nil
    }

    /// The first conflict the engine logs in its frame pass at the height
    /// its own fitting pass found without breaking a required constraint
    /// (nil: none, or the fitting pass broke one too).
    static func frameConflictAfterCleanFit(_ tree: StackTree, width: Double) -> String? {
        let (content, views) = tree.makeViews()
        var fittingBroke = true
        _ = StackTree.layOutCell(content, views: views, width: width, scale: tree.scale) {
            fittingBroke = !$0.unsatisfiableConstraints.isEmpty
        }
        if fittingBroke { return nil }
        return content.unsatisfiableConstraints.first.map { "broke \($0.broken)" }
    }

    /// The engine's frames for a content view of the given size (no fitting).
    static func frameLayout(_ tree: StackTree, width: Double, height: Double) -> StackTreeLayout {
        let (content, views) = tree.makeViews()
        content.frame = Rect(x: 0, y: 0, width: width, height: height)
        content.layoutIfNeeded()
        return StackTreeLayout(height: height, frames: views.map(\.frame))
    }

    /// How many labels the engine's frame pass compresses at this size.
    static func compressedLabels(_ tree: StackTree, width: Double, height: Double) -> Int {
        let (content, _) = tree.makeViews()
        content.frame = Rect(x: 0, y: 0, width: width, height: height)
        content.layoutIfNeeded()
        return content.layoutIssues().filter {
            if case .compressedLabel = $0 { return true }
            return false
        }.count
    }

    static func check(_ test: StackTreeCase) -> StackTreeVerdict {
        if let reason = test.tree.directLayoutUnsupportedReason { return .unsupported(reason) }
        let direct: StackTreeLayout
        do {
            direct = try test.tree.directLayout(width: test.width)
        } catch {
            if error.kind == .conflict, let logged = engineConflict(test.tree, width: test.width) {
                return .conflictInUIKit(logged)
            }
            if error.kind == .ambiguous, let open = engineAmbiguity(test.tree, width: test.width) {
                return .ambiguousInUIKit(open)
            }
            return .refused(error)
        }
        let engine = constraintsLayout(test.tree, width: test.width)
        let free = freePositions(test.tree)
        let loose = loosePositions(test.tree, free: free)
        let pixel = 1 / test.tree.scale
        guard
            let difference = difference(direct, engine, free: free, loose: loose, pixel: pixel)
        else {
            return .agreed
        }
        // The engine's known issue: its fitting pass ends with other label
        // widths than its frame pass, and fits a height too small for its
        // own frame pass's labels (reported): then the frame pass at the
        // direct height is the direct layout, and at the engine's height
        // it compresses a label that the direct height does not.
        if engine.height < direct.height,
            self.difference(
                direct, frameLayout(test.tree, width: test.width, height: direct.height),
                free: free, pixel: pixel, fitting: false) == nil,
            compressedLabels(test.tree, width: test.width, height: engine.height)
                > compressedLabels(test.tree, width: test.width, height: direct.height)
        {
            return .engineFittingDiffers(difference)
        }
        // The same issue where both fit one height and the engine's frame
        // pass there breaks a required constraint its fitting pass kept
        // (logged "Unable to simultaneously satisfy", each pass measuring
        // the labels at its own widths): the frames are then the engine's
        // recovery, which UIKit does not document, as for
        // `conflictInUIKit`; the height is compared.
        if engine.height == direct.height,
            let broken = frameConflictAfterCleanFit(test.tree, width: test.width)
        {
            return .engineFittingDiffers("\(difference); its frame pass \(broken)")
        }
        return .failed(difference)
    }

    /// Nodes (pre-order) whose position along an axis UIKit's constraints
    /// leave free: a hidden view in an equal-spacing or equal-centering
    /// stack sits between its neighbours by `UISV-spacing` links that are
    /// only `>=` there, so anywhere between them satisfies every
    /// constraint (UIKit does not report hidden views as ambiguous). Their
    /// size and everything else is compared.
    ///
    /// A hidden view in a vertical stack aligned by baselines is free
    /// across (UIKit makes no alignment constraint there), and along too
    /// in such a stack of the equal-spacing distributions.
    ///
    /// In a stack whose views are all hidden, UIKit's recorded set ties them
    /// to nothing but each other; `StackView` places them at 50 (iOS 26's
    /// `UISV-spacing-hidden` along, the first view at the canvas's start
    /// across: `StackView._hiddenPlaces`), and they are compared.
    static func freePositions(_ tree: StackTree) -> [Int: LayoutAxis?] {
        var free: [Int: LayoutAxis?] = [:]
        var number = 0
        func visit(_ node: StackTree.Node) {
            number += 1
            guard case .stack(let stack) = node.content else { return }
            let equal =
                stack.distribution == .equalSpacing || stack.distribution == .equalCentering
            // A vertical stack aligned by baselines makes no alignment
            // constraint: a hidden view's x is tied to nothing.
            let unaligned =
                stack.axis == .vertical
                && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
            for child in stack.children {
                if equal && unaligned && child.isHidden {
                    free[number] = .some(nil)
                } else if equal, child.isHidden {
                    free[number] = stack.axis
                } else if unaligned, child.isHidden {
                    free[number] = .horizontal
                }
                visit(child)
            }
        }
        visit(StackTree.Node(.stack(tree.root)))
        return free
    }

    /// The views inside a view whose place `free` leaves open, with the
    /// axes it is free along: each is placed relative to that view, so its
    /// frame (its edges rounded to the pixel grid where they are, then made
    /// relative to its parent's rounded origin) may move by one pixel with
    /// the free view's place, and its size by one pixel too.
    static func loosePositions(_ tree: StackTree, free: [Int: LayoutAxis?]) -> [Int: LayoutAxis?] {
        var loose: [Int: LayoutAxis?] = [:]
        var number = 0
        func visit(_ node: StackTree.Node, inherited: LayoutAxis??) {
            let index = number
            number += 1
            if let inherited { loose[index] = inherited }
            guard case .stack(let stack) = node.content else { return }
            let passed: LayoutAxis?? = free[index] ?? inherited
            for child in stack.children { visit(child, inherited: passed) }
        }
        visit(StackTree.Node(.stack(tree.root)), inherited: nil)
        return loose
    }

    /// The first difference between two layouts (nil when equal to 1e-9),
    /// but for the positions `free` leaves out; along a free axis the size
    /// may differ by one `pixel` too (each edge is rounded to the pixel
    /// grid where it is, so a free place moves the rounded size); along an
    /// axis `loose` names, the position and the size may differ by one
    /// `pixel` (see `loosePositions`).
    static func difference(
        _ direct: StackTreeLayout, _ engine: StackTreeLayout, free: [Int: LayoutAxis?] = [:],
        loose: [Int: LayoutAxis?] = [:], pixel: Double = 0, fitting: Bool = true
    ) -> String? {
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a)) }
        if !same(direct.height, engine.height) {
            return "height: direct \(direct.height), constraints \(engine.height)"
        }
        // The fitting height before rounding (`systemLayoutSizeFitting`'s),
        // where both are a fitting's.
        if fitting && !same(direct.fittingHeight, engine.fittingHeight) {
            return
                "fitting height: direct \(direct.fittingHeight), constraints \(engine.fittingHeight)"
        }
        for (index, (a, b)) in zip(direct.frames, engine.frames).enumerated() {
            let (freeX, freeY) = freeAxes(free[index])
            let (looseX, looseY) = freeAxes(loose[index])
            func near(_ a: Double, _ b: Double, _ free: Bool) -> Bool {
                same(a, b) || (free && abs(a - b) <= pixel + 1e-9)
            }
            if !((freeX || near(a.minX, b.minX, looseX)) && (freeY || near(a.minY, b.minY, looseY))
                && near(a.width, b.width, freeX || looseX)
                && near(a.height, b.height, freeY || looseY))
            {
                return "node\(index): direct \(a), constraints \(b)"
            }
        }
        return nil
    }

    /// Whether a node's x and y are free (see `freePositions`).
    static func freeAxes(_ free: LayoutAxis??) -> (x: Bool, y: Bool) {
        switch free {
        case .none: return (false, false)
        case .some(.none): return (true, true)
        case .some(.some(let axis)): return (axis == .horizontal, axis == .vertical)
        }
    }
}

/// Counts of a run over many seeded cases.
struct StackTreeDifferentialRun: Sendable {
    var agreed = 0
    var unsupported = 0
    var refused = 0
    var engineFittingDiffers: [String] = []
    var failures: [String] = []
    /// Trees whose required constraints conflict in the engine too (`conflictInUIKit`).
    var conflicting = 0
    /// Trees the engine reports ambiguous too (`ambiguousInUIKit`).
    var ambiguous = 0
    var unsupportedReasons: [String: Int] = [:]
    var refusedReasons: [String: Int] = [:]

    var total: Int {
        agreed + unsupported + refused + conflicting + ambiguous + engineFittingDiffers.count
            + failures.count
    }

    /// The share of trees the direct path did not lay out though UIKit's
    /// constraints hold (unsupported or refused), in percent.
    var notLaidOut: Double {
        total == 0 ? 0 : Double(unsupported + refused) * 100 / Double(total)
    }

    var summary: String {
        let rate = total == 0 ? 0 : Double(agreed) * 100 / Double(total)
        return
            "\(total) trees: \(agreed) agreed (\(Int(rate.rounded()))%), \(unsupported) unsupported, \(refused) refused at their width, \(conflicting) whose required constraints conflict in the engine too, \(ambiguous) the engine reports ambiguous too, \(engineFittingDiffers.count) where the engine's fitting disagrees with its own frame pass, \(failures.count) failed"
    }

    /// Checks the cases of seeds `first..<first + count`.
    static func run(first: UInt64, count: Int) -> StackTreeDifferentialRun {
        var run = StackTreeDifferentialRun()
        for seed in first..<(first + UInt64(count)) {
            var choices = _SeededChoices(seed: seed)
            let test = StackTreeGenerator.make(&choices)
            switch StackTreeDifferential.check(test) {
            case .agreed:
                run.agreed += 1
            case .unsupported(let reason):
                run.unsupported += 1
                run.unsupportedReasons[_reasonKind(reason), default: 0] += 1
            case .refused(let error):
                run.refused += 1
                run.refusedReasons["\(error.kind): " + _reasonKind(error.reason), default: 0] += 1
            case .conflictInUIKit:
                run.conflicting += 1
            case .ambiguousInUIKit:
                run.ambiguous += 1
            case .engineFittingDiffers(let message):
                run.engineFittingDiffers.append(
                    "seed \(seed): \(message)\n\(StackTreeDifferential.reproduction(test))")
            case .failed(let message):
                if run.failures.count < 3 {
                    let small = StackTreeDifferential.shrink(test)
                    let again = StackTreeDifferential.check(small)
                    var detail = message
                    if case .failed(let smallMessage) = again { detail = smallMessage }
                    run.failures.append(
                        "seed \(seed): \(message)\nshrunk: \(detail)\n\(StackTreeDifferential.reproduction(small))"
                    )
                } else {
                    run.failures.append("seed \(seed): \(message)")
                }
            }
        }
        return run
    }
}

/// A reason without its node numbers and values, to count reasons by kind.
private func _reasonKind(_ reason: String) -> String {
    var text = reason
    if text.hasPrefix("node"), let colon = text.firstIndex(of: ":") {
        text = String(text[text.index(after: colon)...])
    }
    // (Values in parentheses, "(120.0 < 209.5)", are left out too.)
    if let open = text.range(of: " ("), text[open.upperBound...].first?.isNumber == true {
        text = String(text[..<open.lowerBound])
    }
    return String(text.drop { $0 == " " }.prefix(70))
}

enum StackTreeDifferentialFuzz {
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let test = StackTreeGenerator.make(&input)
        // Its views read back as the tree (StackTree+Reading.swift).
        if let difference = StackTreeReading.roundTrip(test.tree) {
            throw FuzzViolation(
                target: "stacktree",
                message:
                    "\(difference)\nreproduction:\n\(StackTreeDifferential.reproduction(test))",
                input: "")
        }
        switch StackTreeDifferential.check(test) {
        case .agreed: return .accepted
        case .unsupported, .refused, .conflictInUIKit, .ambiguousInUIKit, .engineFittingDiffers:
            return .rejected
        case .failed(let message):
            let small = StackTreeDifferential.shrink(test)
            throw FuzzViolation(
                target: "stacktree",
                message: "\(message)\nreproduction:\n\(StackTreeDifferential.reproduction(small))",
                input: "")
        }
    }
}

extension Substring {
    /// The text with every `target` replaced (no Foundation here).
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        Substring(self).replacingAll(target, replacement)
    }
}
