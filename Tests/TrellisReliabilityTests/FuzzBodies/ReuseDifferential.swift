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
