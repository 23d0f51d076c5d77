// The system faces a fallback keeps by code point for every thread
// (_SystemFonts+SharedAnswers.swift): each answer `face(for:language:index:)`
// and `unretainedFace` give, whether from that table, from the locked
// dictionary (characters beyond the Basic Multilingual Plane, languages past
// the table's four) or worked out, is the face the ranking's search gives.
import Testing
import TrellisTestSupport

@testable import TrellisText

struct SharedFaceAnswersTests {
    /// Blocks text falls back in: ideographs, kana, Hangul, CJK and
    /// fullwidth punctuation, box drawing, symbols, Latin, Arabic, Thai,
    /// private use (no font), emoji and ideographs beyond the BMP.
    static let blocks: [ClosedRange<UInt32>] = [
        0x4E00...0x9FFF, 0x3400...0x4DBF, 0x3000...0x30FF, 0xAC00...0xD7A3, 0x2500...0x259F,
        0x2000...0x2BFF, 0x0020...0x024F, 0x0600...0x06FF, 0x0E00...0x0E7F, 0xFF00...0xFFEF,
        0xE000...0xE0FF, 0x1F300...0x1F6FF, 0x20000...0x2A6DF,
    ]

    /// Four threads ask about the same random characters in six languages,
    /// each character twice; every answer must be the search's.
    @Test func everyAnswerIsTheSearchs() async throws {
        // A language of its own, so that this fallback's language numbers
        // start with this test's.
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "nv")
        let system = try #require(fonts.systemFallback)
        let languages = ["zh-cn", "ja", "ko", "th", "ar", "en"]
        var generator = SeededGenerator(seed: 38)
        var scalars: [UInt32] = []
        for _ in 0..<3_000 {
            let block = Self.blocks[Int.random(in: 0..<Self.blocks.count, using: &generator)]
            scalars.append(UInt32.random(in: block, using: &generator))
        }
        // The search's answers first, by the identity of their faces.
        var expected: [[ObjectIdentifier?]] = []
        for language in languages {
            expected.append(
                scalars.map { scalar in
                    system._searchedFace(for: scalar, language: language).map(ObjectIdentifier.init)
                })
        }
        let given = scalars
        let wanted = expected
        let wrong = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<2 {
                        for (number, language) in languages.enumerated() {
                            let index = system.languageIndex(language)
                            for (place, scalar) in given.enumerated() {
                                let face =
                                    (thread + round) % 2 == 0
                                    ? system.face(for: scalar, language: language, index: index)
                                    : system.unretainedFace(
                                        for: scalar, language: language, index: index)?
                                        .takeUnretainedValue()
                                if face.map(ObjectIdentifier.init) != wanted[number][place] {
                                    wrong += 1
                                }
                            }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        // Characters with no face among them, and the table was used.
        #expect(expected.joined().contains(nil))
        #expect(system._sharedAnswerCount > 0)
    }

    /// An answer kept in the locked dictionary for a character the table
    /// could hold (as one the table has no room for, past its 1,024 faces)
    /// is the answer given from then on, from a fallback that had asked
    /// the dictionary about no such character before (new characters are
    /// not looked up there until one is kept).
    @Test func anAnswerTheTableCouldHoldIsFoundInTheDictionary() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "nv-us")
        let system = try #require(fonts.systemFallback)
        let index = system.languageIndex("zh-cn")
        #expect(index < 4)
        let searched = try #require(system._searchedFace(for: 0x4E01, language: "zh-cn"))
        // A face the search would not give for U+4E00 (Inter has no ideograph).
        let kept = try Font(family: "Inter")._face
        #expect(ObjectIdentifier(kept) != ObjectIdentifier(searched))
        let before = system.face(for: 0x4E01, language: "zh-cn", index: index)
        #expect(before.map(ObjectIdentifier.init) == ObjectIdentifier(searched))
        system._keepChosen(kept, for: 0x4E00, languageIndex: index)
        for _ in 0..<2 {
            let face = system.face(for: 0x4E00, language: "zh-cn", index: index)
            #expect(face.map(ObjectIdentifier.init) == ObjectIdentifier(kept))
            let unretained = system.unretainedFace(for: 0x4E00, language: "zh-cn", index: index)
            #expect(unretained?.toOpaque() == Unmanaged.passUnretained(kept).toOpaque())
        }
    }

    /// The table alone: answers are kept once, for the Basic Multilingual
    /// Plane and four languages.
    @Test func theTableKeepsFirstAnswers() throws {
        let face = try Font(family: "Inter")._face
        let other = try Font(family: "Roboto")._face
        let answers = _SystemFallback._SharedAnswers()
        #expect(answers.answer(0x4E00, language: 0) == nil)
        #expect(answers.insert(face, for: 0x4E00, language: 0))
        #expect(!answers.insert(other, for: 0x4E00, language: 0))
        #expect(
            answers.answer(0x4E00, language: 0)??.toOpaque()
                == Unmanaged.passUnretained(face).toOpaque())
        #expect(answers.answer(0x4E00, language: 1) == nil)
        #expect(answers.insert(nil, for: 0x4E01, language: 3))
        #expect(answers.answer(0x4E01, language: 3).map { $0 == nil } == true)
        #expect(answers.insert(other, for: 0xFFFF, language: 3))
        #expect(
            answers.answer(0xFFFF, language: 3)??.toOpaque()
                == Unmanaged.passUnretained(other).toOpaque())
        #expect(!answers.insert(face, for: 0x1_0000, language: 0))
        #expect(!answers.insert(face, for: 0x41, language: 4))
        #expect(answers.answer(0x1_0000, language: 0) == nil)
        #expect(answers.answer(0x41, language: 4) == nil)
        #expect(answers.count == 3)
    }
}
