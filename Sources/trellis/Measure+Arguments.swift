// `trellis measure`'s usual command line read without ArgumentParser's
// parser. ArgumentParser builds every option's definition by reflection at
// each start and casts each property to its protocols (the runtime scans
// every conformance record of the binary for each new type), about 10 M of
// an empty `measure`'s 19.7 M instructions: a tenth of the whole process on
// 5,000 English rows is start-up, and it runs before the second thread has
// anything to do.
import ArgumentParser
import CLISupport

extension Measure {
    /// The options `fastParse` reads: each takes the argument after it.
    private enum Name: String, CaseIterable {
        case font, weight, size, width, lines, scale, field, fallback
        case lineSpacing = "line-spacing"
    }

    /// The value read for each `Name`, in the order of `allCases`. A
    /// dictionary keyed by `Name` made the runtime look `Name`'s `Hashable`
    /// conformance up at every start, which scans every conformance record
    /// of the binary (about 130,000 instructions).
    private struct Values {
        private var values = [String?](repeating: nil, count: Name.allCases.count)

        subscript(name: Name) -> String? {
            get { values[Name.allCases.firstIndex(of: name)!] }
            set { values[Name.allCases.firstIndex(of: name)!] = newValue }
        }
    }

    /// The options `arguments` (after `measure`) give when they are only
    /// `--name value` pairs of `measure`'s options, each at most once, and
    /// `--markup`, with values that ArgumentParser reads as they are (none
    /// begins with "-") and that `validate()` accepts. Nil for anything
    /// else (help, `--name=value`, a repeated, unknown or invalid option):
    /// ArgumentParser then parses the arguments and reports what is wrong.
    /// The values are read by the same `init(argument:)` ArgumentParser
    /// calls, and the defaults are the properties' own
    /// (`MeasureOptions.standard`); CLITests'
    /// `measureReadsItsArgumentsAsArgumentParserDoes` compares both
    /// parsers' outputs on the same options. No `Measure` is made: its
    /// property wrappers' names are sets whose element type the runtime
    /// looks up (about 0.4 M instructions).
    static func fastParse(_ arguments: ArraySlice<String>) -> MeasureOptions? {
        var values = Values()
        var markup = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--markup" {
                guard !markup else { return nil }
                markup = true
                continue
            }
            guard argument.hasPrefix("--"),
                let name = Name(rawValue: String(argument.dropFirst(2))),
                values[name] == nil, let value = rest.popFirst(), !value.hasPrefix("-")
            else { return nil }
            values[name] = value
        }
        var command = MeasureOptions.standard
        guard let font = values[.font], let size = values[.size].flatMap(Double.init(argument:)),
            let width = values[.width].flatMap(Double.init(argument:))
        else { return nil }
        command.font = font
        command.size = size
        command.width = width
        command.markup = markup
        if let weight = values[.weight] { command.weight = weight }
        if let field = values[.field] { command.field = field }
        if let text = values[.lineSpacing] {
            guard let lineSpacing = Double(argument: text) else { return nil }
            command.lineSpacing = lineSpacing
        }
        if let text = values[.lines] {
            guard let lines = Int(argument: text) else { return nil }
            command.lines = lines
        }
        if let text = values[.scale] {
            guard let scale = Double(argument: text) else { return nil }
            command.scale = scale
        }
        if let text = values[.fallback] {
            guard let fallback = FallbackChoice(argument: text) else { return nil }
            command.fallback = fallback
        }
        guard (try? command.validate()) != nil else { return nil }
        return command
    }
}
