// Four edge cases an outside property test found (issue 38), each checked
// against Pango 1.50.12 (Scripts/pango-setup.sh's settings: hyphens off,
// unlimited width through `pango_measure FAMILY SIZE 100000`) or against
// the rule UIKit documents.
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct OutsideEdgeCaseTests {
    let measurer = TextMeasurer()

    @Test func characterAndWordWrappingGiveOneWidthAtAnUnlimitedWidth() throws {
        // "->" is one glyph in Inter (an arrow, contextual alternates) and
        // ICU breaks between "-" and ">": the two pieces' join kerning
        // (Workspace+JoinKerning.swift) was counted by whole pieces only,
        // so character wrapping gave 433.69 and word wrapping 430.40.
        // Pango shapes the line whole: 430.396.
        var style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 20)
        let text = "3x4 Otter[x] Otter Of near at otter northern->"
        var widths: [Double] = []
        for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
            style.lineBreakMode = mode
            let layout = try measurer.layout(text, style: style, width: 100_000)
            #expect(layout.lineCount == 1)
            widths.append(layout.size.width)
        }
        #expect(close(widths[0], 430.396, tolerance: 0.01))
        #expect(close(widths[1], widths[0], tolerance: 1e-9))
    }

    @Test func aTrailingTabAfterANonSpaceHangs() throws {
        // Trailing whitespace, a tab among it, hangs past the line's end
        // (Core Text: a line "can result in a line that is actually longer
        // than the desired width due to trailing whitespace"), so the text
        // with its tab is as wide as without. The tab's piece (">\t") kept
        // no kerning from the piece before it ("bright-"), so "->" was not
        // Inter's arrow: 274.275 against 268.444. Pango without letter
        // spacing: "because bright->" in Inter SemiBold 31.7 is 260.440.
        var style = TextStyle(
            fonts: try FontCollection.bundled("Inter", weight: .semibold), size: 31.7)
        let plain = try measurer.layout("because bright->", style: style, width: 340)
        let tabbed = try measurer.layout("because bright->\t", style: style, width: 340)
        #expect(close(plain.size.width, 260.440, tolerance: 0.01))
        #expect(close(tabbed.size.width, plain.size.width, tolerance: 1e-9))
        style.letterSpacing = 0.5
        let spaced = try measurer.layout("because bright->", style: style, width: 340)
        let spacedTab = try measurer.layout("because bright->\t", style: style, width: 340)
        #expect(close(spaced.size.width, 268.444, tolerance: 0.001))
        #expect(close(spacedTab.size.width, spaced.size.width, tolerance: 1e-9))
        #expect(spacedTab.lineCount == 1)
    }

    @Test(arguments: ["\u{3000}when they", " when they", "\u{200B} when they"])
    func characterWrappingDoesNotOverflowAfterLeadingWhitespace(text: String) throws {
        // A line may only be wider than the width when it holds a single
        // cluster wider than it. "\u{3000}w" (24 + 17.84 pt in Roboto
        // Medium 24) was kept on line 0 at width 35.62: 41.84 wide.
        var style = TextStyle(
            fonts: try FontCollection.bundled("Roboto", weight: .medium), size: 24)
        style.lineBreakMode = .byCharWrapping
        for width in [35.62, 20.0, 50.0] {
            let layout = try measurer.layout(text, style: style, width: width)
            for line in layout.lines where line.width > width + 1e-6 {
                let content = String(decoding: Array(text.utf8)[line.range], as: UTF8.self)
                #expect(
                    content.trimmingTrailingWhitespace.count <= 1,
                    "width \(width): \"\(content)\" is \(line.width) wide")
            }
        }
        let narrow = try measurer.layout(text, style: style, width: 35.62)
        let first = String(decoding: Array(text.utf8)[narrow.lines[0].range], as: UTF8.self)
        // U+3000 and "w" do not fit together: the ideographic space ends line 0.
        if text.hasPrefix("\u{3000}") { #expect(first == "\u{3000}") }
    }

    @Test(arguments: ["\u{B}", "\u{C}"])
    func verticalTabAndFormFeedAreNotParagraphSeparators(separator: String) throws {
        // UAX #9: VT is bidi class S and FF class WS, not B, so "hello
        // world" after them is in the right-to-left paragraph "שלום" opened,
        // flush right with natural alignment: x = 300 − 87.487 (Pango's
        // width of "hello world" in Inter 17), as after U+2028. Both are
        // still mandatory line breaks (UAX #14 class BK).
        let string = "שלום עולם\(separator)hello world"
        let layout = try measurer.layout(string, style: interStyle(), width: 300)
        #expect(layout.lineCount == 2)
        #expect(layout.lines[0].isRightToLeft)
        #expect(layout.lines[1].isRightToLeft)
        #expect(close(layout.lines[1].origin.x, 212.513, tolerance: 0.01))
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[..<end]
    }
}
