// How the command-line tools fail: a message on standard error and a
// documented exit code, never a crash or partial output.

#if canImport(Glibc)
    import Glibc
#endif

/// A failure with its exit code: 64 (EX_USAGE) for bad options or names,
/// 2 for bad input data (files, rows).
public enum CLIFailure: Error, CustomStringConvertible {
    case usage(String)
    case data(String)

    public var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .data: return 2
        }
    }

    public var description: String {
        switch self {
        case .usage(let message), .data(let message): return message
        }
    }

    /// `error` itself when it is a `CLIFailure`, else a data failure (exit
    /// code 2) saying what it is: what a command throws for an error of a
    /// library it called.
    public static func wrapping(_ error: any Error) -> CLIFailure {
        error as? CLIFailure ?? .data("\(error)")
    }

    /// Prints "tool: error: message" to standard error and exits with the code.
    public func exit(tool: String) -> Never {
        fputs("\(tool): error: \(description)\n", stderr)
        Glibc.exit(exitCode)
    }
}
