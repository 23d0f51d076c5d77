// What a command-line argument names as a cell template, resolved once for
// every command (`trellis heights`, `layout`, `render`, `snapshot`,
// `inspect`, `listbench`): a built-in template of the registry, or a
// template file (which may be a tree of stacks, with a frame path of its
// own).

import FoundationEssentials
import TrellisCells
import TrellisData
import TrellisSamples
import TrellisTemplateFiles
import TrellisText

/// A cell template named by an argument: a built-in one or a template file.
public enum TemplateSource {
    case builtIn(BuiltInTemplate)
    case file(TemplateFile)

    /// Whether `argument` names a file rather than a built-in name: it has
    /// a slash or ends in `.json`. The one rule of every argument that
    /// takes a name or a file (`--template`, `--layout`).
    public static func namesFile(_ argument: String) -> Bool {
        argument.contains("/") || argument.hasSuffix(".json")
    }

    /// The template `argument` names: a built-in name first, then a file
    /// (`namesFile`), read with `readFile` (the caller's limits and
    /// messages); anything else is an `UnknownTemplateError`.
    public static func resolve(_ argument: String, readFile: (String) throws -> TemplateFile)
        throws -> TemplateSource
    {
        if let builtIn = BuiltInTemplate(rawValue: argument) { return .builtIn(builtIn) }
        guard namesFile(argument) else { throw UnknownTemplateError(argument: argument) }
        return .file(try readFile(argument))
    }

    /// The template's name: the built-in's, or the file's `"name"`.
    public var name: String {
        switch self {
        case .builtIn(let builtIn): return builtIn.rawValue
        case .file(let file): return file.name
        }
    }

    /// Every font file the template's layouts may depend on: the bundled
    /// fonts, and those its views name by path (`FontName.isPath`), sorted.
    public var fontFiles: [String] {
        var files = Set<String>()
        let bundled = Font.fontsDirectory
        if let names = try? FileManager.default.subpathsOfDirectory(atPath: bundled) {
            for name in names where name.hasSuffix(".ttf") || name.hasSuffix(".otf") {
                files.insert(bundled + "/" + name)
            }
        }
        if case .file(let file) = self {
            for view in file.views where FontName.isPath(view.font) { files.insert(view.font) }
        }
        return files.sorted()
    }
}

extension TemplateFile {
    /// The row format of the file's rows: any keys, generated as the
    /// built-in template of the file's name generates its rows (posts for
    /// `PostCell`), else as the sample rows.
    public var rowFormat: RowFormat<JSONRow> { .generated(for: self) }
}

/// An argument that names neither a built-in template nor a file.
public struct UnknownTemplateError: Error, CustomStringConvertible, Sendable {
    public var argument: String

    public init(argument: String) { self.argument = argument }

    public var description: String {
        "unknown template '\(argument)' (expected \(BuiltInTemplate.names) or a template file)"
    }
}
