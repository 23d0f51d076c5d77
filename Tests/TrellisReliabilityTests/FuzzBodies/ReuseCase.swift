// A random cell of the reuse property (see ReuseDifferential.swift): its
// views, constraints and rows, and where the generator's choices come from.

import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

/// Where the generator's choices come from.
protocol _ChoiceSource {
    /// A number in `0..<count` (`count` ≥ 1).
    mutating func below(_ count: Int) -> Int
}

extension _ChoiceSource {
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Choices from a seeded SplitMix64: the test suite's and the long run's.
struct _SeededChoices: _ChoiceSource {
    var random: SplitMix64
    init(seed: UInt64) { random = SplitMix64(seed: seed) }
    mutating func below(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
}

extension FuzzInput: _ChoiceSource {
    mutating func below(_ count: Int) -> Int {
        count <= 256 ? Int(byte()) % count : (Int(byte()) << 8 | Int(byte())) % count
    }
}

/// A random cell and the rows it is laid out with: plain data, so it can be
/// built any number of times, shrunk and printed.
struct ReuseCase: CustomStringConvertible {
    enum Kind: Equatable {
        case plain
        case label(lines: Int, mode: LineBreakMode, preferredMaxWidth: Double)
        case image
        case button
        /// A stack view; views whose parent it is are its arranged subviews.
        case stack(
            axis: LayoutAxis, distribution: StackView.Distribution, alignment: StackView.Alignment,
            spacing: Double, marginsRelative: Bool)
    }

    /// One view; index 0 is the root.
    struct ViewSpec {
        var kind: Kind
        var parent: Int
        /// Hugging and compression resistance, (horizontal, vertical).
        var hugging: (Float, Float) = (250, 250)
        var compression: (Float, Float) = (750, 750)
    }

    /// One end of a constraint: a view, or the layout margins guide of one.
    struct Item: Equatable {
        var view: Int
        var margins = false
    }

    struct ConstraintSpec {
        var first: Item
        var firstAttribute: LayoutAttribute
        var relation: LayoutRelation
        var second: Item?
        var secondAttribute: LayoutAttribute
        var multiplier: Double
        /// Whether the constraint may be switched on and off, get other
        /// constants and move between optional priorities from row to row
        /// (optional ones only: a required one could conflict on the way).
        var mutable: Bool
    }

    /// A constraint's state in one row.
    struct ConstraintState: Equatable {
        var active: Bool
        var constant: Double
        var priority: Float
    }

    /// What one row shows and how its cell is constrained.
    struct Row {
        var width: Double
        /// Per view: a label's text or a button's title (nil for other views).
        var texts: [String?]
        /// Per view: a label's style (an index in `ReuseCase.styles`).
        var styles: [Int]
        /// Per view: an image view's image size (nil: no image).
        var images: [Size?]
        var constraints: [ConstraintState]
        /// Per view: hidden in this row (arranged views collapse).
        var hidden: [Bool] = []
    }

    var views: [ViewSpec]
    var constraints: [ConstraintSpec]
    var rows: [Row]
    var scale: Double
    var rightToLeft: Bool

    static let styles: [TextStyle] = {
        var styles: [TextStyle] = []
        for family in ["Inter", "Roboto"] {
            guard let fonts = try? FontCollection.bundled(family) else { continue }
            for size in [13.0, 17, 22] { styles.append(TextStyle(fonts: fonts, size: size)) }
        }
        return styles
    }()

    var description: String { _ReuseReproduction(self).text }
}
