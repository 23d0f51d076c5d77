// Shared helpers of the text tests: bundled fonts, styles and fixture paths
// (comparisons and the generator are TrellisTestSupport's).
import TrellisTestSupport
import TrellisText

enum Fixtures {
    /// A file of Tests/TrellisTextTests/Fixtures.
    static func path(_ name: String) -> String { TestPaths.fixture(name, of: "TrellisTextTests") }
}

/// Inter (then Noto Sans Hebrew, Noto Sans Arabic) at `size`.
func interStyle(_ size: Double = 17) throws -> TextStyle {
    TextStyle(fonts: try FontCollection.bundled("Inter"), size: size)
}

/// Inter at 17 pt, from Inter-Regular.otf's OS/2 typo metrics (upem 2816,
/// ascender 2728, descender -680, line gap 0).
enum Inter17 {
    static let ascender = 2728.0 * 17 / 2816  // 16.46875
    static let descent = 680.0 * 17 / 2816  // 4.10511…
    static let lineHeight = (2728.0 + 680) * 17 / 2816  // 20.57386…
}

/// Noto Sans Hebrew at 17 pt (upem 1000, hhea 1068 / -292 / 0): line height 23.12.
let hebrewLineHeight17 = (1068.0 + 292) * 17 / 1000

/// The text of a line of `layout`.
func text(of line: LineFragment, in string: String) -> String {
    String(decoding: Array(string.utf8)[line.range], as: UTF8.self)
}
