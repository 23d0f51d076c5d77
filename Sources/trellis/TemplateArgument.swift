// What the `trellis` subcommands share about their `--template` argument.

import CLISupport
import Trellis
import TrellisData

extension CLIFailure {
    /// `--template` names neither a built-in template nor a template file.
    static func unknownTemplate(_ template: String) -> CLIFailure {
        .usage(
            "unknown template '\(template)' (expected \(BuiltInTemplate.names) or a template file)")
    }
}

extension RowFormat where Item == JSONRow {
    /// Rows of any keys for a template file: without `--data`, generated as
    /// the built-in template of the file's name generates its rows (posts
    /// for `PostCell`), else as the sample rows.
    static func generated(for file: TemplateFile) -> RowFormat<JSONRow> {
        BuiltInTemplate(rawValue: file.name).map { .json(generatedAs: $0) } ?? .json
    }
}
