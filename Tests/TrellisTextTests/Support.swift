// Shared helpers of the text tests: bundled fonts, styles and fixture paths.
import TrellisText

enum Fixtures {
    /// Tests/TrellisTextTests/Fixtures, found from this file's path.
    static let directory: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast()
        return components.joined(separator: "/") + "/Fixtures"
    }()

    static func path(_ name: String) -> String { directory + "/" + name }
}

/// Inter (then Noto Sans Hebrew, Noto Sans Arabic) at `size`.
func interStyle(_ size: Double = 17) throws -> TextStyle {
    TextStyle(fonts: try FontCollection.bundled("Inter"), size: size)
}

/// Asserts within 1e-9 points (values computed from font units are exact
/// binary fractions up to rounding in the last bit).
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
