import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// Intrinsic sizes reach the solver as edit variables when both content
/// priorities are optional, and as constants when one is required; an update
/// along an axis that required constraints fix waits until it can matter.
@Suite struct IntrinsicSizeEditTests {
    func makeLabel(_ text: String) throws -> Label {
        let label = Label(
            text: text, style: TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17))
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    @Test func widthHeldWhileFixedFollowsTheCurrentTextOnceFreed() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let label = try makeLabel("A")
        root.addSubview(label)
        let right = label.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -10)
        LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10), right,
        ])
        root.layoutIfNeeded()
        #expect(label.frame.width == 280)  // 300 − 10 − 10: the text's width cannot matter
        for text in ["Thing 1", "A longer text", "Short"] {
            label.text = text
            root.layoutIfNeeded()
            #expect(label.frame.width == 280)
        }
        right.isActive = false
        root.layoutIfNeeded()
        // Free along x, the label hugs the text it shows now, not the one it had when fixed.
        #expect(label.frame.width == label.intrinsicContentSize.width)
        #expect(label.frame.width < 100)
    }

    @Test func heightFollowsEveryTextWhileFree() throws {
        let root = View()
        let label = try makeLabel("")
        label.numberOfLines = 0
        root.addSubview(label)
        pinEdges(label, to: root)
        for text in ["One", "Two words and then many more words", "", "Three"] {
            label.text = text
            // The fitting height is the label's own size at the width the solve gives it.
            #expect(
                fittingHeight(of: root, width: 100)
                    == label.sizeThatFits(Size(width: 100, height: .infinity)).height)
        }
    }

    @Test func requiredCompressionResistanceStillConflicts() throws {
        let root = View()
        let label = try makeLabel("Too tall for five points")
        label.setContentCompressionResistancePriority(.required, for: .vertical)
        root.addSubview(label)
        LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor),
            label.topAnchor.constraint(equalTo: root.topAnchor),
            label.heightAnchor.constraint(equalToConstant: 5),
        ])
        _ = root.systemLayoutSizeFitting(Size(width: 300, height: 0))
        // A required intrinsic height is a constant the solver must meet, as
        // in UIKit: it cannot give way silently, so the conflict is reported.
        let reports = root.unsatisfiableConstraints
        #expect(reports.count == 1)
        #expect(
            reports.first?.conflicting.contains { $0.contains("Compression-Resistance-Vertical") }
                == true)
    }
}
