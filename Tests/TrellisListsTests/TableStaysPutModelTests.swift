// A model-based test of the rule on `TableLayoutPass`: random operation
// sequences (layout passes, scrolls to offsets at the top, negative, inside,
// at element edges and past the end, jumps to rows, rotations, batch updates,
// and each of them failing) on tables of several sections with fixed or
// self-sizing headers and footers, rows estimated at 0, at their real height
// or elsewhere, against a naive model that recomputes every element's place
// by a linear sum and chooses the kept element from the rule's words.
//
// The default run takes a few seconds; `TRELLIS_SOAK=1` runs 50 times more
// sequences (Scripts/soak.sh sets it).

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Real heights by identity (rows) and by section identity (headers and
/// footers), estimates by identity, and a switch that makes every height NaN.
private final class Source: CellSizing {
    var ids: [[Int]] = []
    var sectionIDs: [Int] = []
    var estimates: [Int: Double] = [:]
    var failing = false
    var next = 0
    var nextSection = 0

    func newID(_ g: inout SeededGenerator) -> Int {
        defer { next += 1 }
        estimates[next] = [
            0, 0, real(next, 375), 44, Double(Int.random(in: 1...400, using: &g)) / 2,
        ]
        .randomElement(using: &g)!
        return next
    }

    /// 0 for one row in ten, else 10 ... 209.5 points, narrower is taller.
    func real(_ id: Int, _ width: Double) -> Double {
        let m = mix(id)
        if m % 10 == 0 { return 0 }
        return ((10 + Double(m % 400) / 2) * 375 / width * 2).rounded() / 2
    }

    func edge(_ section: Int, footer: Bool, _ width: Double) -> Double {
        Double(mix(section * 2 + (footer ? 1 : 0)) % 60) + 10 * 375 / width
    }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        failing ? .nan : real(ids[indexPath.section][indexPath.row], width)
    }

    func estimate(_ path: IndexPath) -> Double { estimates[ids[path.section][path.row]]! }
}

/// What identifies an element across updates.
private enum Key: Hashable {
    case header(Int), row(Int), footer(Int)
}

/// An element as the model lays it out.
private struct Placed {
    var key: Key
    var top: Double
    var height: Double
    /// Measured, or a fixed header or footer.
    var holds: Bool
    var isRow: Bool
}

/// The naive model: every element's place from a linear sum over what the
/// table reports (checked against what the model expects first).
private struct Model {
    var selfSizing: Bool
    /// The height each unmeasured row must have: its estimate, or its
    /// measurement at an earlier width.
    var unmeasured: [Int: Double] = [:]
    /// Fixed header and footer heights (or self-sizing estimates), by section identity.
    var edges: [Int: (header: Double, footer: Double)] = [:]
    /// The element the next pass must keep, and where (set by a batch update).
    var pending: (key: Key, screenTop: Double)?

    func place<S>(_ table: TableLayout<S>, _ source: Source, _ fail: (String) -> Void) -> [Placed] {
        var placed: [Placed] = []
        var y = 0.0
        for s in 0..<table.numberOfSections {
            let sid = source.sectionIDs[s]
            for footer in [false, true] {
                if footer {
                    for (r, id) in source.ids[s].enumerated() {
                        let path = IndexPath(row: r, section: s)
                        let height = (try? table.heightForRow(at: path)) ?? -1
                        let measured = (try? table.isRowMeasured(at: path)) ?? false
                        let expected = measured ? source.real(id, table.width) : unmeasured[id]
                        if height != expected {
                            fail(
                                "row \(path) id \(id): height \(height), expected \(expected ?? -1)"
                            )
                        }
                        placed.append(
                            Placed(
                                key: .row(id), top: y, height: height, holds: measured, isRow: true)
                        )
                        y += height
                    }
                }
                let flat = footer ? table.sectionStarts[s + 1] - 1 : table.sectionStarts[s]
                let height = _Units.points(table.index.units(at: flat))
                let estimate = footer ? edges[sid]!.footer : edges[sid]!.header
                let measured = table.index.isMeasured(at: flat)
                if !selfSizing || estimate == 0 {
                    if height != estimate {
                        fail("section \(s) edge: \(height), fixed \(estimate)")
                    }
                } else if measured
                    && height
                        != _Units.points(
                            _Units.units(source.edge(sid, footer: footer, table.width)))
                {
                    fail("section \(s) self-sizing edge \(height) not its real height")
                }
                placed.append(
                    Placed(
                        key: footer ? .footer(sid) : .header(sid), top: y, height: height,
                        holds: !selfSizing || measured || estimate == 0, isRow: false))
                y += height
            }
        }
        return placed
    }

    /// The rule's words: at an offset of 0 or less the content top; rows
    /// estimated at 0 at the top edge; the first measured element on
    /// screen; the element at the top edge.
    static func resting(_ elements: [Placed], offset: Double, viewport: Double) -> (Key, Double)? {
        guard let first = elements.first else { return nil }
        if offset <= 0 { return (first.key, first.top - offset) }
        let atEdge = elements.filter { $0.height == 0 && $0.top == offset }
        if atEdge.contains(where: { !$0.holds }) { return (atEdge[0].key, 0) }
        if let kept = elements.first(where: {
            $0.height > 0 && $0.holds && $0.top + $0.height > offset && $0.top < offset + viewport
        }) {
            return (kept.key, kept.top - offset)
        }
        if let edge = atEdge.first { return (edge.key, 0) }
        return elements.first(where: { $0.top <= offset && $0.top + $0.height > offset }).map {
            ($0.key, $0.top - offset)
        }
    }
}

/// One random sequence; returns the first disagreement with the model.
private func runSequence(seed: UInt64, steps: Int) -> String? {
    var g = SeededGenerator(seed: seed)
    let source = Source()
    var problem: String?
    var log: [String] = []
    func fail(_ message: String) {
        if problem == nil {
            problem =
                "seed \(seed): \(message)\n  after: \(log.suffix(getenv("TRELLIS_STAYSPUT_SEED") == nil ? 6 : 1000).joined(separator: "; "))"
        }
    }
    let selfSizing = Bool.random(using: &g)
    var model = Model(selfSizing: selfSizing)
    func newSection() -> TableSection {
        let sid = source.nextSection
        source.nextSection += 1
        source.sectionIDs.append(sid)
        let rows = (0..<Int.random(in: 0...12, using: &g)).map { _ in source.newID(&g) }
        source.ids.append(rows)
        for id in rows { model.unmeasured[id] = source.estimates[id] }
        let header = [0.0, 0, 28].randomElement(using: &g)!
        let footer = [0.0, 0, 10].randomElement(using: &g)!
        model.edges[sid] = (header, footer)
        return TableSection(rowCount: rows.count, headerHeight: header, footerHeight: footer)
    }
    func sections() -> [TableSection] {
        source.ids.indices.map { s in
            let e = model.edges[source.sectionIDs[s]]!
            return TableSection(
                rowCount: source.ids[s].count, headerHeight: e.header, footerHeight: e.footer)
        }
    }
    let initial = (0..<[0, 1, 2, 3, 4].randomElement(using: &g)!).map { _ in newSection() }
    let edgeSizing = HeaderFooterSizing { element, width in
        switch element {
        case .header(let s):
            source.failing ? .nan : source.edge(source.sectionIDs[s], footer: false, width)
        case .footer(let s):
            source.failing ? .nan : source.edge(source.sectionIDs[s], footer: true, width)
        case .row: .nan
        }
    }
    let table0: TableLayout<Source>
    do {
        table0 = try TableLayout(
            sections: initial, estimate: .perRow { source.estimate($0) }, sizing: source,
            width: 375, viewportHeight: [200, 300, 500].randomElement(using: &g)!,
            overscanRows: Int.random(in: 0...2, using: &g),
            rangeTuning: Bool.random(using: &g) ? .texture : .visibleOnly,
            headerFooterSizing: selfSizing ? edgeSizing : nil)
    } catch {
        return "seed \(seed): init threw \(error)"
    }
    var table = table0

    func screenTop(_ elements: [Placed], _ key: Key, _ offset: Double) -> Double? {
        elements.first(where: { $0.key == key }).map { $0.top - offset }
    }
    /// Checks after a successful pass that started at `start` with `kept`.
    func checkPass(
        _ name: String, pass: TableLayoutPass, start: Double, kept: (Key, Double)?, atRest: Bool
    ) {
        let after = model.place(table, source, fail)
        let offset = table.contentOffset
        if pass.anchorAdjustment != offset - start {
            fail(
                "\(name): anchorAdjustment \(pass.anchorAdjustment), offset moved \(offset - start)"
            )
        }
        if atRest && offset != 0 { fail("\(name): at rest at the top, ended at \(offset)") }
        if start >= 0 && offset < 0 {
            fail("\(name): from \(start) to a negative offset \(offset)")
        }
        if let (key, top) = kept, !pass.clamped, let now = screenTop(after, key, offset), now != top
        {
            fail("\(name): kept \(key) moved from \(top) to \(now) on screen")
        }
        // What is in view is measured: rows with area on screen, and
        // zero-height rows whose place is on screen.
        let bottom = offset + table.viewportHeight
        for e in after where e.isRow && !e.holds {
            let inView =
                e.height > 0
                ? e.top < bottom && e.top + e.height > offset : e.top >= offset && e.top < bottom
            if inView { fail("\(name): \(e.key) in view at \(e.top - offset) not measured") }
        }
        model.pending = nil
    }

    for _ in 0..<steps where problem == nil {
        let before = model.place(table, source, fail)
        let offset = table.contentOffset
        let viewport = table.viewportHeight
        let resting = model.pending ?? Model.resting(before, offset: offset, viewport: viewport)
        let total = before.last.map { $0.top + $0.height } ?? 0
        let failing = Int.random(in: 0..<6, using: &g) == 0
        let copy = table
        source.failing = failing
        do {
            switch Int.random(in: 0..<10, using: &g) {
            case 0, 1:
                log.append("layoutIfNeeded\(failing ? " (failing)" : "")")
                let pass = try table.layoutIfNeeded()
                checkPass(
                    "layoutIfNeeded", pass: pass, start: offset, kept: resting,
                    atRest: offset == 0 && model.pending == nil)
            case 2, 3, 4:
                let tops = before.map(\.top)
                let target = [
                    0, -20, total + 50, max(0, total - viewport),
                    tops.randomElement(using: &g) ?? 0,
                    Double(Int.random(in: 0...Int(total * 2) + 2, using: &g)) / 2,
                ].randomElement(using: &g)!
                log.append("scroll(toOffset: \(target))\(failing ? " (failing)" : "")")
                let kept = Model.resting(before, offset: target, viewport: viewport)
                let pass = try table.scroll(toOffset: target)
                checkPass(
                    "scroll(toOffset: \(target))", pass: pass, start: target, kept: kept,
                    atRest: target == 0)
            case 5:
                guard
                    let s = source.ids.indices.filter({ !source.ids[$0].isEmpty }).randomElement(
                        using: &g)
                else { continue }
                let path = IndexPath(
                    row: Int.random(in: 0..<source.ids[s].count, using: &g), section: s)
                log.append("scrollToRow(\(path))\(failing ? " (failing)" : "")")
                _ = try table.scrollToRow(at: path, at: .top)
                model.pending = nil
                if offset >= 0 && table.contentOffset < 0 { fail("scrollToRow: negative offset") }
            case 6, 7:
                let width = [320.0, 375, 414].randomElement(using: &g)!
                let height = [200.0, 300, 500].randomElement(using: &g)!
                log.append("resize(\(width), \(height))\(failing ? " (failing)" : "")")
                var measured: [Int: Double] = [:]
                if width != table.width {
                    for e in before where e.isRow && e.holds {
                        if case .row(let id) = e.key { measured[id] = e.height }
                    }
                }
                let pass = try table.resize(width: width, viewportHeight: height)
                model.unmeasured.merge(measured) { $1 }
                let kept = pass.clamped ? nil : resting
                checkPass(
                    "resize", pass: pass, start: offset, kept: kept,
                    atRest: offset == 0 && model.pending == nil)
                if table.contentOffset > table.maximumContentOffset && offset >= 0 {
                    fail(
                        "resize left \(table.contentOffset) past the end \(table.maximumContentOffset)"
                    )
                }
            default:
                log.append("batch update\(failing ? " (failing)" : "")")
                source.failing = false
                try batchUpdate(
                    &table, source: source, model: &model, before: before, g: &g, fail: fail)
                if failing {
                    // A refused update: a row that is not there.
                    var bad = TableUpdates()
                    bad.deleteRows(at: [IndexPath(row: 10_000, section: 0)])
                    let saved = table
                    source.failing = true
                    _ = try? table.performBatchUpdates(bad, sections: sections())
                    if (try? TableSnapshot(table)) != (try? TableSnapshot(saved)) {
                        fail("a refused batch update changed the table")
                    }
                }
            }
            if failing { log[log.count - 1] += " (did not fail)" }
        } catch {
            // A failed call leaves every state as it was: the same queries,
            // and the same next layout pass (which shows the pending anchor).
            source.failing = false
            if !failing { fail("\(log.last ?? ""): threw \(error)") }
            if (try? TableSnapshot(table)) != (try? TableSnapshot(copy))
                || table.scrollDirection != copy.scrollDirection
            {
                fail("\(log.last ?? ""): a failed call changed the table")
            }
            var twin = copy
            let a = try? table.layoutIfNeeded()
            let b = try? twin.layoutIfNeeded()
            if a != b || (try? TableSnapshot(table)) != (try? TableSnapshot(twin)) {
                fail(
                    "\(log.last ?? ""): after a failed call the next pass differs from an untouched copy's"
                )
            }
            table = twin
            model.pending = nil
            log.append("layoutIfNeeded (after the failure)")
        }
        source.failing = false
    }
    _ = model.place(table, source, fail)
    return problem
}

/// A random batch update (rows inserted, deleted, reloaded; sometimes a
/// section inserted or deleted), followed by the pass that must keep the
/// first element on screen that survives.
private func batchUpdate(
    _ table: inout TableLayout<Source>, source: Source, model: inout Model, before: [Placed],
    g: inout SeededGenerator, fail: (String) -> Void
) throws {
    let offset = table.contentOffset
    let bottom = offset + table.viewportHeight
    var updates = TableUpdates()
    var ids = source.ids
    var sectionIDs = source.sectionIDs
    var deletedRows = Set<Int>()
    var deletedSections = Set<Int>()
    // Deletes and reloads, named as before the update.
    for s in ids.indices {
        if ids.count > 1 && Int.random(in: 0..<10, using: &g) == 0 {
            deletedSections.insert(sectionIDs[s])
            updates.deleteSections([s])
            continue
        }
        for (r, id) in ids[s].enumerated() {
            switch Int.random(in: 0..<8, using: &g) {
            case 0:
                updates.deleteRows(at: [IndexPath(row: r, section: s)])
                deletedRows.insert(id)
            case 1:
                updates.reloadRows(at: [IndexPath(row: r, section: s)])
                source.estimates[id] = [0, source.real(id, table.width), 30].randomElement(
                    using: &g)!
                model.unmeasured[id] = source.estimates[id]
            default: break
            }
        }
    }
    var kept: [[Int]] = []
    var keptSections: [Int] = []
    for s in ids.indices where !deletedSections.contains(sectionIDs[s]) {
        kept.append(ids[s].filter { !deletedRows.contains($0) })
        keptSections.append(sectionIDs[s])
    }
    ids = kept
    sectionIDs = keptSections
    // Inserts, named as after the update (ascending, as UIKit applies them).
    for s in ids.indices {
        var rows = ids[s]
        for _ in 0..<Int.random(in: 0...3, using: &g) {
            let id = source.newID(&g)
            model.unmeasured[id] = source.estimates[id]
            rows.insert(id, at: Int.random(in: 0...rows.count, using: &g))
        }
        ids[s] = rows
    }
    var insertedSection: Int?
    if Int.random(in: 0..<6, using: &g) == 0 || ids.isEmpty && Bool.random(using: &g) {
        let at = Int.random(in: 0...ids.count, using: &g)
        let sid = source.nextSection
        source.nextSection += 1
        let rows = (0..<Int.random(in: 0...6, using: &g)).map { _ in source.newID(&g) }
        for id in rows { model.unmeasured[id] = source.estimates[id] }
        model.edges[sid] = (
            [0.0, 28].randomElement(using: &g)!, [0.0, 10].randomElement(using: &g)!
        )
        ids.insert(rows, at: at)
        sectionIDs.insert(sid, at: at)
        updates.insertSections([at])
        insertedSection = at
    }
    for (s, rows) in ids.enumerated() where s != insertedSection {
        let old = Set(source.ids[source.sectionIDs.firstIndex(of: sectionIDs[s])!])
        for (r, id) in rows.enumerated() where !old.contains(id) {
            updates.insertRows(at: [IndexPath(row: r, section: s)])
        }
    }
    // The survivor: the first element with area on screen that stays.
    var survivor: (Key, Double)?
    for e in before where e.height > 0 && e.top < bottom && e.top + e.height > offset {
        let stays: Bool
        switch e.key {
        case .header(let sid), .footer(let sid): stays = sectionIDs.contains(sid)
        case .row(let id): stays = ids.contains { $0.contains(id) }
        }
        if stays {
            survivor = (e.key, e.top - offset)
            break
        }
    }
    let newSections = ids.indices.map { s in
        let e = model.edges[sectionIDs[s]]!
        return TableSection(rowCount: ids[s].count, headerHeight: e.header, footerHeight: e.footer)
    }
    let (oldIDs, oldSectionIDs) = (source.ids, source.sectionIDs)
    source.ids = ids
    source.sectionIDs = sectionIDs
    let update: TableLayoutPass
    do {
        update = try table.performBatchUpdates(updates, sections: newSections)
    } catch {
        (source.ids, source.sectionIDs) = (oldIDs, oldSectionIDs)
        throw error
    }
    let after = model.place(table, source, fail)
    if update.anchorAdjustment != table.contentOffset - offset {
        fail(
            "batch update: anchorAdjustment \(update.anchorAdjustment), moved \(table.contentOffset - offset)"
        )
    }
    if let (key, top) = survivor, !update.clamped,
        let now = after.first(where: { $0.key == key }).map({ $0.top - table.contentOffset }),
        now != top
    {
        fail("batch update: survivor \(key) moved from \(top) to \(now)")
    }
    // The next pass keeps the survivor where the update left it (none without one).
    model.pending = nil
    if let (key, _) = survivor, table.contentAnchoring == .top,
        let now = after.first(where: { $0.key == key }).map({ $0.top - table.contentOffset })
    {
        model.pending = (key, now)
    }
}

@Suite struct TableStaysPutModelTests {
    /// `TRELLIS_SOAK=1`: 50 times the sequences.
    static var sequences: Int {
        getenv("TRELLIS_SOAK").map { String(cString: $0) } == "1" ? 20_000 : 400
    }

    @Test func randomSequencesFollowTheRule() {
        var problems: [String] = []
        // `TRELLIS_STAYSPUT_SEED=n` reruns one sequence.
        let only = getenv("TRELLIS_STAYSPUT_SEED").flatMap { UInt64(String(cString: $0)) }
        for seed in only.map({ $0...$0 }) ?? 1...UInt64(Self.sequences) {
            if let problem = runSequence(seed: seed, steps: 40) { problems.append(problem) }
        }
        #expect(
            problems.isEmpty,
            "\(problems.count) sequences disagree; first: \(problems.prefix(3).joined(separator: "\n"))"
        )
    }
}
