// The seam between the layout engine and the views that measure text.

import TrellisGeometry

/// What a view that measures its own text (a `Label`) offers the layout
/// engine beyond `View`: the engine reads text views through this protocol
/// only, never through their class.
///
/// A text view always has an intrinsic width and height (no text is 0 × 0),
/// may follow the width the solve gives it (`View._widthDependent`, UIKit's
/// two passes of a multi-line label), and has baselines that constraints
/// may read.
protocol _EngineText: View {
    /// Whether the view has no text: an exact one (`_measuresExactly`)
    /// then measures 0 × 0 at any width (see
    /// `LayoutEngine.freeLabelWidthsMatter()`).
    var _hasNoText: Bool { get }
    /// The intrinsic size, for the engine's refit when no constraint reads
    /// the view's baselines: clears `_baselinesChanged`, as re-making
    /// baseline constraints that do not exist would.
    func _refitIntrinsicSize() -> Size
    /// Set by the view when its baselines may have moved; the engine
    /// re-makes the baseline constraints on it and clears it.
    var _baselinesChanged: Bool { get set }
    /// Whether the view measures exactly as its protocol conformance says
    /// (its own class, not a subclass that may measure otherwise): only
    /// then does the engine take the shortcuts that rest on how it
    /// measures (no text is 0 × 0 at any width; the refit's suggestions).
    var _measuresExactly: Bool { get }
}

/// A text view of the engine's hierarchy, held without reference counting
/// (the engine's list of views keeps it), so that reading it on a reused
/// cell's per-row path costs no retain.
struct _EngineTextRef {
    unowned(unsafe) let view: any _EngineText
}
