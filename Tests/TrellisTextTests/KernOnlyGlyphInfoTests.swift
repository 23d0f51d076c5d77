// The kern model's word per glyph (KernOnlyShaping+GlyphInfo.swift): for
// every class with a plan of the bundled fonts, and of Noto Sans CJK and
// DejaVu Sans when installed, each glyph's word holds the face's advance,
// whether the plan's simple set and the class's pair firsts hold it, and
// whether its needs, guards or starts have a bit; the table a class makes
// (its first `glyphInfoLimit` glyphs) gives the words the loop works out
// past it.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

struct KernOnlyGlyphInfoTests {
    @Test func eachWordIsWhatThePlanAndTheFaceSay() throws {
        var checked = 0
        for face in try KernOnlyCacheTests.faces() {
            let model = try #require(face.kernOnly, "\(face.path)")
            #expect(model.glyphInfoCount == min(model.advances.count, 8_192))
            for (scriptClass, plan) in model.simple.enumerated() {
                guard let plan else { continue }
                let table = model.glyphInfo(plan: plan, scriptClass: scriptClass)
                // Asked again, the table made first.
                #expect(model.glyphInfo(plan: plan, scriptClass: scriptClass) == table)
                let firsts =
                    scriptClass < model.pairFirstBits.count
                    ? model.pairFirstBits[scriptClass] : nil
                for glyph in 0..<model.advances.count {
                    let info = model.glyphInfo(of: glyph, plan: plan, scriptClass: scriptClass)
                    if glyph < model.glyphInfoCount { #expect(table[glyph] == info) }
                    let guarded =
                        plan.needs(of: glyph) | plan.guards(of: glyph) | plan.starts(of: glyph)
                        != 0
                    let expected =
                        _GlyphInfo.advance(info) == model.advances[glyph]
                        && (info & _GlyphInfo.simple != 0) == plan.simple.contains(glyph)
                        && (info & _GlyphInfo.pairFirst != 0)
                            == (firsts?.contains(glyph) ?? false)
                        && (info & _GlyphInfo.guarded != 0) == guarded
                        && info >> 35 == 0
                    if !expected {
                        Issue.record("\(face.path) class \(scriptClass) glyph \(glyph): \(info)")
                        return
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
    }
}
