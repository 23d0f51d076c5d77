// A template file's rows read through their fields' first keys
// (`TemplateFileStackTree.readGrouped`) against the same rows read field by
// field from the row's top (`readEachField`): the same values on every row
// the grouped reading takes, and every row it leaves is one the field-by-
// field reading throws on or reads through an array.

import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSupport
import TrellisViews

@testable import TrellisTemplateFiles

@Suite struct TemplateFileRowFieldsTests {
    /// Fields sharing first keys (`a`, `a.b`, `a.c`, `a.p`, `b.x.y`, `b.x`),
    /// a label hidden when empty, a button's field, a fixed text, an image
    /// hidden without its field and the first format's `"item"` image
    /// (square without one).
    static let template = """
        {"name": "Fields", "views": [
          {"id": "root", "kind": "stack", "axis": "vertical"},
          {"id": "l1", "kind": "label", "parent": "root", "field": "a.b", "textStyle": {"font": "Inter", "size": 15}},
          {"id": "l2", "kind": "label", "parent": "root", "field": "a.c", "hiddenWhenEmpty": true, "textStyle": {"font": "Inter", "size": 15}},
          {"id": "l3", "kind": "label", "parent": "root", "field": "c", "hiddenWhenEmpty": true, "textStyle": {"font": "Inter", "size": 15}},
          {"id": "fixed", "kind": "label", "parent": "root", "text": "Fixed", "textStyle": {"font": "Inter", "size": 15}},
          {"id": "p1", "kind": "image", "parent": "root", "image": "a.p", "maxHeight": 100},
          {"id": "l4", "kind": "label", "parent": "root", "field": "b.x.y", "textStyle": {"font": "Inter", "size": 15}},
          {"id": "l5", "kind": "label", "parent": "root", "field": "a", "textStyle": {"font": "Inter", "size": 15}},
          {"id": "p2", "kind": "image", "parent": "root", "image": "item"},
          {"id": "b1", "kind": "button", "parent": "root", "field": "b.x", "textStyle": {"font": "Inter", "size": 13}}
        ],
        "constraints": ["root.leading == contentView.leading", "root.trailing == contentView.trailing",
          "root.top == contentView.top", "root.bottom == contentView.bottom"]}
        """

    /// A random value: scalars of every kind (empty strings, whole and
    /// fractional numbers), sizes valid and not, arrays, and objects
    /// holding the keys the template reads.
    static func value(_ random: inout SplitMix64, depth: Int) -> JSONValue? {
        switch random.next() % (depth > 0 ? 14 : 11) {
        case 0: return nil
        case 1: return .null
        case 2: return .string("")
        case 3: return .string(["x", "Ada", "名字", "@a b"][Int(random.next() % 4)])
        case 4: return .number([0, 3, -2, 1.5, 1e21, 0.1][Int(random.next() % 6)])
        case 5: return .bool(random.next() % 2 == 0)
        case 6: return .array([])
        case 7: return .array([.number(Double(random.next() % 900 + 1)), .number(3)])
        case 8: return .array([.number(0), .number(3)])
        case 9: return .array([.number(2)])
        case 10: return .array([.string("0"), .number(1)])
        default:
            var members: [String: JSONValue] = [:]
            for key in ["b", "c", "p", "x", "y"] {
                if let member = value(&random, depth: depth - 1) { members[key] = member }
            }
            return .object(members)
        }
    }

    @Test func groupedFieldsReadAsFieldByField() throws {
        let trees = try TemplateFileStackTree(file: try TemplateFile.parse(Self.template))
        #expect(trees.fields.groups.map(\.key) == ["a", "c", "b", "image"])
        var random = SplitMix64(seed: 36)
        var (grouped, left) = (0, 0)
        for line in 1...20_000 {
            var fields: [String: JSONValue] = [:]
            for key in ["a", "b", "c", "image", "other"] {
                if let member = Self.value(&random, depth: 2) { fields[key] = member }
            }
            let row = JSONRow(fields, line: line)
            var expected = StackTreeRow(count: trees.nodeIDs.count)
            var failure: CellError?
            do throws(CellError) {
                try trees.readEachField(row, into: &expected)
            } catch {
                failure = error
            }
            var values = StackTreeRow(count: trees.nodeIDs.count)
            if trees.readGrouped(row, into: &values) {
                grouped += 1
                #expect(failure == nil, "row \(line): \(fields)")
                #expect(values == expected, "row \(line): \(fields)")
            } else {
                left += 1
            }
            // The public reading is one or the other, with the same error.
            var read = StackTreeRow(count: trees.nodeIDs.count)
            do throws(CellError) {
                try trees.row(row, into: &read)
                #expect(failure == nil && read == expected, "row \(line): \(fields)")
            } catch {
                #expect(error.message == failure?.message, "row \(line): \(fields)")
            }
        }
        // Both readings are met often.
        #expect(grouped > 2_000 && left > 2_000, "grouped \(grouped), left \(left)")
    }
}
