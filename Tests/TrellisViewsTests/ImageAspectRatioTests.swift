// An image view whose height follows its width (`ImageView.aspectRatio`):
// the height the ratio gives, a required cap winning while the width stays,
// a reused hierarchy equal to a fresh one, and a new ratio changing no
// constraint.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct ImageAspectRatioTests {
    /// A cell: a photo pinned 16 from the left and right and 10 from the top,
    /// the cell's bottom 10 below it; the photo at most `cap` tall.
    final class Cell {
        let root = View()
        let photo = ImageView()

        init(ratio: Double, cap: Double = 300) {
            root.addSubview(photo)
            photo.translatesAutoresizingMaskIntoConstraints = false
            photo.setContentHuggingPriority(LayoutPriority(rawValue: 999), for: .vertical)
            photo.setContentCompressionResistancePriority(
                LayoutPriority(rawValue: 999), for: .vertical)
            photo.aspectRatio = ratio
            LayoutConstraint.activate([
                photo.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 16),
                photo.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -16),
                photo.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                root.bottomAnchor.constraint(equalTo: photo.bottomAnchor, constant: 10),
                photo.heightAnchor.constraint(lessThanOrEqualToConstant: cap),
            ])
        }

        func height(width: Double) -> Double {
            root.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
        }
    }

    @Test func heightIsTheSolvedWidthTimesTheRatio() {
        // 375 − 32 = 343 wide; 343 × 0.75 = 257.25 tall; + 20 of insets.
        #expect(Cell(ratio: 0.75).height(width: 375) == 277.25)
        // 288 × 0.5 = 144, + 20.
        #expect(Cell(ratio: 0.5).height(width: 320) == 164)
    }

    @Test func aRequiredCapWinsAndTheWidthStays() {
        // 343 × 1.5 = 514.5 > 300: 300 tall (+ 20), still 343 wide.
        let cell = Cell(ratio: 1.5)
        #expect(cell.height(width: 375) == 320)
        cell.root.frame = Rect(x: 0, y: 0, width: 375, height: 320)
        cell.root.layoutIfNeeded()
        #expect(cell.photo.frame == Rect(x: 16, y: 10, width: 343, height: 300))
    }

    @Test func aReusedCellGivesAFreshCellsHeightsAndChangesNoConstraint() throws {
        let reused = Cell(ratio: 1)
        let ratios = (0..<60).map { 0.2 + Double(($0 * 37) % 23) / 10 }
        var versions: [Int] = []
        for (row, ratio) in ratios.enumerated() {
            let width = row % 10 == 9 ? 414.0 : 375.0
            reused.photo.aspectRatio = ratio
            let fresh = Cell(ratio: ratio)
            // Equal to the solver's precision (docs/reuse.md), and on the pixel grid.
            let (a, b) = (reused.height(width: width), fresh.height(width: width))
            #expect(abs(a - b) <= 1e-9 * b, "row \(row): \(a) vs \(b)")
            #expect(PixelGrid.ceil(a, scale: 3) == PixelGrid.ceil(b, scale: 3), "row \(row)")
            versions.append(try #require(reused.root._membership.engine).installVersion)
        }
        // After the first rows (the height moves to edit form), new ratios
        // and widths are edits of the solver: the installed constraints stay.
        #expect(Set(versions.dropFirst(5)).count == 1)
    }
}
