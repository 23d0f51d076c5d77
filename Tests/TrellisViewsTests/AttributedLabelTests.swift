// Labels showing attributed text: measured run by run, wrapped at the width
// the layout gives them, and replaced by a plain text as in UIKit.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct AttributedLabelTests {
    /// "Ada replied: on my way, see you at the station" with "Ada" in
    /// Roboto Medium 22 and the rest in the test style (Roboto 17).
    static func reply() throws -> AttributedText {
        var text = AttributedText(
            "Ada replied: on my way, see you at the station", attributes: TextAttributes(testStyle))
        try text.setAttributes(
            TextAttributes(fonts: try FontCollection.bundled("Roboto", weight: .medium), size: 22),
            range: 0..<3)
        return text
    }

    @Test func intrinsicSizeIsTheAttributedTextsSize() throws {
        let label = makeLabel("", name: "reply")
        label.attributedText = try Self.reply()
        #expect(label.text == "Ada replied: on my way, see you at the station")
        let expected = try TextMeasurer.shared.sizeThatFits(
            try Self.reply(), style: testStyle, size: Size(width: 0, height: 0), numberOfLines: 1,
            scale: 3)
        #expect(label.intrinsicContentSize == expected)
        // The 22-point run makes the line taller than a 17-point line (20).
        #expect(expected.height > 20)
    }

    @Test func aMultiLineAttributedLabelWrapsAtItsSolvedWidth() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 400))
        let label = makeLabel("", name: "reply", lines: 0)
        label.attributedText = try Self.reply()
        root.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let expected = try TextMeasurer.shared.sizeThatFits(
            try Self.reply(), style: testStyle, size: Size(width: 180, height: 0), numberOfLines: 0,
            scale: 3)
        #expect(label.frame == Rect(x: 10, y: 0, width: 180, height: expected.height))
        #expect(expected.height > 40)  // at least two lines at 180
    }

    @Test func settingPlainTextClearsTheAttributedText() throws {
        let label = makeLabel("", name: "reply")
        label.attributedText = try Self.reply()
        let attributedHeight = label.intrinsicContentSize.height
        label.text = "Ada replied: on my way, see you at the station"
        #expect(label.attributedText == nil)
        #expect(label.intrinsicContentSize.height == 20)
        #expect(attributedHeight > 20)
    }
}
