// Cell templates users write without code: a JSON file of views and
// constraints (as strings in the form the logs print, or VFL), loaded at run
// time. This file reads and validates the format; `TemplateFileCell` builds
// the views.

import Foundation

/// A template file that could not be read, with the place of the problem.
public struct TemplateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var position: SourcePosition?
    public var message: String

    public init(file: String, position: SourcePosition?, message: String) {
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String {
        if let position { return "\(file):\(position): \(message)" }
        return "\(file): \(message)"
    }
}

/// What a view in a template file is.
public enum TemplateViewKind: String, Sendable, CaseIterable {
    case view, label, image, button
}

/// One view of a template file.
public struct TemplateViewSpec: Hashable, Sendable {
    public var id: String
    /// The parent's id, `contentView` by default.
    public var parent: String
    public var kind: TemplateViewKind
    /// Fixed text (labels and buttons).
    public var text: String?
    /// The item field bound to the text (`title`, `subtitle`).
    public var field: String?
    /// A bundled family name or a font file path.
    public var font: String
    /// regular, medium, semibold or bold.
    public var weight: String
    public var fontSize: Double
    /// Label lines: 0 for any number.
    public var lines: Int
    /// Image size in points (the image view's intrinsic size).
    public var imageSize: [Double]?
    /// Whether an image view takes its aspect ratio from the item's image.
    public var imageFromItem: Bool
    /// Button content insets: top, left, bottom, right.
    public var insets: [Double]?
    /// Content hugging priorities, horizontal then vertical.
    public var hugging: [Double]?
    /// Compression resistance priorities, horizontal then vertical.
    public var compression: [Double]?
    public var position: SourcePosition
}

/// A constraint string with where it was written.
public struct TemplateConstraint: Hashable, Sendable {
    public var spec: ConstraintSpec
    public var text: String
    public var position: SourcePosition
}

/// A VFL string with its metrics and options.
public struct TemplateVisualFormat: Hashable, Sendable {
    public var format: String
    public var metrics: [String: Double]
    public var options: [String]
    public var position: SourcePosition
}

/// A parsed, validated template file.
///
/// Format:
///
///     {
///       "name": "AnimalTableViewCell",
///       "metrics": {"inset": 16},
///       "views": [
///         {"id": "cover", "kind": "image", "size": [40, 40]},
///         {"id": "title", "kind": "label", "field": "title", "font": "Inter",
///          "weight": "semibold", "size": 13, "lines": 1},
///         {"id": "subtitle", "kind": "label", "field": "subtitle", "size": 17, "lines": 0}
///       ],
///       "constraints": [
///         "cover.leading == contentView.leading + inset",
///         {"constraint": "subtitle.bottom == contentView.bottom - 16 @750", "identifier": "sub-bottom"}
///       ],
///       "vfl": ["H:|-16-[cover(40)]", {"format": "V:|-[title]", "metrics": {}, "options": []}]
///     }
///
/// Views default to parent `contentView`, font Inter regular 17, one line
/// for labels. Ids are names (`[A-Za-z_][A-Za-z0-9_]*`), unique, and not
/// `contentView`. Every error names the file, line and column.
public struct TemplateFile: Sendable {
    public var file: String
    public var name: String
    public var metrics: [String: Double]
    public var views: [TemplateViewSpec]
    public var constraints: [TemplateConstraint]
    public var visualFormats: [TemplateVisualFormat]

    /// Reads a template file from disk.
    public static func load(path: String) throws(TemplateFileError) -> TemplateFile {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TemplateFileError(file: path, position: nil, message: "no such file or not readable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TemplateFileError(file: path, position: nil, message: "not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses template JSON; `file` names the source in errors.
    public static func parse(_ text: String, file: String = "<template>") throws(TemplateFileError) -> TemplateFile {
        let root: JSONNode
        do {
            root = try JSONDocumentParser.parse(text)
        } catch {
            throw TemplateFileError(file: file, position: error.position, message: error.message)
        }
        var reader = TemplateReader(file: file)
        return try reader.read(root)
    }
}

/// Walks the JSON tree, checking each field.
private struct TemplateReader {
    let file: String

    func fail(_ node: JSONNode, _ message: String) -> TemplateFileError {
        TemplateFileError(file: file, position: node.position, message: message)
    }

    mutating func read(_ root: JSONNode) throws(TemplateFileError) -> TemplateFile {
        guard case .object(let members, _) = root else { throw fail(root, "expected an object at the top") }
        let known: Set = ["name", "metrics", "views", "constraints", "vfl"]
        for member in members where !known.contains(member.key) {
            throw fail(member.value, "unknown key \"\(member.key)\" (expected \(known.sorted().joined(separator: ", ")))")
        }
        let name = try root["name"].map { node throws(TemplateFileError) in try string(node, "name") } ?? "template"
        let metrics = try root["metrics"].map { node throws(TemplateFileError) in try numberMap(node, "metrics") } ?? [:]
        guard let viewsNode = root["views"] else { throw fail(root, "missing \"views\"") }
        guard case .array(let viewNodes, _) = viewsNode else { throw fail(viewsNode, "\"views\" must be an array") }
        var views: [TemplateViewSpec] = []
        var ids: Set<String> = ["contentView"]
        for node in viewNodes {
            let view = try self.view(node)
            guard ids.insert(view.id).inserted else {
                throw fail(node, view.id == "contentView" ? "\"contentView\" is reserved" : "duplicate view id \"\(view.id)\"")
            }
            views.append(view)
        }
        for view in views where !ids.contains(view.parent) {
            throw TemplateFileError(file: file, position: view.position, message: "unknown parent \"\(view.parent)\" of \"\(view.id)\"")
        }
        try checkParentsFormATree(views)

        var constraints: [TemplateConstraint] = []
        if let node = root["constraints"] {
            guard case .array(let items, _) = node else { throw fail(node, "\"constraints\" must be an array") }
            for item in items {
                constraints.append(try constraint(item, metrics: metrics, ids: ids))
            }
        }
        var formats: [TemplateVisualFormat] = []
        if let node = root["vfl"] {
            guard case .array(let items, _) = node else { throw fail(node, "\"vfl\" must be an array") }
            for item in items {
                formats.append(try visualFormat(item, metrics: metrics))
            }
        }
        return TemplateFile(
            file: file, name: name, metrics: metrics, views: views, constraints: constraints, visualFormats: formats)
    }

    func string(_ node: JSONNode, _ key: String) throws(TemplateFileError) -> String {
        guard case .string(let value, _) = node else { throw fail(node, "\"\(key)\" must be a string, not \(node.kindName)") }
        return value
    }

    func number(_ node: JSONNode, _ key: String) throws(TemplateFileError) -> Double {
        guard case .number(let value, _) = node else { throw fail(node, "\"\(key)\" must be a number, not \(node.kindName)") }
        return value
    }

    func numbers(_ node: JSONNode, _ key: String, count: Int) throws(TemplateFileError) -> [Double] {
        guard case .array(let items, _) = node, items.count == count else {
            throw fail(node, "\"\(key)\" must be an array of \(count) numbers")
        }
        var values: [Double] = []
        for item in items { values.append(try number(item, key)) }
        return values
    }

    func numberMap(_ node: JSONNode, _ key: String) throws(TemplateFileError) -> [String: Double] {
        guard case .object(let members, _) = node else { throw fail(node, "\"\(key)\" must be an object of numbers") }
        var map: [String: Double] = [:]
        for member in members {
            guard isName(member.key) else { throw fail(member.value, "metric name \"\(member.key)\" is not a valid name") }
            map[member.key] = try number(member.value, "\(key).\(member.key)")
        }
        return map
    }

    func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    func view(_ node: JSONNode) throws(TemplateFileError) -> TemplateViewSpec {
        guard case .object(let members, let position) = node else { throw fail(node, "a view must be an object") }
        let known: Set = [
            "id", "parent", "kind", "text", "field", "font", "weight", "size", "lines", "insets", "hugging",
            "compression", "image",
        ]
        for member in members where !known.contains(member.key) {
            throw fail(member.value, "unknown view key \"\(member.key)\"")
        }
        guard let idNode = node["id"] else { throw fail(node, "a view needs an \"id\"") }
        let id = try string(idNode, "id")
        guard isName(id) else { throw fail(idNode, "view id \"\(id)\" must be a name (letters, digits, _)") }
        guard let kindNode = node["kind"] else { throw fail(node, "view \"\(id)\" needs a \"kind\"") }
        guard let kind = TemplateViewKind(rawValue: try string(kindNode, "kind")) else {
            throw fail(kindNode, "unknown kind (expected \(TemplateViewKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var spec = TemplateViewSpec(
            id: id, parent: "contentView", kind: kind, text: nil, field: nil, font: "Inter", weight: "regular",
            fontSize: 17, lines: 1, imageSize: nil, imageFromItem: false, insets: nil, hugging: nil, compression: nil,
            position: position)
        if let n = node["parent"] { spec.parent = try string(n, "parent") }
        if let n = node["text"] { spec.text = try string(n, "text") }
        if let n = node["field"] {
            let field = try string(n, "field")
            guard ["title", "subtitle"].contains(field) else { throw fail(n, "unknown field \"\(field)\" (expected title or subtitle)") }
            spec.field = field
        }
        if spec.text != nil && spec.field != nil { throw fail(node, "view \"\(id)\" has both \"text\" and \"field\"") }
        if let n = node["font"] { spec.font = try string(n, "font") }
        if let n = node["weight"] {
            spec.weight = try string(n, "weight")
            guard ["regular", "medium", "semibold", "bold"].contains(spec.weight) else {
                throw fail(n, "unknown weight \"\(spec.weight)\" (expected regular, medium, semibold or bold)")
            }
        }
        if let n = node["lines"] {
            let lines = try number(n, "lines")
            guard lines >= 0, lines == lines.rounded(), lines <= 1_000_000 else {
                throw fail(n, "\"lines\" must be a whole number ≥ 0")
            }
            spec.lines = Int(lines)
        }
        if let n = node["size"] {
            switch kind {
            case .image:
                let size = try numbers(n, "size", count: 2)
                guard size.allSatisfy({ $0 >= 0 }) else { throw fail(n, "image size must not be negative") }
                spec.imageSize = size
            case .label, .button:
                let size = try number(n, "size")
                guard size > 0, size <= 10_000 else { throw fail(n, "font size must be in (0, 10000], got \(size)") }
                spec.fontSize = size
            case .view:
                throw fail(n, "a plain view has no \"size\" (use constraints)")
            }
        }
        if let n = node["image"] {
            guard kind == .image else { throw fail(n, "\"image\" is for image views") }
            guard case .string(let source, _) = n, source == "item" else {
                throw fail(n, "\"image\" must be \"item\" (take the item's image size)")
            }
            spec.imageFromItem = true
        }
        if let n = node["insets"] { spec.insets = try numbers(n, "insets", count: 4) }
        for key in ["hugging", "compression"] {
            guard let n = node[key] else { continue }
            let values = try numbers(n, key, count: 2)
            guard values.allSatisfy({ (1...1000).contains($0) }) else { throw fail(n, "\"\(key)\" priorities must be 1...1000") }
            if key == "hugging" { spec.hugging = values } else { spec.compression = values }
        }
        return spec
    }

    func checkParentsFormATree(_ views: [TemplateViewSpec]) throws(TemplateFileError) {
        let parents = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0.parent) })
        for view in views {
            var seen: Set<String> = [view.id]
            var current = view.parent
            while current != "contentView" {
                guard seen.insert(current).inserted else {
                    throw TemplateFileError(file: file, position: view.position, message: "view \"\(view.id)\" is its own ancestor")
                }
                current = parents[current] ?? "contentView"
            }
        }
    }

    func constraint(_ node: JSONNode, metrics: [String: Double], ids: Set<String>) throws(TemplateFileError) -> TemplateConstraint {
        var textNode = node
        var identifier: String?
        if case .object = node {
            guard let c = node["constraint"] else { throw fail(node, "a constraint object needs \"constraint\"") }
            textNode = c
            if let i = node["identifier"] { identifier = try string(i, "identifier") }
        }
        guard case .string(let text, let position) = textNode else {
            throw fail(textNode, "a constraint must be a string or {\"constraint\": ..., \"identifier\": ...}")
        }
        // The column of character k of the string is the quote's column + k.
        func at(_ offset: Int) -> SourcePosition {
            SourcePosition(line: position.line, column: position.column + offset)
        }
        var spec: ConstraintSpec
        do {
            spec = try ConstraintParser.parse(text, metrics: metrics)
        } catch {
            throw TemplateFileError(file: file, position: at(error.offset), message: "in \"\(text)\": \(error.message)")
        }
        for anchor in [spec.first, spec.second].compactMap({ $0 }) where !ids.contains(anchor.item) {
            throw TemplateFileError(file: file, position: at(1), message: "in \"\(text)\": unknown view \"\(anchor.item)\"")
        }
        spec.identifier = identifier
        return TemplateConstraint(spec: spec, text: text, position: position)
    }

    func visualFormat(_ node: JSONNode, metrics: [String: Double]) throws(TemplateFileError) -> TemplateVisualFormat {
        if case .string(let format, let position) = node {
            return TemplateVisualFormat(format: format, metrics: metrics, options: [], position: position)
        }
        guard case .object(_, let position) = node, let formatNode = node["format"] else {
            throw fail(node, "a VFL entry must be a string or {\"format\": ..., \"metrics\": ..., \"options\": [...]}")
        }
        var merged = metrics
        if let m = node["metrics"] { merged.merge(try numberMap(m, "metrics")) { $1 } }
        var options: [String] = []
        if let o = node["options"] {
            guard case .array(let items, _) = o else { throw fail(o, "\"options\" must be an array of strings") }
            for item in items { options.append(try string(item, "options")) }
        }
        return TemplateVisualFormat(format: try string(formatNode, "format"), metrics: merged, options: options, position: position)
    }
}
