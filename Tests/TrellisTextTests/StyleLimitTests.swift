import Testing
import TrellisText

/// Finite but huge style values would overflow a height to infinity: they
/// are refused with a message naming the field.
@Suite struct StyleLimitTests {
    @Test func hugeFontSizeIsRefused() throws {
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 1e300)
        #expect(throws: TextError.self) { try TextMeasurer().layout("x", style: style, width: 100) }
    }

    @Test func hugeLineHeightMultipleIsRefused() throws {
        var style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        style.lineHeightMultiple = 1e300
        do {
            _ = try TextMeasurer().layout("\n", style: style, width: 100)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("line height multiple"))
        }
    }

    @Test func largestAcceptedSizeGivesAFiniteHeight() throws {
        let style = TextStyle(
            fonts: try FontCollection.bundled("Inter"), size: TextStyle.maximumPoints)
        let layout = try TextMeasurer().layout("x\ny", style: style, width: .infinity)
        #expect(layout.size.height.isFinite && layout.lineCount == 2)
    }
}
