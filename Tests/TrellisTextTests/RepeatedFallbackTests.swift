// A character right after the same character keeps its fallback face
// (_RepeatedFallback.swift): `_fallbackFace` asked again with the face it
// gave is that face, for every current face, and the shortcut choosers
// (`_RepeatedFallback`, `ideographRunFace`) answer as asking every
// character. Needs the system's fonts (Debian's fonts-noto-cjk,
// fonts-noto-core, fonts-dejavu); skipped, saying so, without them.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct RepeatedFallbackTests {
    /// Characters of several fonts, spaces, marks, joiners, controls,
    /// default-ignorables, emoji and characters no font has.
    static let scalars: [UInt32] =
        [0x20, 0x09, 0x41, 0x61, 0x31, 0x2D, 0xA0, 0xE9, 0x301, 0x416, 0x5D0, 0x627, 0x64B]
        + [0x200B, 0x200C, 0x200D, 0x2060, 0xFE0F, 0x20E3, 0xAD, 0x7F, 0x92]
        + [0x2014, 0x201C, 0x2026, 0x2192, 0x2500, 0x2502, 0x2524, 0x2550, 0x25A1]
        + [0x3000, 0x3001, 0x3002, 0x300A, 0x302A, 0x3042, 0x30AB, 0x3099, 0x4E2D, 0x9F98]
        + [0xAC00, 0xFF01, 0xFF21, 0xFF71, 0x1F600, 0x1F44D, 0x1F3FD, 0x1F1EB, 0x10FFFD]

    /// The faces of a collection resolved for a text of many scripts (with
    /// a color emoji font when one is installed).
    static func faces(family: String) throws -> [_FontFace] {
        let text = String(
            String.UnicodeScalarView(Self.scalars.compactMap(Unicode.Scalar.init)))
        return try FontCollection(Font(family: family)).addingSystemFonts()
            ._resolved(for: text).faces
    }

    /// A random string of `runs` runs of copies (one to five) of `pieces`,
    /// as a table's "────".
    static func randomRuns(
        _ pieces: [String], runs: ClosedRange<Int>, _ generator: inout SeededGenerator
    ) -> String {
        var text = ""
        for _ in 0..<Int.random(in: runs, using: &generator) {
            let piece = pieces.randomElement(using: &generator)!
            let copies = Int.random(in: 1...5, using: &generator)
            text += String(repeating: piece, count: copies)
        }
        return text
    }

    @Test func theAnswerAskedAgainIsTheSame() throws {
        for family in ["Inter", "Roboto"] {
            let faces = try Self.faces(family: family)
            #expect(faces.count > 2)
            for scalar in Self.scalars {
                for current in -1..<faces.count {
                    let face = _fallbackFace(for: scalar, current: current, faces: faces)
                    #expect(
                        _fallbackFace(for: scalar, current: face, faces: faces) == face,
                        "U+\(String(scalar, radix: 16)) after face \(current)")
                }
            }
        }
    }

    @Test func choosersAnswerAsAskingEveryCharacter() throws {
        let workspace = try _Workspace()
        var generator = SeededGenerator(seed: 28)
        for family in ["Inter", "Roboto"] {
            let faces = try Self.faces(family: family)
            for _ in 0..<3_000 {
                // Runs of one character, as a table's "────".
                var sequence: [UInt32] = []
                for _ in 0..<Int.random(in: 1...12, using: &generator) {
                    let scalar = Self.scalars.randomElement(using: &generator)!
                    let count = Int.random(in: 1...4, using: &generator)
                    sequence += repeatElement(scalar, count: count)
                }
                var repeated = _RepeatedFallback()
                var answers: [Int] = []
                var current = -1
                for scalar in sequence {
                    let face = _fallbackFace(for: scalar, current: current, faces: faces)
                    let chosen = repeated.face(for: scalar, current: current, faces: faces)
                    #expect(chosen == face)
                    answers.append(face)
                    current = face
                }
                // The current face is not always the last answer (a
                // chooser's after a moved or emoji run): asked with
                // another face now and then, the shortcut asks again.
                var shortcut = _RepeatedFallback()
                for scalar in sequence {
                    let other = Int.random(in: -1..<faces.count, using: &generator)
                    #expect(
                        shortcut.face(for: scalar, current: other, faces: faces)
                            == _fallbackFace(for: scalar, current: other, faces: faces))
                }
                let text = String(
                    String.UnicodeScalarView(sequence.compactMap(Unicode.Scalar.init)))
                let bytes = Array(text.utf8)
                let run = bytes.withUnsafeBufferPointer {
                    workspace.ideographRunFace($0, 0..<$0.count, faces: faces)
                }
                // `ideographRunFace` also asks for a character the first
                // face lacks and no emoji sequence; where it answers, it is
                // the one face every character takes.
                if !answers.allSatisfy({ $0 == answers[0] }) {
                    #expect(run == nil, "\(sequence)")
                } else if let run {
                    #expect(run == answers[0], "\(sequence)")
                }
            }
        }
    }

    /// A run of one character of the scan's CJK shortcut
    /// (`_isIdeographOrSyllable`: "────", "中中") resolves to the fonts
    /// the character alone does: the scan steps over the copies, and a
    /// need right after itself is kept once.
    @Test func runsOfOneCharacterResolveAsTheCharacterOnce() throws {
        let alphabet = HanAnswersTests.alphabet + ["─", "─", "│", "中", "。"]
        var generator = SeededGenerator(seed: 2_812)
        for family in ["Inter", "Roboto"] {
            let fonts = try FontCollection(Font(family: family)).addingSystemFonts()
            for _ in 0..<1_500 {
                let text = Self.randomRuns(alphabet, runs: 1...30, &generator)
                // The copies the shortcut steps over, taken out.
                var collapsed = String.UnicodeScalarView()
                for scalar in text.unicodeScalars {
                    if scalar.value >= 0x2500 && _isIdeographOrSyllable(scalar.value)
                        && collapsed.last == scalar
                    {
                        continue
                    }
                    collapsed.append(scalar)
                }
                #expect(
                    fonts._resolved(for: text).faces.map(\.id)
                        == fonts._resolved(for: String(collapsed)).faces.map(\.id),
                    "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    /// `shape` steps over the copies of a CJK or box-drawing character
    /// (`_FaceChooser.copiesEnd`): the same measures, clusters and cluster
    /// faces as asking the chooser for every character, on random runs of
    /// copies among spaces, marks, joiners, emoji and characters of several
    /// fonts, with trailing whitespace starting anywhere and a face of its
    /// own or none.
    @Test func shapingStepsOverCopiesAsAskingEveryCharacter() throws {
        let pieces = [
            "─", "│", "┤", "═", "中", "文", "。", "，", "「", "　", "ア", "Ａ", "한", "〰", " ",
            "a", "Zy", "12", "é", "—", "“", "ש", "👍🏽", "❤️", "🙈", "\u{301}", "\u{200D}", "\u{FE0F}",
        ]
        let fast = try _Workspace()
        let reference = try _Workspace()
        reference.skipsCopies = false
        var generator = SeededGenerator(seed: 3_030)
        var compared = 0
        for family in ["Inter", "Roboto"] {
            let fonts = try FontCollection(Font(family: family)).addingSystemFonts()
            for _ in 0..<1_500 {
                let text = Self.randomRuns(pieces, runs: 1...10, &generator)
                let faces = fonts._resolved(for: text).faces
                let bytes = Array(text.utf8)
                // Trailing whitespace from a character's start, or none.
                var starts = [bytes.count]
                var offset = 0
                for scalar in text.unicodeScalars {
                    starts.append(offset)
                    offset += String(scalar).utf8.count
                }
                let trailingStart = starts.randomElement(using: &generator)!
                let trailingFace: Int? = [nil, nil, 0, faces.count - 1].randomElement(
                    using: &generator)!
                for keepClusters in [false, true] {
                    let (measure, expected) = bytes.withUnsafeBufferPointer { text in
                        (
                            fast.shape(
                                text, range: 0..<text.count, trailingStart: trailingStart,
                                rtl: false, faces: faces, keepClusters: keepClusters,
                                trailingFace: trailingFace),
                            reference.shape(
                                text, range: 0..<text.count, trailingStart: trailingStart,
                                rtl: false, faces: faces, keepClusters: keepClusters,
                                trailingFace: trailingFace)
                        )
                    }
                    let label = "\(text.unicodeScalars.map(\.value)) from \(trailingStart)"
                    #expect(measure == expected, "\(label)")
                    #expect(fast.clusterStarts == reference.clusterStarts, "\(label)")
                    #expect(fast.clusterEms == reference.clusterEms, "\(label)")
                    #expect(fast.clusterFaces == reference.clusterFaces, "\(label)")
                    #expect(fast.clusterMissing == reference.clusterMissing, "\(label)")
                    compared += 1
                }
            }
        }
        #expect(compared == 6_000)
    }
}
