// Shared fixtures: the text style of every label in these tests and helpers
// to build constraint-laid-out views.

import TrellisGeometry
import TrellisSupport
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// Roboto Regular 17 (UIKit's default label size), the style of every test label.
/// Sizes used in the tests, from `TextMeasurer.sizeThatFits` at scale 3 (the
/// font's advance widths; line height 20 = ceil(17 × 1.171875 × 3) / 3 with
/// Roboto's ascender 1900, descender −500, line gap 0, 2048 units per em):
/// "Thing 1" and "Thing 2": 56.667 × 20; "Center": 50 × 20; "Button": 50.333 × 20;
/// "Next": 35.333 × 20.
let testStyle: TextStyle = {
    do {
        return TextStyle(fonts: try FontCollection.bundled("Roboto"), size: 17)
    } catch {
        fatalError("Bundled Roboto must load for the view tests: \(error)")
    }
}()

/// A label laid out by constraints.
func makeLabel(_ text: String, name: String, lines: Int = 1) -> Label {
    let label = Label(text: text, style: testStyle)
    label.name = name
    label.numberOfLines = lines
    label.translatesAutoresizingMaskIntoConstraints = false
    return label
}

/// A plain view laid out by constraints.
func makeView(_ name: String) -> View {
    let view = View()
    view.name = name
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
}

/// A button laid out by constraints.
func makeButton(_ title: String, name: String) -> Button {
    let button = Button(title: title, style: testStyle)
    button.name = name
    button.translatesAutoresizingMaskIntoConstraints = false
    return button
}

/// Pins a subview's four edges to its container's.
func pinEdges(_ view: View, to container: View) {
    LayoutConstraint.activate([
        view.leftAnchor.constraint(equalTo: container.leftAnchor),
        view.rightAnchor.constraint(equalTo: container.rightAnchor),
        view.topAnchor.constraint(equalTo: container.topAnchor),
        view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
    ])
}

/// A feed cell's column: a vertical stack of `views` 6 apart, pinned 16 in
/// from the content view's left, right and top, the content's bottom at
/// least 16 below it (so the cell sizes itself to the column).
func addPinnedColumn(_ views: [View], to content: View) {
    let column = StackView(arrangedSubviews: views)
    column.axis = .vertical
    column.spacing = 6
    column.translatesAutoresizingMaskIntoConstraints = false
    content.addSubview(column)
    LayoutConstraint.activate([
        column.leftAnchor.constraint(equalTo: content.leftAnchor, constant: 16),
        column.rightAnchor.constraint(equalTo: content.rightAnchor, constant: -16),
        column.topAnchor.constraint(equalTo: content.topAnchor, constant: 16),
        content.bottomAnchor.constraint(greaterThanOrEqualTo: column.bottomAnchor, constant: 16),
    ])
}

/// A self-sizing cell's height: `systemLayoutSizeFitting` with a required
/// width and a fitting-level height.
func fittingHeight(of root: View, width: Double) -> Double {
    root.systemLayoutSizeFitting(
        Size(width: width, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel
    ).height
}

/// Activates the constraints of several VFL strings.
func activate(
    _ formats: [String], options: FormatOptions = [], metrics: [String: Double] = [:],
    views: [String: View]
) throws {
    for format in formats {
        LayoutConstraint.activate(
            try LayoutConstraint.constraints(
                withVisualFormat: format, options: options, metrics: metrics, views: views))
    }
}

/// Collects layout log messages for one test (the log is global, so tests
/// that look at it read the engine's own reports instead where they can).
final class LogCapture: Sendable {
    private let messages = Locked<[String]>([])
    func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}

/// Rectangles compared to a thousandth of a point (frames sit on a 1/3 point grid).
func same(_ a: Rect, _ b: Rect) -> Bool { close(a, b, tolerance: Tolerance.grid) }
