// Bad input gives a clear error naming what is wrong, or a correct result;
// never a crash.
import Foundation
import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@Suite struct BadInputTests {
    let measurer = TextMeasurer()

    @Test func missingFontFileIsNamed() {
        #expect(throws: TextError.fontFileNotFound(path: "/nonexistent/Missing.ttf")) {
            try Font(path: "/nonexistent/Missing.ttf")
        }
    }

    @Test func corruptFontFileIsRejected() throws {
        let path = NSTemporaryDirectory() + "trellis-corrupt-\(getpid()).ttf"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(
            to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            try Font(path: path)
        } throws: { error in
            guard case .invalidFontFile(let reported, _) = error as? TextError else { return false }
            return reported == path
        }
    }

    @Test func directoryIsNotAFont() {
        #expect(throws: TextError.invalidFontFile(path: "/tmp", reason: "not a regular file")) {
            try Font(path: "/tmp")
        }
    }

    @Test func unknownFamilyListsTheBundledOnes() {
        #expect {
            try Font(family: "Helvetica")
        } throws: { error in
            guard let error = error as? TextError,
                case .unknownFamily(let family, _, let available) = error
            else {
                return false
            }
            return family == "Helvetica"
                && available.contains("Inter (regular, medium, semibold, bold)")
                && error.description.contains("Helvetica")
        }
    }

    @Test func missingWeightOfAKnownFamilyIsUnknown() {
        // Roboto is bundled in regular and medium only.
        #expect(throws: TextError.self) { try Font(family: "Roboto", weight: .bold) }
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func fontSizeMustBePositiveAndFinite(size: Double) throws {
        let style = try interStyle(size)
        #expect {
            try measurer.layout("otter", style: style, width: 100)
        } throws: { error in
            guard case .invalidParameter(let name, _, _) = error as? TextError else { return false }
            return name == "font size"
        }
    }

    @Test(arguments: [0.0, -5, .nan])
    func widthMustBePositive(width: Double) throws {
        let style = try interStyle()
        #expect {
            try measurer.layout("otter", style: style, width: width)
        } throws: { error in
            guard case .invalidParameter(let name, _, _) = error as? TextError else { return false }
            return name == "width"
        }
    }

    @Test func negativeNumberOfLinesIsAnError() throws {
        let style = try interStyle()
        #expect(throws: TextError.self) {
            try measurer.layout("otter", style: style, width: 100, numberOfLines: -1)
        }
    }

    @Test func scaleMustBePositive() throws {
        let style = try interStyle()
        #expect(throws: TextError.self) {
            try measurer.sizeThatFits(
                "otter", style: style, size: Size(width: 100, height: 0), numberOfLines: 0, scale: 0
            )
        }
    }

    @Test func negativeParagraphValuesAreErrors() throws {
        var style = try interStyle()
        style.lineSpacing = -1
        #expect(throws: TextError.self) { try measurer.layout("otter", style: style, width: 100) }
    }

    @Test func emptyFontCollectionIsAnError() throws {
        let style = TextStyle(fonts: FontCollection([]), size: 17)
        #expect(throws: TextError.emptyFontCollection) {
            try measurer.layout("otter", style: style, width: 100)
        }
    }

    @Test func invalidUTF8IsRepairedAndMeasured() throws {
        // Decoding replaces the bad byte with U+FFFD, which is then measured.
        let string = String(decoding: [0x6F, 0x74, 0xFF, 0x74, 0x65, 0x72], as: UTF8.self)
        #expect(string == "ot\u{FFFD}ter")
        let layout = try measurer.layout(string, style: interStyle(), width: 100)
        #expect(layout.lineCount == 1)
    }

    @Test func oneMegabyteOfWordsBreaksIntoTheExpectedLines() throws {
        // k words of width w with spaces s fit when k·w + (k−1)·s ≤ 287.
        let style = try interStyle()
        let word = try measurer.layout("otter", style: style, width: 1000).size.width
        let pair = try measurer.layout("otter otter", style: style, width: 1000).size.width
        let space = pair - 2 * word
        let perLine = Int(((287 + space) / (word + space)).rounded(.down))
        let count = (1 << 20) / 6
        let string = String(repeating: "otter ", count: count)
        let layout = try measurer.layout(string, style: style, width: 287)
        #expect(layout.lineCount == (count + perLine - 1) / perLine)
    }

    @Test func oneMegabyteWordBreaksByCharacters() throws {
        let style = try interStyle()
        let character = try measurer.layout("a", style: style, width: 1000).size.width
        let perLine = Int((287 / character).rounded(.down))
        let count = 1 << 20
        let layout = try measurer.layout(
            String(repeating: "a", count: count), style: style, width: 287)
        #expect(layout.lineCount == (count + perLine - 1) / perLine)
    }

    @Test func errorsDescribeWhatAndWhere() {
        #expect(
            TextError.fontFileNotFound(path: "/x.ttf").description == "font file not found: /x.ttf")
        #expect(
            TextError.invalidParameter(name: "width", value: .nan, requirement: "greater than 0")
                .description
                == "invalid width NaN: must be greater than 0")
    }
}

@Suite struct RandomTextTests {
    /// Scalars from every kind of text the measurer treats specially: Latin,
    /// Cyrillic, Hebrew, Arabic, digits, spaces (also no-break and ideographic),
    /// hard breaks, combining marks, joiners, bidi controls, emoji, CJK, and
    /// code points no font has.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "5", " ", "\u{A0}", "\u{3000}", "\t", "\n", "\r", "\u{2028}", "\u{2029}", "-",
        ".", "(",
        "ж", "א", "ש", "ب", "ل", "ا", "\u{0301}", "\u{05B8}", "\u{064E}", "\u{200D}", "\u{200F}",
        "\u{202E}",
        "\u{2067}", "\u{1F600}", "\u{1F469}", "漢", "\u{E000}", "\u{FFFD}", "…",
    ]

    @Test func randomTextsLayOutWithLinesCoveringTheText() throws {
        var random = SeededGenerator(seed: 42)
        let measurer = TextMeasurer()
        var style = try interStyle()
        for round in 0..<400 {
            let length = Int.random(in: 0...80, using: &random)
            var text = ""
            for _ in 0..<length {
                text.unicodeScalars.append(
                    Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &random)])
            }
            style.lineBreakMode = LineBreakMode.allCases[round % LineBreakMode.allCases.count]
            let width = [5.0, 30, 120, .infinity][round % 4]
            let lines = round % 3
            let layout = try measurer.layout(text, style: style, width: width, numberOfLines: lines)
            if text.isEmpty {
                #expect(layout.lineCount == 0)
                continue
            }
            #expect(layout.lineCount >= 1)
            if lines > 0 { #expect(layout.lineCount <= lines) }
            #expect(layout.lines.first?.range.lowerBound == 0)
            for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
                #expect(line.range.upperBound == next.range.lowerBound)
            }
            if !layout.isTruncated {
                #expect(layout.lines.last?.range.upperBound == text.utf8.count)
            }
            #expect(layout.size.height.isFinite && layout.size.width.isFinite)
        }
    }
}
