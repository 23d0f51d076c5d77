import Foundation
import Testing
import TrellisTestSupport

@testable import TrellisConstraints

/// Compares the solver with kiwisolver (Kiwi, C++) on random systems built
/// from seeds on both sides (RandomSystem.swift mirrors
/// Scripts/kiwi-differential.py). By default it reads the committed
/// Fixtures/kiwi-objectives.txt (2,000 systems); the full run of 10,000 or
/// more is `Scripts/kiwi-differential.py --count 10000 --run`, which writes
/// Kiwi's objectives to a temporary file and runs this test with
/// TRELLIS_KIWI_OBJECTIVES pointing at it.
@Suite struct KiwiDifferentialTests {
    struct Expected {
        let kind: RandomSystem.Kind
        let seed: UInt64
        /// Kiwi's total error per level, highest first; nil where Kiwi aborted.
        let levelErrors: [Double]?
    }

    static func expectations() throws -> [Expected] {
        let path =
            ProcessInfo.processInfo.environment["TRELLIS_KIWI_OBJECTIVES"]
            ?? TestPaths.fixture("kiwi-objectives.txt", of: "TrellisConstraintsTests")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") { return nil }
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let kind = RandomSystem.Kind(rawValue: String(fields[0])),
                let seed = UInt64(fields[1])
            else { return nil }
            if fields[2] == "kiwi-failed" {
                return Expected(kind: kind, seed: seed, levelErrors: nil)
            }
            return Expected(
                kind: kind, seed: seed, levelErrors: fields[2...].compactMap { Double($0) })
        }
    }

    /// Solves every system and returns the mismatches, described. `large`:
    /// the solvers keep a large system's structures (columns, indexed
    /// objective levels) from the start.
    static func mismatches(kind: RandomSystem.Kind, large: Bool) throws -> (checked: Int, [String])
    {
        var problems: [String] = []
        var checked = 0
        for expected in try expectations() where expected.kind == kind {
            checked += 1
            let system = RandomSystem(kind: kind, seed: expected.seed)
            let solver = Solver()
            if large { solver._useLargeSystemStructures() }
            for constraint in system.constraints {
                if let conflict = try solver.add(constraint) {
                    problems.append("\(kind) \(expected.seed): conflict \(conflict.broken)")
                }
            }
            solver.updateVariables()
            let required = system.requiredViolation()
            if required > 1e-6 {
                problems.append("\(kind) \(expected.seed): required violated by \(required)")
            }
            if let kiwi = expected.levelErrors {
                let ours = system.levelErrors()
                for (a, b) in zip(ours, kiwi) where abs(a - b) > 1e-6 * max(1, abs(b)) {
                    problems.append(
                        "\(kind) \(expected.seed): level errors \(ours) vs Kiwi \(kiwi)")
                    break
                }
            }
            if expected.seed % 16 == 0 {
                let violations = invariantViolations(solver)
                if !violations.isEmpty {
                    problems.append("\(kind) \(expected.seed): \(violations.prefix(3))")
                }
            }
        }
        return (checked, problems)
    }

    @Test(arguments: [false, true])
    func singleLevelObjectivesMatchKiwi(large: Bool) throws {
        let (checked, problems) = try Self.mismatches(kind: .single, large: large)
        #expect(
            checked >= 1000 || ProcessInfo.processInfo.environment["TRELLIS_KIWI_OBJECTIVES"] != nil
        )
        #expect(
            problems.isEmpty, "\(problems.count) mismatches of \(checked): \(problems.prefix(5))")
    }

    @Test(arguments: [false, true])
    func multiLevelObjectivesMatchKiwiWhereTheOptimaCoincide(large: Bool) throws {
        let (checked, problems) = try Self.mismatches(kind: .levels, large: large)
        #expect(
            checked >= 900 || ProcessInfo.processInfo.environment["TRELLIS_KIWI_OBJECTIVES"] != nil)
        #expect(
            problems.isEmpty, "\(problems.count) mismatches of \(checked): \(problems.prefix(5))")
    }
}
