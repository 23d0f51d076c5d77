// The one FNV-1a against the published 64-bit FNV-1a test vectors (the
// FNV authors' test suite, also in the IETF draft "The FNV
// Non-Cryptographic Hash Algorithm").
import Testing
import TrellisSupport

@Suite struct FNV1aTests {
    @Test func publishedVectors() {
        #expect(FNV1a.hash("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func fieldsAreSeparated() {
        var ab = FNV1a()
        ab.add("ab")
        ab.add("c")
        var a = FNV1a()
        a.add("a")
        a.add("bc")
        #expect(ab.value != a.value)
        var plain = FNV1a()
        plain.combine("abc".utf8)
        #expect(plain.value == FNV1a.hash("abc".utf8))
        #expect(FNV1a().hex == "cbf29ce484222325")
        // A file read in place goes through the raw-buffer loop.
        var viaBuffer = FNV1a()
        Array("foobar".utf8).withUnsafeBytes { viaBuffer.add($0) }
        var viaSequence = FNV1a()
        viaSequence.add("foobar")
        #expect(viaBuffer.value == viaSequence.value)
    }
}
