// The one FreeType face cache (pictures and glyph outlines draw through it):
// a face is the file's face at the font's index, opened once.
import CFreeType
import Testing
import TrellisText

@Suite struct FreeTypeFacesTests {
    static let collection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    @Test func opensTheFaceAtTheFontsIndex() throws {
        // A collection holds several faces (Noto Sans CJK: JP, KR, SC, TC, HK
        // and their mono faces); each must be the face `Font` read, not face 0.
        let faces = FreeTypeFaces()
        var names: Set<String> = []
        for index in 0..<3 {
            let font = try Font(path: Self.collection, index: index)
            let face = try faces.face(for: font)
            #expect(Int(face.pointee.face_index & 0xFFFF) == index)
            let name = String(cString: face.pointee.family_name)
            #expect(name == font.familyName)
            names.insert(name)
        }
        #expect(names.count == 3)
    }

    @Test func opensEachFaceOnce() throws {
        let faces = FreeTypeFaces()
        let font = try Font(family: "Inter")
        let first = try faces.face(for: font)
        let second = try faces.face(path: font.path, index: 0)
        #expect(first == second)
    }

    @Test func aMissingFileSaysWhich() {
        let faces = FreeTypeFaces()
        #expect(throws: TextError.self) { try faces.face(path: "/nonexistent/font.ttf") }
        do {
            _ = try faces.face(path: "/nonexistent/font.ttf", index: 2)
            Issue.record("opened a missing file")
        } catch {
            #expect("\(error)".contains("/nonexistent/font.ttf"))
            #expect("\(error)".contains("face 2"))
        }
    }
}
