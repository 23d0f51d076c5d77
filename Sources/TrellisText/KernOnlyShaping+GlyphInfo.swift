// What the kern model's measuring loop (Workspace+KernOnlyMeasure.swift)
// asks of each glyph, in one word: measuring a piece read, for every glyph,
// the plan's simple set, its needs, guards and starts, the face's advances
// and the class's pair firsts, six arrays with a bounds check each and as
// many cache lines, about 40 of the loop's 90 instructions a glyph (5,000
// rows of the mixed file of "Speed per script": 67 glyphs a row measured
// by the model, 2026-12-04).

import CTrellisICU

/// A glyph's advance in design units (bits 0–31, its `Int32` bit pattern)
/// and what a script class's plan says of it (bits 32–34).
enum _GlyphInfo {
    /// One of the plan's simple glyphs.
    static let simple: UInt64 = 1 << 32
    /// One the class's pair subtables list as a first glyph
    /// (`_KernOnlyFace.pairFirstBits`).
    static let pairFirst: UInt64 = 1 << 33
    /// One whose `needs`, `guards` or `starts` has a bit: the only glyphs
    /// for which the loop reads those arrays (each is 0 for the others).
    static let guarded: UInt64 = 1 << 34

    /// The advance `info` holds.
    @inline(__always)
    static func advance(_ info: UInt64) -> Int32 { Int32(truncatingIfNeeded: info) }
}

extension _KernOnlyFace {
    /// Glyphs past this many have no word in a class's table: their word
    /// is worked out when measured (`glyphInfo(of:plan:scriptClass:)`).
    /// Noto Sans CJK's 65,535 glyphs would take 512 KB a class, made in
    /// the process's first Chinese row; its Latin letters, punctuation and
    /// kana come first.
    static let glyphInfoLimit = 8_192

    /// The number of glyphs a class's table holds.
    @inline(__always)
    var glyphInfoCount: Int { min(advances.count, _KernOnlyFace.glyphInfoLimit) }

    /// The word of `glyph` for `scriptClass`, whose plan is `plan`.
    @inline(__always)
    func glyphInfo(of glyph: Int, plan: _KernOnlyPlan, scriptClass: Int) -> UInt64 {
        var info = UInt64(UInt32(bitPattern: advances[glyph]))
        if plan.simple.contains(glyph) { info |= _GlyphInfo.simple }
        if scriptClass < pairFirstBits.count, let firsts = pairFirstBits[scriptClass],
            firsts.contains(glyph)
        {
            info |= _GlyphInfo.pairFirst
        }
        if plan.needs(of: glyph) | plan.guards(of: glyph) | plan.starts(of: glyph) != 0 {
            info |= _GlyphInfo.guarded
        }
        return info
    }

    /// The words of the first `glyphInfoCount` glyphs for `scriptClass`,
    /// whose plan is `plan`: made on first use and kept for the face's
    /// life. Threads that ask at once may each make it; the first to
    /// publish it wins, the others free theirs (the same words).
    @inline(__always)
    func glyphInfo(plan: _KernOnlyPlan, scriptClass: Int) -> UnsafePointer<UInt64> {
        publishedGlyphInfo(scriptClass) ?? makeGlyphInfo(plan: plan, scriptClass: scriptClass)
    }

    /// The words `scriptClass`'s slot holds, nil while none is published.
    @inline(__always)
    private func publishedGlyphInfo(_ scriptClass: Int) -> UnsafePointer<UInt64>? {
        let slot = UnsafeMutableRawPointer(glyphInfoSlots + scriptClass)
            .assumingMemoryBound(to: UInt64.self)
        return UnsafePointer(bitPattern: UInt(trellis_atomic_load_acquire(slot)))
    }

    @inline(never)
    private func makeGlyphInfo(plan: _KernOnlyPlan, scriptClass: Int) -> UnsafePointer<UInt64> {
        let count = glyphInfoCount
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, count))
        // `glyphInfo(of:…)` for each glyph, a set at a time: the advances,
        // then each set's bits (a glyph at a time, it cost about 28
        // instructions a glyph: 1.8 M for Noto Sans CJK's classes in a
        // process measuring Chinese).
        advances.withUnsafeBufferPointer { advances in
            for glyph in 0..<count {
                words[glyph] = UInt64(UInt32(bitPattern: advances[glyph]))
            }
        }
        func mark(_ set: UnsafeBufferPointer<UInt64>, _ bit: UInt64) {
            for word in 0..<min(set.count, (count + 63) / 64) where set[word] != 0 {
                var bits = set[word]
                while bits != 0 {
                    let glyph = word &* 64 &+ bits.trailingZeroBitCount
                    bits &= bits &- 1
                    if glyph < count { words[glyph] |= bit }
                }
            }
        }
        plan.simple.words.withUnsafeBufferPointer { mark($0, _GlyphInfo.simple) }
        if scriptClass < pairFirstBits.count, let firsts = pairFirstBits[scriptClass] {
            mark(
                UnsafeBufferPointer(start: firsts.words, count: firsts.count), _GlyphInfo.pairFirst)
        }
        for perGlyph in [plan.needs, plan.guards, plan.starts] {
            perGlyph.withUnsafeBufferPointer { values in
                for glyph in 0..<min(values.count, count) where values[glyph] != 0 {
                    words[glyph] |= _GlyphInfo.guarded
                }
            }
        }
        if trellis_atomic_store_if_empty(glyphInfoSlots + scriptClass, UInt(bitPattern: words)) {
            return UnsafePointer(words)
        }
        words.deallocate()
        return publishedGlyphInfo(scriptClass).unsafelyUnwrapped
    }
}
