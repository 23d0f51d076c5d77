import Testing
import TrellisData
import TrellisTestSupport

/// `JSONDocumentParser.parseValue`, which reads a row of JSON Lines straight
/// into values, against `JSONValue(parse(text))`: the same values for
/// random documents, and for damaged ones the same answer (accepted with
/// the same value, or refused with the same message at the same line and
/// column), duplicate keys among them.
@Suite struct JSONValueParseTests {
    /// Whatever `parse` does with `text`: the value or the error.
    static func throughNodes(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in JSONValue(try JSONDocumentParser.parse(text)) }
    }

    static func direct(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONDocumentParser.parseValue(text) }
    }

    static func same(
        _ a: Result<JSONValue, JSONSyntaxError>, _ b: Result<JSONValue, JSONSyntaxError>
    )
        -> Bool
    {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)):
            return x.message == y.message && x.position == y.position
        default: return false
        }
    }

    @Test func randomDocumentsGiveTheSameValues() {
        var generator = JSONReaderDifferentialTests.Generator(
            random: SeededGenerator(seed: 0x7661_6c75))
        var objects = 0
        for index in 0..<3000 {
            let text = generator.whitespace() + generator.value(depth: 0) + generator.whitespace()
            let expected = Self.throughNodes(text)
            #expect(Self.same(expected, Self.direct(text)), "document \(index)")
            if case .success(.object) = expected { objects += 1 }
        }
        #expect(objects > 300)
    }

    /// One byte changed, dropped or inserted; and objects given a key
    /// twice (the same bytes, or canonically equivalent ones: "é" as one
    /// scalar and as "e" with a combining accent), with few members (the
    /// linear check) and many (the set).
    @Test func damagedDocumentsGiveTheSameAnswer() {
        var generator = JSONReaderDifferentialTests.Generator(
            random: SeededGenerator(seed: 0x6461_6d32))
        var refused = 0
        for index in 0..<5000 {
            guard let text = generator.damagedValue() else { continue }
            let expected = Self.throughNodes(text)
            if case .failure = expected { refused += 1 }
            #expect(Self.same(expected, Self.direct(text)), "document \(index): \(text)")
        }
        #expect(refused > 1000)
        for count in [1, 3, 15, 16, 17, 40] {
            for key in ["k0", "é", "e\u{301}", "日本"] {
                let members = (0..<count).map { "\"m\($0)\": [\($0), \"Ωμέγα\"]" }
                let place = generator.random.below(count + 1)
                var twice = members
                twice.insert("\"\(key)\" : 1", at: place)
                let second = key == "é" ? "e\u{301}" : key
                twice.append("  \"\(second)\": 2")
                let text = "{\"a\": \"日本語\", " + twice.joined(separator: ", ") + "}"
                let expected = Self.throughNodes(text)
                guard case .failure(let error) = expected else {
                    Issue.record("\(count) members, key \(key): accepted")
                    continue
                }
                #expect(error.message.hasPrefix("duplicate key"))
                // At the second key's opening quote.
                let suffix = "\"\(second)\": 2}"
                #expect(
                    error.position
                        == SourcePosition(
                            line: 1,
                            column: text.unicodeScalars.count - suffix.unicodeScalars.count + 1))
                #expect(Self.same(expected, Self.direct(text)), "\(count) members, key \(key)")
            }
        }
    }
}
