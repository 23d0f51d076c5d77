// Small shared helpers: a lock for the module's few pieces of global state.

import Foundation

/// A mutual-exclusion lock (Foundation's `NSLock`) with a closure helper.
final class _Lock: @unchecked Sendable {
    private let lock = NSLock()
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Writes text to standard error.
func _writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
