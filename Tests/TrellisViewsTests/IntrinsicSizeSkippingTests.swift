import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// A label whose width and height are fixed by required constraints does not
/// need its text measured; once a constraint change lets its intrinsic size
/// matter again, it must be measured with its current text.
@Suite struct IntrinsicSizeSkippingTests {
    func makeCell() throws -> (View, Label, LayoutConstraint) {
        let root = View()
        let label = Label(style: TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17))
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let height = label.heightAnchor.constraint(equalToConstant: 16)
        LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            label.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            root.bottomAnchor.constraint(equalTo: label.bottomAnchor, constant: 10),
            height,
        ])
        return (root, label, height)
    }

    func fittingHeight(_ root: View) -> Double {
        TrellisViewsTests.fittingHeight(of: root, width: 300)
    }

    @Test func fixedSizeLabelIgnoresItsText() throws {
        let (root, label, _) = try makeCell()
        #expect(fittingHeight(root) == 36)
        label.text = "Some text"
        #expect(fittingHeight(root) == 36)
    }

    @Test func labelMeasuresItsCurrentTextWhenItsSizeStartsToMatter() throws {
        let (root, label, height) = try makeCell()
        label.numberOfLines = 0
        _ = fittingHeight(root)
        label.text = "One line"
        #expect(fittingHeight(root) == 36)
        height.isActive = false
        // Inter 17 line height 20.574 → 62 px at scale 3 = 20.667; plus 20 of insets.
        #expect(fittingHeight(root) == 20 + 62.0 / 3)
    }
}
