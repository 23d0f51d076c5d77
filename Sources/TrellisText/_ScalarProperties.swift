// The Unicode properties of a scalar that the measuring code asks on every
// character: spaces, default-ignorable characters, and the characters that
// stay with the current run's face (`_fallbackFace`). Fast answers for
// ASCII and the CJK blocks; the property look-ups themselves out of line.

/// A space or tab (Unicode's space separators, U+00A0 and U+3000 among them).
@inline(__always)
func _isSpace(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return scalar == 0x20 || scalar == 0x09 }
    // CJK text: U+3000 IDEOGRAPHIC SPACE is the one space separator of these blocks.
    if _isIdeographOrSyllable(scalar) { return scalar == 0x3000 }
    return _isSpaceByProperties(scalar)
}

/// `_isSpace` from the scalar's general category. Not inlined: comparing
/// the optional category, inlined, set up its generic metadata and stack
/// space at the start of every caller, on every call, whichever path it
/// took (60 instructions a call of `_fallbackFace`, 78,000 calls on 5,000
/// Chinese rows).
@inline(never)
func _isSpaceByProperties(_ scalar: UInt32) -> Bool {
    guard let value = Unicode.Scalar(scalar) else { return false }
    return value.properties.generalCategory == .spaceSeparator
}

/// Unicode's Default_Ignorable_Code_Point property.
@inline(__always)
func _isDefaultIgnorable(_ scalar: UInt32) -> Bool {
    // Below U+1100 only U+00AD, U+034F and U+061C have it
    // (DerivedCoreProperties.txt): Latin, Greek, Cyrillic, Hebrew, Arabic,
    // Indic and Thai letters need no property look-up.
    if scalar < 0x1100 { return scalar == 0xAD || scalar == 0x34F || scalar == 0x61C }
    guard !_isIdeographOrSyllable(scalar) else { return false }
    return _isDefaultIgnorableByProperties(scalar)
}

/// `_isDefaultIgnorable` from the scalar's properties; not inlined, as
/// `_isSpaceByProperties`.
@inline(never)
func _isDefaultIgnorableByProperties(_ scalar: UInt32) -> Bool {
    guard let value = Unicode.Scalar(scalar) else { return false }
    return value.properties.isDefaultIgnorableCodePoint
}

@inline(__always)
func _staysWithCurrentFace(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return scalar == 0x20 || scalar == 0x09 }
    // Ideographs are letters (Lo): no property look-up for Chinese text.
    if _isUnifiedIdeograph(scalar) { return false }
    // The rest of the CJK blocks (`_isIdeographOrSyllable`: kana, CJK
    // punctuation, fullwidth forms, Hangul, box drawing) and the general
    // punctuation CJK text uses (dashes, quotation marks, "…"): no
    // default-ignorable character; the marks and the space among them are
    // U+3000 (Zs), U+302A–U+302F and U+3099–U+309A (Mn). Checked against
    // the properties for every scalar of those blocks (`StaysWithFaceTests`).
    if _isIdeographOrSyllable(scalar) {
        return scalar == 0x3000 || (0x302A...0x302F).contains(scalar)
            || (0x3099...0x309A).contains(scalar)
    }
    if (0x2010...0x2027).contains(scalar) { return false }
    return _staysWithCurrentFaceByProperties(scalar)
}

/// `_staysWithCurrentFace` from the scalar's Unicode properties alone.
func _staysWithCurrentFaceByProperties(_ scalar: UInt32) -> Bool {
    guard let value = Unicode.Scalar(scalar) else { return false }
    if value.properties.isDefaultIgnorableCodePoint { return true }
    switch value.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .spaceSeparator:
        return true
    default:
        return false
    }
}

/// True for a control character (general category Cc: U+0000–U+001F,
/// U+007F–U+009F). The system-font scan never looks one up: a control takes
/// the font around it, as Pango's itemizer keeps the current font for a
/// character that is not graphic. Measured with Pango 1.50 (hyphens off,
/// 72 dpi, Inter 17, this repository's `pango_measure`): "a\u{92}b" and
/// "a\u{7F}b" are 20.574 pt high, Inter's line, although fontconfig ranks
/// Noto Sans Symbols2, which maps U+007F–U+009F, for them (its line would
/// be 28.883 pt); no font of Debian's fonts-noto, fonts-dejavu or
/// fonts-noto-cjk maps U+0000–U+001F. So a backspace (U+0008, in 109 of
/// 5,000 rows of Debian's `fortunes`) no longer loads fontconfig, and a
/// C1 control is measured with the collection's own fonts (as a missing
/// glyph when none has it) rather than with a system font's glyph.
@inline(__always)
func _isControl(_ scalar: UInt32) -> Bool {
    scalar < 0x20 || (0x7F...0x9F).contains(scalar)
}
