// Attributed text: runs with their own fonts, sizes, letter spacing and
// baseline offsets, written as Pango markup. Expected numbers are Pango
// 1.50.12's for the same markup (Inter 17 base, fontconfig reading Fonts/,
// hyphens off, and the context at 72 dpi so that a markup point is a pixel,
// as a Trellis point is).
import Dispatch
import Synchronization
import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@Suite struct AttributedTextTests {
    let measurer = TextMeasurer()

    func markup(_ string: String) throws -> AttributedText {
        try AttributedText(markup: string, base: interStyle())
    }

    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping, .byTruncatingTail])
    func oneRunLaysOutAsThePlainString(mode: LineBreakMode) throws {
        // Measures in points at size 1 give the same numbers, added in the
        // same order, as ems at the style's size: the same layout to the bit.
        var style = try interStyle()
        style.lineBreakMode = mode
        style.letterSpacing = 0.5
        for string in [
            "The otter lives near rivers and hunts fish at night.",
            "Hello, world\nשלום עולם and more text", "internationalization", "",
            "name\tvalue\tmore words after tabs",
        ] {
            for width in [60.0, 120, 287] {
                let plain = try measurer.layout(
                    string, style: style, width: width, numberOfLines: 2)
                let attributed = try measurer.layout(
                    AttributedText(string, attributes: TextAttributes(style)), style: style,
                    width: width, numberOfLines: 2)
                #expect(attributed == plain, "\(string) at \(width)")
            }
        }
    }

    @Test func tabsGoToTabStopsInAttributedText() throws {
        // "a" then a tab: "b" (bold, 20 pt) starts at the first stop, 28.
        let text = try markup("a\t<span size=\"20pt\"><b>b</b></span>")
        let layout = try measurer.layout(text, style: interStyle(), width: 300)
        let b = try measurer.layout(
            markup("<span size=\"20pt\"><b>b</b></span>"), style: interStyle(), width: 300)
        #expect(close(layout.size.width, 28 + b.size.width))
        #expect(layout.missingGlyphs.isEmpty)
    }

    @Test func aBoldWordIsMeasuredInBold() throws {
        // Pango: "Hello <b>world</b>" 92.495, "Hello world" 90.021.
        let layout = try measurer.layout(
            markup("Hello <b>world</b>"), style: interStyle(), width: 300)
        #expect(close(layout.size.width, 92.495, tolerance: 0.01))
        #expect(close(layout.size.height, Inter17.lineHeight))
    }

    @Test func aLineIsAsTallAsItsLargestRun() throws {
        // Pango: 148.557 wide, 41.147 tall: Inter's line at 34 pt,
        // (2728 + 680) × 34 / 2816 = 41.148.
        let text = try markup("small <span size=\"34pt\">BIG</span> small")
        let layout = try measurer.layout(text, style: interStyle(), width: 300)
        #expect(close(layout.size.width, 148.557, tolerance: 0.01))
        #expect(close(layout.size.height, 3408.0 * 34 / 2816))
        #expect(close(layout.firstBaseline, 2728.0 * 34 / 2816))
    }

    @Test(arguments: ["5pt", "-5pt"])
    func aBaselineOffsetMakesRoomForTheRaisedRun(rise: String) throws {
        // Pango: 25.574 either way, Inter's 20.574 plus 5: raised, the run's
        // ascent grows; lowered, its descent does.
        let text = try markup("a<span rise=\"\(rise)\">b</span>c")
        let layout = try measurer.layout(text, style: interStyle(), width: 300)
        #expect(close(layout.size.height, Inter17.lineHeight + 5))
        #expect(close(layout.size.width, 29.630, tolerance: 0.01))
    }

    @Test func aWordBrokenAcrossLinesGivesEachLineOnlyItsOwnRunsFonts() throws {
        // "documentation" raised 3 pt is 120.762 wide (Pango), wider than
        // 120: it breaks between letters. Pango: 2 lines, 44.148 tall: the
        // first holds only the raised run (its rect moves up, its height
        // stays 20.574); the second also holds the space after it, in the
        // base style, so it reaches 3 pt higher: 23.574. Each line took the
        // fonts of the whole piece, so both were 23.574 (47.148).
        let text = try markup("<span rise=\"3pt\">documentation</span> LGPL")
        let layout = try measurer.layout(text, style: interStyle(), width: 120)
        #expect(layout.lineCount == 2)
        #expect(close(layout.lines[0].height, Inter17.lineHeight))
        #expect(close(layout.size.height, 44.148, tolerance: 0.01))
    }

    @Test func linesBreakAsPangoBreaksTheSameMarkup() throws {
        // Pango at width 150: 4 lines, 85.160 tall (a 600-weight name, a
        // Roboto 20 pt word on the third line).
        let text = try markup(
            "<span weight=\"600\">Ada</span> replied: on my way, see you at the "
                + "<span font_family=\"Roboto\" size=\"20pt\">station</span> soon")
        let layout = try measurer.layout(text, style: interStyle(), width: 150)
        #expect(layout.lineCount == 4)
        #expect(close(layout.size.height, 85.160, tolerance: 0.01))
    }

    @Test func sizeThatFitsAndBoundingRectAgreeWithTheLayout() throws {
        let text = try markup("small <span size=\"34pt\">BIG</span> small and more words")
        let style = try interStyle()
        let layout = try measurer.layout(text, style: style, width: 120)
        let fits = try measurer.sizeThatFits(
            text, style: style, size: Size(width: 120, height: 0), numberOfLines: 0, scale: 2)
        #expect(fits.height == (layout.size.height * 2).rounded(.up) / 2)
        let rect = try measurer.boundingRect(
            text, with: Size(width: 120, height: 0),
            options: [.usesLineFragmentOrigin, .usesFontLeading],
            style: style)
        #expect(rect.size == layout.size)
    }

    @Test func aRepeatedWordInARepeatedFontIsShapedOnce() throws {
        // The word cache holds ems per font collection: "otters" in bold at
        // 17 pt and again at 30 pt is one entry.
        let measurer = TextMeasurer()
        _ = try measurer.layout(markup("<b>otters</b>"), style: interStyle(), width: 300)
        let count = measurer.cachedWordCount
        _ = try measurer.layout(
            markup("<span size=\"30pt\"><b>otters</b></span>"), style: interStyle(), width: 300)
        #expect(measurer.cachedWordCount == count)
    }

    @Test func aTextMeasuredBeforeIsFoundPrepared() throws {
        // The same string and runs again: found in the attributed-text
        // cache; the layout at a new width is the one a fresh measurer gives.
        let measurer = TextMeasurer()
        let text = try markup("<b>Ada</b> replied: on my <span size=\"20pt\">way</span> home")
        _ = try measurer.layout(text, style: interStyle(), width: 300)
        let again = try measurer.layout(text, style: interStyle(), width: 80)
        let fresh = try TextMeasurer().layout(text, style: interStyle(), width: 80)
        #expect(again == fresh)
        measurer.removeAllPreparedTexts()
        #expect(try measurer.layout(text, style: interStyle(), width: 80) == fresh)
    }

    @Test func setAttributesSplitsAndJoinsRuns() throws {
        let style = try interStyle()
        let base = TextAttributes(style)
        var bold = base
        bold.fonts = try .bundled("Inter", weight: .bold)
        var text = AttributedText("one two three", attributes: base)
        try text.setAttributes(bold, range: 4..<7)
        #expect(text.runs.map(\.range) == [0..<4, 4..<7, 7..<13])
        try text.setAttributes(base, range: 4..<7)
        #expect(text.runs.map(\.range) == [0..<13])
        #expect(throws: TextError.self) { try text.setAttributes(bold, range: 0..<14) }
    }

    @Test func aRangeOverSeveralRunsReplacesThem() throws {
        // Found by a benchmark's random runs: a range that starts in one run
        // and ends in another trapped on an inverted range.
        let style = try interStyle()
        let base = TextAttributes(style)
        let bold = TextAttributes(fonts: try .bundled("Inter", weight: .bold), size: 17)
        let large = TextAttributes(fonts: try .bundled("Inter"), size: 30)
        var text = AttributedText("one two three four", attributes: base)
        try text.setAttributes(bold, range: 4..<7)
        try text.setAttributes(large, range: 2..<10)
        #expect(text.runs.map(\.range) == [0..<2, 2..<10, 10..<18])
        #expect(text.runs.map(\.attributes) == [base, large, base])
        try text.setAttributes(bold, range: 0..<18)
        #expect(text.runs.map(\.range) == [0..<18])
    }
}

@Suite struct MarkupTests {
    func markup(_ string: String) throws -> AttributedText {
        try AttributedText(markup: string, base: interStyle())
    }

    @Test func entitiesAndTagsBecomeTextAndRuns() throws {
        let text = try markup("a &amp; <b>b&lt;c</b>&#x263A;")
        #expect(text.string == "a & b<c☺")
        #expect(text.runs.map(\.range) == [0..<4, 4..<7, 7..<10])
    }

    @Test func tagsSeparateTheirPartsWithXMLWhitespace() throws {
        // Spaces, tabs and line feeds between a tag's name and attributes,
        // around "=", and before ">" of a closing tag, as GMarkup reads them.
        let text = try markup("a<span\tweight = 'bold'\n size=\"20pt\" >b</span >c")
        #expect(text.string == "abc")
        #expect(text.runs.map(\.range) == [0..<1, 1..<2, 2..<3])
        let bold = text.runs[1].attributes
        #expect(bold.size == 20)
        #expect(bold.fonts.primary?.path == (try Font(family: "Inter", weight: .bold)).path)
        // Other Unicode spaces are not XML whitespace: the name is "b\u{A0}".
        #expect(throws: TextError.self) { try markup("<b\u{A0}>x</b\u{A0}>") }
    }

    @Test(arguments: [
        // Line 1 throughout but the last two; columns count from 1 in
        // Unicode scalars (é is one column, two UTF-8 bytes).
        ("a <b>b", 1, 7, "<b> is not closed"),
        ("a </b>", 1, 3, "closes no open tag"),
        ("<b><span size=\"20pt\">x</b></span>", 1, 23, "</b> closes <span>"),
        ("a & b", 1, 3, "\"&\" that starts no entity"),
        ("&nbsp;", 1, 1, "unknown entity &nbsp;"),
        ("<u>x</u>", 1, 1, "unsupported tag <u>"),
        ("<i>x</i>", 1, 1, "no italic face"),
        ("<span size=\"big\">x</span>", 1, 1, "size \"big\""),
        ("<span colour=\"red\">x</span>", 1, 1, "unsupported span attribute"),
        ("<span size=20pt>x</span>", 1, 1, "is not quoted"),
        ("x <b", 1, 3, "without a closing"),
        ("éé <u>x</u>", 1, 4, "unsupported tag <u>"),
        ("<b>a\né</b> &x;", 2, 7, "unknown entity &x;"),
    ])
    func malformedMarkupIsAnErrorAtItsLineAndColumn(
        source: String, line: Int, column: Int, reason: String
    ) {
        do {
            _ = try markup(source)
            Issue.record("no error for \(source)")
        } catch let error as TextError {
            guard case .malformedMarkup(let at, let said) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(at == SourcePosition(line: line, column: column))
            #expect(said.contains(reason), "\(said)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aWeightTheFamilyLacksIsAnError() {
        // Roboto is bundled in regular and medium only: no silent substitute.
        #expect(throws: TextError.self) {
            try AttributedText(
                markup: "<span font_family=\"Roboto\" weight=\"bold\">x</span>", base: interStyle())
        }
        #expect(throws: TextError.self) {
            try AttributedText(
                markup: "<span font_family=\"Helvetica\">x</span>", base: interStyle())
        }
    }
}

@Suite struct AttributedBadInputTests {
    let measurer = TextMeasurer()

    @Test(arguments: [Double.nan, 0, -3, .infinity])
    func aRunWithABadSizeIsAnError(size: Double) throws {
        var text = AttributedText("otter river", attributes: TextAttributes(try interStyle()))
        var bad = TextAttributes(try interStyle())
        bad.size = size
        try text.setAttributes(bad, range: 0..<5)
        #expect {
            try measurer.layout(text, style: interStyle(), width: 100)
        } throws: { error in
            guard case .invalidParameter(let name, _, _) = error as? TextError else { return false }
            return name == "font size"
        }
    }

    @Test func moreThan32FontsAndSizesInOneTextIsAnError() throws {
        // Font masks have 32 bits: 11 sizes of a three-font collection are 33.
        let style = try interStyle()
        let string = String(repeating: "ab ", count: 11)
        var text = AttributedText(string, attributes: TextAttributes(style))
        for index in 0..<11 {
            var attributes = TextAttributes(style)
            attributes.size = 10 + Double(index)
            try text.setAttributes(attributes, range: (3 * index)..<(3 * index + 3))
        }
        #expect(throws: TextError.self) { try measurer.layout(text, style: style, width: 100) }
    }
}

@Suite struct AttributedThreadTests {
    @Test func manyThreadsMeasuringTheSameAttributedTextsAgree() throws {
        // The attributed-text cache and the word cache are shared: every
        // thread must get the layout one thread alone gets.
        let style = try interStyle()
        let texts = try (0..<40).map { index in
            try AttributedText(
                markup:
                    "row \(index): <b>Ada</b> replied <span size=\"\(12 + index % 9)pt\">on my way</span>, see you at \(index)",
                base: style)
        }
        let expected = try texts.map { try TextMeasurer().layout($0, style: style, width: 120) }
        let shared = TextMeasurer()
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<5 {
                for (index, text) in texts.enumerated() where (index + thread + round) % 2 == 0 {
                    if (try? shared.layout(text, style: style, width: 120)) != expected[index] {
                        failures.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}
