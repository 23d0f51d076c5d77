// The one writer of every `--out` file of both CLIs: written beside the
// destination under a temporary name and renamed into place when complete.

import Glibc

/// Where the records go. A regular file is written beside the destination
/// under a temporary name and renamed over it only when complete, so a
/// failed run leaves nothing partial; `-` streams to standard output; any
/// other existing file (a link, a device, a pipe) is written in place
/// (emptied first), never renamed over.
package final class OutputFile {
    package let path: String
    private let handle: POSIXFile
    private let temporary: String?

    package init(path: String) throws {
        self.path = path
        if path == "-" {
            handle = POSIXFile.standardOutput
            temporary = nil
            return
        }
        let kind = PathKind(path)
        if kind == .directory { throw CLIFailure.usage("\(path) is a folder") }
        // A link is written through, never renamed over.
        if kind == .missing || PathKind(path, followingLinks: false) == .regular {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { String(path[...$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            let staging = folder + ".\(name).partial-\(getpid())"
            guard let opened = POSIXFile.writing(staging, creating: true) else {
                throw CLIFailure.data(
                    "cannot write beside \(path) (its folder must exist and be writable)")
            }
            handle = opened
            temporary = staging
        } else {
            guard let opened = POSIXFile.writing(path, creating: false) else {
                throw CLIFailure.data("cannot write \(path)")
            }
            handle = opened
            temporary = nil
        }
    }

    package func write(_ bytes: [UInt8]) throws {
        do {
            try handle.write(bytes)
        } catch {
            throw CLIFailure.data("cannot write \(path): \(error)")
        }
    }

    /// Moves the complete file into place.
    package func commit() throws {
        guard let temporary else { return }
        handle.close()
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CLIFailure.data("cannot move the output into place at \(path)")
        }
    }

    /// Removes a partial file (after an error).
    package func discard() {
        guard let temporary else { return }
        handle.close()
        unlink(temporary)
    }
}

extension OutputFile {
    /// Writes `bytes` to `path` as `OutputFile` does (`-`: standard output;
    /// a regular file through a staging file renamed into place, so a
    /// reader never sees a partial file and a failure leaves the old one).
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try OutputFile(path: path)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes `text` as UTF-8 (`write(_:to:)`).
    package static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
