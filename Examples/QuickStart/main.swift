// The README's example, compiled with the package so it cannot go stale:
// measure a text, lay out a cell both ways, and scroll a virtual table.
import Trellis
import TrellisSamples

// Text: what UILabel.sizeThatFits gives a 0-line label 287 points wide.
let style = TextStyle(fonts: try FontCollection.bundled("Inter", weight: .regular), size: 17)
let size = try TextMeasurer.shared.sizeThatFits(
    "The red fox is a small carnivore.", style: style,
    size: Size(width: 287, height: .greatestFiniteMagnitude), numberOfLines: 0, scale: 3)
print("text: \(size)")

// A cell, both ways: identical heights.
var frames = AnimalTableViewCellFrames(style: try .classic())
var constraints = AnimalTableViewCellConstraints(style: try .classic())
let item = AnimalItem(title: "Red Fox", subtitle: "Lives in the northern forests.")
print("frames \(try frames.height(for: item, width: 375)), constraints \(try constraints.height(for: item, width: 375))")

// A virtual table of 100,000 rows that measures only what it shows.
let sizing = TemplateSizing(template: frames, items: AnimalDataGenerator(seed: 1).items(count: 100_000))
var table = try TableLayout(
    sections: [TableSection(rowCount: 100_000)], estimate: .uniform(44), sizing: sizing,
    width: 375, viewportHeight: 812)
_ = try table.layoutIfNeeded()
try table.scrollToRow(at: IndexPath(row: 50_000, section: 0), at: .top)
print("visible \(table.visibleRows.map(\.description) ?? "none"), measured \(table.measuredRowCount) of \(table.numberOfRows)")
