// The glyphs of many code points read from a cmap's format 12 subtable in
// one pass over its groups, for the kern-only analysis of a face
// (_KernOnlyEligibility.swift). `hb_font_get_nominal_glyphs` searches the
// groups for each code point: Noto Sans CJK's cmap has 15,286 groups, and its
// 37,000 candidate code points cost about 200 instructions each, once per
// process on the first Chinese row.
import CHarfBuzz

/// Writes to `glyphs[k]` the glyph `hb_font_get_nominal_glyph` gives
/// `points[k]` (0 when it gives none), for `points` in increasing order,
/// and returns true; or returns false, writing nothing, when `face`'s cmap
/// is not one read here as HarfBuzz reads it.
///
/// HarfBuzz's cmap accelerator reads nominal glyphs from a symbol subtable
/// (platform 3, encoding 0) when the cmap has one, else from the subtable of
/// platform 3, encoding 10, when it has one; it finds an encoding record by
/// binary search, and a format 12 subtable's group by binary search, and
/// maps a code point in a group to the group's glyph plus its distance from
/// the group's start (32-bit arithmetic), glyph 0 meaning none. This reads a
/// cmap with no (3, 0) record, whose (3, 10) record names a format 12
/// subtable, with its encoding records in increasing order (so the search
/// finds that record) and groups that each start at or before their end and
/// come in increasing order without overlap (so the search finds the one
/// group holding a code point, or none), all within the table; it walks the
/// groups beside the code points. `CmapGroupsTests` compares the glyphs of
/// every BMP code point with `hb_font_get_nominal_glyph` for the bundled
/// fonts and the system fonts a multilingual text falls back to.
func _cmapFormat12Glyphs(
    face: OpaquePointer, points: UnsafeBufferPointer<UInt32>,
    into glyphs: UnsafeMutableBufferPointer<UInt32>
) -> Bool {
    for k in points.indices.dropFirst() where points[k] <= points[k - 1] { return false }
    // 'cmap'
    guard let blob = hb_face_reference_table(face, 0x636D_6170) else { return false }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length >= 4 else { return false }
    let bytes = UnsafeRawPointer(data)
    let size = Int(length)
    func u16(_ offset: Int) -> Int {
        Int(bytes.load(fromByteOffset: offset, as: UInt8.self)) << 8
            | Int(bytes.load(fromByteOffset: offset + 1, as: UInt8.self))
    }
    func u32(_ offset: Int) -> UInt32 {
        UInt32(u16(offset)) << 16 | UInt32(u16(offset + 2))
    }
    let count = u16(2)
    guard 4 + 8 * count <= size else { return false }
    var subtable = 0
    var previous = -1
    for record in 0..<count {
        let platform = u16(4 + 8 * record)
        let encoding = u16(4 + 8 * record + 2)
        let key = platform << 16 | encoding
        guard key > previous, key != 3 << 16 else { return false }
        previous = key
        if key == 3 << 16 | 10 { subtable = Int(u32(4 + 8 * record + 4)) }
    }
    guard subtable > 0, subtable + 16 <= size, u16(subtable) == 12 else { return false }
    let groupCount = Int(u32(subtable + 12))
    let groups = subtable + 16
    guard groupCount <= (size - groups) / 12 else { return false }
    var lastEnd: UInt32?
    for group in 0..<groupCount {
        let start = u32(groups + 12 * group)
        let end = u32(groups + 12 * group + 4)
        guard start <= end, lastEnd.map({ start > $0 }) ?? true else { return false }
        lastEnd = end
    }
    var group = 0
    for k in points.indices {
        let point = points[k]
        while group < groupCount && u32(groups + 12 * group + 4) < point { group += 1 }
        guard group < groupCount else {
            glyphs[k] = 0
            continue
        }
        let start = u32(groups + 12 * group)
        glyphs[k] = start <= point ? u32(groups + 12 * group + 8) &+ (point &- start) : 0
    }
    return true
}
