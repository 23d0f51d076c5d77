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
    /// `_refitIntrinsicSize()` of `view`, a view of this very type: what
    /// `_EngineTextRef` calls through the type it keeps, one call through
    /// the witness table, without opening an existential per row.
    static func _refitIntrinsicSize(of view: View) -> Size
    /// `_hasNoText` of `view`, a view of this very type (as above).
    static func _hasNoText(of view: View) -> Bool
    /// For the engine's refit of a view whose baselines a constraint reads:
    /// the intrinsic size of `view`, a view of this very type, and whether
    /// its baselines may have moved (`_baselinesChanged`, cleared, as
    /// re-making its baseline constraints does).
    static func _sizeAndBaselineMove(of view: View) -> (size: Size, baselinesMoved: Bool)
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
///
/// Kept as the view, unretained, and its dynamic type as a text view: `with`
/// lends the view as `any _EngineText` with its protocol's witnesses, the
/// view guaranteed by the caller (no retain, no dynamic cast). An
/// `unowned(unsafe)` existential would be retained and released on every
/// read, which cost more than the rest of the refit of a row (callgrind,
/// AnimalTableViewCell).
struct _EngineTextRef {
    private let object: Unmanaged<View>
    private let type: any _EngineText.Type

    init(_ text: any _EngineText) {
        object = Unmanaged.passUnretained(text)
        type = Swift.type(of: text)
    }

    /// The text view's `_refitIntrinsicSize()`, through its type's witness
    /// (no existential opened: `with` costs a generic call more a row).
    @inline(__always)
    func refitIntrinsicSize() -> Size {
        object._withUnsafeGuaranteedRef { type._refitIntrinsicSize(of: $0) }
    }

    /// Whether the text view has no text, through its type's witness.
    @inline(__always)
    var hasNoText: Bool {
        object._withUnsafeGuaranteedRef { type._hasNoText(of: $0) }
    }

    /// The text view's intrinsic size and whether its baselines moved
    /// (see `_EngineText._sizeAndBaselineMove(of:)`).
    @inline(__always)
    func sizeAndBaselineMove() -> (size: Size, baselinesMoved: Bool) {
        object._withUnsafeGuaranteedRef { type._sizeAndBaselineMove(of: $0) }
    }

    /// Calls `body` with the text view, unretained.
    @inline(__always)
    func with<Result>(_ body: (any _EngineText) -> Result) -> Result {
        object._withUnsafeGuaranteedRef { view in
            // `type` is the view's own dynamic type (see `init`).
            func lend<Text: _EngineText>(_: Text.Type) -> Result {
                body(unsafeDowncast(view, to: Text.self))
            }
            return _openExistential(type, do: lend)
        }
    }
}
