// TrellisSupport's `StringWords`: the small-string layout it reads, checked
// on strings of every small length, beyond ASCII and in storage of their own.

import Testing
import TrellisSupport

@Suite struct StringWordsTests {
    /// Strings kept in their two words give their byte count and, all
    /// ASCII, say so; strings beyond ASCII are small but not ASCII; strings
    /// in storage of their own (even of the same bytes) are neither.
    @Test func smallStringsAreReadFromTheirWords() throws {
        #expect(StringWords.smallLayout)
        for count in 0...15 {
            let ascii = String(decoding: [UInt8](repeating: 0x61, count: count), as: UTF8.self)
            let words = try #require(StringWords(ascii))
            #expect(words.smallCount == count && words.uncheckedSmallCount == count)
            #expect(words.isSmallASCII && words.hasSmallASCIIFlags)
            var stored = String(repeating: "-", count: 40)
            stored.removeAll(keepingCapacity: true)
            stored.append(contentsOf: ascii)
            let storedWords = try #require(StringWords(stored))
            #expect(storedWords.smallCount == nil && storedWords.uncheckedSmallCount == nil)
            #expect(!storedWords.isSmallASCII && !storedWords.hasSmallASCIIFlags)
            #expect(storedWords != words || count == 0)
        }
        for text in ["é", "Катя", "日本語"] {
            let words = try #require(StringWords(text))
            #expect(words.smallCount == text.utf8.count)
            #expect(!words.isSmallASCII && !words.hasSmallASCIIFlags)
        }
        let long = try #require(StringWords(String(repeating: "b", count: 16)))
        #expect(long.smallCount == nil && !long.isSmallASCII)
        #expect(StringWords("short") == StringWords(String("sh") + "ort"))
        #expect(StringWords("short") != StringWords("shorT"))
    }
}
