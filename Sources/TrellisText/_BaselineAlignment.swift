// Aligning the runs of a line by their fonts' baseline tables.
//
// Rules (OpenType's BASE table; Core Text assigns glyphs baseline classes
// from a font's `bsln` or `BASE` table, and Pango with HarfBuzz 4 or later
// aligns a line's runs the same way, `apply_baseline_shift`):
// - The script of a line's first run chooses the baseline the line aligns
//   on: the ideographic face bottom for Han, kana, Hangul and Bopomofo, the
//   hanging baseline for Devanagari, Bengali, Tibetan and their kin, the
//   alphabetic (roman) baseline for every other script
//   (`hb_ot_layout_get_horizontal_baseline_tag_for_script`).
// - Each run's font gives that baseline's height at its size, from its BASE
//   table, or synthesized from its other metrics when it has none
//   (`hb_ot_layout_get_baseline_with_fallback`).
// - Every run is moved up by the first run's height of the baseline minus
//   its own, so the runs' baselines of that kind line up. Noto Sans CJK's
//   ideographic face bottom is 74 units below the alphabetic baseline in its
//   Regular, 85 in its Bold: in "中<b>文</b>" the bold run is raised 0.187 pt
//   at 17 pt and the line is that much taller.
// - The roman baseline is 0 in nearly every font, so lines that begin in
//   Latin, Cyrillic, Greek and the like are unchanged.
// A line's first run is its first character that is not a space, and its
// script is that character's, or for a character of no script of its own
// (punctuation, digits, emoji, which Pango's script iterator gives the
// script around them) the script of the nearest character before it in its
// paragraph that has one, else of the first after it.

import CHarfBuzz

/// The baseline a line's runs are aligned on.
enum _BaselineKind: UInt8 {
    case roman
    case ideographicFaceBottom
    case hanging

    /// The baseline for a line whose first run is in `script`.
    init(script: hb_script_t) {
        switch hb_ot_layout_get_horizontal_baseline_tag_for_script(script) {
        case HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT: self = .ideographicFaceBottom
        case HB_OT_LAYOUT_BASELINE_TAG_HANGING: self = .hanging
        default: self = .roman
        }
    }
}

/// A face's baselines, in design units above the alphabetic baseline.
struct _FaceBaselines: Sendable {
    let roman: Double
    let ideographicFaceBottom: Double
    let hanging: Double

    /// Reads them from `font` (a HarfBuzz font at a scale of its units per em).
    /// Each is looked up for a script of its own kind (Latin, Han,
    /// Devanagari): fonts give one value per baseline for all scripts.
    init(font: OpaquePointer) {
        func baseline(_ tag: hb_ot_layout_baseline_tag_t, _ script: hb_script_t) -> Double {
            var scriptTags = [hb_tag_t](repeating: 0, count: 3)
            var scriptCount: UInt32 = 3
            var languageCount: UInt32 = 0
            hb_ot_tags_from_script_and_language(
                script, hb_language_get_default(), &scriptCount, &scriptTags, &languageCount, nil)
            var coordinate: hb_position_t = 0
            hb_ot_layout_get_baseline_with_fallback(
                font, tag, HB_DIRECTION_LTR,
                scriptCount > 0 ? scriptTags[Int(scriptCount) - 1] : 0, 0, &coordinate)
            return Double(coordinate)
        }
        roman = baseline(HB_OT_LAYOUT_BASELINE_TAG_ROMAN, HB_SCRIPT_LATIN)
        ideographicFaceBottom = baseline(
            HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT, HB_SCRIPT_HAN)
        hanging = baseline(HB_OT_LAYOUT_BASELINE_TAG_HANGING, HB_SCRIPT_DEVANAGARI)
    }

    subscript(kind: _BaselineKind) -> Double {
        switch kind {
        case .roman: roman
        case .ideographicFaceBottom: ideographicFaceBottom
        case .hanging: hanging
        }
    }
}

/// Where a line's runs align: the baseline kind and the first character's
/// code point and byte offset, whose font is the reference.
struct _LineAlignment {
    let kind: _BaselineKind
    let firstScalar: UInt32
    let firstOffset: Int

    /// How far the paragraph is searched for a character with a script of
    /// its own, each way: a line in a long run of digits or punctuation
    /// stays linear.
    static let scriptSearchLimit = 512

    /// The alignment of the line `start..<end` of `text`, or nil when it
    /// holds nothing but spaces.
    static func of(_ text: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> _LineAlignment? {
        var offset = start
        while offset < end {
            let (scalar, length) = _decodeScalar(text, at: offset)
            if !_isSpace(scalar) {
                let script = _script(text, scalar: scalar, at: offset, length: length)
                return _LineAlignment(
                    kind: _BaselineKind(script: script), firstScalar: scalar, firstOffset: offset)
            }
            offset += length
        }
        return nil
    }

    private static func _script(
        _ text: UnsafeBufferPointer<UInt8>, scalar: UInt32, at offset: Int, length: Int
    ) -> hb_script_t {
        // Letters of ASCII are Latin (most first characters).
        if scalar < 0x80 {
            if (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A { return HB_SCRIPT_LATIN }
        }
        let unicode = hb_unicode_funcs_get_default()
        let own = _hbScript(unicode, scalar)
        if _isStrongScript(own) { return own }
        // Back through the paragraph.
        if let script = _strongScript(before: offset, in: text, limit: scriptSearchLimit) {
            return script
        }
        // Then forward.
        var after = offset + length
        let highest = min(text.count, offset + scriptSearchLimit)
        while after < highest {
            let (next, nextLength) = _decodeScalar(text, at: after)
            if _endsParagraph(next) { break }
            let script = _hbScript(unicode, next)
            if _isStrongScript(script) { return script }
            after += nextLength
        }
        return own
    }

}

/// HarfBuzz's script of `scalar` (`hb_unicode_script`), without the call
/// for ASCII (Latin letters, the rest Common), box drawing (Common: a
/// line of a table starts with "─", and the search for a script goes
/// through every one) and the unified ideographs U+4E00–U+9FFF (Han), as
/// Unicode's Scripts.txt has them.
@inline(__always)
func _hbScript(_ unicode: OpaquePointer?, _ scalar: UInt32) -> hb_script_t {
    if scalar < 0x80 {
        return (scalar | 0x20) &- 0x61 < 26 ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
    }
    if scalar &- 0x2500 < 0x80 { return HB_SCRIPT_COMMON }
    if scalar &- 0x4E00 < 0x5200 { return HB_SCRIPT_HAN }
    return hb_unicode_script(unicode, scalar)
}

/// True for a script of its own (not Common, Inherited or Unknown).
@inline(__always)
func _isStrongScript(_ script: hb_script_t) -> Bool {
    script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
}

/// The script of the nearest character before `offset` that has one of its
/// own, within `limit` bytes and the paragraph; nil when there is none.
func _strongScript(
    before offset: Int, in text: UnsafeBufferPointer<UInt8>, limit: Int
) -> hb_script_t? {
    let unicode = hb_unicode_funcs_get_default()
    var index = offset
    let lowest = max(0, offset - limit)
    while index > lowest {
        var lead = index - 1
        while lead > lowest && text[lead] & 0xC0 == 0x80 { lead -= 1 }
        let (scalar, _) = _decodeScalar(text, at: lead)
        if _endsParagraph(scalar) { return nil }
        let script = _hbScript(unicode, scalar)
        if _isStrongScript(script) { return script }
        index = lead
    }
    return nil
}

/// True for a character that ends a paragraph (line feed, carriage return,
/// U+0085, U+2029; not U+2028, which UAX #9 keeps in the paragraph).
@inline(__always)
func _endsParagraph(_ scalar: UInt32) -> Bool {
    scalar == 0x0A || scalar == 0x0D || scalar == 0x2029 || scalar == 0x85
}
