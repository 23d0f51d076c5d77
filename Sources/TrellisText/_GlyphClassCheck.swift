// Whether HarfBuzz's two readings of GDEF's glyph class definition agree:
// `hb_ot_layout_get_glyph_class` (a binary search over a format 2 table's
// range records) and `hb_ot_layout_get_glyphs_in_class` (each record's
// range in turn). On a damaged table they do not (docs/reliability.md,
// bug 14): a record whose first glyph is after its last, or records out of
// order or overlapping, are found by one and not the other.
import CHarfBuzz

extension _GlyphSet {
    /// The glyphs below `count` that shaping treats as marks
    /// (`hb_ot_layout_get_glyph_class` is `HB_OT_LAYOUT_GLYPH_CLASS_MARK`),
    /// collected in one call when the face's glyph class definition is
    /// well formed, or nil when it is not: then only
    /// `hb_ot_layout_get_glyph_class`, glyph by glyph, says what shaping sees.
    static func marks(of face: OpaquePointer, count: Int) -> _GlyphSet? {
        guard _glyphClassesAreCollectable(face) else { return nil }
        return _GlyphSet(glyphsIn: HB_OT_LAYOUT_GLYPH_CLASS_MARK, of: face, count: count)
    }
}

/// True when the face's GDEF, as it is in the file, has no glyph class
/// definition, or one of format 1, or of format 2 with every range record
/// in order (each one's first glyph not after its last, and after the
/// previous record's last). HarfBuzz's sanitizer only drops what it
/// refuses (the table, or the offset of the definition), never reorders
/// records, so a definition that is well formed here is either the one
/// HarfBuzz reads or absent there, and both of its readings agree. Reads
/// past the table's end answer false.
func _glyphClassesAreCollectable(_ face: OpaquePointer) -> Bool {
    guard let blob = hb_face_reference_table(face, _tag("GDEF")) else { return true }
    defer { hb_blob_destroy(blob) }
    let gdef = _LayoutReader(blob: blob, budget: nil)
    if gdef.bytes.isEmpty { return true }
    do throws(_LayoutReader.Malformed) {
        let definition = try gdef.u16(4)
        if definition == 0 { return true }
        switch try gdef.u16(definition) {
        case 1:
            return true
        case 2:
            let records = try gdef.u16(definition + 2)
            var previousLast = -1
            for index in 0..<records {
                let first = try gdef.u16(definition + 4 + 6 * index)
                let last = try gdef.u16(definition + 6 + 6 * index)
                guard first <= last, first > previousLast else { return false }
                previousLast = last
            }
            return true
        default:
            return false
        }
    } catch {
        return false
    }
}
