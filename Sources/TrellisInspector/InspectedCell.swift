// What the inspector page shows of one laid-out cell: every view with its
// frame, sizes, priorities and the constraints that involve it, the
// conflicts and diagnostics, and the other layout path's frames.

import TrellisGeometry

/// One constraint as the engine's logs print it, with how the solution meets it.
public struct InspectedConstraint: Hashable, Sendable {
    /// `title.leading == contentView.leading + 16 @750 (identifier)`.
    public var description: String
    /// 1...1000.
    public var priority: Double
    /// How far the solution misses it, in points (0 when it holds).
    public var error: Double
    /// Whether the engine left it out to recover from a conflict.
    public var isBroken: Bool
    /// Whether it is one of a conflict's set (the broken one included).
    public var isConflicting: Bool

    /// Whether it holds, to within a thousandth of a point.
    public var holds: Bool { error <= 1e-3 }

    public init(
        description: String, priority: Double, error: Double, isBroken: Bool, isConflicting: Bool
    ) {
        self.description = description
        self.priority = priority
        self.error = error
        self.isBroken = isBroken
        self.isConflicting = isConflicting
    }
}

/// A label's text as drawn: one entry per line, each glyph of a font at a
/// size, at a position in the cell's coordinates (on its baseline).
public struct InspectedText: Hashable, Sendable {
    /// One glyph to draw.
    public struct Glyph: Hashable, Sendable {
        /// The font file, its face index and the glyph's index in it.
        public var font: String
        public var faceIndex: Int
        public var glyph: UInt32
        /// Points per em.
        public var size: Double
        /// The glyph's origin on its baseline, in the cell's coordinates.
        public var position: Point
    }

    /// The text (markup's characters without the tags).
    public var string: String
    /// Lines the text took at the label's width.
    public var lineCount: Int
    /// Every glyph of every line.
    public var glyphs: [Glyph]
}

/// One view of a laid-out cell.
public struct InspectedView: Hashable, Sendable {
    /// The view's name (`layoutName`).
    public var name: String
    /// `View`, `Label`, `ImageView`, `Button` or `StackView`.
    public var kind: String
    /// Index of the superview in `InspectedCell.views`; nil for the content view.
    public var parent: Int?
    /// Depth in the tree (0 for the content view).
    public var depth: Int
    /// Frame in the superview's coordinates, as `View.frame`.
    public var frame: Rect
    /// Frame in the cell's coordinates (what the picture draws).
    public var frameInCell: Rect
    /// `intrinsicContentSize` (−1 where the view has none on an axis).
    public var intrinsicSize: Size
    /// Content hugging priorities, horizontal then vertical.
    public var hugging: [Double]
    /// Compression resistance priorities, horizontal then vertical.
    public var compressionResistance: [Double]
    public var isHidden: Bool
    /// Indexes in `InspectedCell.constraints` of every constraint that
    /// involves the view (itself or one of its layout guides).
    public var constraints: [Int]
    /// What the constraints leave open ("X position", "height", …); empty
    /// when the view's layout is unambiguous.
    public var ambiguous: [String]
    /// A label's text and lines, with the glyphs that draw it.
    public var text: InspectedText?
    /// The other layout path's frame, in the superview's coordinates, when
    /// the template has one and it names this view.
    public var otherFrame: Rect?
}

/// One row laid out at one width.
public struct InspectedCell: Hashable, Sendable {
    /// The row's index in the data (0-based).
    public var row: Int
    public var width: Double
    public var height: Double
    /// The content view first, then its subviews depth first.
    public var views: [InspectedView]
    /// Every constraint installed in the cell's hierarchy, most important first.
    public var constraints: [InspectedConstraint]
    /// UIKit-shaped conflict logs ("Unable to simultaneously satisfy constraints …").
    public var conflicts: [String]
    /// Everything else the diagnostics found (ambiguity, compressed
    /// labels, misplaced views, views outside their superview, a squeezed inset).
    public var diagnostics: [String]
    /// The other layout path (frame code or the direct stack path), when the
    /// template has one: its name, the height it gave, or why it refused the row.
    public var otherPath: OtherPath?
    /// The row's data line (1-based), when it was read from a data file.
    public var dataLine: Int? = nil

    /// How the page names the row: by its data line when it has one (the
    /// convention of every message, `RowPlace`), else by its 1-based number
    /// among the generated rows.
    public var place: String {
        dataLine.map { "data line \($0)" } ?? "row \(row + 1)"
    }

    /// The second layout path's answer for the row.
    public struct OtherPath: Hashable, Sendable {
        /// `frames` or `direct stacks`.
        public var name: String
        public var height: Double?
        /// Why the path gave no layout for the row, when it did not.
        public var refusal: String?
        /// What differs from the constraints' layout: "cell" for the
        /// height, then the names of views whose frames differ.
        public var disagreeing: [String]

        /// Whether its height or any frame differs from the constraints'.
        public var disagrees: Bool { !disagreeing.isEmpty }
    }
}
