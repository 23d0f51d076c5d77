// A font's coverage of the Basic Multilingual Plane read from its cmap in one
// pass (`hb_face_collect_unicodes`), instead of one `hb_font_get_nominal_glyph`
// call a code point: 104,000 such calls (19 M instructions) filled the
// coverage blocks Chinese rows touch in Inter, Noto Sans CJK and DejaVu Sans.
import CHarfBuzz

/// Fills `coverage` (0x10000 / 64 words, one bit a BMP code point) with the
/// code points `face`'s cmap maps to a glyph, and returns true; or returns
/// false, leaving `coverage` alone, when the face's cmap is one whose
/// nominal glyphs HarfBuzz does not read from the code points it lists.
///
/// `hb_face_collect_unicodes` lists the code points of the subtable
/// HarfBuzz's cmap accelerator chose (the same one `hb_font_get_nominal_glyph`
/// reads), leaving out those mapped to glyph 0, as `get_nominal_glyph`
/// answers them. Two differences remain, both outside well-formed Unicode
/// fonts: a symbol font's cmap (platform 3, encoding 0), through which
/// HarfBuzz also maps U+0020–U+00FF to U+F020–U+F0FF, is left to the caller
/// (false), and a code point a format 12 or 13 subtable maps past the font's
/// last glyph is not listed (shaping would draw nothing for it), so counts
/// as not drawn. `CmapCoverageTests` compares every BMP code point with
/// `hb_font_get_nominal_glyph` for the bundled fonts and the system fonts
/// a multilingual text falls back to.
func _fillCmapCoverage(face: OpaquePointer, into coverage: UnsafeMutablePointer<UInt64>)
    -> Bool
{
    // A format 12 subtable's groups in one pass (_CmapGroups.swift).
    if _cmapFormat12Coverage(
        face: face, glyphCount: hb_face_get_glyph_count(face), into: coverage)
    {
        return true
    }
    guard !_cmapHasSymbolSubtable(face), let set = hb_set_create() else { return false }
    defer { hb_set_destroy(set) }
    hb_face_collect_unicodes(face, set)
    guard hb_set_allocation_successful(set) != 0 else { return false }
    coverage.initialize(repeating: 0, count: 0x1_0000 / 64)
    // HB_SET_VALUE_INVALID, (hb_codepoint_t) -1: start before the first range.
    var first = hb_codepoint_t.max
    var last = hb_codepoint_t.max
    while hb_set_next_range(set, &first, &last) != 0 && first < 0x1_0000 {
        _setCoverage(coverage, from: Int(first), through: Int(min(last, 0xFFFF)))
    }
    return true
}

/// Sets the bits of the code points `first...last` (both in the BMP) in
/// `coverage`: whole words where the range covers them, else bit by bit.
@inline(__always)
func _setCoverage(_ coverage: UnsafeMutablePointer<UInt64>, from first: Int, through last: Int) {
    var point = first
    while point <= last {
        if point & 63 == 0 && point + 63 <= last {
            coverage[point >> 6] = .max
            point += 64
        } else {
            coverage[point >> 6] |= 1 << UInt64(point & 63)
            point += 1
        }
    }
}

/// Whether the face's cmap has a symbol subtable (platform 3, encoding 0),
/// or a header too short to read its encoding records.
func _cmapHasSymbolSubtable(_ face: OpaquePointer) -> Bool {
    // 'cmap'
    guard let blob = hb_face_reference_table(face, 0x636D_6170) else { return true }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length >= 4 else { return true }
    let bytes = UnsafeRawPointer(data)
    func u16(_ offset: Int) -> Int {
        Int(bytes.load(fromByteOffset: offset, as: UInt8.self)) << 8
            | Int(bytes.load(fromByteOffset: offset + 1, as: UInt8.self))
    }
    let count = u16(2)
    guard 4 + 8 * count <= Int(length) else { return true }
    for record in 0..<count where u16(4 + 8 * record) == 3 && u16(4 + 8 * record + 2) == 0 {
        return true
    }
    return false
}
