// A new pair's kerning without binary searches, for faces of few glyphs
// (_GPOSPairs.swift). Each pair adjustment subtable's coverage and class
// definitions are read once into arrays by glyph, where `pairAdjustment`
// searched them for every new pair: HarfBuzz's binary searches over
// Inter's range records were most of a pair's 1,700 instructions (5,000
// mixed rows read 12,000 pairs, 20.5 M instructions, 2026-12-01).
//
// An array gives what the search gives only for a table it finds every
// glyph of: glyphs (format 1) or ranges (format 2) in strictly increasing
// order, each range's first glyph at most its last. A plan with another
// table, or a face of more than `maximumGlyphs` glyphs, keeps the searches;
// so do glyphs past the face's count.

/// One pair adjustment subtable with its coverage and, for format 2, its
/// class definitions as arrays by glyph.
struct _DensePairSubtable: Sendable {
    /// Faces with more glyphs keep the searches (a CJK face's 65,535
    /// glyphs would take 640 KB a subtable).
    static let maximumGlyphs = 16_384

    let offset: Int
    let format: Int
    /// Per glyph: its coverage index + 1, or 0 when the coverage lacks it.
    let coverage: [UInt32]
    /// Whether `pairAdjustment` reads its values (no device tables); for
    /// a covered glyph it throws otherwise.
    let readable: Bool
    let length1: Int
    let advanceAt: Int
    let hasAdvance: Bool
    /// Format 2: each glyph's class in the first and second class
    /// definitions, and the class counts.
    let classes1: [UInt16]
    let classes2: [UInt16]
    let class1Count: Int
    let class2Count: Int

    /// The subtable at `offset` as arrays for `glyphCount` glyphs, or nil
    /// when one of its tables is not in order (or not readable).
    static func make(_ reader: _LayoutReader, _ offset: Int, glyphCount: Int)
        throws(_LayoutReader.Malformed) -> _DensePairSubtable?
    {
        let format = try reader.u16(offset)
        let coverageOffset = offset + (try reader.u16(offset + 2))
        guard let coverage = try denseCoverage(reader, coverageOffset, glyphCount) else {
            return nil
        }
        let format1 = try reader.u16(offset + 4)
        let format2 = try reader.u16(offset + 6)
        let readable = format1 & 0xFFF0 == 0 && format2 == 0 && (format == 1 || format == 2)
        var classes1: [UInt16] = []
        var classes2: [UInt16] = []
        var class1Count = 0
        var class2Count = 0
        if readable && format == 2 {
            guard
                let first = try denseClasses(
                    reader, offset + (try reader.u16(offset + 8)), glyphCount),
                let second = try denseClasses(
                    reader, offset + (try reader.u16(offset + 10)), glyphCount)
            else { return nil }
            classes1 = first
            classes2 = second
            class1Count = try reader.u16(offset + 12)
            class2Count = try reader.u16(offset + 14)
        }
        return _DensePairSubtable(
            offset: offset, format: format, coverage: coverage, readable: readable,
            length1: format1.nonzeroBitCount, advanceAt: (format1 & 0x3).nonzeroBitCount,
            hasAdvance: format1 & 0x4 != 0, classes1: classes1, classes2: classes2,
            class1Count: class1Count, class2Count: class2Count)
    }

    /// `pairAdjustment(offset, first, second)` for glyphs below the count
    /// the arrays were made for: the same reads but for the searches.
    @inline(__always)
    func adjustment(_ reader: _LayoutReader, _ first: Int, _ second: Int)
        throws(_LayoutReader.Malformed) -> Int32?
    {
        let covered = Int(coverage[first])
        if covered == 0 { return nil }
        guard readable else { throw _LayoutReader.Malformed() }
        if format == 1 {
            return try reader.pairSetAdjustment(
                offset, index: covered - 1, second, length1: length1, advanceAt: advanceAt,
                hasAdvance: hasAdvance)
        }
        let class1 = Int(classes1[first])
        let class2 = Int(classes2[second])
        guard class1 < class1Count, class2 < class2Count else { return nil }
        let record = offset + 16 + 2 * length1 * (class1 * class2Count + class2)
        return hasAdvance ? Int32(try reader.i16(record + 2 * advanceAt)) : 0
    }

    /// The coverage table at `offset` as each glyph's index + 1, or nil
    /// when its glyphs or ranges are not in increasing order.
    private static func denseCoverage(_ reader: _LayoutReader, _ offset: Int, _ glyphCount: Int)
        throws(_LayoutReader.Malformed) -> [UInt32]?
    {
        var dense = [UInt32](repeating: 0, count: glyphCount)
        let format = try reader.u16(offset)
        let count = try reader.u16(offset + 2)
        switch format {
        case 1:
            var previous = -1
            for index in 0..<count {
                let glyph = try reader.u16(offset + 4 + 2 * index)
                guard glyph > previous else { return nil }
                previous = glyph
                if glyph < glyphCount { dense[glyph] = UInt32(index + 1) }
            }
        case 2:
            guard
                try forEachOrderedRange(
                    reader, offset + 4, count: count,
                    { first, last, start in
                        if first < glyphCount {
                            for glyph in first...min(last, glyphCount - 1) {
                                dense[glyph] = UInt32(start + glyph - first + 1)
                            }
                        }
                    })
            else { return nil }
        default:
            return nil
        }
        return dense
    }

    /// The class definition table at `offset` as each glyph's class (0
    /// where it lists none), or nil when its ranges are not in order.
    private static func denseClasses(_ reader: _LayoutReader, _ offset: Int, _ glyphCount: Int)
        throws(_LayoutReader.Malformed) -> [UInt16]?
    {
        var dense = [UInt16](repeating: 0, count: glyphCount)
        let format = try reader.u16(offset)
        switch format {
        case 1:
            let start = try reader.u16(offset + 2)
            let count = try reader.u16(offset + 4)
            for index in 0..<count {
                let value = try reader.u16(offset + 6 + 2 * index)
                if start + index < glyphCount { dense[start + index] = UInt16(value) }
            }
        case 2:
            let count = try reader.u16(offset + 2)
            guard
                try forEachOrderedRange(
                    reader, offset + 4, count: count,
                    { first, last, value in
                        if first < glyphCount {
                            for glyph in first...min(last, glyphCount - 1) {
                                dense[glyph] = UInt16(value)
                            }
                        }
                    })
            else { return nil }
        default:
            return nil
        }
        return dense
    }

    /// Calls `body` with each of the `count` range records at `offset`
    /// when every record's first glyph is at most its last and after the
    /// last glyph of the record before (then HarfBuzz's search finds each
    /// glyph in the record that holds it); false, before any call, when not.
    private static func forEachOrderedRange(
        _ reader: _LayoutReader, _ offset: Int, count: Int, _ body: (Int, Int, Int) -> Void
    ) throws(_LayoutReader.Malformed) -> Bool {
        var previous = -1
        for index in 0..<count {
            let first = try reader.u16(offset + 6 * index)
            let last = try reader.u16(offset + 2 + 6 * index)
            _ = try reader.u16(offset + 4 + 6 * index)
            guard first <= last, first > previous else { return false }
            previous = last
        }
        for index in 0..<count {
            body(
                try reader.u16(offset + 6 * index), try reader.u16(offset + 2 + 6 * index),
                try reader.u16(offset + 4 + 6 * index))
        }
        return true
    }
}

extension _KernOnlyFace {
    /// Per script class, the plan's pair subtables as arrays
    /// (`_DensePairSubtable`), lookup by lookup as `pairLookups` lists
    /// them; nil for a plan whose pairs are not read or that keeps the
    /// searches.
    static func densePairs(_ lookups: [_PairLookups?], gpos: OpaquePointer?, glyphCount: Int)
        -> [[[_DensePairSubtable]]?]
    {
        guard let gpos, glyphCount <= _DensePairSubtable.maximumGlyphs else {
            return lookups.map { _ in nil }
        }
        let reader = _LayoutReader(blob: gpos, budget: nil)
        // Plans of one font mostly share their lookups: each list once.
        var made: [(lookups: [[Int]], dense: [[_DensePairSubtable]]?)] = []
        return lookups.map { plan -> [[_DensePairSubtable]]? in
            guard let plan else { return nil }
            if let known = made.first(where: { $0.lookups == plan.lookups }) {
                return known.dense
            }
            var dense: [[_DensePairSubtable]]? = []
            do throws(_LayoutReader.Malformed) {
                for subtables in plan.lookups where dense != nil {
                    var list: [_DensePairSubtable] = []
                    for subtable in subtables {
                        guard
                            let one = try _DensePairSubtable.make(
                                reader, subtable, glyphCount: glyphCount)
                        else {
                            dense = nil
                            break
                        }
                        list.append(one)
                    }
                    dense?.append(list)
                }
            } catch {
                dense = nil
            }
            made.append((plan.lookups, dense))
            return dense
        }
    }
}

extension _LayoutReader {
    /// The XAdvance adjustment of the pair set `index` of the format 1
    /// pair adjustment subtable at `subtable` for `second`, or nil when
    /// the set lacks it (`pairAdjustment`'s format 1, and the arrays').
    @inline(__always)
    func pairSetAdjustment(
        _ subtable: Int, index: Int, _ second: Int, length1: Int, advanceAt: Int,
        hasAdvance: Bool
    ) throws(Malformed) -> Int32? {
        guard index < (try u16(subtable + 8)) else { throw Malformed() }
        let set = subtable + (try u16(subtable + 10 + 2 * index))
        let records = try u16(set)
        let size = 2 + 2 * length1
        // HarfBuzz's binary search by the second glyph.
        var low = 0
        var high = records - 1
        while low <= high {
            let middle = (low + high) / 2
            let record = set + 2 + size * middle
            let glyph = try u16(record)
            if glyph < second {
                low = middle + 1
            } else if glyph > second {
                high = middle - 1
            } else {
                return hasAdvance ? Int32(try i16(record + 2 + 2 * advanceAt)) : 0
            }
        }
        return nil
    }
}
