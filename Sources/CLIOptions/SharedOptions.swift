// Options more than one command of `listbench` and `trellis` takes, with the
// same name, help and checks, as swift-argument-parser groups
// (`@OptionGroup`), and the argument conformances both executables need.

import ArgumentParser
import CLISupport
import TrellisText

/// `--width`: the width of one cell (`listbench`, `trellis layout`, `trellis render`).
public struct CellWidthOption: ParsableArguments {
    @Option(help: "Cell width in points.")
    public var width: Double = 375

    public init() {}

    public func validate() throws {
        guard width.isFinite, width > 0 else {
            throw ValidationError("--width must be a positive number, got \(width)")
        }
    }
}

/// `--seed`: the seed of the rows generated when no data file is given
/// (`trellis render`, `trellis snapshot`).
public struct GeneratedRowsSeedOption: ParsableArguments {
    @Option(help: "Seed of the generated rows.")
    public var seed: UInt64 = 1

    public init() {}
}

/// `--fallback bundled|system`.
extension FallbackChoice: ExpressibleByArgument {}

/// `--content-size` and the entries of `--content-sizes`: UIKit's names.
extension ContentSizeCategory: ExpressibleByArgument {}
