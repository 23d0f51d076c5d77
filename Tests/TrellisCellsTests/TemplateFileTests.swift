import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport

@Suite struct TemplateFileTests {
    @Test func bundledAnimalTemplateParses() throws {
        let template = try TemplateFile.load(
            path: TestPaths.repository.appendingPathComponent("Templates/AnimalTableViewCell.json")
                .path)
        #expect(template.name == "AnimalTableViewCell")
        #expect(template.views.map(\.id) == ["cover", "title", "subtitle"])
        #expect(template.views[1].weight == .semibold && template.views[1].fontSize == 13)
        #expect(template.constraints.count == 12)
        let bottom = template.constraints[11]
        #expect(
            bottom.spec.priority == 750 && bottom.spec.constant == -16
                && bottom.spec.identifier == "subtitle-bottom")
        #expect(template.constraints[2].spec.constant == 40, "metric 'cover' resolved")
    }

    func error(_ text: String) -> TemplateFileError? {
        do {
            _ = try TemplateFile.parse(text, file: "cell.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func syntaxErrorNamesLineAndColumn() {
        let text = """
            {
              "views": [
                {"id": "a", "kind": "label"
              ]
            }
            """
        #expect(error(text)?.description == "cell.json:4:3: expected ',' or '}'")
    }

    @Test func constraintErrorPointsIntoTheString() {
        let text = """
            {
              "views": [{"id": "a", "kind": "label"}],
              "constraints": ["a.leading = contentView.leading"]
            }
            """
        // The string starts at column 19; the bad '=' is its 11th character.
        #expect(
            error(text)?.description
                == "cell.json:3:30: in \"a.leading = contentView.leading\": Expected '==', '<=' or '>='"
        )
    }

    @Test func unknownViewInAConstraintIsNamed() {
        let text = #"{"views": [{"id": "a", "kind": "label"}], "constraints": ["b.width == 3"]}"#
        #expect(
            error(text)?.description == "cell.json:1:60: in \"b.width == 3\": unknown view \"b\"")
    }

    @Test func duplicateAndReservedIdsAreRejected() {
        #expect(
            error(#"{"views": [{"id": "a", "kind": "view"}, {"id": "a", "kind": "view"}]}"#)?
                .message == "duplicate view id \"a\"")
        #expect(
            error(#"{"views": [{"id": "contentView", "kind": "view"}]}"#)?.message
                == "\"contentView\" is reserved")
    }

    @Test func badFieldValuesAreRejected() {
        #expect(
            error(#"{"views": [{"id": "a", "kind": "slider"}]}"#)?.message
                == "unknown kind (expected view, label, image, button, stack)")
        #expect(
            error(#"{"views": [{"id": "a", "kind": "label", "size": -3}]}"#)?.message
                == "font size must be in (0, 10000], got -3.0")
        #expect(
            error(#"{"views": [{"id": "a", "kind": "label", "lines": 1.5}]}"#)?.message
                == "\"lines\" must be a whole number ≥ 0")
        #expect(
            error(#"{"views": [{"id": "a", "kind": "label", "field": "author..name"}]}"#)?.message
                == "\"field\" must be a key path like \"author.name\", got \"author..name\"")
        #expect(
            error(#"{"views": [], "colour": 1}"#)?.message
                == "unknown key \"colour\" (expected constraints, metrics, name, vfl, views)")
    }

    @Test func parentCyclesAreRejected() {
        let text =
            #"{"views": [{"id": "a", "kind": "view", "parent": "b"}, {"id": "b", "kind": "view", "parent": "a"}]}"#
        #expect(error(text)?.message == "view \"a\" is its own ancestor")
    }

    @Test func missingFileIsReported() {
        #expect(
            throws: TemplateFileError(
                file: "/nope.json", position: nil, message: "no such file or not readable")
        ) {
            try TemplateFile.load(path: "/nope.json")
        }
    }
}

@Suite struct JSONDocumentParserTests {
    @Test func readsAllValueKinds() throws {
        let node = try JSONDocumentParser.parse(
            #"{"a": [1, -2.5e1, true, false, null, "x\u00e9\n"]}"#)
        guard case .array(let items, _)? = node["a"] else {
            Issue.record("expected an array")
            return
        }
        #expect(items.count == 6)
        if case .number(let n, _) = items[1] {
            #expect(n == -25)
        } else {
            Issue.record("expected a number")
        }
        if case .string(let s, _) = items[5] {
            #expect(s == "xé\n")
        } else {
            Issue.record("expected a string")
        }
    }

    @Test func rejectsUnpairedSurrogates() {
        #expect(throws: JSONSyntaxError.self) { try JSONDocumentParser.parse(#""\ud800""#) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) { try JSONDocumentParser.parse(deep) }
    }
}
