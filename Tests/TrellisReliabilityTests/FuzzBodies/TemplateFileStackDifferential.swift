// Template files that are trees of stacks, written as JSON at random, on
// random rows: the direct path (each row turned into a StackTree) against
// the file's own constraints (`TemplateFileCell`, one reused engine per
// file, as listbench runs it): the same height and every frame, or the row
// refused by the direct path (ambiguous, conflicting, not modelled) —
// never other frames.
//
// Random files: nested stacks of every axis, distribution and alignment,
// spacing and layout margins, fixed heights of stacks; labels and buttons
// bound to fields by key path (nested objects too) or with fixed text,
// `hiddenWhenEmpty`, text styles (two families, weights, sizes, lines,
// line spacing, break modes), hugging and compression; images sized from a
// row's `[w, h]` with or without `maxHeight`, images of a fixed picture
// size, plain views of fixed sizes; the root pinned to the edges or the
// margins, with constants. Random rows: fields missing, null, empty,
// strings of several scripts, numbers, booleans, photo sizes, and now and
// then a value the file cannot show (both paths must then refuse the row).
//
// The same generator serves the test suite (seeded) and the `stackfile`
// fuzz target (choices read from the fuzzer's bytes).

import Foundation
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

/// A template file's text, rows for it, and the width they are laid out at.
struct StackFileCase: CustomStringConvertible {
    var json: String
    var rows: [String]
    var width: Double

    var description: String {
        "width \(width)\ntemplate:\n\(json)\nrows:\n\(rows.joined(separator: "\n"))"
    }
}

enum StackFileGenerator {
    static let widths: [Double] = [200, 320, 375, 414, 812]
    static let texts = [
        "ok", "Ada Lovelace", "@ada", "2h",
        "A body long enough to wrap onto a second line at most widths.",
        "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill.",
        "Supercalifragilisticexpialidocious", "Съешь же ещё этих мягких французских булок.",
        "שלום עולם, a mixed line",
        "مرحبا بالعالم", "Two\\nlines", "  spaced  ", "12:45",
    ]

    /// Writes a file as its views and constraints are chosen.
    struct Writer {
        var views: [String] = []
        var constraints: [String] = []
        var fields: [(path: String, kind: FieldKind)] = []
        var count = 0

        enum FieldKind { case text, size }

        mutating func newID() -> String {
            defer { count += 1 }
            return "v\(count)"
        }

        /// A field path: top-level or nested (`o1.f3`), used once.
        mutating func field<C: _ChoiceSource>(_ choices: inout C, _ kind: FieldKind) -> String {
            let name = kind == .size ? "p\(fields.count)" : "f\(fields.count)"
            let path = choices.chance(30) ? "o\(choices.below(2)).\(name)" : name
            fields.append((path, kind))
            return path
        }
    }

    static func make<C: _ChoiceSource>(_ choices: inout C) -> StackFileCase {
        var writer = Writer()
        var budget = 12
        let root = writer.newID()
        stack(
            &choices, &writer, id: root, parent: nil, depth: 0, budget: &budget,
            axis: choices.pick([.vertical, .horizontal]))
        // Pins: to the edges or the margins, with constants.
        let guide = choices.chance(30) ? "contentView.margins" : "contentView"
        let insets =
            choices.chance(50)
            ? [0.0, 0, 0, 0] : [choices.pick([4.0, 11, 16]), 16, choices.pick([4.0, 11]), 8.5]
        writer.constraints.insert(
            contentsOf: [
                "\"\(root).top == \(guide).top + \(insets[0])\"",
                "\"\(root).leading == \(guide).leading + \(insets[1])\"",
                "\"\(guide).bottom == \(root).bottom + \(insets[2])\"",
                "\"\(root).trailing == \(guide).trailing - \(insets[3])\"",
            ], at: 0)
        let json =
            "{\"name\": \"Random\", \"views\": [\n  " + writer.views.joined(separator: ",\n  ")
            + "\n], \"constraints\": [\n  " + writer.constraints.joined(separator: ",\n  ") + "\n]}"
        let rows = (0..<3).map { _ in row(&choices, writer.fields) }
        let width =
            choices.chance(80) ? choices.pick(widths) : Double(100 + choices.below(700)) + 0.5
        return StackFileCase(json: json, rows: rows, width: width)
    }

    static func stack<C: _ChoiceSource>(
        _ choices: inout C, _ writer: inout Writer, id: String, parent: String?, depth: Int,
        budget: inout Int,
        axis: LayoutAxis
    ) {
        let distribution =
            choices.chance(60)
            ? "fill"
            : choices.pick(["fillEqually", "fillProportionally", "equalSpacing", "equalCentering"])
        let alignment =
            choices.chance(40)
            ? "fill"
            : choices.pick(
                axis == .horizontal
                    ? ["top", "center", "bottom", "firstBaseline", "lastBaseline"]
                    : ["leading", "center", "trailing"])
        var keys = [
            "\"id\": \"\(id)\"", "\"kind\": \"stack\"",
            "\"axis\": \"\(axis == .horizontal ? "horizontal" : "vertical")\"",
            "\"distribution\": \"\(distribution)\"", "\"alignment\": \"\(alignment)\"",
            "\"spacing\": \(choices.pick([0, 4, 6, 8, 12, 2.5]))",
        ]
        if let parent { keys.append("\"parent\": \"\(parent)\"") }
        if choices.chance(20) { keys.append("\"layoutMargins\": [4, 6, 2, 3]") }
        writer.views.append("{" + keys.joined(separator: ", ") + "}")
        if parent != nil, axis == .horizontal, choices.chance(15) {
            writer.constraints.append("\"\(id).height == \(choices.pick([32, 44, 60]))\"")
        }
        let labelsOnly =
            distribution == "fillProportionally"
            || (axis == .horizontal
                && (alignment == "firstBaseline" || alignment == "lastBaseline"))
        let fillsWidth = axis == .vertical && alignment == "fill"
        let count = 1 + choices.below(depth == 0 ? 4 : 3)
        for position in 0..<count where budget > 0 || position == 0 {
            budget -= 1
            let child = writer.newID()
            switch labelsOnly ? 9 : choices.below(10) {
            case 0...1 where depth < 3:
                stack(
                    &choices, &writer, id: child, parent: id, depth: depth + 1, budget: &budget,
                    axis: axis == .vertical ? .horizontal : .vertical)
            case 2 where fillsWidth:
                var image =
                    "{\"id\": \"\(child)\", \"kind\": \"image\", \"parent\": \"\(id)\", \"image\": \"\(writer.field(&choices, .size))\""
                if choices.chance(50) {
                    image += ", \"maxHeight\": \(choices.pick([100, 150.5, 300]))"
                }
                writer.views.append(image + "}")
            case 3 where choices.chance(30):
                // A picture whose intrinsic size alone sizes it (a comment
                // cell's avatar), sometimes with other priorities.
                var image =
                    "{\"id\": \"\(child)\", \"kind\": \"image\", \"parent\": \"\(id)\", \"size\": [\(choices.pick([48, 40, 24])), \(choices.pick([48, 40, 24]))]"
                if choices.chance(30) {
                    image += ", \"hugging\": [\(choices.pick([249, 250, 251, 1000])), 250]"
                }
                writer.views.append(image + "}")
            case 3:
                let side = choices.pick([24, 40, 44])
                if choices.chance(50) {
                    writer.views.append(
                        "{\"id\": \"\(child)\", \"kind\": \"image\", \"parent\": \"\(id)\", \"size\": [\(side), \(side)]}"
                    )
                } else {
                    writer.views.append(
                        "{\"id\": \"\(child)\", \"kind\": \"view\", \"parent\": \"\(id)\"}")
                }
                writer.constraints.append("\"\(child).width == \(side)\"")
                writer.constraints.append("\"\(child).height == \(side)\"")
            case 4:
                writer.views.append(
                    text(
                        &choices, &writer, id: child, parent: id, kind: "button", axis: axis,
                        position: position))
            default:
                writer.views.append(
                    text(
                        &choices, &writer, id: child, parent: id, kind: "label", axis: axis,
                        position: position))
            }
        }
    }

    static func text<C: _ChoiceSource>(
        _ choices: inout C, _ writer: inout Writer, id: String, parent: String, kind: String,
        axis: LayoutAxis,
        position: Int
    ) -> String {
        var keys = ["\"id\": \"\(id)\"", "\"kind\": \"\(kind)\"", "\"parent\": \"\(parent)\""]
        if choices.chance(80) {
            keys.append("\"field\": \"\(writer.field(&choices, .text))\"")
            if choices.chance(30) { keys.append("\"hiddenWhenEmpty\": true") }
        } else {
            keys.append("\"text\": \"\(choices.pick(texts))\"")
        }
        let family = choices.pick(["Inter", "Inter", "Roboto"])
        var style = ["\"font\": \"\(family)\"", "\"size\": \(choices.pick([13, 15, 17, 22]))"]
        if family == "Inter", choices.chance(30) {  // Roboto is bundled in its regular weight only
            style.append("\"weight\": \"\(choices.pick(["medium", "semibold", "bold"]))\"")
        }
        if kind == "label" {
            style.append("\"lines\": \(choices.pick([1, 1, 0, 0, 2, 3]))")
            if choices.chance(25) { style.append("\"lineSpacing\": 2") }
            if choices.chance(50) {
                style.append(
                    "\"lineBreakMode\": \"\(choices.pick(["wordWrap", "charWrap", "clip", "truncateHead", "truncateMiddle", "truncateTail"]))\""
                )
            }
        }
        keys.append("\"textStyle\": {" + style.joined(separator: ", ") + "}")
        if kind == "button", choices.chance(50) { keys.append("\"insets\": [4, 8, 4, 8]") }
        if axis == .horizontal, choices.chance(85) {
            // Distinct priorities along a row, as a row of labels needs.
            keys.append("\"hugging\": [\(248 + position), \(choices.pick([250, 251, 750]))]")
            keys.append("\"compression\": [\(748 + position), 750]")
        } else if choices.chance(20) {
            keys.append(
                "\"hugging\": [\(choices.pick([250, 251, 1000])), \(choices.pick([250, 251]))]")
        }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    /// A row for the fields: nested ones in their objects.
    static func row<C: _ChoiceSource>(
        _ choices: inout C, _ fields: [(path: String, kind: Writer.FieldKind)]
    ) -> String {
        var top: [String] = []
        var nested: [String: [String]] = [:]
        for (path, kind) in fields {
            let value: String?
            switch kind {
            case .size:
                switch choices.below(10) {
                case 0...2: value = nil
                case 3: value = "null"
                // not [w, h]: both paths refuse the row
                case 4 where choices.chance(10): value = "\"wide\""
                default:
                    value =
                        "[\(choices.pick([1, 3, 4, 16, 1080, 4000])), \(choices.pick([1, 2, 3, 9, 1920, 300]))]"
                }
            case .text:
                switch choices.below(12) {
                case 0: value = nil
                case 1: value = "null"
                case 2: value = "\"\""
                case 3: value = "\(choices.pick(["0", "42", "1.5", "-2", "1024"]))"
                // an array: both refuse the row
                case 4: value = choices.chance(15) ? "[1, 2]" : "true"
                default: value = "\"\(choices.pick(texts))\""
                }
            }
            guard let value else { continue }
            let parts = path.split(separator: ".")
            if parts.count == 2 {
                nested[String(parts[0]), default: []].append("\"\(parts[1])\": \(value)")
            } else {
                top.append("\"\(path)\": \(value)")
            }
        }
        for (object, members) in nested.sorted(by: { $0.key < $1.key }) {
            top.append("\"\(object)\": {" + members.joined(separator: ", ") + "}")
        }
        return "{" + top.joined(separator: ", ") + "}"
    }
}

/// What the direct path did with one row of a case.
enum StackFileVerdict {
    case agreed
    /// The file is not a tree of stacks the direct path lays out (up front).
    case unsupported(String)
    /// Refused at this width (ambiguous, conflicting, not modelled).
    case refused(String)
    /// Both paths refused the row's data (a field the file cannot show).
    case badRow
    /// The engine's own fitting and frame passes disagree (the known engine
    /// issue the StackTree differential reports).
    case engineFittingDiffers(String)
    /// Other frames than the file's constraints give: a bug.
    case failed(String)
}

enum StackFileDifferential {
    /// The verdict for each row of `test`.
    static func check(_ test: StackFileCase) -> [StackFileVerdict] {
        let file: TemplateFile
        do {
            file = try TemplateFile.parse(test.json, file: "random.json")
        } catch {
            return [.failed("the generated file does not parse: \(error)")]
        }
        let trees: TemplateFileStackTree
        do {
            trees = try TemplateFileStackTree(file: file)
        } catch {
            return [.unsupported(error.message)]
        }
        let engine: TemplateFileCell
        do {
            engine = try TemplateFileCell(file: file)
        } catch {
            return [.failed("the file's constraints cannot be built: \(error)")]
        }
        var constraints = engine
        var direct = DirectStackLayout()
        // Both paths refuse a width at or below the file's fixed parts.
        if test.width <= engine.cell.minimumWidth {
            return [.refused("width at or below the file's fixed parts")]
        }
        var verdicts: [StackFileVerdict] = []
        for (number, text) in test.rows.enumerated() {
            let row: JSONRow
            do {
                row = try JSONRowLoader.parseLine(Data(text.utf8), file: "rows", line: number + 1)
            } catch {
                verdicts.append(.failed("the generated row does not parse: \(error)"))
                continue
            }
            let tree: StackTree
            do {
                tree = try trees.tree(for: row)
            } catch {
                // The file's cell must refuse the same row.
                if (try? constraints.layout(row, width: test.width)) != nil {
                    verdicts.append(
                        .failed(
                            "row \(number + 1): the direct path refuses its data (\(error)), the constraints lay it out"
                        ))
                } else {
                    verdicts.append(.badRow)
                }
                continue
            }
            if let reason = tree.directLayoutUnsupportedReason {
                verdicts.append(.unsupported(reason))
                continue
            }
            let layout: StackTreeLayout
            do {
                layout = try direct.layout(tree, width: test.width)
            } catch {
                verdicts.append(.refused("\(error.kind): \(error.reason)"))
                continue
            }
            let cell: CellLayout
            do {
                cell = try constraints.layout(row, width: test.width)
            } catch {
                verdicts.append(
                    .failed(
                        "row \(number + 1): the constraints refuse a row the direct path lays out: \(error)"
                    ))
                continue
            }
            // Each view's frame in its superview's coordinates, hidden ones
            // too, as the direct layout gives them (`CellLayout` has the
            // visible ones in the content view's).
            let frames = constraints.cell.views.mapValues(\.frame)
            guard
                let difference = difference(
                    layout, cell, frames, ids: trees.nodeIDs,
                    free: StackTreeDifferential.freePositions(tree))
            else {
                verdicts.append(.agreed)
                continue
            }
            // The tree's own views laid out by the engine tell the known
            // engine issue from a wrong conversion.
            if case .engineFittingDiffers = StackTreeDifferential.check(
                StackTreeCase(tree: tree, width: test.width))
            {
                verdicts.append(.engineFittingDiffers("row \(number + 1): \(difference)"))
            } else {
                verdicts.append(.failed("row \(number + 1): \(difference)"))
            }
        }
        return verdicts
    }

    /// The first difference between the direct layout and the file's (nil when equal to 1e-9).
    static func difference(
        _ direct: StackTreeLayout, _ engine: CellLayout, _ frames: [String: Rect], ids: [String],
        free: [Int: LayoutAxis?] = [:]
    ) -> String? {
        func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a)) }
        if !same(direct.height, engine.height) {
            return "height: direct \(direct.height), constraints \(engine.height)"
        }
        for (index, (id, a)) in zip(ids, direct.frames).enumerated() {
            guard let b = frames[id] else {
                return "\(id): no frame from the constraints"
            }
            // (A hidden view's place in an equal-spacing stack is free: see
            // `StackTreeDifferential.freePositions`.)
            let (freeX, freeY) = StackTreeDifferential.freeAxes(free[index])
            if !((freeX || same(a.minX, b.minX)) && (freeY || same(a.minY, b.minY))
                && same(a.width, b.width) && same(a.height, b.height))
            {
                return "\(id): direct \(a), constraints \(b)"
            }
        }
        return nil
    }
}

/// Counts of a run over many seeded cases (rows).
struct StackFileDifferentialRun: Sendable {
    var agreed = 0
    var unsupported = 0
    var refused = 0
    var badRows = 0
    var engineFittingDiffers: [String] = []
    var failures: [String] = []
    var reasons: [String: Int] = [:]

    var total: Int {
        agreed + unsupported + refused + badRows + engineFittingDiffers.count + failures.count
    }

    var summary: String {
        let rate = total == 0 ? 0 : Double(agreed) * 100 / Double(total)
        return
            "\(total) rows: \(agreed) agreed (\(Int(rate.rounded()))%), \(unsupported) unsupported, \(refused) refused at their width, \(badRows) bad rows refused by both, \(engineFittingDiffers.count) where the engine's fitting disagrees with its own frame pass, \(failures.count) failed"
    }

    static func run(first: UInt64, count: Int) -> StackFileDifferentialRun {
        var run = StackFileDifferentialRun()
        for seed in first..<(first + UInt64(count)) {
            var choices = _SeededChoices(seed: seed)
            let test = StackFileGenerator.make(&choices)
            for verdict in StackFileDifferential.check(test) {
                switch verdict {
                case .agreed: run.agreed += 1
                case .badRow: run.badRows += 1
                case .unsupported(let reason):
                    run.unsupported += 1
                    run.reasons["unsupported: " + _kind(reason), default: 0] += 1
                case .refused(let reason):
                    run.refused += 1
                    run.reasons["refused: " + _kind(reason), default: 0] += 1
                case .engineFittingDiffers(let message):
                    run.engineFittingDiffers.append("seed \(seed): \(message)")
                case .failed(let message):
                    run.failures.append("seed \(seed): \(message)\n\(test)")
                }
            }
        }
        return run
    }

    private static func _kind(_ reason: String) -> String {
        var text = reason
        if let range = text.range(of: "node"),
            let colon = text[range.upperBound...].firstIndex(of: ":")
        {
            text.removeSubrange(range.lowerBound...colon)
        }
        return String(text.prefix(70))
    }
}

enum StackFileDifferentialFuzz {
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let test = StackFileGenerator.make(&input)
        var outcome = FuzzOutcome.rejected
        for verdict in StackFileDifferential.check(test) {
            switch verdict {
            case .agreed: outcome = .accepted
            case .failed(let message):
                throw FuzzViolation(target: "stackfile", message: "\(message)\n\(test)", input: "")
            default: break
            }
        }
        return outcome
    }
}
