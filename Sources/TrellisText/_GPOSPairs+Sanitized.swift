// Whether HarfBuzz reads a font's pair adjustment subtables as they are in
// the file (_GPOSPairs.swift reads them itself). HarfBuzz's sanitizer drops
// what it refuses in a copy of its own: it zeroes the offset of a lookup, a
// subtable or a pair set that fails its checks, and once it runs out of its
// budget of checks every later one fails. The public API gives no access to
// that copy, so the kern-only model read a table so damaged as it is and
// kerned where HarfBuzz did not (docs/reliability.md, bug 15: Inter with
// GPOS lookup 0's subtable count set to 26,625 lost all its kerning in
// HarfBuzz, 168.62 wide against the model's 159.54).
import CHarfBuzz

extension _LayoutReader {
    /// Throws unless every glyph the pair adjustment `subtables` of GPOS
    /// lookup `lookup` name is one that HarfBuzz lists for that lookup
    /// (`hb_ot_layout_lookup_collect_glyphs`, its input glyphs, read from
    /// its sanitized copy): each subtable's covered glyphs, and its second
    /// glyphs (format 1: the glyphs of its pair sets; format 2: the glyphs
    /// of a class other than 0 in its second class definition), as
    /// HarfBuzz 6.0's `PairPosFormat1/2::collect_glyphs` list them. A
    /// lookup, subtable or pair set HarfBuzz dropped leaves its glyphs out
    /// of that list (unless another part names them too). Where HarfBuzz
    /// stops listing early (a damaged range record) it lists fewer, and
    /// the model is turned off for a font HarfBuzz might still read whole:
    /// the safe side.
    func requireHarfBuzzReadsPairs(face: OpaquePointer, lookup: Int, subtables: [Int])
        throws(Malformed)
    {
        guard let listed = hb_set_create() else { throw Malformed() }
        defer { hb_set_destroy(listed) }
        hb_ot_layout_lookup_collect_glyphs(
            face, _tag("GPOS"), UInt32(lookup), nil, listed, nil, nil)
        var missing = false
        let check: (Int) -> Void = { glyph in
            if !missing && hb_set_has(listed, hb_codepoint_t(glyph)) == 0 { missing = true }
        }
        for subtable in subtables {
            try forEachCovered(subtable + (try u16(subtable + 2)), check)
            switch try u16(subtable) {
            case 1:
                let valueFormat1 = try u16(subtable + 4)
                let valueFormat2 = try u16(subtable + 6)
                let size = 2 + 2 * (valueFormat1.nonzeroBitCount + valueFormat2.nonzeroBitCount)
                let sets = try u16(subtable + 8)
                for index in 0..<sets {
                    let set = subtable + (try u16(subtable + 10 + 2 * index))
                    let records = try u16(set)
                    try spend(records)
                    for record in 0..<records { check(try u16(set + 2 + size * record)) }
                }
            case 2:
                let classes = subtable + (try u16(subtable + 10))
                switch try u16(classes) {
                case 1:
                    let start = try u16(classes + 2)
                    let count = try u16(classes + 4)
                    try spend(count)
                    for index in 0..<count where try u16(classes + 6 + 2 * index) != 0 {
                        check(start + index)
                    }
                case 2:
                    try forEachRange(classes + 4, count: try u16(classes + 2)) {
                        first, last, value in
                        if value != 0 { for glyph in first...last { check(glyph) } }
                    }
                default:
                    throw Malformed()
                }
            default:
                throw Malformed()
            }
            if missing { throw Malformed() }
        }
    }
}
