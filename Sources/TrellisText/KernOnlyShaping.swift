// Exact widths without HarfBuzz for text that the font only kerns.
//
// HarfBuzz costs about 0.36 µs per character with Inter (many contextual
// lookups are tried on every glyph), which is most of a cold layout. Yet for
// ordinary words most of that work finds nothing to do: no substitution
// applies, and the only positioning is pair kerning. When a font's OpenType
// layout can be shown, from its tables, to do nothing else to a piece of text,
// the piece's advances are each glyph's advance plus the kerning of it and the
// next glyph, and those pair kernings are read from the font's GPOS pair
// lookups (_GPOSPairs.swift) and from text HarfBuzz has already shaped. This
// file holds that proof (`_KernOnlyFace`, per font, from its GSUB, GPOS and
// GDEF tables); the known pairs (`_KernPairs`, per workspace) are in
// _KernPairs.swift and the measuring itself
// (`_Workspace.kernOnlyMeasure`) in Workspace+KernOnlyMeasure.swift.
//
// Why it is exact, step by step (the rules are those of the OpenType
// specification's GSUB and GPOS chapters, as HarfBuzz implements them):
// - A piece is eligible when every character is in the table below (U+0020 to
//   U+23FF, and the box drawing and block elements of U+2500 to U+259F,
//   which Chinese rows draw tables with), has a glyph in the font's cmap that GDEF does not class as a
//   mark, is not a mark, control, format or unassigned character nor
//   U+2044, and is of the Common, Latin, Cyrillic or Greek script (in a
//   font that maps U+4E00, also CJK symbols, kana, ideographs and fullwidth
//   forms, of the Common, Han, Hiragana or Katakana script). HarfBuzz then
//   keeps each character as its cmap glyph (its
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
//   3) coverage by coverage; a rule that applies no lookup (an exception)
//   triggers nothing. A format 3 rule with context, such as Inter's "×" for
//   an "x" between digits, makes its first glyph a trigger only where each
//   of its other coverages holds the glyph at its place (a positional
//   trigger, checked on the piece: `_KernOnlyPlan.matchesRule`), so "x"
//   stays simple but between digits and Inter's brackets and hyphen but
//   beside capitals; if no rule of any lookup matches the cmap glyphs, no
//   lookup changes them (induction over the lookups in order). For a
//   lookup that skips base glyphs or ligatures, or past a plan's 64 rules,
//   the rule's first glyph is a trigger in text that also has a glyph of
//   its rarest other coverage (its guard; one without the first glyphs when
//   there is one); a ligature's first glyph is likewise guarded by a
//   component of each of its ligatures (Inter's "-" by the ">" of "->").
//   The fraction features (`frac`, `numr`, `dnom`) act only next to U+2044
//   FRACTION SLASH
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
// - K(a, b) is read from the plan's pair lookups as HarfBuzz applies them
//   (_GPOSPairs.swift), and learned from HarfBuzz's own output: in any text
//   of simple glyphs HarfBuzz shapes, glyph i's advance minus its `hmtx`
//   advance is K(glyph i, glyph i + 1). A piece whose pairs are all known
//   (or read) is measured from them; any other is shaped by HarfBuzz.
//   Learning checks the model as it goes (a pair seen twice must agree, and a
//   last glyph must have its plain advance); a contradiction turns the model
//   off for that workspace.
// - Fonts with AAT tables (`morx`, `mort`, `kerx`, `trak`), or without
//   GPOS, are not modelled (HarfBuzz would use those); nor are fonts with a
//   legacy `kern` table, but for those whose GPOS kerns under every plan,
//   which HarfBuzz then never applies it to (KernOnlyShaping+LegacyKern.swift).
//   Malformed layout tables turn the model off for that font.
// `KernOnlyShapingTests` checks every piece of several corpora bit for bit
// against HarfBuzz.
import CHarfBuzz

/// A set of glyph ids as bits.
struct _GlyphSet {
    private(set) var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    /// The set whose bits are `words` (as `words` gives them back).
    init(words: [UInt64]) { self.words = words }

    @inline(__always)
    func contains(_ glyph: Int) -> Bool {
        let word = glyph >> 6
        return word < words.count && (words[word] >> UInt64(glyph & 63)) & 1 != 0
    }

    mutating func insert(_ glyph: Int) {
        let word = glyph >> 6
        if word < words.count { words[word] |= 1 << UInt64(glyph & 63) }
    }

    /// Inserts `first...last`, a word at a time (glyphs past the set's
    /// end are left out).
    mutating func insert(from first: Int, through last: Int) {
        var glyph = first
        let end = min(last, words.count * 64 - 1)
        while glyph <= end {
            let bit = glyph & 63
            let span = min(64 - bit, end - glyph + 1)
            let ones: UInt64 = span == 64 ? ~0 : (1 << UInt64(span)) - 1
            words[glyph >> 6] |= ones << UInt64(bit)
            glyph += span
        }
    }

    mutating func subtract(_ other: _GlyphSet) {
        for index in words.indices where index < other.words.count {
            words[index] &= ~other.words[index]
        }
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}

/// A `_GlyphSet`'s words read through a pointer, valid while their owner
/// lives (`_KernOnlyFace.pairFirstBits`): asking it retains nothing.
struct _GlyphBits {
    let words: UnsafePointer<UInt64>
    let count: Int

    /// Whether the set holds `glyph` (as `_GlyphSet.contains`).
    @inline(__always)
    func contains(_ glyph: Int) -> Bool {
        let word = glyph >> 6
        return word < count && (words[word] >> UInt64(glyph & 63)) & 1 != 0
    }
}

/// Glyphs at which a plan's lookups could act on eligible text: always,
/// only in text that also has a glyph of a guard set, or only where the
/// glyphs around them match a rule's context (`positional`).
struct _Triggers {
    var always: _GlyphSet
    var conditional: [(glyphs: [Int], guardGlyphs: [Int])] = []
    /// Rules of coverage tables: their first input glyphs act only where,
    /// for each (offset, glyphs) of `context`, the glyph that many places
    /// away is one of `glyphs`; `fallback` is the guard set used instead
    /// when a plan has more distinct rules or sets than it tracks.
    var positional: [(glyphs: [Int], context: [(offset: Int, glyphs: [Int])], fallback: [Int])] =
        []

    init(count: Int) { always = _GlyphSet(count: count) }

    mutating func insert(_ glyph: Int) { always.insert(glyph) }
}

/// One script's plan, as `kernOnlyMeasure` checks a piece against it: the
/// piece's glyphs must all be simple, no glyph whose `needs` has a bit may
/// share the piece with a glyph whose `guards` has that bit, and no glyph
/// whose `starts` has a bit may stand where that rule's context matches
/// (`matchesRule`).
///
/// A class, immutable once built: `kernOnlyMeasure` takes a face's plan for
/// every piece it measures, and a struct of six arrays copied out of the
/// face's list retained and released each array every time.
final class _KernOnlyPlan {
    /// Eligible glyphs that are never triggers.
    let simple: _GlyphSet
    // The four arrays by glyph below end at their last glyph with a bit
    // (`_trimmed`): a glyph past the end has none, as the accessors
    // (`needs(of:)`…) read it. Noto Sans CJK's plans give guards to three
    // of its 65,535 glyphs, at 1,447–1,449: whole, each array took 512 KB
    // that every ideograph measured read at a place of its own.

    /// Per glyph: the guard sets whose presence makes it a trigger (bits);
    /// empty when no glyph has one.
    let needs: [UInt64]
    /// Per glyph: the guard sets it belongs to (bits); empty when no glyph
    /// belongs to one.
    let guards: [UInt64]

    /// Per glyph: the positional rules (bits, indices of `rules`) whose
    /// first input it is; empty when no glyph is one's.
    let starts: [UInt64]
    /// Per glyph: the context sets (bits) it belongs to; empty when no
    /// glyph belongs to one.
    let members: [UInt64]
    /// Per positional rule: each context glyph's offset from the first
    /// input and the bit of its set.
    let rules: [[(offset: Int, set: UInt64)]]

    /// The plan of these parts, as another plan's properties give them
    /// (KernOnlyShaping+Cache.swift).
    init(
        simple: _GlyphSet, needs: [UInt64], guards: [UInt64], starts: [UInt64],
        members: [UInt64], rules: [[(offset: Int, set: UInt64)]]
    ) {
        self.simple = simple
        self.needs = _trimmed(needs)
        self.guards = _trimmed(guards)
        self.starts = _trimmed(starts)
        self.members = _trimmed(members)
        self.rules = rules
    }

    /// The guard sets whose presence makes `glyph` a trigger (`needs`).
    @inline(__always)
    func needs(of glyph: Int) -> UInt64 { glyph < needs.count ? needs[glyph] : 0 }

    /// The guard sets `glyph` belongs to (`guards`).
    @inline(__always)
    func guards(of glyph: Int) -> UInt64 { glyph < guards.count ? guards[glyph] : 0 }

    /// The positional rules whose first input `glyph` is (`starts`).
    @inline(__always)
    func starts(of glyph: Int) -> UInt64 { glyph < starts.count ? starts[glyph] : 0 }

    /// The context sets `glyph` belongs to (`members`).
    @inline(__always)
    func members(of glyph: Int) -> UInt64 { glyph < members.count ? members[glyph] : 0 }

    /// Builds the plan from its triggers; guards beyond 64 distinct sets
    /// make their glyphs triggers always, and positional rules beyond 64
    /// (or beyond 64 distinct context sets) fall back to their guard sets.
    init(eligible: _GlyphSet, triggers: _Triggers, glyphCount: Int) {
        var always = triggers.always
        var conditional = triggers.conditional
        let positionalSize = triggers.positional.isEmpty ? 0 : glyphCount
        var starts = [UInt64](repeating: 0, count: positionalSize)
        var members = [UInt64](repeating: 0, count: positionalSize)
        var rules: [[(offset: Int, set: UInt64)]] = []
        var setBits: [[Int]: Int] = [:]
        var ruleBits: [[Int]: Int] = [:]
        for (glyphs, context, fallback) in triggers.positional {
            var key: [Int] = []
            var rule: [(offset: Int, set: UInt64)] = []
            for (offset, contextGlyphs) in context {
                var bit = setBits[contextGlyphs]
                if bit == nil && setBits.count < 64 {
                    bit = setBits.count
                    setBits[contextGlyphs] = bit
                    for glyph in contextGlyphs { members[glyph] |= 1 << UInt64(bit!) }
                }
                guard let bit else { break }
                key += [offset, bit]
                rule.append((offset, 1 << UInt64(bit)))
            }
            var ruleBit = rule.count == context.count ? ruleBits[key] : nil
            if ruleBit == nil && rule.count == context.count && rules.count < 64 {
                ruleBit = rules.count
                ruleBits[key] = ruleBit
                rules.append(rule)
            }
            if let ruleBit {
                for glyph in glyphs { starts[glyph] |= 1 << UInt64(ruleBit) }
            } else {
                conditional.append((glyphs, fallback))
            }
        }
        self.starts = _trimmed(starts)
        self.members = _trimmed(members)
        self.rules = rules
        // Per-glyph bits only for plans with guarded triggers (they cost 16
        // bytes a glyph, 1 MB for a font of 65,536 glyphs).
        let size = conditional.isEmpty ? 0 : glyphCount
        var needs = [UInt64](repeating: 0, count: size)
        var guards = [UInt64](repeating: 0, count: size)
        var bits: [[Int]: Int] = [:]
        for (glyphs, guardGlyphs) in conditional {
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
        self.needs = _trimmed(needs)
        self.guards = _trimmed(guards)
    }

    /// Whether one of the positional rules `bits` (of the glyph at
    /// `position`) has its whole context around it: each context glyph
    /// inside `glyphs` (glyph ids in the low 16 bits) and of its set.
    /// Glyphs past either end are no match: a piece is shaped alone.
    @inline(__always)
    func matchesRule(
        _ bits: UInt64, at position: Int, in glyphs: UnsafeMutableBufferPointer<UInt64>, count: Int
    ) -> Bool {
        var remaining = bits
        while remaining != 0 {
            let rule = rules[remaining.trailingZeroBitCount]
            remaining &= remaining - 1
            var matches = true
            for (offset, set) in rule {
                let other = position + offset
                guard other >= 0, other < count,
                    members(of: Int(glyphs[other] & 0xFFFF)) & set != 0
                else {
                    matches = false
                    break
                }
            }
            if matches { return true }
        }
        return false
    }
}

/// `array` without its trailing zeros (itself when it ends in another
/// value or is empty).
func _trimmed(_ array: [UInt64]) -> [UInt64] {
    var end = array.count
    while end > 0 && array[end - 1] == 0 { end -= 1 }
    return end == array.count ? array : Array(array[..<end])
}

/// What a face's layout does to eligible text, worked out once per font.
final class _KernOnlyFace: @unchecked Sendable {
    /// Code points below this are looked up in `scalars` of every face.
    static let scalarLimit = 0x25A0
    /// The code points of `scalarLimit`'s table that may be eligible: up
    /// to U+23FF, then box drawing and block elements.
    static let ranges = [0x20..<0x2400, 0x2500..<0x25A0]
    /// The end of `scalars` of a face with CJK ideographs, whose eligible
    /// characters also include CJK symbols and punctuation, kana, the
    /// unified ideographs (and Extension A) and the fullwidth forms.
    static let cjkScalarLimit = 0x1_0000
    /// The code points of `cjkScalarLimit`'s table that may be eligible.
    static let cjkRanges = [0x3000..<0x3100, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xFF00..<0xFFF0]
    /// `scalars`' script class of an ineligible code point.
    static let ineligible: UInt32 = 7

    /// Per code point: its cmap glyph (bits 0–15) and script class (bits
    /// 16–18: 0 Common, 1 Latin, 2 Cyrillic, 3 Greek, 4 Han, 5 Hiragana,
    /// 6 Katakana, 7 not eligible). `scalarLimit` entries, or
    /// `cjkScalarLimit` for a face that maps U+4E00 (一); code points past
    /// the end are not eligible.
    let scalars: [UInt32]
    /// Each glyph's advance in design units (HarfBuzz's, at scale = units per em).
    let advances: [Int32]
    /// Per script class, the plan's simple glyphs, or nil when the plan is
    /// not kern-only (see the file's comment).
    let simple: [_KernOnlyPlan?]

    /// The HarfBuzz scripts of the classes, in class order.
    static let scripts: [hb_script_t] = [
        HB_SCRIPT_INVALID, HB_SCRIPT_LATIN, HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK, HB_SCRIPT_HAN,
        HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA,
    ]
    /// The first class of the CJK scripts, analyzed only for faces with CJK ideographs.
    static let firstCJKClass = 4

    /// The class of a buffer's script (its place in `scripts`), or nil for a
    /// script not modelled.
    @inline(__always)
    static func scriptClass(_ script: hb_script_t) -> Int? {
        scripts.firstIndex(of: script)
    }

    /// The analysis of a face, or nil when its tables rule the model out.
    static func analyze(face: OpaquePointer, font: OpaquePointer) -> _KernOnlyFace? {
        for tag in ["morx", "mort", "kerx", "trak"] where _tableLength(face, tag) > 0 {
            return nil
        }
        // A legacy `kern` table only where HarfBuzz never applies it
        // (KernOnlyShaping+LegacyKern.swift).
        if _tableLength(face, "kern") > 0 && !gposKernsEveryPlan(face) { return nil }
        let glyphCount = Int(hb_face_get_glyph_count(face))
        guard glyphCount > 0, glyphCount <= 0x10000 else { return nil }
        // Every glyph's advance in one call: what one call a glyph gives
        // (`hb_font_get_glyph_h_advance` asks the same function for one),
        // in a quarter of the instructions (9.1 M for Noto Sans CJK's
        // 65,535 glyphs one by one, 2.4 M in one call).
        let glyphs = (0..<hb_codepoint_t(glyphCount)).map { $0 }
        var advances = [Int32](repeating: 0, count: glyphCount)
        glyphs.withUnsafeBufferPointer { glyphs in
            advances.withUnsafeMutableBufferPointer { advances in
                hb_font_get_glyph_h_advances(
                    font, UInt32(glyphCount), glyphs.baseAddress,
                    UInt32(MemoryLayout<hb_codepoint_t>.stride), advances.baseAddress,
                    UInt32(MemoryLayout<Int32>.stride))
            }
        }
        // Eligible code points and their glyphs; `eligible` holds those
        // glyphs that GDEF does not class as marks.
        var ideograph: hb_codepoint_t = 0
        let hasCJK = hb_font_get_nominal_glyph(font, 0x4E00, &ideograph) != 0 && ideograph != 0
        let (scalars, eligible) = eligibleScalars(
            face: face, font: font, glyphCount: glyphCount, hasCJK: hasCJK)
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
        var pairLookups: [_PairLookups?] = []
        var analyzed: [(gsub: [Int], gpos: [Int], plan: _KernOnlyPlan?, pairs: _PairLookups?)] = []
        for (scriptClass, script) in scripts.enumerated() {
            // A face without ideographs has no eligible character of these scripts.
            if scriptClass >= firstCJKClass && !hasCJK {
                simple.append(nil)
                pairLookups.append(nil)
                continue
            }
            guard let plan = _kernModelShapePlan(face, script) else {
                simple.append(nil)
                pairLookups.append(nil)
                continue
            }
            defer { hb_shape_plan_destroy(plan) }
            let gsubLookups = _planLookups(plan, "GSUB")
            let gposLookups = _planLookups(plan, "GPOS")
            // Scripts whose plans apply the same lookups (a Latin font's
            // Cyrillic, Greek and Common plans, often its Latin one too)
            // have the same triggers and pairs: analyzed once.
            if let same = analyzed.first(where: { $0.gsub == gsubLookups && $0.gpos == gposLookups }
            ) {
                simple.append(same.plan)
                pairLookups.append(same.pairs)
                continue
            }
            var triggers = _Triggers(count: glyphCount)
            var kernPlan: _KernOnlyPlan?
            var pairs: _PairLookups?
            do {
                try gsub.scanLookups(
                    gsubLookups, isPositioning: false, eligible: eligible, triggers: &triggers)
                try gpos.scanLookups(
                    gposLookups, isPositioning: true, eligible: eligible, triggers: &triggers)
                kernPlan = _KernOnlyPlan(
                    eligible: eligible, triggers: triggers, glyphCount: glyphCount)
                pairs = try? Self.readPairLookups(face: face, gpos, gposLookups)
            } catch {
                kernPlan = nil
                pairs = nil
            }
            simple.append(kernPlan)
            pairLookups.append(pairs)
            analyzed.append((gsubLookups, gposLookups, kernPlan, pairs))
        }
        guard simple.contains(where: { $0 != nil }) else { return nil }
        // Pairs are read from GPOS later (_GPOSPairs.swift), only for a
        // font without variations, whose values have no deltas.
        let hasVariations = hb_ot_var_has_data(face) != 0
        return _KernOnlyFace(
            scalars: scalars, advances: advances, simple: simple,
            pairLookups: hasVariations ? [] : pairLookups,
            gpos: hasVariations ? nil : hb_blob_reference(gposBlob),
            analysisSteps: _LayoutReader.Budget.steps - budget.remaining)
    }

    /// Table reads and glyphs visited by the analysis (see `_LayoutReader.Budget`).
    let analysisSteps: Int

    /// Per script class, the plan's pair adjustment lookups (_GPOSPairs.swift).
    let pairLookups: [_PairLookups?]
    /// The GPOS table they are read from (a reference this object holds).
    let gpos: OpaquePointer?
    /// Per script class, the glyphs a coverage table of the plan's pair
    /// adjustment subtables lists (`_KernOnlyFace.pairFirsts`): K(a, b) is
    /// 0 for every other a. Nil where the plan's pairs are not read.
    let pairFirsts: [_GlyphSet?]
    /// `pairFirsts` read through pointers into `pairFirstWords` (their
    /// words side by side), for `kernOnlyMeasure`: a set copied out of
    /// `pairFirsts` retained and released its words for every piece.
    let pairFirstBits: [_GlyphBits?]
    private let pairFirstWords: _AlignedBuffer<UInt64>
    /// Per script class, the plan's pair subtables as arrays by glyph
    /// (_GPOSPairs+Dense.swift), or nil where `pairKerning` searches.
    let densePairs: [[[_DensePairSubtable]]?]
    /// Per script class, the address of its glyphs' `_GlyphInfo` words
    /// (KernOnlyShaping+GlyphInfo.swift), 0 until first asked for.
    let glyphInfoSlots: UnsafeMutablePointer<UInt>

    init(
        scalars: [UInt32], advances: [Int32], simple: [_KernOnlyPlan?],
        pairLookups: [_PairLookups?], gpos: OpaquePointer?, analysisSteps: Int
    ) {
        self.scalars = scalars
        self.advances = advances
        self.simple = simple
        self.pairLookups = pairLookups
        self.gpos = gpos
        self.analysisSteps = analysisSteps
        let firsts = _KernOnlyFace.pairFirsts(pairLookups, gpos: gpos, glyphCount: advances.count)
        pairFirsts = firsts
        let words = _AlignedBuffer<UInt64>(
            count: max(1, firsts.reduce(0) { $0 + ($1?.words.count ?? 0) }), repeating: 0)
        var offset = 0
        pairFirstBits = firsts.map { set in
            set.map { set in
                let start = words.pointer + offset
                for (index, word) in set.words.enumerated() { start[index] = word }
                offset += set.words.count
                return _GlyphBits(words: UnsafePointer(start), count: set.words.count)
            }
        }
        pairFirstWords = words
        densePairs = _KernOnlyFace.densePairs(pairLookups, gpos: gpos, glyphCount: advances.count)
        glyphInfoSlots = .allocate(capacity: _KernOnlyFace.scripts.count)
        glyphInfoSlots.initialize(repeating: 0, count: _KernOnlyFace.scripts.count)
    }

    deinit {
        hb_blob_destroy(gpos)
        for scriptClass in 0..<_KernOnlyFace.scripts.count {
            UnsafeMutablePointer<UInt64>(bitPattern: glyphInfoSlots[scriptClass])?.deallocate()
        }
        glyphInfoSlots.deallocate()
    }
}

/// General categories of eligible characters: letters, numbers, punctuation,
/// symbols and space separators; not marks, controls, format characters,
/// line or paragraph separators, private use, surrogates or unassigned.
func _isEligibleCategory(_ category: hb_unicode_general_category_t) -> Bool {
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

func _tag(_ name: String) -> hb_tag_t {
    name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
}

func _tableLength(_ face: OpaquePointer, _ tag: String) -> UInt32 {
    let blob = hb_face_reference_table(face, _tag(tag))
    defer { hb_blob_destroy(blob) }
    return hb_blob_get_length(blob)
}

/// The shape plan the kern model stands in for, for `script` (left to
/// right, the default language; the caller destroys it). The fraction
/// features act only around U+2044 FRACTION SLASH (HarfBuzz sets their
/// masks there alone), which is not eligible; the plan without them has
/// every other lookup.
func _kernModelShapePlan(_ face: OpaquePointer, _ script: hb_script_t) -> OpaquePointer? {
    var properties = hb_segment_properties_t()
    properties.direction = HB_DIRECTION_LTR
    properties.script = script
    properties.language = hb_language_get_default()
    var features = ["frac", "numr", "dnom"].map {
        hb_feature_t(tag: _tag($0), value: 0, start: 0, end: UInt32.max)
    }
    return hb_shape_plan_create_cached(face, &properties, &features, UInt32(features.count), nil)
}

/// The lookups of `table` a shape plan applies, in index order.
func _planLookups(_ plan: OpaquePointer, _ table: String) -> [Int] {
    let set = hb_set_create()
    defer { hb_set_destroy(set) }
    hb_ot_shape_plan_collect_lookups(plan, _tag(table), set)
    var lookups: [Int] = []
    var index = hb_codepoint_t.max
    while hb_set_next(set, &index) != 0 { lookups.append(Int(index)) }
    return lookups
}
