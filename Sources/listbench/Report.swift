// listbench's two outputs: a readable table and a JSON object whose schema the
// README documents.

import CLISupport
import Trellis
import TrellisData

extension BenchReport {
    private var ratioFresh: Double {
        ratio(constraintsFresh.totalMilliseconds, frames.totalMilliseconds)
    }
    private var ratioTemplate: Double {
        ratio(constraintsTemplate.totalMilliseconds, frames.totalMilliseconds)
    }
    private var ratioRotation: Double {
        ratio(rotationConstraints.totalMilliseconds, rotationFrames.totalMilliseconds)
    }
    private var parallelSpeedup: Double {
        ratio(parallelOneThreadMilliseconds, parallelMilliseconds)
    }

    private func ratio(_ a: Double, _ b: Double) -> Double { b > 0 ? a / b : 0 }

    func table() -> String {
        let c = configuration
        var lines: [String] = []
        lines.append(
            "listbench: \(c.templateName), \(c.rows) rows, width \(formatPoints(c.width)), scale \(formatPoints(c.scale)), median of \(c.repeats)"
        )
        lines.append(
            pad("phase", 34) + pad("total ms", 12, right: true) + pad("µs/row", 10, right: true)
                + pad("× frames", 10, right: true))
        func row(_ name: String, _ ms: Double, _ perRow: Double?, _ ratio: Double?) {
            lines.append(
                pad(name, 34) + pad(fixed(ms, 2), 12, right: true)
                    + pad(perRow.map { fixed($0, 3) } ?? "", 10, right: true)
                    + pad(ratio.map { fixed($0, 2) + "×" } ?? "", 10, right: true))
        }
        let rows = Double(c.rows)
        if let reason = c.noFramesReason {
            lines.append("constraints only: no frame path (\(reason))")
            row(
                "3 constraints, fresh engine/row", constraintsFresh.totalMilliseconds,
                constraintsFresh.microsecondsPerRow, nil)
            row(
                "4 constraints, template engine", constraintsTemplate.totalMilliseconds,
                constraintsTemplate.microsecondsPerRow, nil)
            lines.append(
                "5 agreement (template engine against a fresh hierarchy per row): max |Δheight| \(formatPoints(maxHeightDifference)) over \(c.rows) rows (\(rowsDiffering) rows differ)"
            )
            row(
                "6 rotation → \(formatPoints(c.rotatedWidth)), constraints (template)",
                rotationConstraints.totalMilliseconds, rotationConstraints.microsecondsPerRow, nil)
            lines.append(
                "  rotation agreement (template against fresh): max |Δheight| \(formatPoints(rotationMaxHeightDifference))"
            )
            appendScroll(to: &lines)
            lines.append(
                "9 memory: peak RSS \(fixed(Double(memory.peakResidentBytes) / 1_048_576, 1)) MB, \(fixed(memory.bytesPerRow, 0)) bytes/row"
            )
            return lines.joined(separator: "\n")
        }
        row(
            "1 text, cold (empty caches)", textColdMilliseconds, textColdMilliseconds * 1000 / rows,
            nil)
        row("  text, warm", textWarmMilliseconds, textWarmMilliseconds * 1000 / rows, nil)
        row("2 frames", frames.totalMilliseconds, frames.microsecondsPerRow, 1)
        row(
            "3 constraints, fresh engine/row", constraintsFresh.totalMilliseconds,
            constraintsFresh.microsecondsPerRow, ratioFresh)
        row(
            "4 constraints, template engine", constraintsTemplate.totalMilliseconds,
            constraintsTemplate.microsecondsPerRow, ratioTemplate)
        if let templateFile, let templateFileName {
            row(
                "4b template file (\(templateFileName))", templateFile.totalMilliseconds,
                templateFile.microsecondsPerRow,
                ratio(templateFile.totalMilliseconds, frames.totalMilliseconds))
        }
        lines.append(
            "5 agreement\(templateFile == nil ? "" : " (frames, constraints, template file)"): max |Δheight| \(formatPoints(maxHeightDifference)) over \(c.rows) rows (\(rowsDiffering) rows differ)"
        )
        if let refusals = directRefusals {
            lines.append(
                refusals.count == 0
                    ? "  frames: the direct stack path laid out every row"
                    : "  frames: the direct stack path refused \(refusals.count) layouts (a row at a width), laid out by constraints instead and not compared; first: \(refusals.first ?? "")"
            )
        }
        if let agreement = directFrames {
            lines.append(
                "  frames: every frame of \(agreement.compared) direct layouts (rows × both widths) against the constraints': \(agreement.differing) differ\(agreement.first.map { "; first: \($0)" } ?? "")"
            )
        }
        row(
            "6 rotation → \(formatPoints(c.rotatedWidth)), frames",
            rotationFrames.totalMilliseconds, rotationFrames.microsecondsPerRow, 1)
        row(
            "  rotation, constraints (template)", rotationConstraints.totalMilliseconds,
            rotationConstraints.microsecondsPerRow, ratioRotation)
        lines.append(
            "  rotation agreement: max |Δheight| \(formatPoints(rotationMaxHeightDifference))")
        appendScroll(to: &lines)
        lines.append(
            "8 parallel: cold text + frames on \(c.threads) threads \(fixed(parallelMilliseconds, 2)) ms, speed-up \(fixed(parallelSpeedup, 2))× over one thread, heights identical: \(parallelIdentical ? "yes" : "NO")"
        )
        lines.append(
            "9 memory: peak RSS \(fixed(Double(memory.peakResidentBytes) / 1_048_576, 1)) MB, \(fixed(memory.bytesPerRow, 0)) bytes/row"
        )
        lines.append(
            "  text: content size \(c.contentSize.rawValue), fallback \(c.fallback.rawValue), rows with missing glyphs: \(rowsWithMissingGlyphs)"
        )
        return lines.joined(separator: "\n")
    }

    private func appendScroll(to lines: inout [String]) {
        let c = configuration
        for (path, figures) in scroll.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "7 scroll (\(c.layout.rawValue), 120 Hz), \(path): \(figures.frames) frames, p50 \(fixed(figures.p50Microseconds, 1)) µs, p99 \(fixed(figures.p99Microseconds, 1)) µs, max \(fixed(figures.maxMicroseconds, 1)) µs, over 8.33 ms: \(figures.overBudget) (CPU time: \(figures.overBudgetCPU)), rows measured \(figures.rowsMeasured), cells made \(figures.cellsCreated), reused \(figures.cellsReused), max anchor drift \(formatPoints(figures.maxAnchorDrift))"
            )
        }
    }

    func json() -> JSON {
        let c = configuration
        func path(_ figures: PathFigures, ratio: Double?) -> JSON {
            var fields: [(String, JSON)] = [
                ("total_ms", .number(figures.totalMilliseconds)),
                ("us_per_row", .number(figures.microsecondsPerRow)),
            ]
            if let ratio { fields.append(("ratio_to_frames", .number(ratio))) }
            return .object(fields)
        }
        let scrollObject: JSON = .object(
            [("layout", .string(c.layout.rawValue)), ("hz", .integer(120))]
                + scroll.sorted(by: { $0.key < $1.key }).map { name, figures in
                    (
                        name,
                        .object([
                            ("frames", .integer(figures.frames)),
                            ("p50_us", .number(figures.p50Microseconds)),
                            ("p99_us", .number(figures.p99Microseconds)),
                            ("max_us", .number(figures.maxMicroseconds)),
                            ("over_budget", .integer(figures.overBudget)),
                            ("over_budget_cpu", .integer(figures.overBudgetCPU)),
                            ("p99_cpu_us", .number(figures.p99CPUMicroseconds)),
                            ("rows_measured", .integer(figures.rowsMeasured)),
                            ("cells_created", .integer(figures.cellsCreated)),
                            ("cells_reused", .integer(figures.cellsReused)),
                            ("max_anchor_drift", .number(figures.maxAnchorDrift)),
                        ])
                    )
                } + worstScrollSummary())
        return .object([
            ("rows", .integer(c.rows)),
            ("width", .number(c.width)),
            ("scale", .number(c.scale)),
            ("template", .string(c.templateName)),
            ("repeats", .integer(c.repeats)),
            ("content_size", .string(c.contentSize.rawValue)),
            ("fallback", .string(c.fallback.rawValue)),
            (
                "text",
                .object([
                    ("cold_ms", .number(textColdMilliseconds)),
                    ("warm_ms", .number(textWarmMilliseconds)),
                    ("rows_with_missing_glyphs", .integer(rowsWithMissingGlyphs)),
                ])
            ),
            ("no_frames_reason", c.noFramesReason.map(JSON.string) ?? .null),
            (
                "direct_refusals",
                directRefusals.map { refusals in
                    .object([
                        ("rows", .integer(refusals.count)),
                        ("first", refusals.first.map(JSON.string) ?? .null),
                    ])
                } ?? .null
            ),
            (
                "direct_frames",
                directFrames.map { agreement in
                    .object([
                        ("compared", .integer(agreement.compared)),
                        ("differing", .integer(agreement.differing)),
                        ("first", agreement.first.map(JSON.string) ?? .null),
                    ])
                } ?? .null
            ),
            (
                "paths",
                .object(
                    [
                        ("frames", c.noFramesReason == nil ? path(frames, ratio: nil) : .null),
                        (
                            "constraints_fresh",
                            path(
                                constraintsFresh, ratio: c.noFramesReason == nil ? ratioFresh : nil)
                        ),
                        (
                            "constraints_template",
                            path(
                                constraintsTemplate,
                                ratio: c.noFramesReason == nil ? ratioTemplate : nil)
                        ),
                    ]
                        + (templateFile.map {
                            [
                                (
                                    "template_file",
                                    path(
                                        $0,
                                        ratio: ratio($0.totalMilliseconds, frames.totalMilliseconds)
                                    )
                                )
                            ]
                        } ?? []))
            ),
            (
                "agreement",
                .object([
                    ("max_height_diff", .number(maxHeightDifference)),
                    ("rows_differing", .integer(rowsDiffering)),
                ])
            ),
            (
                "rotation",
                .object([
                    ("width", .number(c.rotatedWidth)),
                    ("frames_ms", .number(rotationFrames.totalMilliseconds)),
                    ("constraints_template_ms", .number(rotationConstraints.totalMilliseconds)),
                    ("ratio", .number(ratioRotation)),
                    ("max_height_diff", .number(rotationMaxHeightDifference)),
                ])
            ),
            ("scroll", scrollObject),
            (
                "parallel",
                .object([
                    ("threads", .integer(c.threads)),
                    ("total_ms", .number(parallelMilliseconds)),
                    ("one_thread_ms", .number(parallelOneThreadMilliseconds)),
                    ("speedup", .number(parallelSpeedup)),
                    ("identical", .bool(parallelIdentical)),
                ])
            ),
            (
                "memory",
                .object([
                    ("peak_rss_mb", .number(Double(memory.peakResidentBytes) / 1_048_576)),
                    ("bytes_per_row", .number(memory.bytesPerRow)),
                ])
            ),
        ])
    }

    /// `scroll.p50_us` etc. at the top of the scroll object: the worse of the
    /// two paths for each figure, so one key answers "does it hold for both".
    private func worstScrollSummary() -> [(String, JSON)] {
        let all = Array(scroll.values)
        guard !all.isEmpty else { return [] }
        return [
            ("p50_us", .number(all.map(\.p50Microseconds).max()!)),
            ("p99_us", .number(all.map(\.p99Microseconds).max()!)),
            ("max_us", .number(all.map(\.maxMicroseconds).max()!)),
            ("over_budget", .integer(all.map(\.overBudget).max()!)),
            ("cells_created", .integer(all.map(\.cellsCreated).max()!)),
            ("max_anchor_drift", .number(all.map(\.maxAnchorDrift).max()!)),
        ]
    }
}

func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let decimals = text.distance(from: dot, to: text.endIndex) - 1
        if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        if digits == 0 { text = String(text[..<dot]) }
    }
    return text
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    guard count < width else { return text + " " }
    let spaces = String(repeating: " ", count: width - count)
    return right ? spaces + text : text + spaces
}
