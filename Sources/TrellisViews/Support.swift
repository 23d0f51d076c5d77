// Small shared helpers of the module.

import TrellisSupport

/// Writes text to standard error (unbuffered, as one write where it fits;
/// a failure is ignored, as for any log).
func _writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: 2) }
}
