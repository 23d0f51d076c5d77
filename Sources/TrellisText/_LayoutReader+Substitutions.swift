// Reading GSUB and GPOS lookups for `_SubstitutionPlan` (_SubstitutionPlan.swift):
// a lookup's subtables, the glyphs at which each may act, and matching a
// ligature or a context rule at a place of a run of glyphs, as HarfBuzz 6.0
// matches them (hb-ot-layout-gsubgpos.hh, GSUB's `Ligature::apply`).
import CHarfBuzz

extension _LayoutReader {
    /// Lookup `index`'s flags and subtables (extensions resolved).
    func lookupSubtables(_ index: Int, isPositioning: Bool) throws(Malformed) -> (
        flags: Int, subtables: [(offset: Int, type: Int)]
    ) {
        let list = try u16(8)
        guard index < (try u16(list)) else { throw Malformed() }
        let lookup = list + (try u16(list + 2 + 2 * index))
        let lookupType = try u16(lookup)
        let flags = try u16(lookup + 2)
        var subtables: [(offset: Int, type: Int)] = []
        for subtableIndex in 0..<(try u16(lookup + 4)) {
            var subtable = lookup + (try u16(lookup + 6 + 2 * subtableIndex))
            var type = lookupType
            if type == (isPositioning ? 9 : 7) {
                guard try u16(subtable) == 1 else { throw Malformed() }
                type = try u16(subtable + 2)
                subtable += try u32(subtable + 4)
            }
            subtables.append((subtable, type))
        }
        return (flags, subtables)
    }

    /// Whether a ligature of the ligature substitution at `subtable` forms
    /// at `position` (its components the glyphs that follow).
    func formsLigature(_ subtable: Int, at position: Int, in run: _GlyphRun) throws(Malformed)
        -> Bool
    {
        guard try u16(subtable) == 1 else { throw Malformed() }
        guard let index = try coverageIndex(subtable + (try u16(subtable + 2)), run[position])
        else { return false }
        guard index < (try u16(subtable + 4)) else { throw Malformed() }
        let set = subtable + (try u16(subtable + 6 + 2 * index))
        for ligature in 0..<(try u16(set)) {
            let offset = set + (try u16(set + 2 + 2 * ligature))
            let components = try u16(offset + 2)
            // HarfBuzz skips a ligature of no components, and replaces the
            // glyph with one of a single component.
            if components == 0 { continue }
            guard position + components <= run.count else { continue }
            var matches = true
            for component in 1..<components
            where try u16(offset + 2 + 2 * component) != run[position + component] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }

    /// The rule of the context or chained context subtable at `subtable`
    /// that matches at `position` (the first, as HarfBuzz tries them), or nil.
    func matchContext(_ subtable: Int, chained: Bool, at position: Int, in run: _GlyphRun)
        throws(Malformed) -> (inputCount: Int, lookupCount: Int, records: Int)?
    {
        let glyph = run[position]
        let format = try u16(subtable)
        switch format {
        case 1, 2:
            guard var index = try coverageIndex(subtable + (try u16(subtable + 2)), glyph) else {
                return nil
            }
            // Class definitions: backtrack, input, lookahead (format 2).
            var classes = (0, 0, 0)
            var sets = subtable + 4
            if format == 2 {
                if chained {
                    classes = (
                        subtable + (try u16(subtable + 4)), subtable + (try u16(subtable + 6)),
                        subtable + (try u16(subtable + 8))
                    )
                    sets = subtable + 10
                } else {
                    let definition = subtable + (try u16(subtable + 4))
                    classes = (definition, definition, definition)
                    sets = subtable + 6
                }
                index = try glyphClass(classes.1, glyph)
            }
            guard index < (try u16(sets)) else { return nil }
            let setOffset = try u16(sets + 2 + 2 * index)
            guard setOffset != 0 else { return nil }
            let set = subtable + setOffset
            let definitions = [classes.0, classes.1, classes.2]
            for rule in 0..<(try u16(set)) {
                let found = try matchRule(
                    set + (try u16(set + 2 + 2 * rule)), chained: chained, at: position, in: run
                ) { (part, value, other) throws(Malformed) in
                    if format == 1 { return value == other }
                    return try glyphClass(definitions[part], other) == value
                }
                if let found { return found }
            }
            return nil
        case 3:
            return try matchCoverageRule(subtable, chained: chained, at: position, in: run)
        default:
            throw Malformed()
        }
    }

    /// A rule of glyphs or classes (formats 1 and 2): `matches(part, value,
    /// glyph)` compares a glyph of the backtrack (0), input (1) or
    /// lookahead (2) with the rule's value.
    private func matchRule(
        _ rule: Int, chained: Bool, at position: Int, in run: _GlyphRun,
        _ matches: (Int, Int, Int) throws(Malformed) -> Bool
    ) throws(Malformed) -> (inputCount: Int, lookupCount: Int, records: Int)? {
        var offset = rule
        if chained {
            let backtrack = try u16(offset)
            guard position >= backtrack else { return nil }
            for index in 0..<backtrack
            where !(try matches(0, try u16(offset + 2 + 2 * index), run[position - 1 - index])) {
                return nil
            }
            offset += 2 + 2 * backtrack
        }
        let inputCount = try u16(offset)
        guard inputCount > 0 else { throw Malformed() }
        var lookupCount = 0
        if chained {
            offset += 2
        } else {
            lookupCount = try u16(offset + 2)
            offset += 4
        }
        guard position + inputCount <= run.count else { return nil }
        for index in 1..<inputCount
        where !(try matches(1, try u16(offset + 2 * (index - 1)), run[position + index])) {
            return nil
        }
        offset += 2 * (inputCount - 1)
        if chained {
            let lookahead = try u16(offset)
            guard position + inputCount + lookahead <= run.count else { return nil }
            for index in 0..<lookahead
            where
                !(try matches(
                    2, try u16(offset + 2 + 2 * index), run[position + inputCount + index]))
            {
                return nil
            }
            offset += 2 + 2 * lookahead
            lookupCount = try u16(offset)
            offset += 2
        }
        return (inputCount, lookupCount, offset)
    }

    /// A rule of coverage tables (format 3).
    private func matchCoverageRule(
        _ subtable: Int, chained: Bool, at position: Int, in run: _GlyphRun
    ) throws(Malformed) -> (inputCount: Int, lookupCount: Int, records: Int)? {
        var offset = subtable + 2
        var backtrack = 0
        if chained {
            backtrack = try u16(offset)
            offset += 2 + 2 * backtrack
        }
        let inputCount = try u16(offset)
        guard inputCount > 0 else { throw Malformed() }
        let inputs = offset + (chained ? 2 : 4)
        var lookupCount = chained ? 0 : try u16(offset + 2)
        guard try coverageIndex(subtable + (try u16(inputs)), run[position]) != nil else {
            return nil
        }
        guard position + inputCount <= run.count, position >= backtrack else { return nil }
        for index in 1..<inputCount {
            let coverage = subtable + (try u16(inputs + 2 * index))
            if try coverageIndex(coverage, run[position + index]) == nil { return nil }
        }
        for index in 0..<backtrack {
            let coverage = subtable + (try u16(subtable + 4 + 2 * index))
            if try coverageIndex(coverage, run[position - 1 - index]) == nil { return nil }
        }
        offset = inputs + 2 * inputCount
        if chained {
            let lookahead = try u16(offset)
            guard position + inputCount + lookahead <= run.count else { return nil }
            for index in 0..<lookahead {
                let coverage = subtable + (try u16(offset + 2 + 2 * index))
                if try coverageIndex(coverage, run[position + inputCount + index]) == nil {
                    return nil
                }
            }
            offset += 2 + 2 * lookahead
            lookupCount = try u16(offset)
            offset += 2
        }
        return (inputCount, lookupCount, offset)
    }
}

/// Reads a table's lookups into `_PlanLookup`s, each coverage a rule
/// looks at made once into a set shared by offset (`sets`).
struct _LookupCompiler {
    let reader: _LayoutReader
    let isPositioning: Bool
    let glyphCount: Int
    /// The coverage sets context rules of coverage tables look at.
    private(set) var sets: [_GlyphSet] = []
    private var setIndex: [Int: Int] = [:]
    /// Sets made at most (beyond them, a rule reads its tables).
    static let maximumSets = 1_024

    init(reader: _LayoutReader, isPositioning: Bool, glyphCount: Int) {
        self.reader = reader
        self.isPositioning = isPositioning
        self.glyphCount = glyphCount
    }

    /// Lookup `index`, its subtables and the glyphs at which they may act.
    mutating func lookup(_ index: Int) throws(_LayoutReader.Malformed) -> _PlanLookup {
        let (flags, subtables) = try reader.lookupSubtables(index, isPositioning: isPositioning)
        var firsts = _GlyphSet(count: glyphCount)
        var compiled: [_PlanSubtable] = []
        for (offset, type) in subtables {
            compiled.append(try subtable(offset, type: type, adding: &firsts))
        }
        // Inter's case forms are one lookup of 63 subtables: which of them
        // may act at a glyph, found by one search rather than 63 tests.
        var maskGlyphs: [Int32] = []
        var masks: [UInt64] = []
        if compiled.count > 4 && compiled.count <= 64 {
            for glyph in 0..<glyphCount where firsts.contains(glyph) {
                var mask: UInt64 = 0
                for (place, subtable) in compiled.enumerated()
                where subtable.firsts.contains(glyph) {
                    mask |= 1 << UInt64(place)
                }
                maskGlyphs.append(Int32(glyph))
                masks.append(mask)
            }
        }
        return _PlanLookup(
            flags: flags, subtables: compiled, firsts: firsts, maskGlyphs: maskGlyphs,
            masks: masks)
    }

    private mutating func subtable(_ offset: Int, type: Int, adding lookupFirsts: inout _GlyphSet)
        throws(_LayoutReader.Malformed) -> _PlanSubtable
    {
        let format = try reader.u16(offset)
        let isContext = isPositioning ? type == 7 : type == 5
        let isChained = isPositioning ? type == 8 : type == 6
        var firsts = _GlyphSet(count: glyphCount)
        var places: [(offset: Int, set: Int)]?
        var (before, after, inputCount, lookupCount, records) = (0, 0, 0, 0, 0)
        var seconds: _GlyphSet?
        if (isContext || isChained) && format == 3 {
            var backtrack: [Int] = []
            var input: [Int] = []
            var lookahead: [Int] = []
            var cursor = offset + 2
            if isChained {
                for part in 0..<3 {
                    let count = try reader.u16(cursor)
                    for index in 0..<count {
                        let coverage = offset + (try reader.u16(cursor + 2 + 2 * index))
                        if part == 0 { backtrack.append(coverage) }
                        if part == 1 { input.append(coverage) }
                        if part == 2 { lookahead.append(coverage) }
                    }
                    cursor += 2 + 2 * count
                }
                lookupCount = try reader.u16(cursor)
                records = cursor + 2
            } else {
                let count = try reader.u16(offset + 2)
                lookupCount = try reader.u16(offset + 4)
                for index in 0..<count {
                    input.append(offset + (try reader.u16(offset + 6 + 2 * index)))
                }
                records = offset + 6 + 2 * count
            }
            inputCount = input.count
            before = backtrack.count
            after = inputCount + lookahead.count
            if let first = input.first {
                try insertCoverage(first, into: &firsts, and: &lookupFirsts)
                var made: [(offset: Int, set: Int)] = []
                let others =
                    input.enumerated().dropFirst().map { ($0.offset, $0.element) }
                    + backtrack.enumerated().map { (-($0.offset + 1), $0.element) }
                    + lookahead.enumerated().map { (inputCount + $0.offset, $0.element) }
                for (place, coverage) in others {
                    guard let set = try set(coverage) else { break }
                    made.append((place, set))
                }
                if made.count == others.count { places = made }
            }
        } else {
            try insertCoverage(
                offset + (try reader.u16(offset + 2)), into: &firsts, and: &lookupFirsts)
            if !isPositioning && type == 4 && format == 1 { seconds = try ligatureSeconds(offset) }
        }
        return _PlanSubtable(
            offset: offset, type: type, firsts: firsts, places: places, before: before,
            after: after, inputCount: inputCount, lookupCount: lookupCount, records: records,
            seconds: seconds)
    }

    /// The set of the coverage at `coverage`, made once; nil past `maximumSets`.
    private mutating func set(_ coverage: Int) throws(_LayoutReader.Malformed) -> Int? {
        if let known = setIndex[coverage] { return known }
        guard sets.count < Self.maximumSets else { return nil }
        var set = _GlyphSet(count: glyphCount)
        var unused = _GlyphSet(count: 0)
        try insertCoverage(coverage, into: &set, and: &unused)
        sets.append(set)
        setIndex[coverage] = sets.count - 1
        return sets.count - 1
    }

    /// Inserts the glyphs of the coverage table at `offset` into both sets.
    /// Throws unless its glyphs, or its ranges' first and last glyphs, never
    /// decrease and are within the face: then a glyph is in the set exactly
    /// when HarfBuzz's binary search finds it (Inter's ranges of capitals
    /// touch: one ends at the glyph the next starts with).
    private func insertCoverage(
        _ offset: Int, into set: inout _GlyphSet, and other: inout _GlyphSet
    ) throws(_LayoutReader.Malformed) {
        let format = try reader.u16(offset)
        let count = try reader.u16(offset + 2)
        var (previousFirst, previousLast) = (0, 0)
        for index in 0..<count {
            let first: Int
            let last: Int
            if format == 1 {
                first = try reader.u16(offset + 4 + 2 * index)
                last = first
            } else if format == 2 {
                first = try reader.u16(offset + 4 + 6 * index)
                last = try reader.u16(offset + 6 + 6 * index)
                _ = try reader.u16(offset + 8 + 6 * index)
            } else {
                throw _LayoutReader.Malformed()
            }
            guard first >= previousFirst, last >= previousLast, first <= last, last < glyphCount
            else { throw _LayoutReader.Malformed() }
            set.insert(from: first, through: last)
            other.insert(from: first, through: last)
            (previousFirst, previousLast) = (first, last)
        }
    }

    /// The glyphs the ligatures of the ligature substitution at `offset`
    /// have as second component; nil when one has a single component.
    private func ligatureSeconds(_ offset: Int) throws(_LayoutReader.Malformed) -> _GlyphSet? {
        var seconds = _GlyphSet(count: glyphCount)
        for index in 0..<(try reader.u16(offset + 4)) {
            let set = offset + (try reader.u16(offset + 6 + 2 * index))
            for ligature in 0..<(try reader.u16(set)) {
                let components = try reader.u16(set + (try reader.u16(set + 2 + 2 * ligature)) + 2)
                if components == 1 { return nil }
                if components > 1 {
                    seconds.insert(
                        try reader.u16(set + (try reader.u16(set + 2 + 2 * ligature)) + 4))
                }
            }
        }
        return seconds
    }
}
