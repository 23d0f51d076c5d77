// What a template file holds once read: its views (and their stack
// properties), constraints, visual formats, and the error a file gives.

import FoundationEssentials
import TrellisCells
import TrellisData
import TrellisText

/// A template file that could not be read, with the place of the problem
/// (`file:line:column: message`).
public typealias TemplateFileError = SourceError

/// What a view in a template file is.
public enum TemplateViewKind: String, Sendable, CaseIterable {
    case view, label, image, button, stack
}

/// A stack view's settings in a template file (`"kind": "stack"`), with
/// UIStackView's names.
public struct TemplateStackSpec: Hashable, Sendable {
    /// `"axis"`: UIStackView's `axis`, spelled as the file spells it.
    public enum Axis: String, Hashable, Sendable, CaseIterable {
        case horizontal, vertical
    }
    /// `"distribution"`: UIStackView's `distribution`.
    public enum Distribution: String, Hashable, Sendable, CaseIterable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }
    /// `"alignment"`: UIStackView's `alignment`. `top` and `leading` are one
    /// alignment in UIKit (`UIStackView.Alignment.top` "is equivalent to
    /// leading" for a horizontal stack), as are `bottom` and `trailing`; the
    /// file keeps the name it was given.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        case fill, leading, top, center, trailing, bottom, firstBaseline, lastBaseline
    }

    public var axis: Axis = .horizontal
    public var distribution: Distribution = .fill
    public var alignment: Alignment = .fill
    public var spacing: Double = 0
    /// Top, left, bottom, right; when given, the arrangement is relative to
    /// the margins (`isLayoutMarginsRelativeArrangement`).
    public var layoutMargins: [Double]?
}

/// A label's `"lineBreakMode"` in a template file (`textStyle`), UIKit's
/// `NSLineBreakMode` under the file's names.
public enum TemplateLineBreakMode: String, Hashable, Sendable, CaseIterable {
    case wordWrap, charWrap, clip, truncateHead, truncateMiddle, truncateTail

    /// The text engine's mode.
    public var mode: LineBreakMode {
        switch self {
        case .wordWrap: .byWordWrapping
        case .charWrap: .byCharWrapping
        case .clip: .byClipping
        case .truncateHead: .byTruncatingHead
        case .truncateMiddle: .byTruncatingMiddle
        case .truncateTail: .byTruncatingTail
        }
    }
}

/// One view of a template file.
public struct TemplateViewSpec: Hashable, Sendable {
    public var id: String
    /// The parent's id, `contentView` by default.
    public var parent: String
    public var kind: TemplateViewKind
    /// Fixed text (labels and buttons).
    public var text: String?
    /// The key path of the row field bound to the text (`title`, `author.name`).
    public var field: String?
    /// Whether the view is hidden when its field (text or image) is
    /// missing, null or empty; in a stack it then collapses.
    public var hiddenWhenEmpty: Bool = false
    /// Whether a label's text (fixed or from its field) is Pango-style
    /// markup (`<b>`, `<i>`, `<span …>`, entities), measured as attributed
    /// text over the label's style (`AttributedText(markup:base:)`).
    public var markup: Bool = false
    /// The row field holding the image's `[width, height]` (image views
    /// whose aspect ratio comes from the data: height = width × h / w),
    /// hidden when the row has none; `item` (the first format) reads the
    /// field `image` and draws a square when the row has none.
    public var imageField: String?
    /// The key path `imageField` reads: the row's `image` for `item`.
    public var imageDataPath: JSONKeyPath? {
        imageField.flatMap { JSONKeyPath($0 == "item" ? "image" : $0) }
    }
    /// The most an image view from data may be tall; its width stays and
    /// the picture is cropped, as `scaleAspectFill` does.
    public var maxHeight: Double?
    /// A stack's settings (`kind` `stack` only).
    public var stack: TemplateStackSpec?
    /// Extra space between lines (labels).
    public var lineSpacing: Double = 0
    /// `wordWrap`, `charWrap`, `clip`, `truncateHead`, `truncateMiddle`,
    /// `truncateTail`; nil for the default (tail truncation for one line,
    /// word wrapping otherwise).
    public var lineBreakMode: TemplateLineBreakMode?
    /// The fonts after `font` (the `textStyle` key `"fallback"`): bundled
    /// family names, in order, and `"system"` for the system's fonts
    /// (fontconfig's ranking, as Pango falls back; only last). Nil for the
    /// default: a bundled family's own fallbacks (`FontCollection.bundled`),
    /// none after a font file.
    public var fallback: [String]?
    /// A bundled family name or a font file path.
    public var font: String
    /// regular, medium, semibold or bold.
    public var weight: FontWeight
    public var fontSize: Double
    /// Label lines: 0 for any number.
    public var lines: Int
    /// Image size in points (the image view's intrinsic size).
    public var imageSize: [Double]?
    /// Whether an image view takes its aspect ratio from the row (`imageField`).
    public var imageFromItem: Bool { imageField != nil }
    /// Button content insets: top, left, bottom, right.
    public var insets: [Double]?
    /// Content hugging priorities, horizontal then vertical.
    public var hugging: [Double]?
    /// Compression resistance priorities, horizontal then vertical.
    public var compression: [Double]?
    public var position: SourcePosition
}

/// A constraint string with where it was written.
public struct TemplateConstraint: Hashable, Sendable {
    public var spec: ConstraintSpec
    public var text: String
    public var position: SourcePosition
}

/// A VFL string with its metrics and options.
public struct TemplateVisualFormat: Hashable, Sendable {
    public var format: String
    public var metrics: [String: Double]
    public var options: [String]
    /// Where the entry starts (the string, or the object around it).
    public var position: SourcePosition
    /// Where the format string starts (its opening quote): the format's own
    /// positions are relative to it (`SourcePosition.locating`).
    public var formatPosition: SourcePosition
}

extension TemplateFile {
    /// The members of a data row the file's views read: the first key of
    /// every view's `field` (labels and buttons) and `imageField` (images;
    /// `item` reads `image`). Nothing the file lays out depends on a row's
    /// other members.
    public var rowKeys: Set<String> {
        var keys = Set<String>()
        for view in views {
            for path in [view.field.flatMap(JSONKeyPath.init), view.imageDataPath] {
                if let first = path?.components.first { keys.insert(first) }
            }
        }
        return keys
    }

    /// `row` with only its members whose key is in `keys` (its line kept),
    /// in a dictionary of its own. Rows kept for many passes (a
    /// benchmark's repeats, a list's scroll) then hold no member that no
    /// view reads, whose keys, values and strings sat between the ones
    /// read: on 10,000 rows of 20 members of which `StackOnlyCard.json`
    /// reads 5, `listbench` gave 1.77–1.79 µs a row for the stack direct
    /// path and 2.80 for the template engine on the whole rows, 0.89–1.02
    /// and 2.11–2.29 on the kept ones (two alternating runs, 2026-12-05).
    public static func row(_ row: JSONRow, keeping keys: Set<String>) -> JSONRow {
        var kept = [String: JSONValue](minimumCapacity: Swift.min(keys.count, row.fields.count))
        for (key, value) in row.fields where keys.contains(key) { kept[key] = value }
        return JSONRow(kept, line: row.line)
    }
}
