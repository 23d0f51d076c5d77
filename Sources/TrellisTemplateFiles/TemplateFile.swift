// Cell templates users write without code: a JSON file of views and
// constraints (as strings in the form the logs print, or VFL), loaded at run
// time. This file reads and validates the format; `TemplateFileCell` builds
// the views.

import FoundationEssentials
import TrellisCells
import TrellisData
import TrellisText

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
        try parse(try TemplateReader.text(ofFile: path), file: path)
    }

    /// Parses template JSON; `file` names the source in errors.
    public static func parse(_ text: String, file: String = "<template>") throws(TemplateFileError)
        -> TemplateFile
    {
        var reader = TemplateReader(file: file)
        return try reader.read(try reader.document(text))
    }
}

/// Walks the JSON tree, checking each field.
private struct TemplateReader: JSONFileReader {
    let file: String

    mutating func read(_ root: JSONNode) throws(TemplateFileError) -> TemplateFile {
        guard case .object(let members, _) = root else {
            throw fail(root, "expected an object at the top")
        }
        let known: Set = ["name", "metrics", "views", "constraints", "vfl"]
        for member in members where !known.contains(member.key) {
            throw fail(
                member.value,
                "unknown key \"\(member.key)\" (expected \(known.sorted().joined(separator: ", ")))"
            )
        }
        let name =
            try root["name"].map { node throws(TemplateFileError) in try string(node, "name") }
            ?? "template"
        let metrics =
            try root["metrics"].map { node throws(TemplateFileError) in
                try numberMap(node, "metrics")
            } ?? [:]
        guard let viewsNode = root["views"] else { throw fail(root, "missing \"views\"") }
        guard case .array(let viewNodes, _) = viewsNode else {
            throw fail(viewsNode, "\"views\" must be an array")
        }
        var views: [TemplateViewSpec] = []
        var ids: Set<String> = ["contentView"]
        for node in viewNodes {
            let view = try self.view(node)
            guard ids.insert(view.id).inserted else {
                throw fail(
                    node,
                    view.id == "contentView"
                        ? "\"contentView\" is reserved" : "duplicate view id \"\(view.id)\"")
            }
            views.append(view)
        }
        for view in views where !ids.contains(view.parent) {
            throw TemplateFileError(
                file: file, position: view.position,
                message: "unknown parent \"\(view.parent)\" of \"\(view.id)\"")
        }
        try checkParentsFormATree(views)
        try checkStacksHaveSubviews(views)

        var constraints: [TemplateConstraint] = []
        if let node = root["constraints"] {
            guard case .array(let items, _) = node else {
                throw fail(node, "\"constraints\" must be an array")
            }
            for item in items {
                constraints.append(try constraint(item, metrics: metrics, ids: ids))
            }
        }
        var formats: [TemplateVisualFormat] = []
        if let node = root["vfl"] {
            guard case .array(let items, _) = node else {
                throw fail(node, "\"vfl\" must be an array")
            }
            for item in items {
                formats.append(try visualFormat(item, metrics: metrics))
            }
        }
        return TemplateFile(
            file: file, name: name, metrics: metrics, views: views, constraints: constraints,
            visualFormats: formats)
    }

    /// The `textStyle` key `"fallback"`: a bundled family name or
    /// `"system"`, or an array of them (each once, `"system"` last).
    func fallback(_ node: JSONNode) throws(TemplateFileError) -> [String] {
        let items: [JSONNode]
        switch node {
        case .string: items = [node]
        case .array(let values, _): items = values
        default:
            throw fail(
                node,
                "\"fallback\" must be a family name, \"system\" or an array of them, not \(node.kindName)"
            )
        }
        guard !items.isEmpty, items.count <= 16 else {
            throw fail(node, "\"fallback\" must name 1 to 16 fonts, got \(items.count)")
        }
        let families = Font.bundledFamilies.map { String($0.prefix { $0 != "(" }.dropLast()) }
        var names: [String] = []
        for item in items {
            let name = try string(item, "fallback")
            if names.last == "system" {
                throw fail(item, "\"system\" must come last in \"fallback\" (it ends the list)")
            }
            guard name == "system" || families.contains(name) else {
                throw fail(
                    item,
                    "unknown fallback \"\(name)\" (expected \"system\" or a bundled family: \(families.joined(separator: ", ")))"
                )
            }
            guard !names.contains(name) else {
                throw fail(item, "\"\(name)\" is named twice in \"fallback\"")
            }
            names.append(name)
        }
        return names
    }

    func numbers(_ node: JSONNode, _ key: String, count: Int) throws(TemplateFileError) -> [Double]
    {
        guard case .array(let items, _) = node, items.count == count else {
            throw fail(node, "\"\(key)\" must be an array of \(count) numbers")
        }
        var values: [Double] = []
        for item in items { values.append(try number(item, key)) }
        return values
    }

    func numberMap(_ node: JSONNode, _ key: String) throws(TemplateFileError) -> [String: Double] {
        guard case .object(let members, _) = node else {
            throw fail(node, "\"\(key)\" must be an object of numbers")
        }
        var map: [String: Double] = [:]
        for member in members {
            guard isName(member.key) else {
                throw fail(member.value, "metric name \"\(member.key)\" is not a valid name")
            }
            map[member.key] = try number(member.value, "\(key).\(member.key)")
        }
        return map
    }

    func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }

    func view(_ node: JSONNode) throws(TemplateFileError) -> TemplateViewSpec {
        guard case .object(let members, let position) = node else {
            throw fail(node, "a view must be an object")
        }
        let known: Set = [
            "id", "parent", "kind", "text", "field", "font", "weight", "size", "lines", "insets",
            "hugging",
            "compression", "image", "hiddenWhenEmpty", "markup", "maxHeight", "textStyle",
            "axis", "distribution", "alignment", "spacing", "layoutMargins",
        ]
        for member in members where !known.contains(member.key) {
            throw fail(
                member.value,
                "unknown view key \"\(member.key)\" (expected \(known.sorted().joined(separator: ", ")))"
            )
        }
        guard let idNode = node["id"] else { throw fail(node, "a view needs an \"id\"") }
        let id = try string(idNode, "id")
        guard isName(id) else {
            throw fail(idNode, "view id \"\(id)\" must be a name (letters, digits, _)")
        }
        guard let kindNode = node["kind"] else {
            throw fail(node, "view \"\(id)\" needs a \"kind\"")
        }
        guard let kind = TemplateViewKind(rawValue: try string(kindNode, "kind")) else {
            throw fail(
                kindNode,
                "unknown kind (expected \(TemplateViewKind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        var spec = TemplateViewSpec(
            id: id, parent: "contentView", kind: kind, text: nil, field: nil, font: "Inter",
            weight: .regular,
            fontSize: 17, lines: 1, imageSize: nil, insets: nil, hugging: nil, compression: nil,
            position: position)
        if let n = node["parent"] { spec.parent = try string(n, "parent") }
        if let n = node["text"] {
            guard kind == .label || kind == .button else {
                throw fail(n, "\"text\" is for labels and buttons")
            }
            spec.text = try string(n, "text")
        }
        if let n = node["field"] {
            guard kind == .label || kind == .button else {
                throw fail(
                    n,
                    "\"field\" is for labels and buttons (an image view takes \"image\": \"FIELD\")"
                )
            }
            spec.field = try keyPath(n, "field")
        }
        if spec.text != nil && spec.field != nil {
            throw fail(node, "view \"\(id)\" has both \"text\" and \"field\"")
        }
        if let n = node["hiddenWhenEmpty"] {
            guard case .bool(let value, _) = n else {
                throw fail(n, "\"hiddenWhenEmpty\" must be true or false, not \(n.kindName)")
            }
            guard !value || spec.field != nil || kind == .image else {
                throw fail(
                    n, "\"hiddenWhenEmpty\" needs a \"field\" (or an image from data) to look at")
            }
            spec.hiddenWhenEmpty = value
        }
        if let n = node["markup"] {
            guard case .bool(let value, _) = n else {
                throw fail(n, "\"markup\" must be true or false, not \(n.kindName)")
            }
            guard !value || kind == .label else { throw fail(n, "\"markup\" is for labels") }
            spec.markup = value
        }
        // Text style: on the view (the first format) or in "textStyle".
        let textKeys = [
            "font", "weight", "size", "lines", "lineSpacing", "lineBreakMode", "fallback",
        ]
        var styleNodes: [String: JSONNode] = [:]
        for key in ["font", "weight", "lines"] { if let n = node[key] { styleNodes[key] = n } }
        if kind != .image, let n = node["size"] { styleNodes["size"] = n }
        if let styleNode = node["textStyle"] {
            guard kind == .label || kind == .button else {
                throw fail(styleNode, "\"textStyle\" is for labels and buttons")
            }
            guard case .object(let styleMembers, _) = styleNode else {
                throw fail(styleNode, "\"textStyle\" must be an object, not \(styleNode.kindName)")
            }
            for member in styleMembers {
                guard textKeys.contains(member.key) else {
                    throw fail(
                        member.value,
                        "unknown textStyle key \"\(member.key)\" (expected \(textKeys.joined(separator: ", ")))"
                    )
                }
                guard styleNodes[member.key] == nil else {
                    throw fail(
                        member.value,
                        "\"\(member.key)\" is given both on the view and in its textStyle")
                }
                styleNodes[member.key] = member.value
            }
        }
        if kind == .view || kind == .stack {
            for key in textKeys {
                if let n = styleNodes[key] {
                    throw fail(
                        n,
                        "a \(kind.rawValue) has no \"\(key)\" (text style is for labels and buttons)"
                    )
                }
            }
        }
        if let n = styleNodes["font"] { spec.font = try string(n, "font") }
        if let n = styleNodes["weight"] {
            let name = try string(n, "weight")
            guard let weight = FontWeight(rawValue: name) else {
                throw fail(
                    n, "unknown weight \"\(name)\" (expected regular, medium, semibold or bold)")
            }
            spec.weight = weight
        }
        if let n = styleNodes["lines"] {
            let lines = try number(n, "lines")
            guard lines >= 0, lines == lines.rounded(), lines <= 1_000_000 else {
                throw fail(n, "\"lines\" must be a whole number ≥ 0")
            }
            spec.lines = Int(lines)
        }
        if let n = styleNodes["lineSpacing"] {
            let spacing = try number(n, "lineSpacing")
            guard spacing >= 0, spacing <= 10_000 else {
                throw fail(n, "\"lineSpacing\" must be in [0, 10000], got \(spacing)")
            }
            spec.lineSpacing = spacing
        }
        if let n = styleNodes["lineBreakMode"] {
            spec.lineBreakMode = try choice(n, "lineBreakMode", TemplateLineBreakMode.self)
        }
        if let n = styleNodes["fallback"] { spec.fallback = try fallback(n) }
        if kind != .image, let n = styleNodes["size"] {
            let size = try number(n, "size")
            guard size > 0, size <= 10_000 else {
                throw fail(n, "font size must be in (0, 10000], got \(size)")
            }
            spec.fontSize = size
        }
        try readStack(node, kind: kind, into: &spec)
        if kind == .image, let n = node["size"] {
            switch kind {
            case .image:
                let size = try numbers(n, "size", count: 2)
                guard size.allSatisfy({ $0 >= 0 }) else {
                    throw fail(n, "image size must not be negative")
                }
                spec.imageSize = size
            default: break
            }
        }
        if let n = node["image"] {
            guard kind == .image else { throw fail(n, "\"image\" is for image views") }
            // "item" (the first format) is the sample row's image, its
            // "image" field, drawn square when the row has none.
            spec.imageField = try keyPath(n, "image")
        }
        if let n = node["maxHeight"] {
            guard kind == .image, spec.imageField != nil else {
                throw fail(
                    n,
                    "\"maxHeight\" is for image views whose size comes from the data (\"image\": \"FIELD\")"
                )
            }
            let height = try number(n, "maxHeight")
            guard height >= 0, height.isFinite else {
                throw fail(n, "\"maxHeight\" must be a finite number ≥ 0, got \(height)")
            }
            spec.maxHeight = height
        }
        if let n = node["insets"] {
            guard kind == .button else { throw fail(n, "\"insets\" is for buttons") }
            spec.insets = try numbers(n, "insets", count: 4)
        }
        for key in ["hugging", "compression"] {
            guard let n = node[key] else { continue }
            let values = try numbers(n, key, count: 2)
            guard values.allSatisfy({ (1...1000).contains($0) }) else {
                throw fail(n, "\"\(key)\" priorities must be 1...1000")
            }
            if key == "hugging" { spec.hugging = values } else { spec.compression = values }
        }
        return spec
    }

    /// A key path: names (or array indices) joined by dots.
    func keyPath(_ node: JSONNode, _ key: String) throws(TemplateFileError) -> String {
        let text = try string(node, key)
        guard JSONKeyPath(text) != nil else {
            throw fail(node, "\"\(key)\" must be a key path like \"author.name\", got \"\(text)\"")
        }
        return text
    }

    /// The stack keys: only on stacks, each checked against UIKit's names.
    func readStack(_ node: JSONNode, kind: TemplateViewKind, into spec: inout TemplateViewSpec)
        throws(TemplateFileError)
    {
        let keys = ["axis", "distribution", "alignment", "spacing", "layoutMargins"]
        guard kind == .stack else {
            for key in keys {
                if let n = node[key] {
                    throw fail(
                        n, "\"\(key)\" is for stacks (\"kind\": \"stack\"), not a \(kind.rawValue)")
                }
            }
            return
        }
        var stack = TemplateStackSpec()
        if let n = node["axis"] { stack.axis = try choice(n, "axis", TemplateStackSpec.Axis.self) }
        if let n = node["distribution"] {
            stack.distribution = try choice(n, "distribution", TemplateStackSpec.Distribution.self)
        }
        if let n = node["alignment"] {
            stack.alignment = try choice(n, "alignment", TemplateStackSpec.Alignment.self)
        }
        if let n = node["spacing"] {
            let spacing = try number(n, "spacing")
            guard spacing.isFinite, abs(spacing) <= 100_000 else {
                throw fail(n, "\"spacing\" must be finite, got \(spacing)")
            }
            stack.spacing = spacing
        }
        if let n = node["layoutMargins"] {
            let margins = try numbers(n, "layoutMargins", count: 4)
            guard margins.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) else {
                throw fail(n, "\"layoutMargins\" must be finite numbers")
            }
            stack.layoutMargins = margins
        }
        spec.stack = stack
    }

    /// Every stack has arranged subviews (its children, in file order).
    func checkStacksHaveSubviews(_ views: [TemplateViewSpec]) throws(TemplateFileError) {
        let parents = Set(views.map(\.parent))
        for view in views where view.kind == .stack && !parents.contains(view.id) {
            throw TemplateFileError(
                file: file, position: view.position,
                message:
                    "stack \"\(view.id)\" has no arranged subviews (give views \"parent\": \"\(view.id)\")"
            )
        }
    }

    func checkParentsFormATree(_ views: [TemplateViewSpec]) throws(TemplateFileError) {
        let parents = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0.parent) })
        for view in views {
            var seen: Set<String> = [view.id]
            var current = view.parent
            while current != "contentView" {
                guard seen.insert(current).inserted else {
                    throw TemplateFileError(
                        file: file, position: view.position,
                        message: "view \"\(view.id)\" is its own ancestor")
                }
                current = parents[current] ?? "contentView"
            }
        }
    }

    func constraint(_ node: JSONNode, metrics: [String: Double], ids: Set<String>)
        throws(TemplateFileError) -> TemplateConstraint
    {
        var textNode = node
        var identifier: String?
        if case .object = node {
            guard let c = node["constraint"] else {
                throw fail(node, "a constraint object needs \"constraint\"")
            }
            textNode = c
            if let i = node["identifier"] { identifier = try string(i, "identifier") }
        }
        guard case .string(let text, let position) = textNode else {
            throw fail(
                textNode,
                "a constraint must be a string or {\"constraint\": ..., \"identifier\": ...}")
        }
        var spec: ConstraintSpec
        do {
            spec = try ConstraintParser.parse(text, metrics: metrics)
        } catch {
            throw TemplateFileError(
                file: file, position: position.locating(error.position),
                message: "in \"\(text)\": \(error.message)")
        }
        for anchor in [spec.first, spec.second].compactMap({ $0 }) where !ids.contains(anchor.item)
        {
            throw TemplateFileError(
                file: file, position: position.locating(.start),
                message: "in \"\(text)\": unknown view \"\(anchor.item)\"")
        }
        spec.identifier = identifier
        return TemplateConstraint(spec: spec, text: text, position: position)
    }

    func visualFormat(_ node: JSONNode, metrics: [String: Double]) throws(TemplateFileError)
        -> TemplateVisualFormat
    {
        if case .string(let format, let position) = node {
            return TemplateVisualFormat(
                format: format, metrics: metrics, options: [], position: position,
                formatPosition: position)
        }
        guard case .object(_, let position) = node, let formatNode = node["format"] else {
            throw fail(
                node,
                "a VFL entry must be a string or {\"format\": ..., \"metrics\": ..., \"options\": [...]}"
            )
        }
        var merged = metrics
        if let m = node["metrics"] { merged.merge(try numberMap(m, "metrics")) { $1 } }
        var options: [String] = []
        if let o = node["options"] {
            guard case .array(let items, _) = o else {
                throw fail(o, "\"options\" must be an array of strings")
            }
            for item in items { options.append(try string(item, "options")) }
        }
        return TemplateVisualFormat(
            format: try string(formatNode, "format"), metrics: merged, options: options,
            position: position, formatPosition: formatNode.position)
    }
}
