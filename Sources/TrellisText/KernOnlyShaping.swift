// Exact widths without HarfBuzz for text that the font only kerns.
//
// HarfBuzz costs about 0.36 µs per character with Inter (many contextual
// lookups are tried on every glyph), which is most of a cold layout. Yet for
// ordinary words most of that work finds nothing to do: no substitution
// applies, and the only positioning is pair kerning. When a font's OpenType
// layout can be shown, from its tables, to do nothing else to a piece of text,
// the piece's advances are each glyph's advance plus the kerning of it and the
// next glyph, and those pair kernings are read from text HarfBuzz has already
// shaped. This file holds that proof (`_KernOnlyFace`, per font, from its
// GSUB, GPOS and GDEF tables) and the learned pairs (`_KernPairs`, per
// workspace), and the measuring itself (`_Workspace.kernOnlyMeasure`).
//
// Why it is exact, step by step (the rules are those of the OpenType
// specification's GSUB and GPOS chapters, as HarfBuzz implements them):
// - A piece is eligible when every character is in the table below (U+0020 to
//   U+23FF), has a glyph in the font's cmap that GDEF does not class as a
//   mark, is not a mark, control, format or unassigned character nor
//   U+2044, and is of the Common, Latin, Cyrillic or Greek script. HarfBuzz then keeps each character as its cmap glyph (its
//   normalizer keeps characters the font has), one cluster per character,
//   shaped by the default shaper with the plan of the buffer's script (the
//   first character whose script is not Common, as
//   `hb_buffer_guess_segment_properties` chooses).
// - A lookup subtable can only act at a glyph in its first coverage table
//   (the mark coverage for mark attachment). For each script's plan, the
//   glyphs at which any substitution, or any positioning other than pair
//   adjustment, could act on eligible text are "triggers". A rule that
//   needs a glyph no eligible character maps to (a ligature with a
//   combining mark, a context of marks or of another script) triggers
//   nothing; rules given by glyphs (format 1) and by classes (format 2) are
//   checked component by component, rules given by coverage tables (format
//   3) coverage by coverage. A format 3 rule with context, such as Inter's
//   "×" for an "x" between digits, makes its first glyph a trigger only in
//   text that also has a glyph of its rarest other coverage (its guard), so
//   "x" stays simple in words without digits. The fraction features
//   (`frac`, `numr`, `dnom`) act only next to U+2044 FRACTION SLASH
//   (HarfBuzz sets their masks there alone), which is not eligible, so their
//   lookups are left out of the plan examined. What remains of the eligible
//   glyphs is the plan's simple set: on text of simple glyphs without a
//   guarded trigger next to its guard, nothing fires but pair adjustment,
//   so no glyph ever changes.
// - Pair adjustment (GPOS lookup type 2) with `valueFormat2 == 0` adjusts
//   only the first glyph, and the next pair starts at the second glyph; with
//   lookup flags that skip no base glyph or ligature, "next" is the adjacent
//   glyph. So each lookup adds to glyph i an amount that depends only on
//   glyphs i and i + 1, and glyph i's advance is its `hmtx` advance plus
//   K(glyph i, glyph i + 1), the sum over lookups; the last glyph has its
//   `hmtx` advance. Plans with other pair lookups are not modelled.
// - K(a, b) is learned from HarfBuzz's own output: in any text of simple
//   glyphs HarfBuzz shapes, glyph i's advance minus its `hmtx` advance is
//   K(glyph i, glyph i + 1). A piece whose pairs are all known is measured
//   from them; any other is shaped by HarfBuzz, which teaches its pairs.
//   Learning checks the model as it goes (a pair seen twice must agree, and a
//   last glyph must have its plain advance); a contradiction turns the model
//   off for that workspace.
// - Fonts with AAT tables (`morx`, `mort`, `kerx`, `trak`) or a legacy `kern`
//   table, or without GPOS, are not modelled (HarfBuzz would use those).
//   Malformed layout tables turn the model off for that font.
// `KernOnlyShapingTests` checks every piece of several corpora bit for bit
// against HarfBuzz.
import CHarfBuzz

/// A set of glyph ids as bits.
struct _GlyphSet {
    private(set) var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    @inline(__always)
    func contains(_ glyph: Int) -> Bool {
        let word = glyph >> 6
        return word < words.count && (words[word] >> UInt64(glyph & 63)) & 1 != 0
    }

    mutating func insert(_ glyph: Int) {
        let word = glyph >> 6
        if word < words.count { words[word] |= 1 << UInt64(glyph & 63) }
    }

    mutating func subtract(_ other: _GlyphSet) {
        for index in words.indices where index < other.words.count {
            words[index] &= ~other.words[index]
        }
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

/// Glyphs at which a plan's lookups could act on eligible text: always, or
/// only in text that also has a glyph of a guard set.
struct _Triggers {
    var always: _GlyphSet
    var conditional: [(glyphs: [Int], guardGlyphs: [Int])] = []

    init(count: Int) { always = _GlyphSet(count: count) }

    mutating func insert(_ glyph: Int) { always.insert(glyph) }
}

/// One script's plan, as `kernOnlyMeasure` checks a piece against it: the
/// piece's glyphs must all be simple, and no glyph whose `needs` has a bit
/// may share the piece with a glyph whose `guards` has that bit.
struct _KernOnlyPlan {
    /// Eligible glyphs that are never triggers.
    var simple: _GlyphSet
    /// Per glyph: the guard sets whose presence makes it a trigger (bits);
    /// empty when the plan has none.
    var needs: [UInt64]
    /// Per glyph: the guard sets it belongs to (bits); empty when the plan has none.
    var guards: [UInt64]

    /// Builds the plan from its triggers; guards beyond 64 distinct sets
    /// make their glyphs triggers always.
    init(eligible: _GlyphSet, triggers: _Triggers, glyphCount: Int) {
        var always = triggers.always
        // Per-glyph bits only for plans with guarded triggers (they cost 16
        // bytes a glyph, 1 MB for a font of 65,536 glyphs).
        let size = triggers.conditional.isEmpty ? 0 : glyphCount
        var needs = [UInt64](repeating: 0, count: size)
        var guards = [UInt64](repeating: 0, count: size)
        var bits: [[Int]: Int] = [:]
        for (glyphs, guardGlyphs) in triggers.conditional {
            var bit = bits[guardGlyphs]
            if bit == nil && bits.count < 64 {
                bit = bits.count
                bits[guardGlyphs] = bit
                for glyph in guardGlyphs { guards[glyph] |= 1 << UInt64(bits.count - 1) }
            }
            for glyph in glyphs {
                if let bit { needs[glyph] |= 1 << UInt64(bit) } else { always.insert(glyph) }
            }
        }
        var simple = eligible
        simple.subtract(always)
        self.simple = simple
        self.needs = needs
        self.guards = guards
    }
}

/// What a face's layout does to eligible text, worked out once per font.
final class _KernOnlyFace: @unchecked Sendable {
    /// Code points below this are looked up in `scalars`; others are not eligible.
    static let scalarLimit = 0x2400
    /// `scalars`' script class of an ineligible code point.
    static let ineligible: UInt32 = 7

    /// Per code point: its cmap glyph (bits 0–15) and script class (bits
    /// 16–18: 0 Common, 1 Latin, 2 Cyrillic, 3 Greek, 7 not eligible).
    let scalars: [UInt32]
    /// Each glyph's advance in design units (HarfBuzz's, at scale = units per em).
    let advances: [Int32]
    /// Per script class, the plan's simple glyphs, or nil when the plan is
    /// not kern-only (see the file's comment).
    let simple: [_KernOnlyPlan?]

    /// The HarfBuzz scripts of the classes, in class order.
    static let scripts: [hb_script_t] = [
        HB_SCRIPT_INVALID, HB_SCRIPT_LATIN, HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK,
    ]

    /// The class of a buffer's script (its place in `scripts`), or nil for a
    /// script not modelled.
    @inline(__always)
    static func scriptClass(_ script: hb_script_t) -> Int? {
        scripts.firstIndex(of: script)
    }

    /// The analysis of a face, or nil when its tables rule the model out.
    static func analyze(face: OpaquePointer, font: OpaquePointer) -> _KernOnlyFace? {
        for tag in ["morx", "mort", "kerx", "trak", "kern"] where _tableLength(face, tag) > 0 {
            return nil
        }
        let glyphCount = Int(hb_face_get_glyph_count(face))
        guard glyphCount > 0, glyphCount <= 0x10000 else { return nil }
        var advances = [Int32](repeating: 0, count: glyphCount)
        for glyph in 0..<glyphCount {
            advances[glyph] = hb_font_get_glyph_h_advance(font, hb_codepoint_t(glyph))
        }
        // Eligible code points and their glyphs; `eligible` holds those
        // glyphs that GDEF does not class as marks.
        let unicode = hb_unicode_funcs_get_default()
        var scalars = [UInt32](repeating: ineligible << 16, count: scalarLimit)
        var eligible = _GlyphSet(count: glyphCount)
        for codePoint in 0x20..<scalarLimit {
            let point = hb_codepoint_t(codePoint)
            guard codePoint != 0x2044, _isEligibleCategory(hb_unicode_general_category(unicode, point)) else { continue }
            let script = hb_unicode_script(unicode, point)
            let scriptClass: UInt32
            if script == HB_SCRIPT_COMMON {
                scriptClass = 0
            } else if let known = Self.scriptClass(script), known > 0 {
                scriptClass = UInt32(known)
            } else {
                continue
            }
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, point, &glyph) != 0, glyph != 0,
                Int(glyph) < glyphCount,
                hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK
            else { continue }
            scalars[codePoint] = glyph | scriptClass << 16
            eligible.insert(Int(glyph))
        }
        let gsubBlob = hb_face_reference_table(face, _tag("GSUB"))
        let gposBlob = hb_face_reference_table(face, _tag("GPOS"))
        defer {
            hb_blob_destroy(gsubBlob)
            hb_blob_destroy(gposBlob)
        }
        let budget = _LayoutReader.Budget()
        let gsub = _LayoutReader(blob: gsubBlob, budget: budget)
        let gpos = _LayoutReader(blob: gposBlob, budget: budget)
        guard (try? gpos.u16(0)) == 1 else { return nil }
        var simple: [_KernOnlyPlan?] = []
        for script in scripts {
            var properties = hb_segment_properties_t()
            properties.direction = HB_DIRECTION_LTR
            properties.script = script
            properties.language = hb_language_get_default()
            // The fraction features act only around U+2044 FRACTION SLASH
            // (HarfBuzz sets their masks there alone), which is not
            // eligible; the plan without them has every other lookup.
            var features = ["frac", "numr", "dnom"].map {
                hb_feature_t(tag: _tag($0), value: 0, start: 0, end: UInt32.max)
            }
            guard
                let plan = hb_shape_plan_create_cached(
                    face, &properties, &features, UInt32(features.count), nil)
            else {
                simple.append(nil)
                continue
            }
            defer { hb_shape_plan_destroy(plan) }
            var triggers = _Triggers(count: glyphCount)
            do {
                try gsub.scanLookups(
                    _planLookups(plan, "GSUB"), isPositioning: false, eligible: eligible,
                    triggers: &triggers)
                try gpos.scanLookups(
                    _planLookups(plan, "GPOS"), isPositioning: true, eligible: eligible,
                    triggers: &triggers)
                simple.append(
                    _KernOnlyPlan(eligible: eligible, triggers: triggers, glyphCount: glyphCount))
            } catch {
                simple.append(nil)
            }
        }
        guard simple.contains(where: { $0 != nil }) else { return nil }
        return _KernOnlyFace(
            scalars: scalars, advances: advances, simple: simple,
            analysisSteps: _LayoutReader.Budget.steps - budget.remaining)
    }

    /// Table reads and glyphs visited by the analysis (see `_LayoutReader.Budget`).
    let analysisSteps: Int

    private init(
        scalars: [UInt32], advances: [Int32], simple: [_KernOnlyPlan?], analysisSteps: Int
    ) {
        self.scalars = scalars
        self.advances = advances
        self.simple = simple
        self.analysisSteps = analysisSteps
    }
}

/// General categories of eligible characters: letters, numbers, punctuation,
/// symbols and space separators; not marks, controls, format characters,
/// line or paragraph separators, private use, surrogates or unassigned.
private func _isEligibleCategory(_ category: hb_unicode_general_category_t) -> Bool {
    switch category {
    case HB_UNICODE_GENERAL_CATEGORY_CONTROL, HB_UNICODE_GENERAL_CATEGORY_FORMAT,
        HB_UNICODE_GENERAL_CATEGORY_UNASSIGNED, HB_UNICODE_GENERAL_CATEGORY_PRIVATE_USE,
        HB_UNICODE_GENERAL_CATEGORY_SURROGATE, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
        HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK, HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK,
        HB_UNICODE_GENERAL_CATEGORY_LINE_SEPARATOR, HB_UNICODE_GENERAL_CATEGORY_PARAGRAPH_SEPARATOR:
        return false
    default:
        return true
    }
}

private func _tag(_ name: String) -> hb_tag_t {
    name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
}

private func _tableLength(_ face: OpaquePointer, _ tag: String) -> UInt32 {
    let blob = hb_face_reference_table(face, _tag(tag))
    defer { hb_blob_destroy(blob) }
    return hb_blob_get_length(blob)
}

/// The lookups of `table` a shape plan applies, in index order.
private func _planLookups(_ plan: OpaquePointer, _ table: String) -> [Int] {
    let set = hb_set_create()
    defer { hb_set_destroy(set) }
    hb_ot_shape_plan_collect_lookups(plan, _tag(table), set)
    var lookups: [Int] = []
    var index = hb_codepoint_t.max
    while hb_set_next(set, &index) != 0 { lookups.append(Int(index)) }
    return lookups
}

/// A GSUB or GPOS table read with bounds checks: every read past its end
/// throws, and the caller gives up on the model for that font.
private struct _LayoutReader {
    struct Malformed: Error {}

    /// Reads and glyphs visited so far, shared by the readers of one font.
    /// A table whose offsets point back at the same data many times (or a
    /// coverage range of every glyph, many times over) could otherwise keep
    /// the analysis busy for billions of steps; past the budget the font
    /// is left to HarfBuzz. Real fonts need well under a tenth of it.
    final class Budget {
        static let steps = 50_000_000
        var remaining = steps
    }

    let bytes: UnsafeRawBufferPointer
    let budget: Budget

    /// The blob stays alive (its owner destroys it after reading).
    init(blob: OpaquePointer?, budget: Budget) {
        var length: UInt32 = 0
        if let blob, let data = hb_blob_get_data(blob, &length), length > 0 {
            bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
        } else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        }
        self.budget = budget
    }

    /// Counts `steps` against the budget.
    @inline(__always)
    func spend(_ steps: Int) throws(Malformed) {
        budget.remaining -= steps
        if budget.remaining < 0 { throw Malformed() }
    }

    func u16(_ offset: Int) throws(Malformed) -> Int {
        try spend(1)
        guard offset >= 0, offset + 2 <= bytes.count else { throw Malformed() }
        return Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    }

    func u32(_ offset: Int) throws(Malformed) -> Int {
        try spend(1)
        guard offset >= 0, offset + 4 <= bytes.count else { throw Malformed() }
        return Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// Calls `body` with each glyph of the coverage table at `offset`.
    func forEachCovered(_ offset: Int, _ body: (Int) -> Void) throws(Malformed) {
        try forEachCoveredIndex(offset) { glyph, _ in body(glyph) }
    }

    /// Calls `body` with each glyph of the coverage table at `offset` and its coverage index.
    func forEachCoveredIndex(_ offset: Int, _ body: (Int, Int) -> Void) throws(Malformed) {
        let format = try u16(offset)
        let count = try u16(offset + 2)
        switch format {
        case 1:
            for index in 0..<count { body(try u16(offset + 4 + 2 * index), index) }
        case 2:
            try forEachRange(offset + 4, count: count) { first, last, startIndex in
                for glyph in first...last { body(glyph, startIndex + glyph - first) }
            }
        default:
            throw Malformed()
        }
    }

    /// Calls `body` with each of the `count` range records at `offset`
    /// (first glyph, last glyph, a value: coverage and class definition
    /// tables of format 2 share them), charging their glyphs to the budget.
    func forEachRange(_ offset: Int, count: Int, _ body: (Int, Int, Int) -> Void)
        throws(Malformed)
    {
        for index in 0..<count {
            let first = try u16(offset + 6 * index)
            let last = try u16(offset + 2 + 6 * index)
            let value = try u16(offset + 4 + 6 * index)
            guard first <= last else { throw Malformed() }
            try spend(last - first + 1)
            body(first, last, value)
        }
    }

    /// The classes a class definition table gives to the glyphs of `set`
    /// (class 0 included when one of them is not listed), and each glyph's class.
    func classes(_ offset: Int, of set: _GlyphSet) throws(Malformed) -> (
        present: Set<Int>, classOf: [Int: Int]
    ) {
        var classOf: [Int: Int] = [:]
        let format = try u16(offset)
        switch format {
        case 1:
            let start = try u16(offset + 2)
            let count = try u16(offset + 4)
            for index in 0..<count where set.contains(start + index) {
                classOf[start + index] = try u16(offset + 6 + 2 * index)
            }
        case 2:
            try forEachRange(offset + 4, count: try u16(offset + 2)) { first, last, value in
                for glyph in first...last where set.contains(glyph) { classOf[glyph] = value }
            }
        default:
            throw Malformed()
        }
        var present = Set(classOf.values)
        if classOf.count < set.count { present.insert(0) }
        return (present, classOf)
    }

    /// Adds the glyphs of `set` that the coverage table at `offset` has to `triggers`.
    func addCovered(_ offset: Int, in set: _GlyphSet, to triggers: inout _Triggers)
        throws(Malformed)
    {
        try forEachCovered(offset) { if set.contains($0) { triggers.insert($0) } }
    }

    /// Adds to `triggers` the eligible glyphs at which the given lookups
    /// could act on eligible text, pair adjustment aside; throws when a pair
    /// adjustment breaks the model or the table is malformed.
    func scanLookups(
        _ lookups: [Int], isPositioning: Bool, eligible: _GlyphSet, triggers: inout _Triggers
    ) throws(Malformed) {
        if lookups.isEmpty { return }
        let list = try u16(8)
        let count = try u16(list)
        for index in lookups {
            guard index < count else { throw Malformed() }
            let lookup = list + (try u16(list + 2 + 2 * index))
            let lookupType = try u16(lookup)
            let flags = try u16(lookup + 2)
            let subtables = try u16(lookup + 4)
            for subtableIndex in 0..<subtables {
                var subtable = lookup + (try u16(lookup + 6 + 2 * subtableIndex))
                var type = lookupType
                if type == (isPositioning ? 9 : 7) {  // extension: the real type and offset
                    guard try u16(subtable) == 1 else { throw Malformed() }
                    type = try u16(subtable + 2)
                    subtable += try u32(subtable + 4)
                }
                try scanSubtable(
                    subtable, type: type, flags: flags, isPositioning: isPositioning,
                    eligible: eligible, triggers: &triggers)
            }
        }
    }

    private func scanSubtable(
        _ subtable: Int, type: Int, flags: Int, isPositioning: Bool, eligible: _GlyphSet,
        triggers: inout _Triggers
    ) throws(Malformed) {
        let format = try u16(subtable)
        switch (isPositioning, type) {
        case (false, 4) where format == 1:  // ligature: only when all its components can occur
            try addIfAnySequence(subtable, sets: subtable + 4, eligible, &triggers) {
                (ligature) throws(Malformed) in
                try glyphsEligible(ligature + 4, count: try u16(ligature + 2) - 1, eligible)
            }
        case (false, 1), (false, 2), (false, 3), (false, 4),  // single, multiple, alternate, ligature
            (true, 1), (true, 3), (true, 4), (true, 5), (true, 6):  // single, cursive, mark attachment
            try addCovered(subtable + (try u16(subtable + 2)), in: eligible, to: &triggers)
        case (true, 2):
            // Pair adjustment: modelled when it adjusts the first glyph only
            // and skips neither base glyphs nor ligatures.
            guard format == 1 || format == 2, try u16(subtable + 6) == 0, flags & 0x6 == 0 else {
                throw Malformed()
            }
        case (false, 5), (true, 7):  // context
            if format == 3 {
                let glyphCount = try u16(subtable + 2)
                let coverages = try (0..<glyphCount).map { (index) throws(Malformed) in
                    subtable + (try u16(subtable + 6 + 2 * index))
                }
                try addIfMatchable(coverages, first: coverages.first, eligible, &triggers)
            } else if format == 1 {  // rules of glyphs: each must be eligible
                try addIfAnySequence(subtable, sets: subtable + 4, eligible, &triggers) {
                    (rule) throws(Malformed) in
                    try glyphsEligible(rule + 4, count: try u16(rule) - 1, eligible)
                }
            } else if format == 2 {  // rules of classes: each must be some eligible glyph's
                let (present, classOf) = try classes(subtable + (try u16(subtable + 4)), of: eligible)
                try addIfAnyClassRule(
                    subtable, sets: subtable + 6, classOf: classOf, eligible, &triggers
                ) { (rule) throws(Malformed) in
                    try classesPresent(rule + 4, count: try u16(rule) - 1, present)
                }
            } else {
                throw Malformed()
            }
        case (false, 6), (true, 8):  // chained context
            if format == 3 {
                var offset = subtable + 2
                var coverages: [Int] = []
                var firstInput: Int?
                for part in 0..<3 {
                    let count = try u16(offset)
                    for index in 0..<count {
                        let coverage = subtable + (try u16(offset + 2 + 2 * index))
                        if part == 1 && index == 0 { firstInput = coverage }
                        coverages.append(coverage)
                    }
                    offset += 2 + 2 * count
                }
                try addIfMatchable(coverages, first: firstInput, eligible, &triggers)
            } else if format == 1 {
                try addIfAnySequence(subtable, sets: subtable + 4, eligible, &triggers) {
                    (rule) throws(Malformed) in
                    var offset = rule
                    for part in 0..<3 {
                        let count = try u16(offset) - (part == 1 ? 1 : 0)
                        guard count >= 0 else { throw Malformed() }
                        if !(try glyphsEligible(offset + 2, count: count, eligible)) { return false }
                        offset += 2 + 2 * count
                    }
                    return true
                }
            } else if format == 2 {
                let backtrack = try classes(subtable + (try u16(subtable + 4)), of: eligible)
                let input = try classes(subtable + (try u16(subtable + 6)), of: eligible)
                let lookahead = try classes(subtable + (try u16(subtable + 8)), of: eligible)
                try addIfAnyClassRule(
                    subtable, sets: subtable + 10, classOf: input.classOf, eligible, &triggers
                ) { (rule) throws(Malformed) in
                    var offset = rule
                    for (part, present) in [backtrack.present, input.present, lookahead.present]
                        .enumerated()
                    {
                        let count = try u16(offset) - (part == 1 ? 1 : 0)
                        guard count >= 0 else { throw Malformed() }
                        if !(try classesPresent(offset + 2, count: count, present)) { return false }
                        offset += 2 + 2 * count
                    }
                    return true
                }
            } else {
                throw Malformed()
            }
        case (false, 8):  // reverse chained single substitution
            let coverage = subtable + (try u16(subtable + 2))
            var coverages = [coverage]
            var offset = subtable + 4
            for _ in 0..<2 {
                let count = try u16(offset)
                for index in 0..<count {
                    coverages.append(subtable + (try u16(offset + 2 + 2 * index)))
                }
                offset += 2 + 2 * count
            }
            try addIfMatchable(coverages, first: coverage, eligible, &triggers)
        default:
            throw Malformed()
        }
    }

    /// For subtables whose coverage index selects a set of sequences (rule
    /// sets, ligature sets): a covered eligible glyph is a trigger when one
    /// sequence of its set satisfies `matchable`.
    private func addIfAnySequence(
        _ subtable: Int, sets: Int, _ eligible: _GlyphSet, _ triggers: inout _Triggers,
        _ matchable: (Int) throws(Malformed) -> Bool
    ) throws(Malformed) {
        let setCount = try u16(sets)
        var covered: [(glyph: Int, index: Int)] = []
        try forEachCoveredIndex(subtable + (try u16(subtable + 2))) { glyph, index in
            if eligible.contains(glyph) { covered.append((glyph, index)) }
        }
        for (glyph, index) in covered where index < setCount {
            let setOffset = try u16(sets + 2 + 2 * index)
            if setOffset == 0 { continue }
            let set = subtable + setOffset
            let count = try u16(set)
            for sequence in 0..<count {
                if try matchable(set + (try u16(set + 2 + 2 * sequence))) {
                    triggers.insert(glyph)
                    break
                }
            }
        }
    }

    /// For class-based rules: a covered eligible glyph is a trigger when one
    /// rule of its input class's set satisfies `matchable`.
    private func addIfAnyClassRule(
        _ subtable: Int, sets: Int, classOf: [Int: Int], _ eligible: _GlyphSet,
        _ triggers: inout _Triggers, _ matchable: (Int) throws(Malformed) -> Bool
    ) throws(Malformed) {
        let setCount = try u16(sets)
        var covered: [Int] = []
        try forEachCovered(subtable + (try u16(subtable + 2))) {
            if eligible.contains($0) { covered.append($0) }
        }
        var matchableClasses: [Int: Bool] = [:]
        for glyph in covered {
            let inputClass = classOf[glyph] ?? 0
            if let known = matchableClasses[inputClass] {
                if known { triggers.insert(glyph) }
                continue
            }
            var found = false
            if inputClass < setCount {
                let setOffset = try u16(sets + 2 + 2 * inputClass)
                if setOffset != 0 {
                    let set = subtable + setOffset
                    let count = try u16(set)
                    for rule in 0..<count where !found {
                        found = try matchable(set + (try u16(set + 2 + 2 * rule)))
                    }
                }
            }
            matchableClasses[inputClass] = found
            if found { triggers.insert(glyph) }
        }
    }

    private func glyphsEligible(_ offset: Int, count: Int, _ eligible: _GlyphSet)
        throws(Malformed) -> Bool
    {
        guard count >= 0 else { throw Malformed() }
        for index in 0..<count where !eligible.contains(try u16(offset + 2 * index)) {
            return false
        }
        return true
    }

    private func classesPresent(_ offset: Int, count: Int, _ present: Set<Int>)
        throws(Malformed) -> Bool
    {
        guard count >= 0 else { throw Malformed() }
        for index in 0..<count where !present.contains(try u16(offset + 2 * index)) {
            return false
        }
        return true
    }

    /// A rule of coverage tables can only match text of eligible glyphs when
    /// each of its coverages has one; then its first input glyphs are
    /// triggers. When it has other coverages than the first input's, they
    /// are triggers only in text that has a glyph of one of them (its guard:
    /// the one with fewest eligible glyphs), as "x" in Inter only becomes
    /// "×" between digits.
    private func addIfMatchable(
        _ coverages: [Int], first: Int?, _ eligible: _GlyphSet, _ triggers: inout _Triggers
    ) throws(Malformed) {
        guard let first, let firstIndex = coverages.firstIndex(of: first) else { return }
        var guardGlyphs: [Int]?
        for (index, coverage) in coverages.enumerated() {
            var glyphs: [Int] = []
            try forEachCovered(coverage) { if eligible.contains($0) { glyphs.append($0) } }
            if glyphs.isEmpty { return }
            if index != firstIndex && glyphs.count < (guardGlyphs?.count ?? .max) {
                guardGlyphs = glyphs
            }
        }
        var firstGlyphs: [Int] = []
        try forEachCovered(first) { if eligible.contains($0) { firstGlyphs.append($0) } }
        if let guardGlyphs {
            triggers.conditional.append((firstGlyphs, guardGlyphs.sorted()))
        } else {
            for glyph in firstGlyphs { triggers.insert(glyph) }
        }
    }
}

/// Pair kernings learned from HarfBuzz's output: (face, script class, first
/// glyph, second glyph) → adjustment of the first glyph's advance, in design
/// units. Open addressing with linear probing; one per workspace, so no lock.
struct _KernPairs {
    private var keys: [UInt64] = Array(repeating: _KernPairs.empty, count: 1024)
    private var values: [Int32] = Array(repeating: 0, count: 1024)
    private(set) var count = 0

    private static let empty = UInt64.max

    @inline(__always)
    static func key(face: Int, scriptClass: Int, first: UInt32, second: UInt32) -> UInt64 {
        UInt64(truncatingIfNeeded: face) << 35 | UInt64(scriptClass) << 32 | UInt64(first) << 16
            | UInt64(second)
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    @inline(__always)
    func value(_ key: UInt64) -> Int32? {
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Records a pair; returns false when it was known with another value.
    mutating func insert(_ key: UInt64, _ value: Int32) -> Bool {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] == value }
            if found == Self.empty {
                keys[slot] = key
                values[slot] = value
                count += 1
                return true
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        count = 0
        for index in oldKeys.indices where oldKeys[index] != Self.empty {
            _ = insert(oldKeys[index], oldValues[index])
        }
    }
}

extension _Workspace {
    /// The kern-only analysis of `face` (cached for the last face asked).
    @inline(__always)
    func kernOnlyFace(_ face: _FontFace) -> _KernOnlyFace? {
        if face.id != kernFaceID {
            kernFaceID = face.id
            kernFace = face.kernOnly
        }
        return kernFace
    }

    /// The measure of the left-to-right `text[range]` with `face` when the
    /// face's layout only kerns it and every pair is known; nil otherwise
    /// (HarfBuzz must shape it). Equal, bit for bit, to shaping it alone.
    func kernOnlyMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int,
        face: _FontFace
    ) -> _PieceMeasure? {
        guard usesKernModel, !range.isEmpty, face.id < 1 << 24, let model = kernOnlyFace(face)
        else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: range.count) {
            glyphs -> _PieceMeasure? in
            // Pass 1: each character's glyph and offset, and the buffer's
            // script (its first character not of the Common script).
            var count = 0
            var scriptClass: UInt32 = 0
            var index = range.lowerBound
            let scalars = model.scalars
            while index < range.upperBound {
                let (scalar, length) = _decodeScalar(text, at: index)
                guard scalar < _KernOnlyFace.scalarLimit else { return nil }
                let entry = scalars[Int(scalar)]
                let entryClass = entry >> 16
                if entryClass == _KernOnlyFace.ineligible { return nil }
                if scriptClass == 0 { scriptClass = entryClass }
                glyphs[count] = UInt64(entry & 0xFFFF) | UInt64(index) << 32
                count += 1
                index += length
            }
            guard let plan = model.simple[Int(scriptClass)] else { return nil }
            let hasGuards = !plan.needs.isEmpty
            var needed: UInt64 = 0
            var present: UInt64 = 0
            // Pass 2: advances with each pair's kerning, summed as
            // `shapeRun` sums HarfBuzz's (same tally, same order).
            var tally = _GlyphTally(perUnit: 1 / Double(face.unitsPerEm))
            let advances = model.advances
            let faceKey = _KernPairs.key(face: face.id, scriptClass: Int(scriptClass), first: 0, second: 0)
            for position in 0..<count {
                let glyph = UInt32(truncatingIfNeeded: glyphs[position])
                guard plan.simple.contains(Int(glyph)) else { return nil }
                if hasGuards {
                    needed |= plan.needs[Int(glyph)]
                    present |= plan.guards[Int(glyph)]
                }
                var advance = advances[Int(glyph)]
                if position + 1 < count {
                    let next = UInt32(truncatingIfNeeded: glyphs[position + 1])
                    guard let kerning = kernPairs.value(faceKey | UInt64(glyph) << 16 | UInt64(next))
                    else { return nil }
                    advance &+= kerning
                }
                _ = tally.add(
                    cluster: UInt32(truncatingIfNeeded: glyphs[position] >> 32), advance: advance,
                    isMissing: false, trailingStart: trailingStart)
            }
            if needed & present != 0 { return nil }
            var measure = _PieceMeasure()
            tally.addTo(&measure)
            measure.fontMask = 1
            return measure
        }
    }

    /// Learns pair kernings from the buffer HarfBuzz has just shaped from
    /// `bytes` with `face`, left to right, when all its glyphs are simple.
    func learnKerning(
        _ bytes: UnsafeBufferPointer<UInt8>, _ infos: UnsafeMutablePointer<hb_glyph_info_t>,
        _ positions: UnsafeMutablePointer<hb_glyph_position_t>, _ glyphCount: Int,
        face: _FontFace
    ) {
        guard usesKernModel, glyphCount > 0, face.id < 1 << 24, let model = kernOnlyFace(face)
        else { return }
        var properties = hb_segment_properties_t()
        hb_buffer_get_segment_properties(buffer, &properties)
        guard let scriptClass = _KernOnlyFace.scriptClass(properties.script),
            let plan = model.simple[scriptClass]
        else { return }
        // Every glyph must be the cmap glyph of its own character, simple
        // for this plan, and in the buffer's order.
        var index = 0
        var needed: UInt64 = 0
        var present: UInt64 = 0
        for position in 0..<glyphCount {
            guard index < bytes.count else { return }
            let (scalar, length) = _decodeScalar(bytes, at: index)
            guard scalar < _KernOnlyFace.scalarLimit else { return }
            let entry = model.scalars[Int(scalar)]
            let glyph = infos[position].codepoint
            guard entry >> 16 != _KernOnlyFace.ineligible, entry & 0xFFFF == glyph,
                infos[position].cluster == UInt32(index), plan.simple.contains(Int(glyph))
            else { return }
            if !plan.needs.isEmpty {
                needed |= plan.needs[Int(glyph)]
                present |= plan.guards[Int(glyph)]
            }
            index += length
        }
        guard index == bytes.count, needed & present == 0 else { return }
        let faceKey = _KernPairs.key(face: face.id, scriptClass: scriptClass, first: 0, second: 0)
        var consistent =
            positions[glyphCount - 1].x_advance == model.advances[Int(infos[glyphCount - 1].codepoint)]
        for position in 0..<(glyphCount - 1) where consistent {
            let glyph = infos[position].codepoint
            let kerning = positions[position].x_advance &- model.advances[Int(glyph)]
            consistent = kernPairs.insert(
                faceKey | UInt64(glyph) << 16 | UInt64(infos[position + 1].codepoint), kerning)
        }
        if !consistent { usesKernModel = false }
    }
}
