// Pair kernings read from the font's GPOS pair adjustment lookups, for the
// kern-only measuring (KernOnlyShaping.swift). Learned from HarfBuzz's output
// alone, every pair a text brings for the first time sent the piece to
// HarfBuzz, whose calls cost thousands of instructions a character with a
// font of many lookups: real text of any script meets new pairs all the
// time. Here K(a, b) is worked out from the lookups the plan applies, as
// HarfBuzz applies them (OpenType GPOS lookup type 2; HarfBuzz 6.0's
// PairPosFormat1/2::apply):
// - in each lookup, the first subtable whose coverage has a and that
//   applies to (a, b) gives a's adjustment: format 1 when b is in a's pair
//   set (otherwise the next subtable is tried); format 2 whenever the
//   classes of a and b are below the class counts (class 0 for a glyph the
//   class definition does not list), even with a zero value;
// - the lookups' adjustments add up (the model's `valueFormat2 == 0`: only
//   the first glyph moves, and the next pair starts at the second glyph);
// - only XAdvance counts (a placement moves a glyph, not the pen), scaled
//   1:1 at HarfBuzz's scale of units per em; a value with device or
//   variation tables is not computed (nil: HarfBuzz shapes the piece).
// Pairs learned from HarfBuzz's output are still checked against these
// (`_KernPairs.insert`), and a contradiction turns the model off.

import CHarfBuzz

/// A plan's pair adjustment lookups: for each, its subtables' offsets in GPOS.
struct _PairLookups: Sendable {
    let lookups: [[Int]]
}

extension _KernOnlyFace {
    /// K(first, second) under the plan of `scriptClass`, in design units;
    /// nil when it cannot be read (HarfBuzz must shape).
    func pairKerning(_ first: UInt32, _ second: UInt32, scriptClass: Int) -> Int32? {
        guard scriptClass < pairLookups.count, pairLookups[scriptClass] != nil, let gpos
        else { return nil }
        // No budget: a pair's reads are bounded (see `_LayoutReader.budget`).
        let reader = _LayoutReader(blob: gpos, budget: nil)
        // The plan's tables as arrays by glyph where it has them
        // (_GPOSPairs+Dense.swift): the same values without the searches.
        let dense =
            Int(first) < advances.count && Int(second) < advances.count
            && densePairs[scriptClass] != nil
        // The plan's arrays are read where the face keeps them, by index:
        // bound to locals (the plan, its dense tables, each lookup's
        // subtables), each was retained and released a call, and the face
        // is shared by every thread.
        var total: Int32 = 0
        do throws(_LayoutReader.Malformed) {
            let lookupCount = pairLookups[scriptClass].unsafelyUnwrapped.lookups.count
            for lookup in 0..<lookupCount {
                let subtableCount = pairLookups[scriptClass].unsafelyUnwrapped.lookups[lookup].count
                for place in 0..<subtableCount {
                    let found: Int32?
                    if dense {
                        found = try densePairs[scriptClass].unsafelyUnwrapped[lookup][place]
                            .adjustment(reader, Int(first), Int(second))
                    } else {
                        found = try reader.pairAdjustment(
                            pairLookups[scriptClass].unsafelyUnwrapped.lookups[lookup][place],
                            Int(first), Int(second))
                    }
                    guard let value = found else { continue }
                    total &+= value
                    break
                }
            }
        } catch {
            return nil
        }
        return total
    }

    /// For each plan of `lookups`, the glyphs the coverage tables of its
    /// pair adjustment subtables list: a pair whose first glyph is not
    /// among them is adjusted by none of its subtables (each looks its
    /// first glyph up in its coverage first, `pairAdjustment`, and gives
    /// nil when the search does not find it), so K = 0 without a read.
    /// A search finds only a glyph its table lists (a superset is safe:
    /// such a glyph is read as before). Nil for a plan whose tables are
    /// not all readable, of a known format and within `glyphCount`, and
    /// for one that lists half the glyphs or more (Inter's letters nearly
    /// all kern: a test a glyph would cost more than the reads it spares).
    /// Noto Sans CJK lists 1,773 of its 65,535 glyphs in any GPOS lookup:
    /// no ideograph, so a piece such as "子，" reads no pair (4,746 of the
    /// 4,889 pairs 5,000 Chinese rows read from it, 2026-12-01).
    static func pairFirsts(_ lookups: [_PairLookups?], gpos: OpaquePointer?, glyphCount: Int)
        -> [_GlyphSet?]
    {
        guard let gpos else { return lookups.map { _ in nil } }
        let reader = _LayoutReader(blob: gpos, budget: nil)
        // Plans of one font mostly share their lookups: each list once.
        var made: [(lookups: [[Int]], set: _GlyphSet?)] = []
        return lookups.map { plan -> _GlyphSet? in
            guard let plan else { return nil }
            if let known = made.first(where: { $0.lookups == plan.lookups }) { return known.set }
            let set = _coveredFirsts(plan, reader, glyphCount)
            made.append((plan.lookups, set))
            return set
        }
    }

    private static func _coveredFirsts(
        _ plan: _PairLookups, _ reader: _LayoutReader, _ glyphCount: Int
    ) -> _GlyphSet? {
        var set = _GlyphSet(count: glyphCount)
        do throws(_LayoutReader.Malformed) {
            for subtables in plan.lookups {
                for subtable in subtables {
                    let coverage = subtable + (try reader.u16(subtable + 2))
                    _ = try reader.u16(subtable)
                    guard try reader.insertCovered(coverage, into: &set, below: glyphCount)
                    else { return nil }
                }
            }
        } catch {
            return nil
        }
        let listed = set.words.reduce(0) { $0 + $1.nonzeroBitCount }
        return listed * 2 < glyphCount ? set : nil
    }

    /// The pair adjustment subtables of each plan's GPOS lookups (nil for
    /// a plan the model does not cover), read once with the analysis; it
    /// throws for a lookup HarfBuzz does not read as it is in the file
    /// (`requireHarfBuzzReadsPairs`, _GPOSPairs+Sanitized.swift).
    static func readPairLookups(face: OpaquePointer, _ gpos: _LayoutReader, _ lookups: [Int])
        throws(_LayoutReader.Malformed) -> _PairLookups
    {
        let list = try gpos.u16(8)
        let count = try gpos.u16(list)
        var found: [[Int]] = []
        for index in lookups {
            guard index < count else { throw _LayoutReader.Malformed() }
            let lookup = list + (try gpos.u16(list + 2 + 2 * index))
            let lookupType = try gpos.u16(lookup)
            let subtables = try gpos.u16(lookup + 4)
            var pairs: [Int] = []
            for subtableIndex in 0..<subtables {
                var subtable = lookup + (try gpos.u16(lookup + 6 + 2 * subtableIndex))
                var type = lookupType
                if type == 9 {
                    guard try gpos.u16(subtable) == 1 else { throw _LayoutReader.Malformed() }
                    type = try gpos.u16(subtable + 2)
                    subtable += try gpos.u32(subtable + 4)
                }
                if type == 2 { pairs.append(subtable) }
            }
            if !pairs.isEmpty {
                try gpos.requireHarfBuzzReadsPairs(face: face, lookup: index, subtables: pairs)
                found.append(pairs)
            }
        }
        return _PairLookups(lookups: found)
    }
}

extension _LayoutReader {
    /// The XAdvance adjustment a pair adjustment subtable gives `first`
    /// followed by `second`, or nil when the subtable does not apply to the
    /// pair (HarfBuzz then tries the lookup's next subtable).
    func pairAdjustment(_ subtable: Int, _ first: Int, _ second: Int) throws(Malformed) -> Int32? {
        let format = try u16(subtable)
        guard let index = try coverageIndex(subtable + (try u16(subtable + 2)), first) else {
            return nil
        }
        let format1 = try u16(subtable + 4)
        let format2 = try u16(subtable + 6)
        // Device or variation tables: not modelled.
        guard format1 & 0xFFF0 == 0, format2 == 0 else { throw Malformed() }
        let length1 = format1.nonzeroBitCount
        // XAdvance follows XPlacement and YPlacement when they are present.
        let advanceAt = (format1 & 0x3).nonzeroBitCount
        let hasAdvance = format1 & 0x4 != 0
        switch format {
        case 1:
            return try pairSetAdjustment(
                subtable, index: index, second, length1: length1, advanceAt: advanceAt,
                hasAdvance: hasAdvance)
        case 2:
            let class1 = try glyphClass(subtable + (try u16(subtable + 8)), first)
            let class2 = try glyphClass(subtable + (try u16(subtable + 10)), second)
            let class1Count = try u16(subtable + 12)
            let class2Count = try u16(subtable + 14)
            guard class1 < class1Count, class2 < class2Count else { return nil }
            let record = subtable + 16 + 2 * length1 * (class1 * class2Count + class2)
            return hasAdvance ? Int32(try i16(record + 2 * advanceAt)) : 0
        default:
            throw Malformed()
        }
    }

    /// The big-endian 16-bit value at `offset`, which the caller has
    /// checked is inside the table.
    @inline(__always)
    private func checkedU16(_ offset: Int) -> Int {
        Int(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    }

    func i16(_ offset: Int) throws(Malformed) -> Int {
        Int(Int16(truncatingIfNeeded: try u16(offset)))
    }

    /// The coverage index of `glyph` in the coverage table at `offset`
    /// (binary search, as HarfBuzz's), nil when it is not covered.
    func coverageIndex(_ offset: Int, _ glyph: Int) throws(Malformed) -> Int? {
        let format = try u16(offset)
        let count = try u16(offset + 2)
        var low = 0
        var high = count - 1
        switch format {
        case 1:
            while low <= high {
                let middle = (low + high) / 2
                let found = try u16(offset + 4 + 2 * middle)
                if found < glyph {
                    low = middle + 1
                } else if found > glyph {
                    high = middle - 1
                } else {
                    return middle
                }
            }
            return nil
        case 2:
            guard let range = try rangeRecord(offset + 4, count: count, glyph) else { return nil }
            return try u16(range + 4) + glyph - (try u16(range))
        default:
            throw Malformed()
        }
    }

    /// Inserts into `set` every glyph the coverage table at `offset` lists;
    /// false (the set then in any state) when one is `limit` or more or
    /// the table is of another format than 1 and 2.
    func insertCovered(_ offset: Int, into set: inout _GlyphSet, below limit: Int)
        throws(Malformed) -> Bool
    {
        let format = try u16(offset)
        let count = try u16(offset + 2)
        switch format {
        case 1:
            for index in 0..<count {
                let glyph = try u16(offset + 4 + 2 * index)
                guard glyph < limit else { return false }
                set.insert(glyph)
            }
        case 2:
            for index in 0..<count {
                let first = try u16(offset + 4 + 6 * index)
                let last = try u16(offset + 6 + 6 * index)
                _ = try u16(offset + 8 + 6 * index)
                // A record with `first` after `last` holds no glyph for
                // the search either (`rangeRecord`).
                guard first > last || last < limit else { return false }
                if first <= last { for glyph in first...last { set.insert(glyph) } }
            }
        default:
            return false
        }
        return true
    }

    /// The class the class definition table at `offset` gives `glyph` (0
    /// when it does not list it).
    func glyphClass(_ offset: Int, _ glyph: Int) throws(Malformed) -> Int {
        let format = try u16(offset)
        switch format {
        case 1:
            let start = try u16(offset + 2)
            let count = try u16(offset + 4)
            guard glyph >= start, glyph < start + count else { return 0 }
            return try u16(offset + 6 + 2 * (glyph - start))
        case 2:
            let count = try u16(offset + 2)
            guard let range = try rangeRecord(offset + 4, count: count, glyph) else { return 0 }
            return try u16(range + 4)
        default:
            throw Malformed()
        }
    }

    /// The offset of the range record (first glyph, last glyph, value) of
    /// the `count` at `offset` that holds `glyph`, by binary search as
    /// HarfBuzz's; nil when none does. The comparisons in HarfBuzz's order
    /// (`RangeRecord::cmp`: before `first`, else after `last`): in a damaged
    /// font whose record has `first` after `last`, the other order goes the
    /// other way and finds another record (the `fonts` fuzz target).
    func rangeRecord(_ offset: Int, count: Int, _ glyph: Int) throws(Malformed) -> Int? {
        // Records wholly inside the table, and a reader without a budget
        // (a pair's look-up): the same search with one bounds check for
        // all of them rather than one a read (range records are most of
        // the reads of a new pair with Inter's class definitions).
        if budget == nil, offset >= 0, count > 0, offset + 6 * count <= bytes.count {
            var low = 0
            var high = count - 1
            while low <= high {
                let middle = (low + high) / 2
                let range = offset + 6 * middle
                if glyph < checkedU16(range) {
                    high = middle - 1
                } else if glyph > checkedU16(range + 2) {
                    low = middle + 1
                } else {
                    return range
                }
            }
            return nil
        }
        var low = 0
        var high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = offset + 6 * middle
            if glyph < (try u16(range)) {
                high = middle - 1
            } else if glyph > (try u16(range + 2)) {
                low = middle + 1
            } else {
                return range
            }
        }
        return nil
    }
}
