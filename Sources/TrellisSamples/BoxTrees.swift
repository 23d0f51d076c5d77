import TrellisGeometry
import TrellisViews

/// Trees of stacks holding plain boxes (no text), the trees issue 40
/// compares with Taffy (a Rust flexbox engine) and Yoga: the same trees are
/// written as flexbox nodes in `Scripts/taffy-trees.py`, and
/// `Scripts/taffy-benchmark.sh` times both and checks that every frame
/// agrees to the pixel.
///
/// A tree's frames are compared node by node in pre-order, each in its
/// parent's coordinates (the root stack's in the content view's), as
/// `StackTreeLayout.frames` gives them.
public enum BoxTrees {
    /// The trees by name, in the order the benchmarks report them.
    public static let names = ["feed", "column100", "column1000", "column10000", "grid100x5"]

    /// The widths each tree is laid out at in turn (a new width each layout).
    public static func widths(_ name: String) -> [Double] {
        name == "feed" ? [320, 375, 414] : [375, 414]
    }

    /// The tree called `name` (one of `names`).
    public static func tree(_ name: String) -> StackTree? {
        switch name {
        case "feed": return feed
        case "column100": return column(100)
        case "column1000": return column(1_000)
        case "column10000": return column(10_000)
        case "grid100x5": return grid(rows: 100, columns: 5)
        default: return nil
        }
    }

    /// A feed cell of 13 nodes: a horizontal stack (alignment top, spacing
    /// 12, margins 16) of a 40 × 40 box and a vertical stack (spacing 6) of
    /// a row of three boxes (60, 80 and 30 wide, 18 high) spaced equally at
    /// least 8 apart, a box 60 high filling the width, and a row of four
    /// boxes 32 high filling it equally (spacing 4).
    public static var feed: StackTree {
        let row = StackTree.Stack(
            axis: .horizontal, distribution: .equalSpacing, spacing: 8,
            children: [
                .fixed(width: 60, height: 18), .fixed(width: 80, height: 18),
                .fixed(width: 30, height: 18),
            ])
        let equal = StackTree.Stack(
            axis: .horizontal, distribution: .fillEqually, spacing: 4,
            children: Array(repeating: .fixed(width: nil, height: 32), count: 4))
        let column = StackTree.Stack(
            axis: .vertical, spacing: 6,
            children: [.stack(row), .fixed(width: nil, height: 60), .stack(equal)])
        return StackTree(
            root: .init(
                axis: .horizontal, alignment: .top, spacing: 12,
                children: [.fixed(width: 40, height: 40), .stack(column)]),
            pinning: .layoutMargins(EdgeInsets(all: 16)))
    }

    /// `count` boxes 300 × 20 in a vertical stack, spacing 8, aligned leading.
    public static func column(_ count: Int) -> StackTree {
        StackTree(
            root: .init(
                axis: .vertical, alignment: .leading, spacing: 8,
                children: Array(repeating: .fixed(width: 300, height: 20), count: count)))
    }

    /// `rows` horizontal stacks (spacing 4, filling equally) of `columns`
    /// boxes 20 high, in a vertical stack (spacing 4).
    public static func grid(rows: Int, columns: Int) -> StackTree {
        let row = StackTree.Stack(
            axis: .horizontal, distribution: .fillEqually, spacing: 4,
            children: Array(repeating: .fixed(width: nil, height: 20), count: columns))
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 4,
                children: Array(repeating: .stack(row), count: rows)))
    }
}
