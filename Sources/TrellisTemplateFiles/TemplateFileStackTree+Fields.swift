// A row's fields as the direct path reads them: each first key of the
// file's field paths looked up once per row, the rest of each path read in
// the value found there, so `PostCell.json`'s eight text fields under five
// first keys (`author.name`, `author.handle`, `counts.reply`, …) cost five
// lookups in the row and six in nested objects, not one walk from the row
// per field (`JSONRow.text(at:)` takes every path from the row's top).

import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisViews

/// The file's field paths grouped by their first key (`TemplateFileStackTree.fields`).
struct _FieldGroups: Sendable {
    /// One field read of a node: the path's components after the first.
    struct Member: Sendable {
        let node: Int
        let rest: [String]
    }
    struct Group: Sendable {
        let key: String
        var members: [Member]
    }
    /// First keys in order of their first node, each with its nodes.
    let groups: [Group]
    /// Nodes that read no field (stacks, boxes, fixed texts).
    let others: [Int]

    init(_ reads: [_RowRead]) {
        var groups: [Group] = []
        var others: [Int] = []
        for (index, read) in reads.enumerated() {
            guard let path = read.path, read.kind == .text || read.kind == .image else {
                others.append(index)
                continue
            }
            let components = path.components
            let member = Member(node: index, rest: Array(components.dropFirst()))
            if let at = groups.firstIndex(where: { $0.key == components[0] }) {
                groups[at].members.append(member)
            } else {
                groups.append(Group(key: components[0], members: [member]))
            }
        }
        self.groups = groups
        self.others = others
    }
}

extension TemplateFileStackTree {
    /// `row(_:into:)`'s values, read through the grouped first keys: true
    /// when every field is missing, null, a string, a number, a boolean or
    /// (for an image) `[w, h]` of finite positive numbers, reached through
    /// objects only; false, with `values` partly written, for any other row
    /// (an array on the way, a value a node cannot show), which the caller
    /// then reads field by field (`JSONRow.text(at:)`, `size(at:)`), so its
    /// error names the first node in node order, as it always did.
    /// The values written are those of the field-by-field reading
    /// (`TemplateFileRowFieldsTests` compares the two on random rows).
    func readGrouped(_ row: JSONRow, into values: inout StackTreeRow) -> Bool {
        for index in fields.others {
            if reads[index].kind == .fixedText { values.texts[index] = reads[index].fixedText }
            values.isHidden[index] = false
        }
        for group in fields.groups {
            let top = row.fields[group.key]
            for member in group.members {
                var value = top
                for key in member.rest {
                    switch value {
                    case nil, .null?: value = nil
                    case .object(let members)?: value = members[key]
                    default: return false  // an array or a scalar on the way
                    }
                }
                let index = member.node
                let read = reads[index]
                if read.kind == .image {
                    let size: Size?
                    switch value {
                    case nil, .null?:
                        size = nil
                    case .array(let items)?:
                        guard items.count == 2, case .number(let width) = items[0],
                            case .number(let height) = items[1], width.isFinite, height.isFinite,
                            width > 0, height > 0
                        else { return false }
                        size = Size(width: width, height: height)
                    default:
                        return false
                    }
                    values.aspectRatios[index] = size ?? read.ratio
                    values.isHidden[index] = size == nil && !read.hiddenOrSquare
                    continue
                }
                let text: String
                switch value {
                case nil, .null?: text = ""
                case .string(let string)?: text = string
                case .number(let number)?: text = JSONValue.decimalText(number)
                case .bool(let flag)?: text = flag ? "true" : "false"
                default: return false  // an array or object: no text
                }
                values.texts[index] = .plain(text)
                values.isHidden[index] = read.hiddenOrSquare && text.isEmpty
            }
        }
        return true
    }
}
