// Reading a font's GSUB, GPOS and GDEF tables for the kern-only proof
// (KernOnlyShaping.swift), bounded against malformed or looping offsets.

import CHarfBuzz

/// A GSUB or GPOS table read with bounds checks: every read past its end
/// throws, and the caller gives up on the model for that font.
struct _LayoutReader {
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
    /// Nil for a reader that only looks pairs up (`pairKerning`): binary
    /// searches and a fixed walk of a plan's lookups, bounded without one
    /// (a budget was a new object a pair, and each charge an exclusivity
    /// check of its counter).
    let budget: Budget?

    /// The blob stays alive (its owner destroys it after reading).
    init(blob: OpaquePointer?, budget: Budget?) {
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
        guard let budget else { return }
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
            try addLigatures(subtable, eligible, &triggers)
        // single, multiple, alternate, ligature
        case (false, 1), (false, 2), (false, 3), (false, 4),
            // single, cursive, mark attachment
            (true, 1), (true, 3), (true, 4), (true, 5), (true, 6):
            try addCovered(subtable + (try u16(subtable + 2)), in: eligible, to: &triggers)
        case (true, 2):
            // Pair adjustment: modelled when it adjusts the first glyph only
            // and skips neither base glyphs nor ligatures.
            guard format == 1 || format == 2, try u16(subtable + 6) == 0, flags & 0x6 == 0 else {
                throw Malformed()
            }
        case (false, 5), (true, 7):  // context
            if format == 3 {
                // A rule that applies no lookup changes nothing.
                if try u16(subtable + 4) == 0 { return }
                // No input glyph: HarfBuzz's sanitizer refuses the
                // subtable, which then acts nowhere (as a chained rule
                // without input, below).
                let glyphCount = try u16(subtable + 2)
                guard glyphCount > 0 else { return }
                let coverages = try (0..<glyphCount).map { (index) throws(Malformed) in
                    subtable + (try u16(subtable + 6 + 2 * index))
                }
                try addIfMatchable(
                    coverages, offsets: Array(0..<glyphCount), firstIndex: 0, flags: flags,
                    eligible, &triggers)
            } else if format == 1 {  // rules of glyphs: each must be eligible
                try addIfAnySequence(subtable, sets: subtable + 4, eligible, &triggers) {
                    (rule) throws(Malformed) in
                    guard try u16(rule + 2) > 0 else { return false }
                    return try glyphsEligible(rule + 4, count: try u16(rule) - 1, eligible)
                }
            } else if format == 2 {  // rules of classes: each must be some eligible glyph's
                let (present, classOf) = try classes(
                    subtable + (try u16(subtable + 4)), of: eligible)
                try addIfAnyClassRule(
                    subtable, sets: subtable + 6, classOf: classOf, eligible, &triggers
                ) { (rule) throws(Malformed) in
                    guard try u16(rule + 2) > 0 else { return false }
                    return try classesPresent(rule + 4, count: try u16(rule) - 1, present)
                }
            } else {
                throw Malformed()
            }
        case (false, 6), (true, 8):  // chained context
            if format == 3 {
                var offset = subtable + 2
                var coverages: [Int] = []
                // Each coverage's place from the first input glyph: the
                // backtrack's k-th at -(k + 1), the input's j-th at j, the
                // lookahead's k-th at (input count) + k.
                var offsets: [Int] = []
                var firstIndex: Int?
                var inputCount = 0
                for part in 0..<3 {
                    let count = try u16(offset)
                    for index in 0..<count {
                        let coverage = subtable + (try u16(offset + 2 + 2 * index))
                        if part == 1 && index == 0 { firstIndex = coverages.count }
                        coverages.append(coverage)
                        offsets.append(
                            part == 0 ? -(index + 1) : part == 1 ? index : inputCount + index)
                    }
                    if part == 1 { inputCount = count }
                    offset += 2 + 2 * count
                }
                // A rule that applies no lookup (an exception before the
                // rules that do, as Inter's "(" after a lowercase letter)
                // changes nothing.
                if try u16(offset) == 0 { return }
                guard let firstIndex else { return }
                try addIfMatchable(
                    coverages, offsets: offsets, firstIndex: firstIndex, flags: flags, eligible,
                    &triggers)
            } else if format == 1 {
                try addIfAnySequence(subtable, sets: subtable + 4, eligible, &triggers) {
                    (rule) throws(Malformed) in
                    var offset = rule
                    for part in 0..<3 {
                        let count = try u16(offset) - (part == 1 ? 1 : 0)
                        guard count >= 0 else { throw Malformed() }
                        if !(try glyphsEligible(offset + 2, count: count, eligible)) {
                            return false
                        }
                        offset += 2 + 2 * count
                    }
                    return try u16(offset) > 0
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
                    return try u16(offset) > 0
                }
            } else {
                throw Malformed()
            }
        case (false, 8):  // reverse chained single substitution
            let coverage = subtable + (try u16(subtable + 2))
            var coverages = [coverage]
            var offsets = [0]
            var offset = subtable + 4
            for part in 0..<2 {
                let count = try u16(offset)
                for index in 0..<count {
                    coverages.append(subtable + (try u16(offset + 2 + 2 * index)))
                    offsets.append(part == 0 ? -(index + 1) : index + 1)
                }
                offset += 2 + 2 * count
            }
            try addIfMatchable(
                coverages, offsets: offsets, firstIndex: 0, flags: flags, eligible, &triggers)
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
        for (glyph, set) in try coveredSets(subtable, sets: sets, eligible) {
            let count = try u16(set)
            for sequence in 0..<count {
                if try matchable(set + (try u16(set + 2 + 2 * sequence))) {
                    triggers.insert(glyph)
                    break
                }
            }
        }
    }

    /// The covered eligible glyphs of a subtable whose coverage index
    /// selects a set (rule sets, ligature sets), each with its set's offset;
    /// glyphs without a set are left out.
    private func coveredSets(_ subtable: Int, sets: Int, _ eligible: _GlyphSet)
        throws(Malformed) -> [(glyph: Int, set: Int)]
    {
        let setCount = try u16(sets)
        var covered: [(glyph: Int, index: Int)] = []
        try forEachCoveredIndex(subtable + (try u16(subtable + 2))) { glyph, index in
            if eligible.contains(glyph) { covered.append((glyph, index)) }
        }
        var found: [(glyph: Int, set: Int)] = []
        for (glyph, index) in covered where index < setCount {
            let setOffset = try u16(sets + 2 + 2 * index)
            if setOffset != 0 { found.append((glyph, subtable + setOffset)) }
        }
        return found
    }

    /// Ligature substitution (format 1): a covered eligible glyph is a
    /// trigger when one ligature of its set has only eligible components,
    /// and only in text that has one of those ligatures' guards. A
    /// ligature replaces its first glyph and the components that follow
    /// it only when every component is there, so each matchable ligature
    /// names one component as its guard (the last one that is not the
    /// first glyph, else the first glyph itself): text without any of the
    /// guards cannot form any of them. Inter's "-" starts its arrows
    /// ("->", "-->", "—>") only with a ">" in the text, so hyphenated words
    /// stay simple. A ligature of one glyph repeated ("--" in a font that
    /// joins it) is guarded by that glyph itself, so its first glyph is a
    /// trigger in any text that holds it, as before.
    private func addLigatures(
        _ subtable: Int, _ eligible: _GlyphSet, _ triggers: inout _Triggers
    ) throws(Malformed) {
        for (glyph, set) in try coveredSets(subtable, sets: subtable + 4, eligible) {
            var guardGlyphs: Set<Int> = []
            for ligature in 0..<(try u16(set)) {
                let offset = set + (try u16(set + 2 + 2 * ligature))
                let components = try u16(offset + 2) - 1
                guard try glyphsEligible(offset + 4, count: components, eligible) else { continue }
                var chosen = glyph
                for component in 0..<components {
                    let other = try u16(offset + 4 + 2 * component)
                    if other != glyph { chosen = other }
                }
                if chosen == glyph {
                    // Guarded by itself: a trigger wherever it is.
                    guardGlyphs = []
                    triggers.insert(glyph)
                    break
                }
                guardGlyphs.insert(chosen)
            }
            if guardGlyphs.isEmpty { continue }
            triggers.conditional.append(([glyph], guardGlyphs.sorted()))
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
    /// triggers, but only where every other coverage has the glyph at its
    /// place (`offsets`, from the first input glyph): a positional trigger
    /// (`_KernOnlyPlan.matchesRule`). So Inter's ")" stays simple after a
    /// lowercase letter even in a piece with a capital or a trailing space
    /// elsewhere, and becomes ")" of the case forms only after a capital.
    /// The places are glyphs side by side only when the lookup skips no
    /// eligible glyph (no IgnoreBaseGlyphs or IgnoreLigatures flag; eligible
    /// text has no marks); otherwise, and when a plan has too many rules to
    /// track, the rule's guard stands in: its first glyphs are triggers in
    /// text that has a glyph of one coverage (the one with fewest eligible
    /// glyphs, preferring one without the first input's glyphs), as "x" in
    /// Inter only becomes "×" between digits.
    private func addIfMatchable(
        _ coverages: [Int], offsets: [Int], firstIndex: Int, flags: Int, _ eligible: _GlyphSet,
        _ triggers: inout _Triggers
    ) throws(Malformed) {
        // The first input's glyphs first: most rules fail there.
        var firstGlyphs: [Int] = []
        try forEachCovered(coverages[firstIndex]) {
            if eligible.contains($0) { firstGlyphs.append($0) }
        }
        if firstGlyphs.isEmpty { return }
        // Any coverage of the rule is a sound guard: each must match.
        var context: [(offset: Int, glyphs: [Int])] = []
        var guardGlyphs: [Int]?
        var guardRank = (Int.max, Int.max)
        for (index, coverage) in coverages.enumerated() where index != firstIndex {
            var glyphs: [Int] = []
            var shared = 0
            try forEachCovered(coverage) {
                guard eligible.contains($0) else { return }
                glyphs.append($0)
                if Self.sortedContains(firstGlyphs, $0) { shared = 1 }
            }
            if glyphs.isEmpty { return }
            glyphs.sort()
            if (shared, glyphs.count) < guardRank {
                guardRank = (shared, glyphs.count)
                guardGlyphs = glyphs
            }
            context.append((offsets[index], glyphs))
        }
        guard let guardGlyphs else {
            for glyph in firstGlyphs { triggers.insert(glyph) }
            return
        }
        if flags & 0x6 == 0 {
            triggers.positional.append((firstGlyphs, context, guardGlyphs))
        } else {
            triggers.conditional.append((firstGlyphs, guardGlyphs))
        }
    }

    /// Whether `glyphs`, ascending (a coverage table's order), holds `glyph`.
    /// On an unsorted list it may answer false wrongly; callers only use the
    /// answer to prefer one sound guard over another.
    static func sortedContains(_ glyphs: [Int], _ glyph: Int) -> Bool {
        var low = 0
        var high = glyphs.count
        while low < high {
            let middle = (low + high) / 2
            if glyphs[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        return low < glyphs.count && glyphs[low] == glyph
    }
}
