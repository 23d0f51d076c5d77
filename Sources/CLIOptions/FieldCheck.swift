// A template file's fields against the rows a command read: a field that
// some rows lack is optional data, but a field that none of them has is
// almost always a typo, which would otherwise show as an empty label 0
// points wide and exit 0.

import ArgumentParser
import CLISupport
import TrellisCells
import TrellisData
import TrellisTemplateFiles

#if canImport(Glibc)
    import Glibc
#endif

/// `--strict`: data warnings are errors (for CI).
public struct StrictOption: ParsableArguments {
    @Flag(
        help:
            "Treat data warnings as errors (exit 2): a template field that no row has (a typo, mostly)."
    )
    public var strict = false

    public init() {}
}

/// The fields of a template file that no row has.
public enum FieldCheck {
    /// One warning per field of `file` (labels', buttons' and images' data
    /// fields) that none of `rows` (a data file's, not generated ones) has,
    /// in file order:
    /// `FILE:LINE:COLUMN: "prcie": no row has this field; rows have "price"`,
    /// naming the key the rows do have at that level that is closest in
    /// edit distance.
    /// - Complexity: O(fields × rows × path length + fields × keys × key length²).
    public static func warnings(for file: TemplateFile, rows: [JSONRow]) -> [String] {
        missing(in: file, rows: rows).map { view, field, path in
            let last = path.components.last ?? field
            let keys = siblingKeys(of: path, in: rows)
            let hint: String
            let prefix = path.components.dropLast().joined(separator: ".")
            func full(_ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }
            if let closest = closest(to: last, in: keys),
                distance(last, closest) * 2 <= max(last.count, 2)
            {
                hint = "rows have \"\(full(closest))\""
            } else if keys.isEmpty {
                hint = "rows have no fields there"
            } else {
                let listed = keys.sorted().prefix(5).map { "\"\(full($0))\"" }
                hint = "rows have \(listed.joined(separator: ", "))\(keys.count > 5 ? ", …" : "")"
            }
            return "\(file.file):\(view.position): \"\(field)\": no row has this field; \(hint)"
        }
    }

    /// The data fields of `file` (labels', buttons' and images' but the
    /// optional "item") that none of `rows` has, each once, in file order.
    public static func missingFields(in file: TemplateFile, rows: [JSONRow]) -> [String] {
        missing(in: file, rows: rows).map(\.field)
    }

    private static func missing(in file: TemplateFile, rows: [JSONRow]) -> [(
        view: TemplateViewSpec, field: String, path: JSONKeyPath
    )] {
        guard !rows.isEmpty else { return [] }
        var result: [(view: TemplateViewSpec, field: String, path: JSONKeyPath)] = []
        var seen = Set<String>()
        for view in file.views {
            var fields: [String] = []
            if let field = view.field { fields.append(field) }
            // "item": the first format's image, optional by design.
            if let field = view.imageField, field != "item" { fields.append(field) }
            for field in fields where !seen.contains(field) {
                guard let path = JSONKeyPath(field) else { continue }
                // A row whose path runs into a text is an error `configure`
                // reports with its data line; only a field missing from
                // every row is a likely typo.
                let found = rows.contains { row in
                    if case .missing = row.lookup(path) { return false }
                    return true
                }
                guard !found else { continue }
                seen.insert(field)
                result.append((view, field, path))
            }
        }
        return result
    }

    /// Prints each warning on standard error (`tool: warning: …`), or, with
    /// `strict`, throws the first as a data error.
    public static func report(
        for file: TemplateFile, rows: [JSONRow], strict: Bool, tool: String
    ) throws(CLIFailure) {
        let found = warnings(for: file, rows: rows)
        if strict, let first = found.first {
            throw .data(first + (found.count > 1 ? " (and \(found.count - 1) more)" : ""))
        }
        for warning in found { fputs("\(tool): warning: \(warning)\n", stderr) }
    }

    /// The keys the rows' objects have where `path`'s last component would be.
    static func siblingKeys(of path: JSONKeyPath, in rows: [JSONRow]) -> Set<String> {
        var keys = Set<String>()
        let parent = Array(path.components.dropLast())
        for row in rows.prefix(1000) {
            var value = JSONValue.object(row.fields)
            if !parent.isEmpty {
                guard
                    case .found(let found) = row.lookup(JSONKeyPath(parent.joined(separator: "."))!)
                else { continue }
                value = found
            }
            if case .object(let members) = value { keys.formUnion(members.keys) }
        }
        return keys
    }

    /// The key closest to `name` in edit distance (ties: the first in order).
    static func closest(to name: String, in keys: Set<String>) -> String? {
        keys.sorted().min { distance(name, $0) < distance(name, $1) }
    }

    /// Levenshtein distance over characters, a transposition counting one.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
