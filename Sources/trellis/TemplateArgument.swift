// What the `trellis` subcommands share about their `--template` argument.

import CLISupport
import Trellis

extension CLIFailure {
    /// `--template` names neither a built-in template nor a template file.
    static func unknownTemplate(_ template: String) -> CLIFailure {
        .usage(
            "unknown template '\(template)' (expected \(BuiltInTemplate.names) or a template file)")
    }
}
