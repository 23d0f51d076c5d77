// Small shared helpers of the module.

import TrellisSupport

/// Writes text to standard error (unbuffered, as one write where it fits;
/// a failure is ignored, as for any log).
func _writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: 2) }
}

extension Array where Element: AnyObject {
    /// Calls `body` with each element, in order, unretained (the array
    /// holds them; `body` must not change the array).
    @inline(__always)
    func _forEachUnretained(_ body: (Unmanaged<Element>) -> Void) {
        withUnsafeBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            for index in elements.indices {
                body(
                    raw.load(
                        fromByteOffset: index * MemoryLayout<Element>.stride,
                        as: Unmanaged<Element>.self))
            }
        }
    }
}
