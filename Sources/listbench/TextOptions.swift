// `--content-size` and `--fallback`: the text of every template's labels at
// a Dynamic Type category and with the fonts after its own, and the count of
// rows whose text has characters no font has.

import ArgumentParser
import CLIOptions
import CLISupport
import Trellis
import TrellisSamples

/// How the templates' text styles are adjusted for a run.
struct TextOptions {
    /// Every label's font is scaled as `UIFontMetrics.default` scales a
    /// custom font (the body style's curve), as template files are
    /// (`TemplateFileCell(contentSize:)`): the templates' sizes are `.large`'s.
    var contentSize: ContentSizeCategory = .large
    var fallback: FallbackChoice = .bundled

    /// `style` at the content size, with the system's fonts after its first
    /// font for `--fallback system`.
    func adjusted(_ style: TextStyle, template: String) throws(CellError) -> TextStyle {
        var adjusted = ScaledMetrics().scaledStyle(style, compatibleWith: contentSize)
        if fallback == .system, let first = style.fonts.primary {
            do {
                adjusted.fonts = try FontCollection(first).addingSystemFonts()
            } catch {
                throw CellError(template: template, message: "\(error)")
            }
        }
        return adjusted
    }

    /// `adjusted(_:template:)` as the registry applies it to every label of
    /// a built-in template (`BuiltInTemplate.visit(_:adjustingText:)`).
    func adjustment(template: String) -> @Sendable (TextStyle) throws(CellError) -> TextStyle {
        let options = self
        return { style throws(CellError) in try options.adjusted(style, template: template) }
    }

    /// `file` with `--fallback system` applied: every label and button ends
    /// its fonts in the system's (the `textStyle` key `"fallback"`, added
    /// as `"system"` to a list the file gives).
    func applied(to file: TemplateFile) -> TemplateFile {
        guard fallback == .system else { return file }
        var file = file
        for index in file.views.indices
        where file.views[index].kind == .label || file.views[index].kind == .button {
            let own = file.views[index].fallback ?? []
            if own.last != "system" { file.views[index].fallback = own + ["system"] }
        }
        return file
    }
}

/// The number of `items` with a label whose text has characters no font
/// of its style has (`TextLayout.missingGlyphs`), as `template` shows them.
func rowsWithMissingGlyphs<T: CellTemplate & LabelDescribing>(
    _ template: T, _ items: [T.Item], measurer: TextMeasurer
) throws(CellError) -> Int {
    var count = 0
    for item in items {
        for label in template.labels(for: item) where !label.text.isEmpty {
            let layout: TextLayout
            do {
                layout = try measurer.layout(label.text, style: label.style, width: .infinity)
            } catch {
                throw CellError(template: template.name, message: "\(label.name): \(error)")
            }
            if !layout.missingGlyphs.isEmpty {
                count += 1
                break
            }
        }
    }
    return count
}

extension BenchSuite where Frames: LabelDescribing, Frames.Item == Item {
    func rowsWithMissingGlyphs(_ items: [Item], measurer: TextMeasurer) throws(CellError) -> Int {
        guard let frames = try makeFrames(measurer: measurer) else { return 0 }
        return try listbench.rowsWithMissingGlyphs(frames, items, measurer: measurer)
    }
}
