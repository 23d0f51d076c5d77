// The `textStyle` key "fallback" of template files: the fonts after a
// label's font, bundled families by name and "system" for the system's
// fonts (fontconfig's ranking, as `FontCollection.addingSystemFonts`).
// CJK and emoji in a file's labels are measured with real glyphs only
// with "system" (needs Debian's fonts-noto-cjk, Scripts/bootstrap.sh).
import Foundation
import Testing
import TrellisCells
import TrellisTemplateFiles
import TrellisText

@Suite struct TemplateFileFallbackTests {
    static func file(fallback: String?) -> String {
        let style = fallback.map { #", "fallback": \#($0)"# } ?? ""
        return """
            {"name": "Fallback",
             "views": [{"id": "title", "kind": "label", "field": "title",
                        "textStyle": {"font": "Inter", "size": 17, "lines": 0\(style)}}],
             "constraints": ["title.leading == contentView.leading", "title.top == contentView.top"]}
            """
    }

    static func style(fallback: String?) throws -> TextStyle {
        let file = try TemplateFile.parse(Self.file(fallback: fallback), file: "fallback.json")
        return try TemplateFileCellView.style(for: file.views[0])
    }

    @Test func theFallbackKeyNamesTheFontsAfterTheLabelsFont() throws {
        // Absent: Inter's bundled fallbacks (Noto Sans Hebrew, then Arabic).
        #expect(
            try Self.style(fallback: nil).fonts.fonts.map(\.familyName)
                == ["Inter", "Noto Sans Hebrew", "Noto Sans Arabic"])
        #expect(
            try Self.style(fallback: #"["Noto Sans Arabic"]"#).fonts.fonts.map(\.familyName)
                == ["Inter", "Noto Sans Arabic"])
        #expect(
            try Self.style(fallback: #""Roboto""#).fonts.fonts.map(\.familyName) == [
                "Inter", "Roboto",
            ])
        let system = try Self.style(fallback: #"["Noto Sans Hebrew", "system"]"#).fonts
        #expect(system.endsInSystemFonts)
        #expect(system.fonts.map(\.familyName) == ["Inter", "Noto Sans Hebrew"])
        #expect(try Self.style(fallback: #""system""#).fonts.endsInSystemFonts)
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(
                atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
            "needs fonts-noto-cjk (Scripts/bootstrap.sh)"))
    func withSystemFallbackCJKHasGlyphs() throws {
        let text = "丹顶鹤 in Chinese"
        let bundled = try TextMeasurer.shared.layout(
            text, style: Self.style(fallback: nil), width: 300)
        #expect(bundled.missingGlyphs.count == 3)
        let system = try TextMeasurer.shared.layout(
            text, style: Self.style(fallback: #""system""#), width: 300)
        #expect(system.missingGlyphs.isEmpty)
        // Noto Sans CJK's taller line, as `trellis measure --fallback system` (Pango: 24.616).
        #expect(abs(system.size.height - 24.616) < 0.001)
    }

    @Test(arguments: [
        (#""Helvetica""#, "fallback.json:3:", "unknown fallback \"Helvetica\""),
        (#"["system", "Roboto"]"#, "fallback.json:3:", "\"system\" must come last"),
        (#"["Roboto", "Roboto"]"#, "fallback.json:3:", "named twice"),
        (#"[]"#, "fallback.json:3:", "1 to 16 fonts"),
        (#"7"#, "fallback.json:3:", "\"fallback\" must be a family name"),
        (#"[7]"#, "fallback.json:3:", "\"fallback\" must be a string"),
    ])
    func aBadFallbackIsAClearError(value: String, position: String, message: String) throws {
        do {
            _ = try TemplateFile.parse(Self.file(fallback: value), file: "fallback.json")
            Issue.record("\(value) was accepted")
        } catch {
            #expect(error.description.hasPrefix(position), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }
}
