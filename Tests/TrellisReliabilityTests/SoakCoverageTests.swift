// Scripts/test.sh runs the property tests short and Scripts/soak.sh runs them
// long (TRELLIS_SOAK=1). A suite that sizes itself with `Soak` but is missing
// from soak.sh's list would never run long: this test keeps the two in step.

import Foundation
import Testing
import TrellisTestSupport

@Suite struct SoakCoverageTests {
    /// The suites of test files that read `Soak` or `TRELLIS_SOAK`.
    static func soakedSuites() throws -> Set<String> {
        let tests = TestPaths.repository.appendingPathComponent("Tests")
        let suite = try NSRegularExpression(
            pattern: #"@Suite(\([^{]*?\))?\s*(?:final class|struct|enum)\s+(\w+)"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift",
                !file.path.contains("/TrellisTestSupport/"),
                file.lastPathComponent != "SoakCoverageTests.swift"
            else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            guard
                text.contains("Soak.count(") || text.contains("Soak.seeds(")
                    || text.contains("\"TRELLIS_SOAK\"")
            else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in suite.matches(in: text, range: range) {
                if let name = Range(match.range(at: 2), in: text) {
                    names.insert(String(text[name]))
                }
            }
        }
        return names
    }

    /// The names in soak.sh's `suites=( … )` list.
    static func listedSuites() throws -> Set<String> {
        let script = try String(
            contentsOfFile: TestPaths.repository("Scripts/soak.sh"), encoding: .utf8)
        guard let start = script.range(of: "suites=("),
            let end = script[start.upperBound...].range(of: ")")
        else { return [] }
        return Set(
            script[start.upperBound..<end.lowerBound].split(whereSeparator: \.isWhitespace)
                .map(String.init))
    }

    @Test func everySuiteThatSoaksIsInSoakScript() throws {
        let soaked = try Self.soakedSuites()
        // The property runs of the issue's list, at least.
        #expect(soaked.isSuperset(of: ["ReuseDifferentialTests", "TableStaysPutModelTests"]))
        let missing = soaked.subtracting(try Self.listedSuites())
        #expect(missing.isEmpty, "Scripts/soak.sh does not run: \(missing.sorted())")
    }
}
