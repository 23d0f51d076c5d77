// Measuring without HarfBuzz text at which a plan's substitutions act.
//
// The kern-only proof (KernOnlyShaping.swift) leaves to HarfBuzz every
// piece at which a substitution could act: Inter's contextual rules raise a
// colon, hyphen or bracket beside a capital or digit ("I:58", "A-R",
// "less(1)"), and each such piece cost a HarfBuzz call of about 60,000
// instructions (HarfBuzz sets up all of Inter's lookups for every buffer).
// For a piece of eligible characters (their cmap glyphs, one cluster each,
// no marks), `_SubstitutionPlan` applies the plan's GSUB lookups to the
// glyphs as HarfBuzz 6.0 applies them (`apply_forward` of
// hb-ot-layout.cc and the context matching of hb-ot-layout-gsubgpos.hh),
// as long as every change is one glyph for one:
// - lookups in the plan's order: HarfBuzz's default plan has one GSUB
//   pause, after `rvrn`, and sorts each stage's lookups by index; a face
//   with `rvrn` lookups is not modelled, so the order is the index order;
// - each lookup runs over the glyphs from the first; at a glyph of one of
//   its subtables' first coverages, the first subtable that applies acts,
//   and the next position is the one after what it consumed: a single
//   substitution replaces the glyph and moves on by one; a context rule
//   that matches (its backtrack against the glyphs already processed, its
//   input and lookahead against those ahead) applies its nested lookups at
//   its input positions in order, even none (an exception), and moves past
//   its input; nothing applies: the next glyph;
// - a ligature, multiple, alternate or reverse substitution that would
//   act, a lookup that skips base glyphs or ligatures (flags 2 and 4), a
//   substituted glyph that is a mark or not in the font, more than 64
//   glyphs, or nesting deeper than 8, give the piece back to HarfBuzz.
// Without marks and default-ignorable characters, HarfBuzz's matching skips
// no glyph, so a rule's places are adjacent glyphs. Positioning is then
// checked the same way: every GPOS lookup of the plan other than pair
// adjustment must act nowhere (a context rule that matches with nested
// lookups gives the piece back), and each glyph is measured as the kern
// model measures one, its advance plus the kerning of it and the next.
// `SubstitutionPlanTests` compares pieces with these triggers against
// HarfBuzz, for Inter and Roboto.
import CHarfBuzz

/// What a face has made of its substitutions: its tables once, and a plan
/// per script class of the kern model (nil until asked; then nil when not
/// modelled).
struct _SubstitutionPlans {
    var tables: _SubstitutionTables??
    var plans = [_SubstitutionPlan??](repeating: nil, count: _KernOnlyFace.scripts.count)
}

/// A face's GSUB lookups, every one of them (a context rule may apply any),
/// read once per face for its plans (`_FontFace.substitutionPlan`).
final class _SubstitutionTables: @unchecked Sendable {
    /// Faces with more glyphs are not modelled (bit sets per subtable).
    static let maximumGlyphCount = 16_384
    /// Nor are tables with more subtables.
    static let maximumSubtables = 4_096

    let gsubBlob: OpaquePointer
    let gposBlob: OpaquePointer
    let gsub: _LayoutReader
    let gpos: _LayoutReader
    let lookups: [_PlanLookup]
    /// The coverage sets of `lookups`' context rules (`_PlanSubtable.places`).
    let sets: [_GlyphSet]
    let marks: _GlyphSet
    let glyphCount: Int

    /// Takes over a reference to each blob (released at deinit).
    init(
        gsubBlob: OpaquePointer, gposBlob: OpaquePointer, lookups: [_PlanLookup],
        sets: [_GlyphSet], marks: _GlyphSet, glyphCount: Int
    ) {
        self.gsubBlob = gsubBlob
        self.gposBlob = gposBlob
        gsub = _LayoutReader(blob: gsubBlob, budget: nil)
        gpos = _LayoutReader(blob: gposBlob, budget: nil)
        self.lookups = lookups
        self.sets = sets
        self.marks = marks
        self.glyphCount = glyphCount
    }

    deinit {
        hb_blob_destroy(gsubBlob)
        hb_blob_destroy(gposBlob)
    }

    /// The tables of `face`, or nil when they cannot be modelled.
    static func make(face: OpaquePointer) -> _SubstitutionTables? {
        let glyphCount = Int(hb_face_get_glyph_count(face))
        guard glyphCount > 0, glyphCount <= maximumGlyphCount,
            let marks = _GlyphSet.marks(of: face, count: glyphCount)
        else { return nil }
        // `rvrn` is applied in a stage of its own, before the others.
        let variations = hb_set_create()
        defer { hb_set_destroy(variations) }
        var rvrn: [hb_tag_t] = [_tag("rvrn"), 0]
        hb_ot_layout_collect_lookups(face, _tag("GSUB"), nil, nil, &rvrn, variations)
        guard hb_set_get_population(variations) == 0 else { return nil }
        let gsubBlob = hb_face_reference_table(face, _tag("GSUB"))!
        let gposBlob = hb_face_reference_table(face, _tag("GPOS"))!
        var compiler = _LookupCompiler(
            reader: _LayoutReader(blob: gsubBlob, budget: _LayoutReader.Budget()),
            isPositioning: false, glyphCount: glyphCount)
        do throws(_LayoutReader.Malformed) {
            var lookups: [_PlanLookup] = []
            var subtables = 0
            let list = compiler.reader.bytes.isEmpty ? 0 : try compiler.reader.u16(8)
            let count = list == 0 ? 0 : try compiler.reader.u16(list)
            for index in 0..<count {
                let lookup = try compiler.lookup(index)
                subtables += lookup.subtables.count
                guard subtables <= maximumSubtables else { throw _LayoutReader.Malformed() }
                try requireHarfBuzzReads(lookup, index, face: face)
                lookups.append(lookup)
            }
            return _SubstitutionTables(
                gsubBlob: gsubBlob, gposBlob: gposBlob, lookups: lookups, sets: compiler.sets,
                marks: marks, glyphCount: glyphCount)
        } catch {
            hb_blob_destroy(gsubBlob)
            hb_blob_destroy(gposBlob)
            return nil
        }
    }
}

/// Throws unless every glyph at which a subtable of GSUB lookup `index`
/// may act is one HarfBuzz lists as an input of the lookup
/// (`hb_ot_layout_lookup_collect_glyphs`, read from its sanitized copy,
/// which lists each subtable's first coverage): a subtable its sanitizer
/// dropped lists nothing, and the model, which reads the table as it is in
/// the file, would apply what HarfBuzz does not (as for pairs,
/// `requireHarfBuzzReadsPairs`).
private func requireHarfBuzzReads(_ lookup: _PlanLookup, _ index: Int, face: OpaquePointer)
    throws(_LayoutReader.Malformed)
{
    guard let listed = hb_set_create() else { throw _LayoutReader.Malformed() }
    defer { hb_set_destroy(listed) }
    hb_ot_layout_lookup_collect_glyphs(face, _tag("GSUB"), UInt32(index), nil, listed, nil, nil)
    for subtable in lookup.subtables {
        for (word, bits) in subtable.firsts.words.enumerated() {
            var remaining = bits
            while remaining != 0 {
                let glyph = word * 64 + remaining.trailingZeroBitCount
                remaining &= remaining - 1
                guard hb_set_has(listed, hb_codepoint_t(glyph)) != 0 else {
                    throw _LayoutReader.Malformed()
                }
            }
        }
    }
}

/// A plan's GSUB lookups, applied as HarfBuzz applies them to a piece of
/// eligible glyphs, and its GPOS lookups other than pair adjustment, which
/// must act nowhere. Immutable once made; one per face and script class
/// (`_FontFace.substitutionPlan`).
final class _SubstitutionPlan: @unchecked Sendable {
    /// The longest piece applied (HarfBuzz's operation budget is never near).
    static let maximumGlyphs = 64
    /// The deepest nesting of context lookups followed.
    static let maximumDepth = 8

    private let tables: _SubstitutionTables
    /// The plan's GSUB lookups (indices of `tables.lookups`), in order.
    private let order: [Int]
    private let positionings: [_PlanLookup]
    private let positioningSets: [_GlyphSet]
    /// For each glyph of the face, the lookups of `order` then
    /// `positionings` (bits, `lookupWords` words a glyph) whose first
    /// coverage holds it: a lookup none of a piece's glyphs may start is
    /// not run over the piece (`substitute`).
    private let glyphLookups: [UInt64]
    private let lookupWords: Int

    private init(
        tables: _SubstitutionTables, order: [Int], positionings: [_PlanLookup],
        positioningSets: [_GlyphSet]
    ) {
        self.tables = tables
        self.order = order
        self.positionings = positionings
        self.positioningSets = positioningSets
        let lookups = order.map { tables.lookups[$0] } + positionings
        let words = max(1, (lookups.count + 63) / 64)
        var masks = [UInt64](repeating: 0, count: tables.glyphCount * words)
        for (place, lookup) in lookups.enumerated() {
            let bit: UInt64 = 1 << UInt64(place & 63)
            for (word, bits) in lookup.firsts.words.enumerated() where bits != 0 {
                var remaining = bits
                while remaining != 0 {
                    let glyph = word * 64 + remaining.trailingZeroBitCount
                    remaining &= remaining - 1
                    if glyph < tables.glyphCount { masks[glyph * words + (place >> 6)] |= bit }
                }
            }
        }
        glyphLookups = masks
        lookupWords = words
    }

    /// The plan of `script` (the kern model's plan: the default features
    /// but the fraction ones), or nil when it cannot be modelled.
    static func make(face: OpaquePointer, script: hb_script_t, tables: _SubstitutionTables)
        -> _SubstitutionPlan?
    {
        guard let plan = _kernModelShapePlan(face, script) else { return nil }
        defer { hb_shape_plan_destroy(plan) }
        let order = _planLookups(plan, "GSUB")
        guard order.allSatisfy({ $0 < tables.lookups.count }) else { return nil }
        var compiler = _LookupCompiler(
            reader: _LayoutReader(blob: tables.gposBlob, budget: _LayoutReader.Budget()),
            isPositioning: true, glyphCount: tables.glyphCount)
        do throws(_LayoutReader.Malformed) {
            var positionings: [_PlanLookup] = []
            for index in _planLookups(plan, "GPOS") {
                let lookup = try compiler.lookup(index)
                // Pair adjustment is the kern model's (its plan checked it).
                if lookup.subtables.allSatisfy({ $0.type == 2 }) { continue }
                positionings.append(lookup)
            }
            return _SubstitutionPlan(
                tables: tables, order: order, positionings: positionings,
                positioningSets: compiler.sets)
        } catch {
            return nil
        }
    }

    /// Applies the plan's substitutions to the first `count` of `glyphs`
    /// (glyph ids in the low 16 bits) in place, as HarfBuzz would; false
    /// when the piece is outside the model (its glyphs then in any state).
    ///
    /// A lookup acts only at a glyph of its first coverage, so one that no
    /// glyph the piece has held so far may start (`glyphLookups`: the
    /// piece's glyphs, and each substitute as it is put in) is skipped:
    /// run over the piece, it would find nothing (5,000 mixed rows: about
    /// 60 of Inter's lookups tried at each glyph of 705 pieces, most of
    /// them for nothing). `checkingEveryLookup` runs every lookup (for
    /// tests: the same glyphs, the same answer).
    func substitute(
        _ glyphs: UnsafeMutableBufferPointer<UInt64>, count: Int,
        checkingEveryLookup: Bool = false
    ) -> Bool {
        guard count <= Self.maximumGlyphs else { return false }
        for position in 0..<count where tables.marks.contains(Int(glyphs[position] & 0xFFFF)) {
            return false
        }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: lookupWords) {
            active -> Bool in
            active.initialize(repeating: checkingEveryLookup ? ~0 : 0)
            let run = _GlyphRun(glyphs: glyphs, count: count, active: active.baseAddress!)
            for position in 0..<count { noteLookups(at: run[position], in: run) }
            do throws(_LayoutReader.Malformed) {
                // The lookups unretained (the tables and the plan keep
                // them; as `applySubtable(_:of:…)`).
                for (place, index) in order.enumerated() where run.mayAct(place) {
                    try apply(
                        Unmanaged.passUnretained(tables.lookups[index]), isPositioning: false,
                        to: run)
                }
                for place in positionings.indices where run.mayAct(order.count + place) {
                    try apply(
                        Unmanaged.passUnretained(positionings[place]), isPositioning: true, to: run)
                }
                return true
            } catch {
                return false
            }
        }
    }

    /// Marks in `run.active` the lookups that may start at `glyph`, a glyph
    /// the run holds (every lookup for a glyph outside the face's count,
    /// which the table does not list).
    @inline(__always)
    private func noteLookups(at glyph: Int, in run: _GlyphRun) {
        let words = lookupWords
        guard glyph < tables.glyphCount else {
            run.active.update(repeating: ~0, count: words)
            return
        }
        glyphLookups.withUnsafeBufferPointer { masks in
            for word in 0..<words { run.active[word] |= masks[glyph &* words &+ word] }
        }
    }

    /// One lookup over the whole run, from its first glyph.
    private func apply(
        _ lookup: Unmanaged<_PlanLookup>, isPositioning: Bool, to run: _GlyphRun
    ) throws(_LayoutReader.Malformed) {
        try lookup._withUnsafeGuaranteedRef { lookup in
            Result { () throws(_LayoutReader.Malformed) in
                try apply(lookup, isPositioning: isPositioning, to: run)
            }
        }.get()
    }

    private func apply(_ lookup: _PlanLookup, isPositioning: Bool, to run: _GlyphRun)
        throws(_LayoutReader.Malformed)
    {
        var position = 0
        while position < run.count {
            guard lookup.firsts.contains(run[position]) else {
                position += 1
                continue
            }
            // Base glyphs or ligatures skipped: places are not adjacent.
            guard lookup.flags & 0x6 == 0 else { throw _LayoutReader.Malformed() }
            if let next = try applyAt(
                position, lookup, isPositioning: isPositioning, to: run, depth: 0)
            {
                position = next
            } else {
                position += 1
            }
        }
    }

    /// The first of `lookup`'s subtables that applies at `position`,
    /// applied: the next position, or nil when none applies.
    private func applyAt(
        _ position: Int, _ lookup: _PlanLookup, isPositioning: Bool, to run: _GlyphRun, depth: Int
    ) throws(_LayoutReader.Malformed) -> Int? {
        let glyph = run[position]
        if lookup.masks.isEmpty {
            // By index: binding each subtable (three arrays) would retain
            // and release them.
            for place in lookup.subtables.indices
            where lookup.subtables[place].firsts.contains(glyph) {
                if let next = try applySubtable(
                    place, of: lookup, at: position, isPositioning: isPositioning, to: run,
                    depth: depth)
                {
                    return next
                }
            }
        } else {
            var remaining = lookup.mask(of: glyph)
            while remaining != 0 {
                let place = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                if let next = try applySubtable(
                    place, of: lookup, at: position, isPositioning: isPositioning, to: run,
                    depth: depth)
                {
                    return next
                }
            }
        }
        return nil
    }

    /// `applySubtable` with `lookup`'s subtable at `place`, passed
    /// unretained (`lookup` keeps it): a face's plan serves every thread,
    /// and retaining the subtable for the call moved its reference count's
    /// line between the cores 5 times a Chinese row.
    @inline(__always)
    private func applySubtable(
        _ place: Int, of lookup: _PlanLookup, at position: Int, isPositioning: Bool,
        to run: _GlyphRun, depth: Int
    ) throws(_LayoutReader.Malformed) -> Int? {
        try Unmanaged.passUnretained(lookup.subtables[place])._withUnsafeGuaranteedRef {
            subtable in
            Result { () throws(_LayoutReader.Malformed) -> Int? in
                try applySubtable(
                    subtable, at: position, isPositioning: isPositioning, to: run, depth: depth)
            }
        }.get()
    }

    /// `subtable`, whose first coverage holds the glyph at `position`,
    /// applied there: the next position, or nil when it does not apply.
    private func applySubtable(
        _ subtable: _PlanSubtable, at position: Int, isPositioning: Bool, to run: _GlyphRun,
        depth: Int
    ) throws(_LayoutReader.Malformed) -> Int? {
        let reader = isPositioning ? tables.gpos : tables.gsub
        let glyph = run[position]
        switch (isPositioning, subtable.type) {
        case (false, 1):
            let offset = subtable.offset
            let format = try reader.u16(offset)
            guard
                let index = try reader.coverageIndex(
                    offset + (try reader.u16(offset + 2)), glyph)
            else { return nil }
            let substitute: Int
            if format == 1 {
                substitute = (glyph + (try reader.i16(offset + 4))) & 0xFFFF
            } else if format == 2, index < (try reader.u16(offset + 4)) {
                substitute = try reader.u16(offset + 6 + 2 * index)
            } else {
                throw _LayoutReader.Malformed()
            }
            guard substitute < tables.glyphCount, !tables.marks.contains(substitute) else {
                throw _LayoutReader.Malformed()
            }
            run[position] = substitute
            noteLookups(at: substitute, in: run)
            return position + 1
        case (false, 4):
            if let seconds = subtable.seconds,
                position + 1 >= run.count || !seconds.contains(run[position + 1])
            {
                return nil
            }
            if try reader.formsLigature(subtable.offset, at: position, in: run) {
                throw _LayoutReader.Malformed()
            }
        case (false, 5), (false, 6), (true, 7), (true, 8):
            let match: (inputCount: Int, lookupCount: Int, records: Int)?
            if let places = subtable.places {
                let sets = isPositioning ? positioningSets : tables.sets
                match =
                    Self.matches(places, subtable, sets, at: position, in: run)
                    ? (subtable.inputCount, subtable.lookupCount, subtable.records) : nil
            } else {
                match = try reader.matchContext(
                    subtable.offset, chained: subtable.type == 6 || subtable.type == 8,
                    at: position, in: run)
            }
            guard let match else { return nil }
            if isPositioning {
                if match.lookupCount > 0 { throw _LayoutReader.Malformed() }
            } else {
                guard depth < Self.maximumDepth else { throw _LayoutReader.Malformed() }
                for record in 0..<match.lookupCount {
                    let sequence = try reader.u16(match.records + 4 * record)
                    let nested = try reader.u16(match.records + 4 * record + 2)
                    if sequence >= match.inputCount { continue }
                    guard nested < tables.lookups.count,
                        tables.lookups[nested].flags & 0x6 == 0
                    else { throw _LayoutReader.Malformed() }
                    _ = try applyAt(
                        position + sequence, tables.lookups[nested], isPositioning: false,
                        to: run, depth: depth + 1)
                }
            }
            return position + match.inputCount
        default:
            // Multiple, alternate and reverse substitution; single, pair
            // (in a context), cursive and mark positioning: not
            // modelled where they may act.
            throw _LayoutReader.Malformed()
        }
        return nil
    }

    /// Whether each place of a context rule of coverage tables holds a
    /// glyph of its set (its first input glyph, at `position`, is known to).
    @inline(__always)
    private static func matches(
        _ places: [(offset: Int, set: Int)], _ subtable: _PlanSubtable, _ sets: [_GlyphSet],
        at position: Int, in run: _GlyphRun
    ) -> Bool {
        guard position >= subtable.before, position + subtable.after <= run.count else {
            return false
        }
        for (offset, set) in places where !sets[set].contains(run[position + offset]) {
            return false
        }
        return true
    }
}

/// One subtable of a lookup, as `_SubstitutionPlan.applyAt` applies it.
/// A class, as `_PlanLookup`: passing a struct of three arrays copied and
/// destroyed them through their value witnesses, about 170 instructions a
/// subtable tried.
final class _PlanSubtable {
    let offset: Int
    let type: Int
    /// The glyphs at which it may act (its first coverage).
    let firsts: _GlyphSet
    /// A context rule of coverage tables (format 3): each place other than
    /// the first input's, as its offset from the first input glyph and its
    /// coverage (an index of the plan's `sets`); nil for other subtables.
    let places: [(offset: Int, set: Int)]?
    /// Such a rule's glyphs before its first input, and from it on.
    let before: Int
    let after: Int
    let inputCount: Int
    let lookupCount: Int
    /// Where such a rule's lookup records start.
    let records: Int
    /// A ligature subtable: the glyphs some ligature has as its second
    /// component (a glyph after the first that is none of these forms
    /// none); nil when a ligature has a single component.
    let seconds: _GlyphSet?

    init(
        offset: Int, type: Int, firsts: _GlyphSet, places: [(offset: Int, set: Int)]?,
        before: Int, after: Int, inputCount: Int, lookupCount: Int, records: Int,
        seconds: _GlyphSet?
    ) {
        self.offset = offset
        self.type = type
        self.firsts = firsts
        self.places = places
        self.before = before
        self.after = after
        self.inputCount = inputCount
        self.lookupCount = lookupCount
        self.records = records
        self.seconds = seconds
    }
}

/// One lookup of a face's GSUB or GPOS: its flags, its subtables
/// (extensions resolved) and the glyphs at which one of them may act.
final class _PlanLookup {
    let flags: Int
    let subtables: [_PlanSubtable]
    let firsts: _GlyphSet
    /// For a lookup of 5 to 64 subtables: the glyphs of `firsts`, ascending,
    /// and for each the subtables (bits) whose first coverage holds it.
    let maskGlyphs: [Int32]
    let masks: [UInt64]

    init(
        flags: Int, subtables: [_PlanSubtable], firsts: _GlyphSet, maskGlyphs: [Int32],
        masks: [UInt64]
    ) {
        self.flags = flags
        self.subtables = subtables
        self.firsts = firsts
        self.maskGlyphs = maskGlyphs
        self.masks = masks
    }

    /// The subtables (bits) that may act at `glyph`, a glyph of `firsts`.
    @inline(__always)
    func mask(of glyph: Int) -> UInt64 {
        var low = 0
        var high = maskGlyphs.count
        while low < high {
            let middle = (low + high) / 2
            if Int(maskGlyphs[middle]) < glyph { low = middle + 1 } else { high = middle }
        }
        return low < maskGlyphs.count && Int(maskGlyphs[low]) == glyph ? masks[low] : 0
    }
}

/// The glyphs of a piece being substituted (glyph ids in the low 16 bits
/// of each element, its cluster above).
struct _GlyphRun {
    let glyphs: UnsafeMutableBufferPointer<UInt64>
    let count: Int
    /// The plan's lookups (bits, in the plan's order, GSUB then GPOS) that
    /// may start at a glyph the run has held (`_SubstitutionPlan.substitute`).
    let active: UnsafeMutablePointer<UInt64>

    /// Whether the plan's lookup numbered `place` may start at one of the
    /// run's glyphs.
    @inline(__always)
    func mayAct(_ place: Int) -> Bool {
        (active[place >> 6] >> UInt64(place & 63)) & 1 != 0
    }

    subscript(position: Int) -> Int {
        get { Int(glyphs[position] & 0xFFFF) }
        nonmutating set { glyphs[position] = glyphs[position] & ~0xFFFF | UInt64(newValue) }
    }
}
