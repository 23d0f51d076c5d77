// Files and standard streams through POSIX calls: `trellis` uses only
// FoundationEssentials, so a run does not load Foundation and its ICU
// (about 2 ms of every process's start, 2026-11-24). Shared by both CLIs.

import Glibc
import TrellisSupport

/// An open file descriptor, read and written whole-buffer at a time.
package final class POSIXFile {
    package let descriptor: Int32
    private let owned: Bool
    private var isClosed = false

    package static let standardInput = POSIXFile(descriptor: 0, owned: false)
    package static let standardOutput = POSIXFile(descriptor: 1, owned: false)
    package static let standardError = POSIXFile(descriptor: 2, owned: false)

    private init(descriptor: Int32, owned: Bool) {
        self.descriptor = descriptor
        self.owned = owned
    }

    /// Opens `path` for reading; nil when it cannot be opened.
    package static func reading(_ path: String) -> POSIXFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        return descriptor < 0 ? nil : POSIXFile(descriptor: descriptor, owned: true)
    }

    /// Opens `path` for writing from its start, emptied (created when
    /// `creating`; a device or pipe ignores the emptying); nil when it
    /// cannot be opened.
    package static func writing(_ path: String, creating: Bool) -> POSIXFile? {
        let flags = O_WRONLY | O_CLOEXEC | O_TRUNC | (creating ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o666)
        return descriptor < 0 ? nil : POSIXFile(descriptor: descriptor, owned: true)
    }

    deinit { close() }

    /// Up to `count` bytes; empty at the end of the file. The array is not
    /// zeroed first: `read` writes the bytes it keeps (zeroing the chunks
    /// `trellis measure` reads cost 2-3 M instructions for a file of prose).
    package func read(upTo count: Int) throws(POSIXFileError) -> [UInt8] {
        var failure: POSIXFileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(POSIXFileError) {
                initialized = try read(into: UnsafeMutableRawBufferPointer(buffer))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Reads up to `buffer.count` bytes into `buffer` (again when a signal
    /// interrupts the call): how many, 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(POSIXFileError) -> Int {
        while true {
            let result = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if result >= 0 { return result }
            if errno != EINTR { throw POSIXFileError(code: errno) }
        }
    }

    /// Writes every byte.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(POSIXFileError) {
        if let code = writeAll(bytes, to: descriptor) { throw POSIXFileError(code: code) }
    }

    package func write(_ bytes: [UInt8]) throws(POSIXFileError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(POSIXFileError) in try write(buffer) }
        }
        try result.get()
    }

    /// Writes `text` as UTF-8, ignoring failures (for messages on
    /// standard error, as FileHandle's writes did).
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { try? write(UnsafeRawBufferPointer($0)) }
    }

    package func close() {
        guard owned, !isClosed else { return }
        isClosed = true
        _ = Glibc.close(descriptor)
    }
}

/// A failed read or write: the system's reason.
package struct POSIXFileError: Error, CustomStringConvertible {
    package var description: String

    package init(code: Int32) {
        description = String(cString: strerror(code))
    }

    package static func current() -> POSIXFileError { POSIXFileError(code: errno) }
}

/// Whether `path` exists, and its kind: of what a symbolic link points to,
/// or, with `followingLinks` false, `other` for the link itself.
package enum PathKind {
    case missing, regular, directory, other

    package init(_ path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }

    /// The size of a regular file in bytes, nil otherwise.
    package static func size(of path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return UInt64(info.st_size)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (Unicode
    /// space separators included, as Foundation's `.whitespaces`).
    package func trimmingSpaces() -> String {
        func isSpace(_ character: Character) -> Bool {
            character == "\t"
                || character.unicodeScalars.allSatisfy {
                    $0.properties.generalCategory == .spaceSeparator
                }
        }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
