// Conflict logs for commands that lay out many rows: UIKit logs a conflict
// each time a layout meets it, which for one template's conflicting
// constraint on 2,000 rows is thousands of copies of one log. A batch
// command prints each distinct conflict once, at the end, with how many
// rows had it.

import TrellisSupport
import TrellisViews

#if canImport(Glibc)
    import Glibc
#endif

/// Collects the conflicts of a run (`LayoutLog.setConflictHandler`), one
/// entry per `UnsatisfiableConstraints.key`: the same constraints by the
/// places they were written in the template file, whatever a row's values.
public final class ConflictLog: Sendable {
    struct Entry {
        var first: UnsatisfiableConstraints
        var rows: Set<Int> = []
        /// Conflicts met in rows without a data line (generated rows).
        var unnumbered = 0
    }

    private let entries = Locked<[String: Entry]>([:])
    private let order = Locked<[String]>([])

    public init() {}

    /// Routes the library's conflict logs here until `stop()`.
    public func start() {
        LayoutLog.setConflictHandler { [self] conflict, row in
            record(conflict, row: row)
        }
    }

    /// Routes conflicts back to the per-occurrence log.
    public func stop() {
        LayoutLog.setConflictHandler(nil)
    }

    func record(_ conflict: UnsatisfiableConstraints, row: Int?) {
        let key = conflict.key
        let isNew = entries.withLock { entries -> Bool in
            let isNew = entries[key] == nil
            if isNew { entries[key] = Entry(first: conflict) }
            if let row { entries[key]!.rows.insert(row) } else { entries[key]!.unnumbered += 1 }
            return isNew
        }
        if isNew { order.withLock { $0.append(key) } }
    }

    /// The number of distinct conflicts met so far.
    public var count: Int { entries.withLock { $0.count } }

    /// Each distinct conflict's log once, first met first, with the rows
    /// that had it: `… (in 2000 rows: data lines 1, 2, 3, …)`.
    public var report: [String] {
        let entries = self.entries.withLock { $0 }
        return order.withLock { $0 }.compactMap { key in
            guard let entry = entries[key] else { return nil }
            return entry.first.description + "(" + Self.rows(entry) + ")\n"
        }
    }

    /// `had it in 2000 rows (data lines 1, 2, 3, …)`.
    static func rows(_ entry: Entry) -> String {
        var parts: [String] = []
        if !entry.rows.isEmpty {
            let lines = entry.rows.sorted()
            let shown = lines.prefix(5).map(String.init).joined(separator: ", ")
            let more = lines.count > 5 ? ", …" : ""
            parts.append(
                "\(lines.count) \(lines.count == 1 ? "row" : "rows") (data \(lines.count == 1 ? "line" : "lines") \(shown)\(more))"
            )
        }
        if entry.unnumbered > 0 {
            parts.append(
                "\(entry.unnumbered) \(entry.unnumbered == 1 ? "layout" : "layouts") of generated rows"
            )
        }
        return "this conflict was met in " + parts.joined(separator: " and ")
    }

    /// One line for a command's summary: `conflicts: 1 distinct (2000 rows), logged above`.
    public var summary: String? {
        let entries = self.entries.withLock { $0 }
        guard !entries.isEmpty else { return nil }
        let rows = Set(entries.values.flatMap(\.rows)).count
        let unnumbered = entries.values.map(\.unnumbered).reduce(0, +)
        var text = "the cell has conflicting constraints: \(entries.count) distinct"
        if rows > 0 { text += ", in \(rows) \(rows == 1 ? "row" : "rows")" }
        if unnumbered > 0 { text += ", in \(unnumbered) layouts of generated rows" }
        return text
    }

    /// Writes each distinct conflict's log and the summary line to standard error.
    public func flush(tool: String) {
        for text in report { fputs(text, stderr) }
        if let summary { fputs("\(tool): warning: \(summary)\n", stderr) }
    }
}
