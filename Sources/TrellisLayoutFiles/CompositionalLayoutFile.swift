// Compositional layout files: a JSON description of sections, groups and
// items with UIKit's names, read into `LayoutSection` values. Every error
// names the file, line and column of the value at fault.
//
//   {"sections": [{"items": 120,
//                  "group": {"axis": "horizontal",
//                            "widthDimension": {"fractionalWidth": 1},
//                            "heightDimension": {"absolute": 44},
//                            "subitems": [{"item": {"widthDimension": {"fractionalWidth": 0.5},
//                                                   "heightDimension": {"fractionalHeight": 1},
//                                                   "contentInsets": [5, 5, 5, 5]}}],
//                            "interItemSpacing": {"fixed": 8}},
//                  "interGroupSpacing": 8, "contentInsets": [10, 10, 10, 10],
//                  "orthogonalScrollingBehavior": "none",
//                  "boundarySupplementaryItems": [{"kind": "header", "widthDimension": {"fractionalWidth": 1},
//                      "heightDimension": {"estimated": 44}, "alignment": "top", "pinToVisibleBounds": true}],
//                  "decorationItems": [{"kind": "background", "contentInsets": [5, 5, 5, 5]}]}]}

import FoundationEssentials
import TrellisData
import TrellisGeometry
import TrellisLists

/// A layout file's errors: file:line:column, as template files'.
public typealias LayoutFileError = SourceError

/// A compositional layout description read from a file: the sections and
/// how many items each shows.
public struct CompositionalLayoutFile: Sendable {
    /// The name errors use for the source.
    public var file: String
    public var sections: [LayoutSection]
    /// Each section's `items`.
    public var itemCounts: [Int]

    public init(file: String, sections: [LayoutSection], itemCounts: [Int]) {
        self.file = file
        self.sections = sections
        self.itemCounts = itemCounts
    }

    /// The most items a section may declare.
    public static let maximumItemsPerSection = 100_000_000

    /// Reads a layout file from disk.
    public static func load(path: String) throws(LayoutFileError) -> CompositionalLayoutFile {
        try parse(try _LayoutFileReader.text(ofFile: path), file: path)
    }

    /// Parses layout JSON; `file` names the source in errors.
    /// - Throws: a JSON syntax error; an unknown key; a missing or mistyped
    ///   value; a negative inset, size or spacing; an empty group; a
    ///   fraction of an estimated container dimension; each at its value's position.
    /// - Complexity: O(length of the text).
    public static func parse(_ text: String, file: String = "<layout>") throws(LayoutFileError)
        -> CompositionalLayoutFile
    {
        let reader = _LayoutFileReader(file: file)
        var result = try reader.read(try reader.document(text))
        result.file = file
        return result
    }
}

/// Walks the JSON tree, checking each value; the model's own rules
/// (`LayoutSection.validate`) are checked after, their paths turned into positions.
private struct _LayoutFileReader: JSONFileReader {
    let file: String

    func members(_ node: JSONNode, _ what: String, known: [String]) throws(LayoutFileError)
        -> [(key: String, value: JSONNode)]
    {
        guard case .object(let members, _) = node else {
            throw fail(node, "\(what) must be an object, not \(node.kindName)")
        }
        for member in members where !known.contains(member.key) {
            throw fail(
                member.value,
                "unknown key \"\(member.key)\" in \(what) (expected one of \(known.joined(separator: ", ")))"
            )
        }
        return members
    }

    func required(_ node: JSONNode, _ key: String, _ what: String) throws(LayoutFileError)
        -> JSONNode
    {
        guard let value = node[key] else { throw fail(node, "\(what) is missing \"\(key)\"") }
        return value
    }

    func length(_ node: JSONNode, _ key: String) throws(LayoutFileError) -> Double {
        let value = try number(node, key)
        guard value >= 0 else { throw fail(node, "\"\(key)\" must not be negative, got \(value)") }
        return value
    }

    func integer(_ node: JSONNode, _ key: String, range: ClosedRange<Int>) throws(LayoutFileError)
        -> Int
    {
        let value = try number(node, key)
        guard value == value.rounded(), value >= Double(range.lowerBound),
            value <= Double(range.upperBound)
        else {
            throw fail(
                node,
                "\"\(key)\" must be a whole number in \(range.lowerBound)...\(range.upperBound), got \(value)"
            )
        }
        return Int(value)
    }

    func choice<T: RawRepresentable>(_ node: JSONNode, _ key: String, _ values: [T])
        throws(LayoutFileError) -> T
    where T.RawValue == String {
        let text = try string(node, key)
        guard let value = values.first(where: { $0.rawValue == text }) else {
            throw fail(
                node,
                "\"\(key)\" must be one of \(values.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \"\(text)\""
            )
        }
        return value
    }

    // MARK: Document

    func read(_ root: JSONNode) throws(LayoutFileError) -> CompositionalLayoutFile {
        _ = try members(root, "the layout", known: ["sections"])
        let sectionNodes = try array(try required(root, "sections", "the layout"), "sections")
        guard !sectionNodes.isEmpty else {
            throw fail(root["sections"]!, "\"sections\" must not be empty")
        }
        var sections: [LayoutSection] = []
        var counts: [Int] = []
        for (index, node) in sectionNodes.enumerated() {
            let (section, count) = try self.section(node)
            do {
                try section.validate()
            } catch {
                throw fail(position(of: error.path, in: node), error.message)
            }
            _ = index
            sections.append(section)
            counts.append(count)
        }
        return CompositionalLayoutFile(file: file, sections: sections, itemCounts: counts)
    }

    /// The node a model path leads to (as far as the file spells it).
    func position(of path: [LayoutDescriptionError.PathComponent], in node: JSONNode) -> JSONNode {
        var current = node
        for component in path {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return current }
                current = next
            case .index(let index):
                guard case .array(let items, _) = current, index < items.count else {
                    return current
                }
                current = items[index]
            }
        }
        return current
    }

    func section(_ node: JSONNode) throws(LayoutFileError) -> (LayoutSection, Int) {
        let what = "a section"
        _ = try members(
            node, what,
            known: [
                "items", "group", "list", "interGroupSpacing", "contentInsets",
                "contentInsetsReference",
                "orthogonalScrollingBehavior", "boundarySupplementaryItems", "decorationItems",
            ])
        let count = try integer(
            try required(node, "items", what), "items",
            range: 0...CompositionalLayoutFile.maximumItemsPerSection)
        var section: LayoutSection
        if let listNode = node["list"] {
            if let groupNode = node["group"] {
                throw fail(groupNode, "a section has a \"group\" or a \"list\", not both")
            }
            section = try list(listNode).section()
        } else {
            section = LayoutSection(group: try group(try required(node, "group", what)))
        }
        if let value = node["interGroupSpacing"] {
            section.interGroupSpacing = try length(value, "interGroupSpacing")
        }
        if let value = node["contentInsets"] { section.contentInsets = try insets(value) }
        if let value = node["contentInsetsReference"] {
            section.contentInsetsReference = try choice(
                value, "contentInsetsReference", ContentInsetsReference.allCases)
        }
        if let value = node["orthogonalScrollingBehavior"] {
            section.orthogonalScrollingBehavior = try choice(
                value, "orthogonalScrollingBehavior", OrthogonalScrollingBehavior.allCases)
        }
        if let value = node["boundarySupplementaryItems"] {
            for item in try array(value, "boundarySupplementaryItems") {
                section.boundarySupplementaryItems.append(try boundaryItem(item))
            }
        }
        if let value = node["decorationItems"] {
            for item in try array(value, "decorationItems") {
                _ = try members(item, "a decoration item", known: ["kind", "contentInsets"])
                let kind = try string(try required(item, "kind", "a decoration item"), "kind")
                guard kind == "background" else {
                    throw fail(
                        item["kind"]!,
                        "\"kind\" of a decoration item must be \"background\", got \"\(kind)\"")
                }
                section.decorationItems.append(
                    LayoutDecorationItem(
                        kind: kind, contentInsets: try item["contentInsets"].map(insets) ?? .zero))
            }
        }
        return (section, count)
    }

    /// `"list": {"appearance": "insetGrouped", "headerMode": "supplementary", …}`
    /// (UICollectionLayoutListConfiguration's names).
    func list(_ node: JSONNode) throws(LayoutFileError) -> ListConfiguration {
        _ = try members(
            node, "a list",
            known: [
                "appearance", "headerMode", "footerMode", "headersPinToVisibleBounds",
                "estimatedRowHeight",
                "estimatedHeaderHeight", "sectionSpacing", "rowSpacing",
            ])
        var list = ListConfiguration(
            appearance: try choice(
                try required(node, "appearance", "a list"), "appearance", ListAppearance.allCases))
        if let value = node["headerMode"] {
            list.headerMode = try choice(value, "headerMode", ListSupplementaryMode.allCases)
        }
        if let value = node["footerMode"] {
            list.footerMode = try choice(value, "footerMode", ListSupplementaryMode.allCases)
        }
        if let value = node["headersPinToVisibleBounds"] {
            guard case .bool(let flag, _) = value else {
                throw fail(
                    value,
                    "\"headersPinToVisibleBounds\" must be true or false, not \(value.kindName)")
            }
            list.headersPinToVisibleBounds = flag
        }
        if let value = node["estimatedRowHeight"] {
            list.estimatedRowHeight = try length(value, "estimatedRowHeight")
        }
        if let value = node["estimatedHeaderHeight"] {
            list.estimatedHeaderHeight = try length(value, "estimatedHeaderHeight")
        }
        if let value = node["sectionSpacing"] {
            list.sectionSpacing = try length(value, "sectionSpacing")
        }
        if let value = node["rowSpacing"] { list.rowSpacing = try length(value, "rowSpacing") }
        return list
    }

    func boundaryItem(_ node: JSONNode) throws(LayoutFileError) -> LayoutBoundaryItem {
        let what = "a boundary supplementary item"
        _ = try members(
            node, what,
            known: ["kind", "widthDimension", "heightDimension", "alignment", "pinToVisibleBounds"])
        let kind = try string(try required(node, "kind", what), "kind")
        let alignment = try choice(
            try required(node, "alignment", what), "alignment", [BoundaryAlignment.top, .bottom])
        var pin = false
        if let value = node["pinToVisibleBounds"] {
            guard case .bool(let flag, _) = value else {
                throw fail(
                    value, "\"pinToVisibleBounds\" must be true or false, not \(value.kindName)")
            }
            pin = flag
        }
        return LayoutBoundaryItem(
            kind: kind, layoutSize: try size(node, what), alignment: alignment,
            pinToVisibleBounds: pin)
    }

    func size(_ node: JSONNode, _ what: String) throws(LayoutFileError) -> LayoutSize {
        LayoutSize(
            widthDimension: try dimension(try required(node, "widthDimension", what)),
            heightDimension: try dimension(try required(node, "heightDimension", what)))
    }

    func dimension(_ node: JSONNode) throws(LayoutFileError) -> CollectionLayoutDimension {
        let names = ["absolute", "estimated", "fractionalWidth", "fractionalHeight"]
        let fields = try members(node, "a dimension", known: names)
        guard fields.count == 1, let field = fields.first else {
            throw fail(
                node, "a dimension must have exactly one of \(names.joined(separator: ", "))")
        }
        let value = try length(field.value, field.key)
        switch field.key {
        case "absolute": return .absolute(value)
        case "estimated": return .estimated(value)
        case "fractionalWidth": return .fractionalWidth(value)
        default: return .fractionalHeight(value)
        }
    }

    func insets(_ node: JSONNode) throws(LayoutFileError) -> DirectionalInsets {
        let items = try array(node, "contentInsets")
        guard items.count == 4 else {
            throw fail(
                node,
                "\"contentInsets\" must be [top, leading, bottom, trailing], got \(items.count) values"
            )
        }
        var values: [Double] = []
        for (name, item) in zip(["top", "leading", "bottom", "trailing"], items) {
            let value = try number(item, "contentInsets")
            guard value >= 0 else {
                throw fail(item, "the \(name) inset must not be negative, got \(value)")
            }
            values.append(value)
        }
        return DirectionalInsets(
            top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
    }

    func spacing(_ node: JSONNode, _ key: String) throws(LayoutFileError) -> LayoutSpacing {
        let fields = try members(node, "\"\(key)\"", known: ["fixed", "flexible"])
        guard fields.count == 1, let field = fields.first else {
            throw fail(node, "\"\(key)\" must have exactly one of fixed, flexible")
        }
        let value = try length(field.value, field.key)
        return field.key == "fixed" ? .fixed(value) : .flexible(value)
    }

    func edgeSpacing(_ node: JSONNode) throws(LayoutFileError) -> LayoutEdgeSpacing {
        _ = try members(node, "\"edgeSpacing\"", known: ["leading", "top", "trailing", "bottom"])
        return LayoutEdgeSpacing(
            leading: try node["leading"].map { n throws(LayoutFileError) in
                try spacing(n, "leading")
            },
            top: try node["top"].map { n throws(LayoutFileError) in try spacing(n, "top") },
            trailing: try node["trailing"].map { n throws(LayoutFileError) in
                try spacing(n, "trailing")
            },
            bottom: try node["bottom"].map { n throws(LayoutFileError) in try spacing(n, "bottom") }
        )
    }

    func group(_ node: JSONNode) throws(LayoutFileError) -> LayoutGroup {
        let what = "a group"
        _ = try members(
            node, what,
            known: [
                "axis", "widthDimension", "heightDimension", "subitems", "count",
                "interItemSpacing",
                "contentInsets", "edgeSpacing", "frames",
            ])
        let axis = try choice(
            try required(node, "axis", what), "axis",
            [LayoutGroupAxis.horizontal, .vertical, .custom])
        var group = LayoutGroup(axis: axis, layoutSize: try size(node, what), subitems: [])
        if let value = node["count"] {
            group.count = try integer(value, "count", range: 1...10_000)
        }
        if let value = node["interItemSpacing"] {
            group.interItemSpacing = try spacing(value, "interItemSpacing")
        }
        if let value = node["contentInsets"] { group.contentInsets = try insets(value) }
        if let value = node["edgeSpacing"] { group.edgeSpacing = try edgeSpacing(value) }
        if axis == .custom {
            if let value = node["subitems"] {
                throw fail(value, "a custom group takes \"frames\", not \"subitems\"")
            }
            let frames = try array(try required(node, "frames", "a custom group"), "frames")
            for frame in frames {
                let values = try array(frame, "frames")
                guard values.count == 4 else {
                    throw fail(frame, "a frame must be [x, y, width, height]")
                }
                let numbers = try values.map { n throws(LayoutFileError) in try number(n, "frames")
                }
                guard numbers[2] >= 0, numbers[3] >= 0 else {
                    throw fail(frame, "a frame's width and height must not be negative")
                }
                group.customFrames.append(
                    Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
            guard !group.customFrames.isEmpty else {
                throw fail(node["frames"]!, "an empty group: \"frames\" has no frame")
            }
            return group
        }
        if let value = node["frames"] {
            throw fail(value, "\"frames\" is only for a group whose axis is \"custom\"")
        }
        let subitemsNode = try required(node, "subitems", what)
        let subitems = try array(subitemsNode, "subitems")
        guard !subitems.isEmpty else {
            throw fail(subitemsNode, "an empty group: \"subitems\" has no item or group")
        }
        for subitem in subitems {
            let fields = try members(subitem, "a subitem", known: ["item", "group"])
            guard fields.count == 1, let field = fields.first else {
                throw fail(subitem, "a subitem must be {\"item\": …} or {\"group\": …}")
            }
            group.subitems.append(
                field.key == "item"
                    ? .item(try item(field.value)) : .group(try self.group(field.value)))
        }
        if group.count != nil, subitems.count != 1 {
            throw fail(
                subitemsNode,
                "a group with \"count\" repeats exactly one subitem, got \(subitems.count)")
        }
        return group
    }

    func item(_ node: JSONNode) throws(LayoutFileError) -> CollectionLayoutItem {
        let what = "an item"
        _ = try members(
            node, what,
            known: [
                "widthDimension", "heightDimension", "contentInsets", "edgeSpacing",
                "supplementaryItems",
            ])
        var item = CollectionLayoutItem(layoutSize: try size(node, what))
        if let value = node["contentInsets"] { item.contentInsets = try insets(value) }
        if let value = node["edgeSpacing"] { item.edgeSpacing = try edgeSpacing(value) }
        if let value = node["supplementaryItems"] {
            for badge in try array(value, "supplementaryItems") {
                item.supplementaryItems.append(try self.badge(badge))
            }
        }
        return item
    }

    func badge(_ node: JSONNode) throws(LayoutFileError) -> LayoutSupplementaryItem {
        let what = "a supplementary item"
        _ = try members(
            node, what, known: ["kind", "widthDimension", "heightDimension", "containerAnchor"])
        let kind = try string(try required(node, "kind", what), "kind")
        let anchor = try required(node, "containerAnchor", what)
        _ = try members(anchor, "\"containerAnchor\"", known: ["edges", "fractionalOffset"])
        var edges: LayoutEdges = []
        for edge in try array(try required(anchor, "edges", "\"containerAnchor\""), "edges") {
            switch try string(edge, "edges") {
            case "top": edges.insert(.top)
            case "leading": edges.insert(.leading)
            case "bottom": edges.insert(.bottom)
            case "trailing": edges.insert(.trailing)
            default:
                throw fail(edge, "an edge must be \"top\", \"leading\", \"bottom\" or \"trailing\"")
            }
        }
        var offset = Point(x: 0, y: 0)
        if let value = anchor["fractionalOffset"] {
            let values = try array(value, "fractionalOffset")
            guard values.count == 2 else {
                throw fail(value, "\"fractionalOffset\" must be [x, y]")
            }
            offset = Point(
                x: try number(values[0], "fractionalOffset"),
                y: try number(values[1], "fractionalOffset"))
        }
        return LayoutSupplementaryItem(
            kind: kind, layoutSize: try size(node, what), edges: edges, fractionalOffset: offset)
    }
}
