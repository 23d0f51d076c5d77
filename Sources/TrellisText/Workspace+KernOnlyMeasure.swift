// Measuring a piece without HarfBuzz where the font only kerns it
// (the proof is in KernOnlyShaping.swift).

import CHarfBuzz

extension _Workspace {
    /// The kern-only analysis of `face` (cached for the last two faces
    /// asked, so that alternating between two takes no lock). A thread
    /// that needs it while another works it out waits: going on
    /// with HarfBuzz meanwhile gave the same measures, but each piece it
    /// shaped cost about 40,000 instructions, and the other thread shapes
    /// for as long as the analysis runs (Noto Sans CJK's, about 27 M
    /// instructions: up to 30 M more on 5,000 Chinese rows, and counts that
    /// moved by that much from run to run).
    @inline(__always)
    func kernOnlyFace(_ face: _FontFace) -> _KernOnlyFace? {
        if face.id == previousKernFaceID && face.id != kernFaceID {
            // The two kept swap places, moved rather than copied: copying
            // them retained and released both at every switch (Chinese
            // text's pieces switch at every few).
            swap(&kernFaceID, &previousKernFaceID)
            swap(&kernFace, &previousKernFace)
        } else if face.id != kernFaceID {
            let found = face.kernOnly
            (previousKernFaceID, previousKernFace) = (kernFaceID, kernFace)
            (kernFaceID, kernFace) = (face.id, found)
        }
        return kernFace
    }

    /// The kern-only analysis of `face` when the kern model may measure
    /// `range` with it (the model is on, the range not empty, the face's
    /// number fits a font mask); nil otherwise: both entry points' gate.
    /// Unretained: the face keeps its analysis for its whole life, and the
    /// caller holds the face. Retaining it, and the plan and pair set taken
    /// from it below, cost three retains and three releases a piece
    /// measured (about 100 instructions: 4.4 M on 5,000 rows of the mixed
    /// file of "Speed per script", 2026-12-01).
    @inline(__always)
    func kernModel(_ range: Range<Int>, _ face: _FontFace) -> Unmanaged<_KernOnlyFace>? {
        guard usesKernModel, !range.isEmpty, face.id < 1 << 24, let model = kernOnlyFace(face)
        else { return nil }
        return Unmanaged.passUnretained(model)
    }

    /// The measure of the left-to-right `text[range]` with `face` when the
    /// face's layout only kerns it and every pair is known; nil otherwise
    /// (HarfBuzz must shape it). Equal, bit for bit, to shaping it alone;
    /// its font mask is that of `faceIndex`, the face's place in the
    /// collection.
    func kernOnlyMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int,
        face: _FontFace, faceIndex: Int = 0
    ) -> _PieceMeasure? {
        guard let model = kernModel(range, face) else { return nil }
        // Measuring alone (every piece) is the loop specialised with a sink
        // that keeps nothing: no cluster test, no array touched.
        var sink = _DroppedClusters()
        return model._withUnsafeGuaranteedRef { model in
            _kernOnlyMeasure(
                text, range, trailingStart: trailingStart, model: model, face: face,
                faceIndex: faceIndex, clusters: &sink)
        }
    }

    /// `kernOnlyMeasure`, appending each character's cluster to
    /// `clusterStarts`, `clusterEms`, `clusterMissing` and `clusterFaces`,
    /// as `shapeRun` appends HarfBuzz's (nothing is appended when it
    /// returns nil). A modelled run is one glyph per character, each its
    /// own cluster (the measure's cluster counts, equal to HarfBuzz's, say
    /// so), and each cluster's advance is its glyph's, kerned against the
    /// next: the same numbers `shapeRun` reads from HarfBuzz's positions,
    /// so a piece wider than the line is broken between the same clusters
    /// of the same widths without HarfBuzz.
    func kernOnlyMeasureKeepingClusters(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int,
        face: _FontFace, faceIndex: Int = 0
    ) -> _PieceMeasure? {
        guard let model = kernModel(range, face) else { return nil }
        // One cluster per character at most, and a character is a byte or more.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: range.count) { starts in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: range.count) { ems in
                var kept = _KeptClusters(starts: starts, ems: ems)
                guard
                    let measure = model._withUnsafeGuaranteedRef({ model in
                        _kernOnlyMeasure(
                            text, range, trailingStart: trailingStart, model: model, face: face,
                            faceIndex: faceIndex, clusters: &kept)
                    })
                else { return nil }
                clusterStarts.append(contentsOf: kept.keptStarts)
                clusterEms.append(contentsOf: kept.keptEms)
                clusterMissing.append(contentsOf: repeatElement(false, count: kept.count))
                clusterFaces.append(
                    contentsOf: repeatElement(
                        Int32(truncatingIfNeeded: faceIndex), count: kept.count))
                return measure
            }
        }
    }

    @inline(__always)
    private func _kernOnlyMeasure<Clusters: _ClusterSink>(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trailingStart: Int,
        model: _KernOnlyFace, face: _FontFace, faceIndex: Int, clusters: inout Clusters
    ) -> _PieceMeasure? {
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
                guard scalar < scalars.count else { return nil }
                let entry = scalars[Int(scalar)]
                let entryClass = entry >> 16
                if entryClass == _KernOnlyFace.ineligible { return nil }
                if scriptClass == 0 { scriptClass = entryClass }
                // Offsets and counts inside the range: no overflow checks.
                glyphs[count] =
                    UInt64(entry & 0xFFFF) | UInt64(truncatingIfNeeded: index) << 32
                count &+= 1
                index &+= length
            }
            guard model.simple[Int(scriptClass)] != nil else { return nil }
            // The plan through an unretained reference (the analysis keeps it).
            return Unmanaged.passUnretained(model.simple[Int(scriptClass)].unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { plan -> _PieceMeasure? in
                    let hasGuards = !plan.needs.isEmpty
                    let hasRules = !plan.starts.isEmpty
                    var needed: UInt64 = 0
                    var present: UInt64 = 0
                    // Pass 2: advances with each pair's kerning, summed as
                    // `shapeRun` sums HarfBuzz's (same tally, same order).
                    var tally = _GlyphTally(perUnit: 1 / Double(face.unitsPerEm))
                    let faceKey = _KernPairs.key(
                        face: face.id, scriptClass: Int(scriptClass), first: 0, second: 0)
                    // Glyphs that begin no pair of the plan's subtables (an
                    // ideograph of Noto Sans CJK) kern with nothing: neither
                    // learned nor read (_GPOSPairs.swift).
                    let pairFirsts =
                        readsPairs && Int(scriptClass) < model.pairFirstBits.count
                        ? model.pairFirstBits[Int(scriptClass)] : nil
                    // A trigger that may act ends this pass: the piece is then
                    // substituted as HarfBuzz would (_SubstitutionPlan.swift) and
                    // measured again from its new glyphs.
                    var substitutes = false
                    // Where clusters are kept, the pair before (glyph << 32
                    // | next glyph, 0x1_0000 for none; .max when a rule
                    // starts at its glyph) and its glyph's advance: a glyph
                    // with the same pair ("────") is simple, adds nothing to
                    // `needed` and `present`, begins no rule and has the
                    // same advance (its kerning is the same pair's).
                    let stepsOverRepeats = Clusters.stepsOverRepeats && stepsOverRepeatedGlyphs
                    var lastPair = UInt64.max
                    var lastAdvance: Int32 = 0
                    // Each glyph's advance and what the plan says of it, in
                    // one word (KernOnlyShaping+GlyphInfo.swift).
                    let infos = model.glyphInfo(plan: plan, scriptClass: Int(scriptClass))
                    let infoCount = model.glyphInfoCount
                    for position in 0..<count {
                        let glyph = UInt32(truncatingIfNeeded: glyphs[position])
                        var pair = UInt64.max
                        if stepsOverRepeats {
                            pair =
                                UInt64(glyph) << 32
                                | (position &+ 1 < count
                                    ? UInt64(UInt32(truncatingIfNeeded: glyphs[position &+ 1]))
                                    : 0x1_0000)
                            if pair == lastPair {
                                let cluster = UInt32(truncatingIfNeeded: glyphs[position] >> 32)
                                let em = tally.add(
                                    cluster: cluster, advance: lastAdvance, isMissing: false,
                                    trailingStart: trailingStart)
                                clusters.keep(cluster: cluster, em: em)
                                continue
                            }
                        }
                        let info =
                            Int(glyph) < infoCount
                            ? infos[Int(glyph)]
                            : model.glyphInfo(
                                of: Int(glyph), plan: plan, scriptClass: Int(scriptClass))
                        guard info & _GlyphInfo.simple != 0 else {
                            substitutes = true
                            break
                        }
                        // A glyph without the bit has no needs, guards or
                        // starts: the arrays would give 0.
                        if info & _GlyphInfo.guarded != 0 {
                            if hasGuards {
                                needed |= plan.needs(of: Int(glyph))
                                present |= plan.guards(of: Int(glyph))
                            }
                            if hasRules {
                                let rules = plan.starts(of: Int(glyph))
                                if rules != 0 {
                                    if plan.matchesRule(
                                        rules, at: position, in: glyphs, count: count)
                                    {
                                        substitutes = true
                                        break
                                    }
                                    // Its context decides at each place.
                                    pair = .max
                                }
                            }
                        }
                        var advance = _GlyphInfo.advance(info)
                        if position &+ 1 < count
                            && (pairFirsts == nil || info & _GlyphInfo.pairFirst != 0)
                        {
                            let next = UInt32(truncatingIfNeeded: glyphs[position &+ 1])
                            let key = faceKey | UInt64(glyph) << 16 | UInt64(next)
                            if let kerning = kernPairs.value(key) {
                                advance &+= kerning
                            } else {
                                // A new pair: read from GPOS (_GPOSPairs.swift).
                                guard readsPairs,
                                    let kerning = model.pairKerning(
                                        glyph, next, scriptClass: Int(scriptClass)),
                                    kernPairs.insert(key, kerning)
                                else { return nil }
                                advance &+= kerning
                            }
                        }
                        (lastPair, lastAdvance) = (pair, advance)
                        let cluster = UInt32(truncatingIfNeeded: glyphs[position] >> 32)
                        let em = tally.add(
                            cluster: cluster, advance: advance, isMissing: false,
                            trailingStart: trailingStart)
                        clusters.keep(cluster: cluster, em: em)
                    }
                    if substitutes || needed & present != 0 {
                        guard
                            let substitution = face.substitutionPlan(scriptClass: Int(scriptClass)),
                            substitution.substitute(glyphs, count: count)
                        else { return nil }
                        tally = _GlyphTally(perUnit: 1 / Double(face.unitsPerEm))
                        clusters.reset()
                        for position in 0..<count {
                            guard
                                let advance = _kernedAdvance(
                                    glyphs, position, count, model: model, scriptClass: scriptClass,
                                    faceKey: faceKey, pairFirsts: pairFirsts)
                            else { return nil }
                            let cluster = UInt32(truncatingIfNeeded: glyphs[position] >> 32)
                            let em = tally.add(
                                cluster: cluster, advance: advance, isMissing: false,
                                trailingStart: trailingStart)
                            clusters.keep(cluster: cluster, em: em)
                        }
                    }
                    var measure = _PieceMeasure()
                    tally.addTo(&measure)
                    measure.fontMask = faceIndex < 32 ? 1 << UInt32(faceIndex) : 0
                    return measure
                }
        }
    }

    /// The advance of the glyph at `position` of the first `count` of
    /// `glyphs` (glyph ids in the low 16 bits) kerned against the next
    /// glyph, as `kernOnlyMeasure` measures it: the pair learned, else read
    /// from GPOS and kept; nil when it cannot be read.
    @inline(__always)
    private func _kernedAdvance(
        _ glyphs: UnsafeMutableBufferPointer<UInt64>, _ position: Int, _ count: Int,
        model: _KernOnlyFace, scriptClass: UInt32, faceKey: UInt64, pairFirsts: _GlyphBits?
    ) -> Int32? {
        let glyph = UInt32(truncatingIfNeeded: glyphs[position]) & 0xFFFF
        var advance = model.advances[Int(glyph)]
        guard
            position + 1 < count
                && (pairFirsts == nil || pairFirsts.unsafelyUnwrapped.contains(Int(glyph)))
        else { return advance }
        let next = UInt32(truncatingIfNeeded: glyphs[position + 1]) & 0xFFFF
        let key = faceKey | UInt64(glyph) << 16 | UInt64(next)
        if let kerning = kernPairs.value(key) {
            advance &+= kerning
        } else {
            // A new pair: read from GPOS (_GPOSPairs.swift).
            guard readsPairs,
                let kerning = model.pairKerning(glyph, next, scriptClass: Int(scriptClass)),
                kernPairs.insert(key, kerning)
            else { return nil }
            advance &+= kerning
        }
        return advance
    }

    /// Learns pair kernings from the buffer HarfBuzz has just shaped from
    /// `bytes` with `face`, left to right, when all its glyphs are simple.
    /// `clusterBase` is the buffer offset of `bytes` (a batch's piece).
    func learnKerning(
        _ bytes: UnsafeBufferPointer<UInt8>, _ infos: UnsafeMutablePointer<hb_glyph_info_t>,
        _ positions: UnsafeMutablePointer<hb_glyph_position_t>, _ glyphCount: Int,
        face: _FontFace, clusterBase: UInt32 = 0
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
            guard scalar < model.scalars.count else { return }
            let entry = model.scalars[Int(scalar)]
            let glyph = infos[position].codepoint
            guard entry >> 16 != _KernOnlyFace.ineligible, entry & 0xFFFF == glyph,
                infos[position].cluster == UInt32(index) + clusterBase,
                plan.simple.contains(Int(glyph))
            else { return }
            if !plan.needs.isEmpty {
                needed |= plan.needs(of: Int(glyph))
                present |= plan.guards(of: Int(glyph))
            }
            index += length
        }
        guard index == bytes.count, needed & present == 0 else { return }
        if !plan.starts.isEmpty {
            let matched = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: glyphCount) {
                glyphs -> Bool in
                for position in 0..<glyphCount {
                    glyphs[position] = UInt64(infos[position].codepoint)
                }
                for position in 0..<glyphCount {
                    let rules = plan.starts(of: Int(glyphs[position]))
                    if rules != 0
                        && plan.matchesRule(rules, at: position, in: glyphs, count: glyphCount)
                    {
                        return true
                    }
                }
                return false
            }
            if matched { return }
        }
        let faceKey = _KernPairs.key(face: face.id, scriptClass: scriptClass, first: 0, second: 0)
        var consistent =
            positions[glyphCount - 1].x_advance
            == model.advances[Int(infos[glyphCount - 1].codepoint)]
        for position in 0..<(glyphCount - 1) where consistent {
            let glyph = infos[position].codepoint
            let kerning = positions[position].x_advance &- model.advances[Int(glyph)]
            consistent = kernPairs.insert(
                faceKey | UInt64(glyph) << 16 | UInt64(infos[position + 1].codepoint), kerning)
        }
        if !consistent { usesKernModel = false }
    }
}
