// The scripts `_hbScript` gives without asking HarfBuzz (ASCII, box
// drawing, the unified ideographs U+4E00–U+9FFF) against
// `hb_unicode_script`, and the same answer for every other scalar of the
// Basic Multilingual Plane.
import CHarfBuzz
import Testing

@testable import TrellisText

@Suite struct KnownScriptTests {
    @Test func knownScriptsAreHarfBuzzs() {
        let unicode = hb_unicode_funcs_get_default()
        var checked = 0
        for value in UInt32(0)..<0x1_0000 where Unicode.Scalar(value) != nil {
            checked += 1
            #expect(
                _hbScript(unicode, value) == hb_unicode_script(unicode, value),
                "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(checked > 60_000)
    }
}
