// A cmap's format 12 subtable read in one pass over its groups: the glyphs of
// many code points for the kern-only analysis of a face
// (_KernOnlyEligibility.swift), and a face's coverage of the Basic
// Multilingual Plane (_CmapCoverage.swift). `hb_font_get_nominal_glyphs`
// searches the groups for each code point: Noto Sans CJK's cmap has 15,286
// groups, and its 37,000 candidate code points cost about 200 instructions
// each; `hb_face_collect_unicodes` added each group to a set, about 350
// instructions a group. Both once per process, on the first Chinese row.
import CHarfBuzz

/// The format 12 subtable HarfBuzz's cmap accelerator reads nominal glyphs
/// and collects code points from, located in a `cmap` table's bytes: the
/// offset of its first group and the number of groups; nil for a cmap not
/// read here as HarfBuzz reads it.
///
/// HarfBuzz reads a symbol subtable (platform 3, encoding 0) when the cmap
/// has one, else the subtable of platform 3, encoding 10, when it has one;
/// it finds an encoding record by binary search, and a format 12
/// subtable's group by binary search, and maps a code point in a group to
/// the group's glyph plus its distance from the group's start (32-bit
/// arithmetic), glyph 0 meaning none. Its sanitizer drops a cmap whose
/// version is not 0 whole (the face then maps no code point), and a
/// subtable that does not fit in the table; it zeroes the offset of each
/// record whose subtable it refuses, at most 32 times
/// (`HB_SANITIZE_MAX_EDITS`), and drops the whole table at the 33rd (an
/// Inter whose record count was damaged from 4 to 48 mapped nothing in
/// HarfBuzz). This takes a cmap of version 0 with at most 32 records
/// besides its (3, 10) one (so no damage of the others makes HarfBuzz drop
/// the table), no (3, 0)
/// record, whose (3, 10) record names a format 12 subtable, with its
/// encoding records in increasing order (so the search finds that record)
/// and groups that each start at or before their end and come in
/// increasing order without overlap (so the search finds the one group
/// holding a code point, or none), all within the table.
private func _cmapFormat12Groups(_ bytes: UnsafeRawBufferPointer) -> (first: Int, count: Int)? {
    let size = bytes.count
    guard size >= 4 else { return nil }
    let count = _u16(bytes, 2)
    guard _u16(bytes, 0) == 0, count <= 33, 4 + 8 * count <= size else { return nil }
    var subtable = 0
    var previous = -1
    for record in 0..<count {
        let key = _u16(bytes, 4 + 8 * record) << 16 | _u16(bytes, 4 + 8 * record + 2)
        guard key > previous, key != 3 << 16 else { return nil }
        previous = key
        if key == 3 << 16 | 10 { subtable = Int(_u32(bytes, 4 + 8 * record + 4)) }
    }
    guard subtable > 0, subtable + 16 <= size, _u16(bytes, subtable) == 12 else { return nil }
    let groupCount = Int(_u32(bytes, subtable + 12))
    let first = subtable + 16
    guard groupCount <= (size - first) / 12 else { return nil }
    var lastEnd: UInt32?
    for group in 0..<groupCount {
        let start = _u32(bytes, first + 12 * group)
        let end = _u32(bytes, first + 12 * group + 4)
        guard start <= end, lastEnd.map({ start > $0 }) ?? true else { return nil }
        lastEnd = end
    }
    return (first, groupCount)
}

@inline(__always)
private func _u16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Int {
    Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
}

@inline(__always)
private func _u32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
    UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
}

/// Calls `body` with the bytes of `face`'s `cmap` table (nil without one).
private func _withCmap<Result>(
    _ face: OpaquePointer, _ body: (UnsafeRawBufferPointer?) -> Result
) -> Result {
    // 'cmap'
    guard let blob = hb_face_reference_table(face, 0x636D_6170) else { return body(nil) }
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return body(nil) }
    return body(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length)))
}

/// Writes to `glyphs[k]` the glyph `hb_font_get_nominal_glyph` gives
/// `points[k]` (0 when it gives none), for `points` in increasing order,
/// and returns true; or returns false, writing nothing, when `face`'s cmap
/// is not one read here as HarfBuzz reads it (`_cmapFormat12Groups`). The
/// groups are walked beside the code points. `CmapGroupsTests` compares
/// the glyphs of every BMP code point with `hb_font_get_nominal_glyph` for
/// the bundled fonts and the system fonts a multilingual text falls back to.
func _cmapFormat12Glyphs(
    face: OpaquePointer, points: UnsafeBufferPointer<UInt32>,
    into glyphs: UnsafeMutableBufferPointer<UInt32>
) -> Bool {
    for k in points.indices.dropFirst() where points[k] <= points[k - 1] { return false }
    return _withCmap(face) { bytes in
        guard let bytes, let (first, groupCount) = _cmapFormat12Groups(bytes) else { return false }
        // The group at `group` (its start, end and first glyph), or none past the last.
        var group = 0
        var (start, end, glyph) = (UInt32.max, UInt32.max, UInt32(0))
        if groupCount > 0 {
            start = _u32(bytes, first)
            end = _u32(bytes, first + 4)
            glyph = _u32(bytes, first + 8)
        }
        for k in points.indices {
            let point = points[k]
            while end < point {
                group += 1
                if group == groupCount {
                    (start, end, glyph) = (.max, .max, 0)
                    break
                }
                let at = first + 12 * group
                (start, end, glyph) = (_u32(bytes, at), _u32(bytes, at + 4), _u32(bytes, at + 8))
            }
            glyphs[k] = start <= point ? glyph &+ (point &- start) : 0
        }
        return true
    }
}

/// Fills `coverage` (0x10000 / 64 words, one bit a BMP code point) with the
/// code points `hb_face_collect_unicodes` lists for `face` (whose glyph
/// count is `glyphCount`) and returns true, or returns false, leaving
/// `coverage` alone, when the cmap is not one read here
/// (`_cmapFormat12Groups`). As HarfBuzz collects a format 12 subtable's
/// code points: a group whose first glyph is 0 starts one code point later
/// (none when it holds one), a group whose first glyph is past the last is
/// left out, and one that runs past the last glyph is cut at the code point
/// `glyphCount − first glyph` after its start (HarfBuzz's bound, one past
/// the last glyph). `CmapCoverageTests` compares every BMP code point with
/// `hb_font_get_nominal_glyph`.
func _cmapFormat12Coverage(
    face: OpaquePointer, glyphCount: UInt32, into coverage: UnsafeMutablePointer<UInt64>
) -> Bool {
    _withCmap(face) { bytes in
        guard let bytes, let (first, groupCount) = _cmapFormat12Groups(bytes) else { return false }
        coverage.initialize(repeating: 0, count: 0x1_0000 / 64)
        for group in 0..<groupCount {
            let at = first + 12 * group
            var start = _u32(bytes, at)
            let last = _u32(bytes, at + 4)
            var glyph = _u32(bytes, at + 8)
            // A group of one code point, as the steps below take it: most
            // of a CJK font's groups (Noto Sans CJK maps its ideographs to
            // glyphs out of code point order). This loop took 1.19 M
            // instructions for a Chinese row's faces, 0.93 M with this
            // step (callgrind, 2026-12-06).
            if start == last {
                if start < 0x1_0000 && glyph != 0 && glyph < glyphCount {
                    coverage[Int(start >> 6)] |= 1 << UInt64(start & 63)
                }
                continue
            }
            var end = min(last, 0x10_FFFF)
            if glyph == 0 {
                // HarfBuzz: skip the group when its last code point maps to
                // glyph 0 too (a group of one), else start one later.
                if end &- start == 0 { continue }
                start &+= 1
                glyph &+= 1
            }
            if glyph >= glyphCount { continue }
            if glyph &+ end &- start >= glyphCount { end = start &+ glyphCount &- glyph }
            guard start <= end, start < 0x1_0000 else { continue }
            _setCoverage(coverage, from: Int(start), through: Int(min(end, 0xFFFF)))
        }
        return true
    }
}
