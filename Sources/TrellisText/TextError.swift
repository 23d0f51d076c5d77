// Errors of text measurement: each says what went wrong and where.

import TrellisGeometry

/// An error from loading fonts or measuring text.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No font file exists at the path.
    case fontFileNotFound(path: String)
    /// The file exists but is not a font FreeType and HarfBuzz can read.
    case invalidFontFile(path: String, reason: String)
    /// The family (and weight) is not one of the bundled fonts.
    case unknownFamily(family: String, weight: FontWeight, available: [String])
    /// A numeric parameter is out of its domain (NaN, infinite, zero or negative).
    case invalidParameter(name: String, value: Double, requirement: String)
    /// A `FontCollection` needs at least one font.
    case emptyFontCollection
    /// ICU failed on the text (the status is ICU's `UErrorCode`).
    case icuFailure(operation: String, status: Int32)
    /// No color emoji font exists at any of the paths searched.
    case emojiFontNotFound(searched: [String])
    /// Markup (`AttributedText(markup:base:)`) that cannot be read, with the
    /// position (line and column) in the markup where the problem starts.
    case malformedMarkup(position: SourcePosition, reason: String)

    public var description: String {
        switch self {
        case .fontFileNotFound(let path):
            return "font file not found: \(path)"
        case .invalidFontFile(let path, let reason):
            return "not a readable font file: \(path) (\(reason))"
        case .unknownFamily(let family, let weight, let available):
            return
                "unknown font family \"\(family)\" with weight \(weight); bundled: \(available.joined(separator: ", "))"
        case .invalidParameter(let name, let value, let requirement):
            return "invalid \(name) \(formatParameter(value)): must be \(requirement)"
        case .emptyFontCollection:
            return "a font collection needs at least one font"
        case .icuFailure(let operation, let status):
            return "ICU \(operation) failed with status \(status)"
        case .malformedMarkup(let position, let reason):
            return "malformed markup at \(position): \(reason)"
        case .emojiFontNotFound(let searched):
            return
                "no color emoji font found (searched \(searched.joined(separator: ", "))); install Debian's fonts-noto-color-emoji or set TRELLIS_EMOJI_FONT to a font file"
        }
    }
}

private func formatParameter(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "infinity" : "-infinity" }
    return String(value)
}

/// Checks that `value` is a finite number greater than zero.
@inline(__always)
func _requirePositive(_ value: Double, _ name: String) throws(TextError) {
    guard value.isFinite, value > 0 else {
        throw TextError.invalidParameter(
            name: name, value: value, requirement: "a finite number greater than 0")
    }
}

/// Checks that `value` is a finite number, zero or more.
@inline(__always)
func _requireNonNegative(_ value: Double, _ name: String) throws(TextError) {
    guard value.isFinite, value >= 0 else {
        throw TextError.invalidParameter(
            name: name, value: value, requirement: "a finite number, 0 or more")
    }
}
