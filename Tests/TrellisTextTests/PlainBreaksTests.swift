// The plain-text shortcut for break opportunities must give exactly ICU's
// UAX #14 opportunities.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct PlainBreaksTests {
    static func breaks(_ text: String, plain: Bool) throws -> [Int32]? {
        let workspace = try _Workspace()
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws -> [Int32]? in
            let count: Int
            if plain {
                guard let found = workspace.plainBreaks(buffer) else { return nil }
                count = found
            } else {
                count = try workspace.icuBreaks(buffer)
            }
            return Array(workspace.breakOffsets[0..<count])
        }
    }

    @Test func plainTextBreaksEqualICUBreaks() throws {
        // Random strings over the plain alphabet, weighted towards the
        // characters whose rules differ (spaces, commas, full stops, digits).
        let alphabet: [Character] = [
            "a", "Z", "q", "5", "0", " ", " ", ",", ".", ";", ":", "!", "?", "'", "\"", "-", "-",
        ]
        var random = SeededGenerator(seed: 14)
        var checked = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...24, using: &random)
            let text = String(
                (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                })
            guard let plain = try Self.breaks(text, plain: true) else { continue }
            let icu = try Self.breaks(text, plain: false)
            #expect(plain == icu, "\(text.debugDescription) \(plain) \(icu ?? [])")
            checked += 1
        }
        #expect(checked > 10_000)
    }

    @Test func corpusRowsThatArePlainBreakAsICUDoes() throws {
        var checked = 0
        for row in Corpus.rows() {
            guard let plain = try Self.breaks(row, plain: true) else { continue }
            #expect(plain == (try Self.breaks(row, plain: false)))
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func textWithOtherCharactersIsLeftToICU() throws {
        for text in ["(a)", "a\nb", "жук", "v.2", "a:5", "a/b", "#1"] {
            #expect(try Self.breaks(text, plain: true) == nil)
        }
        #expect(try Self.breaks("1,200 and 3.5", plain: true) == [6, 10, 13])
    }
}
