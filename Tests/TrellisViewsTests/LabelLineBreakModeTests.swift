// One rule for a label's line break mode, UIKit's: `UILabel.lineBreakMode`
// applies to the label's text ("If you are using styled text, assigning a
// new value to this property causes the line break mode to be applied to
// the entirety of the string in the attributedText property").
// `Label.style.lineBreakMode` is the label's mode, never a second value
// that loses silently. (A Trellis `AttributedText` has no paragraph style
// of its own to override it.)

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct LabelLineBreakModeTests {
    static let text =
        "Antidisestablishmentarianism is long, and so is floccinaucinihilipilification"

    /// The text's size at 120 points in `mode`, as the measurer gives it.
    static func size(_ mode: LineBreakMode) throws -> Size {
        var style = testStyle
        style.lineBreakMode = mode
        return try TextMeasurer.shared.sizeThatFits(
            text, style: style, size: Size(width: 120, height: 0), numberOfLines: 0, scale: 3)
    }

    static func label() -> Label {
        let label = makeLabel(text, name: "words", lines: 0)
        label.preferredMaxLayoutWidth = 120
        return label
    }

    @Test func theLabelsModeIsItsStylesMode() throws {
        let label = Self.label()
        #expect(label.lineBreakMode == .byTruncatingTail)  // UILabel's default
        #expect(label.style.lineBreakMode == .byTruncatingTail)
        // A style set later (with TextStyle's default, word wrapping) leaves
        // the label's mode, as setting UILabel.font does.
        var style = testStyle
        style.lineBreakMode = .byCharWrapping
        label.style = style
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.style.lineBreakMode == .byTruncatingTail)
        label.lineBreakMode = .byCharWrapping
        #expect(label.style.lineBreakMode == .byCharWrapping)
        #expect(label.intrinsicContentSize == (try Self.size(.byCharWrapping)))
        label.lineBreakMode = .byWordWrapping
        #expect(label.intrinsicContentSize == (try Self.size(.byWordWrapping)))
        // The two modes break this text differently at 120 points.
        #expect(try Self.size(.byCharWrapping) != (try Self.size(.byWordWrapping)))
    }

    @Test func theLabelsModeAppliesToItsAttributedText() throws {
        let label = Self.label()
        label.attributedText = AttributedText(Self.text, attributes: TextAttributes(testStyle))
        label.lineBreakMode = .byCharWrapping
        #expect(label.intrinsicContentSize == (try Self.size(.byCharWrapping)))
        label.lineBreakMode = .byWordWrapping
        #expect(label.intrinsicContentSize == (try Self.size(.byWordWrapping)))
    }
}
