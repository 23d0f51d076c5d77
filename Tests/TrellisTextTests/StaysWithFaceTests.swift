// The fast answers of `_staysWithCurrentFace` and `_isSpace` for CJK text
// (no Unicode property look-up for kana, CJK punctuation, fullwidth forms,
// Hangul, box drawing and general punctuation) against Swift's own Unicode
// properties, for every scalar of the Basic Multilingual Plane.
import Testing

@testable import TrellisText

@Suite struct StaysWithFaceTests {
    @Test func fastAnswersAgreeWithUnicodeProperties() {
        var checked = 0
        for value in UInt32(0x80)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            checked += 1
            #expect(
                _staysWithCurrentFace(value) == _staysWithCurrentFaceByProperties(value),
                "U+\(String(value, radix: 16, uppercase: true))")
            #expect(
                _isSpace(value) == (scalar.properties.generalCategory == .spaceSeparator),
                "U+\(String(value, radix: 16, uppercase: true))")
        }
        #expect(checked > 60_000)
    }
}
