import Foundation
import Testing
import TrellisData
import TrellisTestSupport

/// TrellisData's JSON reader against Foundation's `JSONSerialization` on
/// random documents: the same values, every node's position on its first
/// character, and no document accepted that Foundation rejects.
@Suite struct JSONReaderDifferentialTests {
    /// Random JSON text: strings with escapes, surrogate pairs and non-ASCII
    /// characters, numbers in every syntax, whitespace with newlines between
    /// tokens.
    struct Generator {
        var random: SeededGenerator

        mutating func whitespace() -> String {
            ["", "", " ", "\n", "\t ", "\r\n  ", "\n\n"][random.below(7)]
        }

        mutating func string() -> String {
            let pieces = [
                "a", "Fox", " ", "é", "日本", "🦊", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9",
                "\\ud83e\\udd8a", "\\t", "\\u0000", "Ω", "\\b", "\\f", "\\r",
            ]
            var text = "\""
            for _ in 0..<random.below(6) { text += pieces[random.below(pieces.count)] }
            return text + "\""
        }

        mutating func number() -> String {
            let sign = random.below(3) == 0 ? "-" : ""
            let integer = random.below(4) == 0 ? "0" : String(1 + random.below(99_999))
            let fraction = random.below(2) == 0 ? "" : "." + String(random.below(1000))
            let exponent =
                random.below(4) == 0
                ? ["e", "E", "e+", "e-"][random.below(4)] + String(random.below(20)) : ""
            return sign + integer + fraction + exponent
        }

        mutating func value(depth: Int) -> String {
            switch depth > 3 ? random.below(4) : random.below(6) {
            case 0: return ["null", "true", "false"][random.below(3)]
            case 1: return number()
            case 2, 3: return string()
            case 4:
                let elements = (0..<random.below(4)).map { _ in
                    whitespace() + value(depth: depth + 1) + whitespace()
                }
                return "[" + (elements.isEmpty ? whitespace() : elements.joined(separator: ","))
                    + "]"
            default:
                let count = random.below(20)
                let members = (0..<count).map { index in
                    whitespace() + "\"k\(index)\"" + whitespace() + ":" + whitespace()
                        + value(depth: depth + 1) + whitespace()
                }
                return "{" + (members.isEmpty ? whitespace() : members.joined(separator: ",")) + "}"
            }
        }

        /// A value with one byte changed, dropped or inserted (structural
        /// characters, escapes, digits, a line feed, a control character);
        /// nil when that leaves no valid UTF-8.
        mutating func damagedValue() -> String? {
            let noise: [UInt8] = Array("{}[],:\"\\ntfe-+.0 9".utf8) + [0x0A, 0x01]
            var bytes = Array(value(depth: 0).utf8)
            let at = random.below(bytes.count + 1)
            switch random.below(3) {
            case 0 where at < bytes.count: bytes[at] = noise[random.below(noise.count)]
            case 1 where at < bytes.count: bytes.remove(at: at)
            default: bytes.insert(noise[random.below(noise.count)], at: at)
            }
            return String(validating: bytes, as: UTF8.self)
        }
    }

    static func foundation(_ text: String) -> JSONValue?? {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(text.utf8), options: [.fragmentsAllowed])
        else { return .none }
        return .some(JSONValue(foundation: object))
    }

    /// The characters of `text` by (line, column), 1-based, as the reader counts them.
    static func character(in lines: [[Character]], at position: SourcePosition) -> Character? {
        guard position.line >= 1, position.line <= lines.count else { return nil }
        let line = lines[position.line - 1]
        guard position.column >= 1, position.column <= line.count else { return nil }
        return line[position.column - 1]
    }

    static func checkPositions(_ node: JSONNode, _ lines: [[Character]]) -> Bool {
        let first = character(in: lines, at: node.position)
        switch node {
        case .null: return first == "n"
        case .bool(let value, _): return first == (value ? "t" : "f")
        case .number: return first == "-" || (first?.isASCII == true && first?.isNumber == true)
        case .string: return first == "\""
        case .array(let elements, _):
            return first == "[" && elements.allSatisfy { checkPositions($0, lines) }
        case .object(let members, _):
            return first == "{" && members.allSatisfy { checkPositions($0.value, lines) }
        }
    }

    static func lines(of text: String) -> [[Character]] {
        // The reader counts lines at "\n" only ("\r" is whitespace within a line).
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Array(String(decoding: $0, as: UTF8.self).unicodeScalars.map(Character.init))
        }
    }

    @Test func randomDocumentsReadAsFoundationReadsThem() throws {
        var generator = Generator(random: SeededGenerator(seed: 0x4a53_4f4e))
        for index in 0..<3000 {
            let text = generator.whitespace() + generator.value(depth: 0) + generator.whitespace()
            let node = try JSONDocumentParser.parse(text)
            let expected = try #require(Self.foundation(text), "document \(index): \(text)")
            #expect(JSONValue(node) == expected, "document \(index): \(text)")
            #expect(Self.checkPositions(node, Self.lines(of: text)), "document \(index): \(text)")
        }
    }

    /// Documents with one byte changed, dropped or inserted: whatever the
    /// reader accepts, Foundation accepts with the same value (Foundation
    /// also takes some that the reader refuses, such as duplicate keys).
    @Test func damagedDocumentsAreNeverAcceptedWhenFoundationRefusesThem() {
        var generator = Generator(random: SeededGenerator(seed: 0x6461_6d61))
        var accepted = 0
        var refused = 0
        for index in 0..<5000 {
            guard let text = generator.damagedValue() else { continue }
            guard let node = try? JSONDocumentParser.parse(text) else {
                refused += 1
                continue
            }
            accepted += 1
            #expect(Self.foundation(text) == .some(JSONValue(node)), "document \(index): \(text)")
        }
        // Both kinds occur, so the check above ran on accepted damage.
        #expect(accepted > 100 && refused > 1000, "accepted \(accepted), refused \(refused)")
    }

    @Test func manyKeysAreCheckedForDuplicatesWithASet() throws {
        let members = (0..<5000).map { "\"key\($0)\": \($0)" }
        let node = try JSONDocumentParser.parse("{" + members.joined(separator: ", ") + "}")
        guard case .object(let parsed, _) = node else {
            Issue.record("not an object")
            return
        }
        #expect(parsed.count == 5000)
        let duplicate = "{" + (members + ["\"key4321\": 0"]).joined(separator: ", ") + "}"
        #expect(throws: JSONSyntaxError.self) { try JSONDocumentParser.parse(duplicate) }
        do {
            _ = try JSONDocumentParser.parse(duplicate)
        } catch {
            #expect(error.message == "duplicate key \"key4321\"")
            #expect(error.position.line == 1)
        }
    }

    /// Numbers against Swift's correctly rounded `Double(_:)` (Foundation's
    /// reader rounds long mantissas differently, so documents above keep
    /// theirs short): integers of 1 to 20 digits, either side of the 15
    /// digits that are summed without strtod, and with a fraction or an
    /// exponent, which always go through it.
    @Test func numbersReadAsCorrectlyRoundedDoubles() throws {
        var random = SeededGenerator(seed: 0x6e75_6d73)
        for _ in 0..<20_000 {
            var text = random.below(3) == 0 ? "-" : ""
            let digits = 1 + random.below(20)
            text += digits == 1 ? String(random.below(10)) : String(1 + random.below(9))
            for _ in 1..<digits { text += String(random.below(10)) }
            switch random.below(4) {
            case 0: text += "." + String(random.below(1000))
            case 1: text += "e" + String(random.below(5))
            default: break
            }
            let node = try JSONDocumentParser.parse("[\(text)]")
            guard case .array(let elements, _) = node, case .number(let value, _) = elements[0]
            else {
                Issue.record("\(text): not read as a number")
                continue
            }
            let expected = try #require(Double(text))
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) vs \(expected)")
        }
    }
}

/// A value as Foundation's reader gives it: numbers as doubles, objects as
/// dictionaries (the generator never repeats a key), compared with
/// `JSONValue(node)` of TrellisCells' reader.
extension JSONValue {
    init?(foundation value: Any) {
        switch value {
        case is NSNull: self = .null
        case let number as NSNumber:
            // Foundation gives true and false as NSNumbers of type "c" (char);
            // JSON numbers come as "i", "q" or "d".
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let string as String: self = .string(string)
        case let array as [Any]:
            var elements: [JSONValue] = []
            for element in array {
                guard let value = JSONValue(foundation: element) else { return nil }
                elements.append(value)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var members: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let value = JSONValue(foundation: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        default: return nil
        }
    }
}
