// One node of a stack tree as the direct path flattens it
// (`_DirectPlan.flatten`), with what the passes compute for it.

import TrellisGeometry
import TrellisText

/// One node, flattened, with what the passes compute for it.
struct _DirectNode {
    enum Kind { case stack, label, image, fixed, button }
    var kind: Kind
    var isHidden: Bool
    var parent: Int
    /// Children (stacks), as a range of `_DirectPlan.childList`.
    var children: Range<Int> = 0..<0
    var stack: StackTree.Stack?
    /// A stack's settings (as `stack`'s), read in place by every row's
    /// steps (_StackSettings.swift).
    var settings = _StackSettings()
    var label: StackTree.LabelNode?
    var image: StackTree.ImageNode?
    var fixed: StackTree.FixedNode?
    var button: StackTree.ButtonNode?
    /// A label of several lines (its width is measured again at the width
    /// it gets): read in every pass, so kept here rather than copied out of
    /// `label`.
    var isMultiLine = false
    /// A label's text or a button's title (as `.plain`), set wherever
    /// `label` or `button` gets one (`flatten`, `refresh`) and by a row's
    /// `prepare`, which writes it here only (every step reads a label's
    /// text and a button's title here, never `label.text` nor
    /// `button.title`), a label's `numberOfLines` (1 for other nodes) and a
    /// button's content insets: read in place by `measure` on every row,
    /// where a read through the optional payload (`label?.text`) copies
    /// the whole node first.
    var text = StackTree.Text.plain("")
    var numberOfLines = 1
    var contentInsets = EdgeInsets.zero
    /// An image's aspect ratio (as `image`'s), read in place by a row's
    /// `prepare` for the same reason.
    var aspectRatio = Size(width: 1, height: 1)
    /// A label's style with its line break mode, when it passed
    /// `_validate()` (measured then without checking it again, as `Label`
    /// does); nil: measured with every check.
    var checkedStyle: TextStyle?
    /// A stack that makes `UISV-text-width-disambiguation` (`sharesTextWidth`).
    var sharesTextWidth = false
    /// Whether the node's width is its parent's canvas by the arrangement
    /// alone, up to the root, whose width is the cell's: the root, and
    /// each view of a vertical stack aligned `fill` that has this flag
    /// (`arrangeAcross` and `placeHiddenAcross` give such a view the
    /// canvas, reading only the bounds of its cost, and a filling stack's
    /// cost across, `combinedCost`, is read for its bounds alone too).
    /// Such a stack sharing its width by its texts has only its bounds
    /// made (`textSharingCost`).
    var widthFromCanvas = false
    /// A label or button of `widthFromCanvas` whose horizontal hugging and
    /// compression resistance are both below 1000: its cost across has no
    /// bound (`addIntrinsic` at lanes other than 0 leaves `lo` -∞ and `hi`
    /// +∞), its width is the canvas whatever its intrinsic width, and no
    /// step of a widths solve reads more of its cost than its bounds (see
    /// `widthFromCanvas`). Its intrinsic width is left out of the widths
    /// solve's key (`widthSolveKey`).
    var widthKeyless = false
    /// A stack aligned by baselines or arranged relative to them, read
    /// from its settings (in place, where `stack?` would copy the stack).
    var readsBaselines: Bool {
        settings.isBaselineRelativeArrangement || settings.alignment == .firstBaseline
            || settings.alignment == .lastBaseline
    }
    /// A stack whose costs read its labels' layouts or intrinsic sizes
    /// (baselines, proportions): never kept (`memoKey`).
    var costReadsLayouts: Bool { readsBaselines || widthCostReadsLayouts }
    /// A stack whose horizontal cost reads its labels' intrinsic sizes
    /// (proportions), read from its settings. Baselines are read along the
    /// vertical axis only: a horizontal stack aligned by them lays its
    /// views end to end along its axis as a filling one does (UIKit's
    /// `UISV-alignment` of baselines ties views' baselines, vertical
    /// anchors), and a vertical one, baseline-relative or aligned by them,
    /// is as wide as its alignment across makes it (`effectiveAlignment`).
    var widthCostReadsLayouts: Bool { settings.distribution == .fillProportionally }
    /// The axis across its stack when that stack is not aligned to fill:
    /// `UISV-ambiguity-suppression` holds the node 0 thick along it at 25
    /// (nil: no such constraint). Set with its stack's settings.
    var suppressedAxis: LayoutAxis?
    /// A label's or button's hugging and compression resistance
    /// (horizontal, vertical).
    var hugging: (Float, Float) = (0, 0)
    var compression: (Float, Float) = (0, 0)
    /// Whether its horizontal hugging or compression resistance is
    /// required: its intrinsic width is a required bound on its width.
    var hasRequiredWidthContent: Bool { hugging.0 >= 1000 || compression.0 >= 1000 }
    // Labels: the width the engine last gave it (nil: measured on one
    // line), what it measures at, its size and baselines there.
    var layoutWidth: Double?
    var intrinsic = Size.zero
    var baselines: (first: Double, last: Double)?
    // Results, in the parent's coordinates before rounding.
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    /// The origin in the content view's coordinates, and rounded to pixels.
    var absolute = Point(x: 0, y: 0)
    var rounded = Point(x: 0, y: 0)
}
