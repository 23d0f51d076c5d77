// The abstraction every cell template implements, once with frame code and
// once with constraints, so the two paths can be compared row by row.

import TrellisData
import TrellisGeometry
import TrellisText

/// A solved cell: its height and the frame of each named subview, in the
/// cell's content view coordinates.
public struct CellLayout: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    /// Subview frames in a fixed order (the template's `subviewNames`).
    public var frames: [NamedFrame]

    public init(width: Double, height: Double, frames: [NamedFrame]) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// The frame of the subview with this name.
    public func frame(of name: String) -> Rect? {
        frames.first { $0.name == name }?.frame
    }

    /// One line per subview, indented under the cell, as LayoutKit prints
    /// frame trees; handy for textual snapshots.
    public var description: String {
        var lines = ["cell \(formatPoints(width))×\(formatPoints(height))"]
        for entry in frames {
            lines.append("  \(entry.name) \(entry.frame)")
        }
        return lines.joined(separator: "\n")
    }
}

/// A subview's name and frame.
public struct NamedFrame: Hashable, Sendable {
    public var name: String
    public var frame: Rect

    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
    }
}

/// Why a cell could not be laid out.
public struct CellError: Error, CustomStringConvertible, Equatable, Sendable {
    public var template: String
    public var message: String

    public init(template: String, message: String) {
        self.template = template
        self.message = message
    }

    public var description: String { "\(template): \(message)" }
}

/// A cell kind that lays out rows of its `Item` type at a width.
///
/// `Item` is whatever a row of the app is: a struct of the app's own, a
/// JSON row read from a file (`JSONRow`), or the sample `AnimalItem`.
/// Implementations may keep reusable state (a constraint engine, a view
/// hierarchy), so layout is `mutating` and one value must not be shared by
/// several threads at once: give each thread its own copy (`makeCopy()`).
public protocol CellTemplate {
    /// The row type the template lays out.
    associatedtype Item

    /// The template's name, as `listbench --template` takes it.
    var name: String { get }
    /// Which implementation this is: "frames" or "constraints".
    var path: LayoutPath { get }

    /// Height and subview frames for the item at the width.
    mutating func layout(_ item: Item, width: Double) throws(CellError) -> CellLayout

    /// The height alone; implementations may skip computing frames.
    mutating func height(for item: Item, width: Double) throws(CellError) -> Double
}

extension CellTemplate {
    public mutating func height(for item: Item, width: Double) throws(CellError) -> Double {
        try layout(item, width: width).height
    }
}

/// The two ways a template can lay itself out.
public enum LayoutPath: String, Sendable, CaseIterable {
    case frames
    case constraints
}

/// Validates a width before layout: finite and large enough for the fixed
/// insets of a template.
public func checkWidth(_ width: Double, minimum: Double, template: String) throws(CellError) {
    guard width.isFinite else {
        throw CellError(template: template, message: "width must be finite, got \(width)")
    }
    guard width > minimum else {
        throw CellError(
            template: template,
            message:
                "width \(formatPoints(width)) leaves no room for the content (needs more than \(formatPoints(minimum)))"
        )
    }
}

/// The text a label of a cell shows for an item, with its style: what a
/// renderer needs to draw the cell's text where the layout put its frame.
public struct LabelContent: Sendable {
    /// The subview's name, as in `CellLayout.frames`.
    public var name: String
    public var text: String
    public var style: TextStyle
    /// 0 for any number of lines.
    public var numberOfLines: Int
    /// The text with its runs, for a label that shows attributed text (its
    /// `string` is `text`); nil for text in `style` alone.
    public var attributedText: AttributedText?

    public init(
        name: String, text: String, style: TextStyle, numberOfLines: Int,
        attributedText: AttributedText? = nil
    ) {
        self.name = name
        self.text = text
        self.style = style
        self.numberOfLines = numberOfLines
        self.attributedText = attributedText
    }
}

/// A template that can say what its labels show, for pictures of its cells.
public protocol LabelDescribing {
    /// The row type (the same as the template's, when both are adopted).
    associatedtype Item
    /// The labels of the cell for this item (subviews not listed are not text).
    func labels(for item: Item) -> [LabelContent]
    /// The text measurer the template's labels are measured with.
    var measurer: TextMeasurer { get }
    /// The screen scale the template rounds label heights to.
    var scale: Double { get }
}
