// Attributed texts resolve their runs' system fonts through the workspace's
// memo of the system's choices (`_StyleRuns.init(_:memo:)`), kept from text
// to text, as plain texts do. A measurer that has measured other texts
// first (its memo full of other scripts' and weights' choices) must lay
// every markup text out exactly as a new measurer does (each text resolved
// through a memo of its own, the path before the memo was shared).
import Testing

@testable import TrellisText

struct MarkupSystemMemoTests {
    static let rows = [
        "plain <b>bold</b> text",
        "<b>中文</b> 和 中文 <span weight=\"600\">粗体</span>",
        "Русский <b>жирный</b> текст, 中 <span size=\"20pt\">大</span>",
        "שלום <b>עולם</b> and مرحبا <span weight=\"500\">medium</span>",
        "emoji <b>❤️‍🔥 ✌🏾</b> ❤️ 1️⃣ then 日本語の<b>テキスト</b>",
        "한국어 <b>텍스트</b> ελληνικά <b>κείμενο</b> ─┼─ ★",
        "<span size=\"9pt\">小</span><b>中</b>中 a\u{8}b <b>c\u{92}d</b>",
    ]

    @Test func aSharedMemoGivesEachTextsOwnLayout() throws {
        let style = TextStyle(
            fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)
        let shared = TextMeasurer()
        // Fill the shared measurer's memo with the same characters first, in
        // other texts (so that the texts below are prepared, not found).
        for row in Self.rows {
            _ = try shared.layout(row, style: style, width: 287)
            let other = try AttributedText(markup: "x " + row + " y", base: style)
            _ = try shared.layout(other, style: style, width: 287)
        }
        for width in [120.0, 287, 500] {
            for row in Self.rows.reversed() {
                let text = try AttributedText(markup: row, base: style)
                let fresh = try TextMeasurer().layout(text, style: style, width: width)
                // Each in a new measurer: texts are not found prepared.
                let again = try TextMeasurer().layout(text, style: style, width: width)
                let reused = try shared.layout(text, style: style, width: width)
                #expect(fresh.size == again.size)
                #expect(reused.size == fresh.size, "\(row) at \(width)")
                #expect(reused.lines.map(\.range) == fresh.lines.map(\.range))
                #expect(reused.missingGlyphs == fresh.missingGlyphs)
            }
        }
    }
}
