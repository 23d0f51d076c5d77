// Kerning across a break opportunity without whitespace
// (Workspace+JoinKerning.swift). Expected widths are Pango 1.50.12's on the
// same files (`pango_measure Inter 17 WIDTH` with fontconfig reading only
// Fonts/, hyphens off; markup at 72 dpi), which shapes a line's run whole.
import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@Suite struct JoinKerningTests {
    let measurer = TextMeasurer()

    @Test(arguments: [
        // text, Pango's width on one line
        // Inter kerns "-V", "-2", "-T" and "/o"; a break may fall after
        // the hyphen or slash, so each side is a piece of its own.
        ("N MIME-Version", 129.286),
        ("020-2021 Language-Team: Chinese", 286.780),
        ("and/or A-V T-T", 119.268),
        ("N MIME-Versio", 119.337),
        ("MIME-Version", 111.707),
        // After "C" Inter's colon takes its contextual form, which does not
        // kern with the backslash: the colon is measured with the "C".
        ("C:\\> set", 64.063),
        // "-" after Cyrillic is in the Cyrillic run, "V" begins a Latin
        // one: runs are shaped apart, so no kerning across them (the same
        // boundary kerns in "cluster-Version").
        ("кластер-Version", 134.575),
        ("cluster-Version", 120.739),
    ])
    func aLineCountsTheKerningAcrossABreakItDoesNotTake(text: String, width: Double) throws {
        let layout = try measurer.layout(text, style: interStyle(), width: 1000)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, width, tolerance: 0.003))
    }

    @Test func theKerningDecidesWhetherTheWordFits() throws {
        // 120.207 wide without the "-V" kerning: two lines at 120.
        let layout = try measurer.layout("N MIME-Versio", style: interStyle(), width: 120)
        #expect(layout.lineCount == 1)
    }

    @Test func aLineThatBreaksThereDoesNotCountIt() throws {
        // At 60: "MIME-" (52.714, alone) / "Version".
        let layout = try measurer.layout("MIME-Version", style: interStyle(), width: 60)
        #expect(layout.lineCount == 2)
        #expect(close(layout.lines[0].width, 52.714, tolerance: 0.003))
        let alone = try measurer.layout("MIME-", style: interStyle(), width: 1000)
        #expect(layout.lines[0].width == alone.size.width)
    }

    @Test(arguments: [
        // markup, Pango's width on one line
        ("N <b>MIME-Version</b>", 135.425),
        // Across two runs Pango shapes them apart: no kerning.
        ("einer TOAST-<b>Tabelle</b> kann nicht", 255.817),
    ])
    func attributedTextKernsWithinARun(markup: String, width: Double) throws {
        let style = try interStyle()
        let text = try AttributedText(markup: markup, base: style)
        let layout = try measurer.layout(text, style: style, width: 1000)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, width, tolerance: 0.003))
    }

    @Test func sizeThatFitsAndTheLayoutAgree() throws {
        let style = try interStyle()
        for text in ["N MIME-Version and/or A-V", "MIME-Version", "T-T-T-T-T-T-T-T"] {
            for width in [40.0, 60, 90, 120, 1000] {
                let layout = try measurer.layout(text, style: style, width: width)
                let size = try measurer.boundingRect(
                    text, with: Size(width: width, height: 0), options: .usesLineFragmentOrigin,
                    style: style)
                #expect(size.size.width == layout.size.width, "\(text) at \(width)")
                #expect(size.size.height == layout.size.height, "\(text) at \(width)")
            }
        }
    }
}
