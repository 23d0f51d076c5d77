// How long the property runs are: short in the test command
// (Scripts/test.sh), long under Scripts/soak.sh, which sets TRELLIS_SOAK=1.
// The same tests serve both; a variable of the test's own (such as
// TRELLIS_REUSE_CELLS) overrides either.

import Foundation

/// The size of a long property run.
public enum Soak {
    /// Whether `TRELLIS_SOAK=1` asks for the long runs (Scripts/soak.sh).
    public static var isOn: Bool {
        ProcessInfo.processInfo.environment["TRELLIS_SOAK"] == "1"
    }

    /// The number of cases: `variable`'s value when set, else `soak` under
    /// `TRELLIS_SOAK=1`, else `quick`.
    public static func count(_ variable: String, quick: Int, soak: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment[variable], let value = Int(text) {
            return value
        }
        return isOn ? soak : quick
    }
}

extension Soak {
    /// Seeds `0..<count(variable, quick:, soak:)`, for a parameterized
    /// property test (`@Test(arguments: Soak.seeds(...))`): each seed is a
    /// case of its own, and the long runs check more of them.
    public static func seeds(_ variable: String, quick: Int, soak: Int) -> Range<Int> {
        0..<count(variable, quick: quick, soak: soak)
    }
}
