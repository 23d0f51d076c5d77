// Small shared helpers of the module.

import Foundation

/// Writes text to standard error.
func _writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
