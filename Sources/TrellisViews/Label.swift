// UILabel for layout: intrinsic size from TrellisText, multi-line labels that
// take their width from the solve, baselines for baseline constraints.

import TrellisGeometry
import TrellisText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A view showing text, as `UILabel`.
///
/// Its intrinsic size is the text's size as `sizeThatFits` gives it (rounded
/// up to the pixel grid of `contentScaleFactor`). A single-line label measures
/// its text on one line. A multi-line label (`numberOfLines` 0 or above 1)
/// measures at `preferredMaxLayoutWidth`, or when that is 0 (automatic, the
/// default) at the width the layout gives it: the engine solves, measures the
/// label at its solved width, and solves again until the width is stable.
open class Label: View {
    // Stored state is `@exclusivity(unchecked)`, as the engine's (see View).

    /// The text (empty by default; an empty label's intrinsic size is 0 × 0).
    public final var text: String {
        get { _text }
        set {
            // Setting the plain text drops the attributed one, as in UIKit.
            if _attributedText != nil {
                _attributedText = nil
                _text = newValue
                _textDidChange()
                return
            }
            // Compared as bytes: canonically equivalent texts in other bytes
            // are measured again (same result), and the common case, another
            // row's text, is told apart by its length without Unicode
            // comparison or a copy of the old text.
            if Label._sameBytes(newValue, _text) { return }
            _text = newValue
            _textDidChange()
        }
    }
    @exclusivity(unchecked) private var _text: String

    /// Whether the text is empty: an exact `Label` then measures 0 × 0 at
    /// any width (see `LayoutEngine.freeLabelWidthsMatter()`).
    final var _hasNoText: Bool { _text.isEmpty }

    override final var _engineText: (any _EngineText)? { self }

    /// Text with runs of several fonts, sizes, letter spacings and baseline
    /// offsets (a bold name inside a sentence), as `UILabel.attributedText`.
    /// Measured with `TextMeasurer`'s attributed layout: each run's
    /// attributes give its fonts and size, `style` (with `lineBreakMode`)
    /// the paragraph attributes. Setting it sets `text` to its string;
    /// setting `text` clears it. Nil by default.
    public final var attributedText: AttributedText? {
        get { _attributedText }
        set {
            guard newValue != _attributedText else { return }
            _attributedText = newValue
            if let newValue { _text = newValue.string }
            _textDidChange()
        }
    }
    @exclusivity(unchecked) private var _attributedText: AttributedText?

    /// Font, size and paragraph settings. Its `lineBreakMode` is always the
    /// label's `lineBreakMode`: a style set here takes the label's mode, as
    /// setting `UILabel.font` leaves `UILabel.lineBreakMode` as it was.
    @exclusivity(unchecked) public var style: TextStyle {
        didSet {
            // Inside its own didSet, this assignment calls no observer.
            style.lineBreakMode = lineBreakMode
            _spec = _MeasuringSpec(style: style, measurer: measurer)
            _textDidChange()
        }
    }

    /// Maximum number of lines, 0 for no limit (1 by default, as UIKit).
    /// Negative values are refused and logged.
    @exclusivity(unchecked) public var numberOfLines: Int = 1 {
        didSet {
            guard numberOfLines >= 0 else {
                LayoutLog.emit(
                    "Refused numberOfLines \(numberOfLines) for \(layoutName): it must be 0 (no limit) or more."
                )
                numberOfLines = oldValue
                return
            }
            if numberOfLines != oldValue { _modeDidChange() }
        }
    }

    /// How lines break and truncate (`byTruncatingTail` by default, as
    /// `UILabel.lineBreakMode`): one rule, UIKit's. The label's mode applies
    /// to its text, plain or attributed, and is `style.lineBreakMode`, which
    /// follows it. UIKit: "If you are using styled text, assigning a new
    /// value to this property causes the line break mode to be applied to
    /// the entirety of the string in the attributedText property." In UIKit
    /// an attributed string's own paragraph style then overrides it; a
    /// Trellis `AttributedText` has no paragraph attributes of its own (they
    /// are the style it is measured with), so the label's mode holds.
    @exclusivity(unchecked) public var lineBreakMode: LineBreakMode = .byTruncatingTail {
        didSet {
            guard lineBreakMode != oldValue || style.lineBreakMode != lineBreakMode else { return }
            style.lineBreakMode = lineBreakMode
        }
    }

    /// The width a multi-line label wraps at; 0 (the default) means the width
    /// the layout gives it. Negative or non-finite values are refused and logged.
    @exclusivity(unchecked) public var preferredMaxLayoutWidth: Double = 0 {
        didSet {
            guard preferredMaxLayoutWidth.isFinite, preferredMaxLayoutWidth >= 0 else {
                LayoutLog.emit(
                    "Refused preferredMaxLayoutWidth \(preferredMaxLayoutWidth) for \(layoutName): it must be finite and not negative."
                )
                preferredMaxLayoutWidth = oldValue
                return
            }
            if (preferredMaxLayoutWidth == 0) != (oldValue == 0) {
                _modeDidChange()
            } else {
                _textDidChange()
            }
        }
    }

    /// The measurer used for the text (the shared one by default).
    @exclusivity(unchecked) public var measurer: TextMeasurer = .shared {
        didSet {
            _spec = _MeasuringSpec(style: _spec.style, measurer: measurer)
            _textDidChange()
        }
    }

    /// The last measurement error (a missing font, malformed text), nil when
    /// the text measured fine. A label that cannot measure has size 0 × 0.
    @exclusivity(unchecked) public private(set) var measurementError: TextError?

    /// The width the layout last gave a multi-line label with automatic width.
    @exclusivity(unchecked) var _layoutWidth: Double?
    /// Set when the baselines may have moved; the engine re-makes baseline constraints.
    @exclusivity(unchecked) var _baselinesChanged = false
    @exclusivity(unchecked) private var _cachedSize: (width: Double, scale: Double, size: Size)?
    @exclusivity(unchecked) private var _cachedBaselines:
        (width: Double, offsets: (first: Double, last: Double))?
    /// Set once something read the baselines (a baseline constraint): then
    /// measuring the size keeps the baselines too (`_measureWithBaselines`).
    @exclusivity(unchecked) private var _readsBaselines = false

    /// A label with UIKit's defaults: the default style (`Label.defaultStyle`,
    /// 17 points, as `UILabel`'s system font), one line, tail truncation,
    /// so a label can be made before it is styled.
    public convenience init(text: String = "") {
        self.init(text: text, style: Label.defaultStyle)
    }

    /// The style of a label made without one: the bundled Inter family at
    /// 17 points, UIKit's default label size. Where Inter cannot be loaded
    /// the collection is empty, and measuring reports why in `measurementError`.
    public static let defaultStyle = TextStyle(
        fonts: (try? FontCollection.bundled("Inter")) ?? FontCollection([]), size: 17)

    /// A label with the given text and style.
    public init(text: String = "", style: TextStyle) {
        _text = text
        var style = style
        style.lineBreakMode = .byTruncatingTail  // `lineBreakMode`'s default
        self.style = style
        _spec = _MeasuringSpec(style: style, measurer: .shared)
        _unmanagedSpec = Unmanaged.passUnretained(_spec)
        super.init(frame: .zero)
    }

    /// True when the label's size depends on the width the layout gives it.
    override var _widthDependent: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == 0 }

    /// The width the text is wrapped at for the intrinsic size.
    ///
    /// A layout width of 0 wraps at the narrowest width (one grapheme
    /// cluster a line, as any width below the narrowest character does),
    /// not at "no limit", which is what 0 means to `sizeThatFits`: a label
    /// squeezed to nothing must measure as one squeezed to 1e-14, or the
    /// solver's rounding on either side of 0 would decide its height.
    private var _measuringWidth: Double {
        if numberOfLines == 1 { return .infinity }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        guard let width = _layoutWidth else { return .infinity }
        return max(width, Label._narrowestWidth)
    }

    /// The width a label squeezed to 0 is measured at (see `_measuringWidth`).
    static let _narrowestWidth = 1e-9

    override open var intrinsicContentSize: Size { _intrinsicSize() }

    /// `intrinsicContentSize` of `Label` itself (what the engine's refit
    /// calls for an exact `Label`, which nothing overrides).
    @inline(__always)
    final func _intrinsicSize() -> Size {
        let width = _measuringWidth
        let scale = _contentScaleFactor ?? contentScaleFactor  // its own, without a call
        if let cached = _cachedSize, cached.width == width, cached.scale == scale {
            return cached.size
        }
        let size =
            _readsBaselines
            ? _measureWithBaselines(width: width, scale: scale)
                ?? _measure(width: width, scale: scale)
            : _measure(width: width, scale: scale)
        _cachedSize = (width, scale, size)
        return size
    }

    /// Measures the text at `width` and keeps its baselines at that width
    /// (`_cachedBaselines`), from one line breaking: for a label whose
    /// baselines a constraint reads, which needs both on every new text.
    /// Nil where the two are measured apart (no text, attributed text, a
    /// style that does not validate, an error, which `_measure` records).
    private final func _measureWithBaselines(width: Double, scale: Double) -> Size? {
        guard !_text.isEmpty, _attributedText == nil else { return nil }
        return _unmanagedSpec._withUnsafeGuaranteedRef { spec -> Size? in
            guard spec.styleIsValid else { return nil }
            do throws(TextError) {
                let measured = try Label._sizeAndBaselines(
                    &_text, spec: spec, width: width, numberOfLines: numberOfLines, scale: scale)
                _cachedBaselines = (width, (measured.firstBaseline, measured.lastBaseline))
                if measurementError != nil { measurementError = nil }
                return measured.size
            } catch {
                return nil
            }
        }
    }

    /// `intrinsicContentSize` for the engine's refit of an exact `Label`:
    /// nothing reads its baselines, so the flag saying they moved is
    /// cleared, as re-making baseline constraints that do not exist would.
    @inline(__always)
    final func _refitIntrinsicSize() -> Size {
        _baselinesChanged = false
        return _intrinsicSize()
    }

    /// The size the text needs within `size` (its width wraps the text), rounded
    /// up to the pixel grid, as `UILabel.sizeThatFits`.
    public func sizeThatFits(_ size: Size) -> Size {
        _measure(width: size.width, scale: contentScaleFactor)
    }

    /// Measures the text at `width` on the grid of `scale`; records (and logs
    /// once) a measurement error, and answers 0 × 0 then. Inlined into the
    /// engine's refit (`_refitIntrinsicSize`), a call less per row.
    @inline(__always)
    private final func _measure(width: Double, scale: Double) -> Size {
        guard !_text.isEmpty else { return .zero }
        // The style and measurer are read from the immutable spec lent
        // unretained (the label keeps it), so measuring copies neither.
        var failure: TextError?
        let attributed = _attributedText
        let fitted = _unmanagedSpec._withUnsafeGuaranteedRef { spec -> Size in
            do throws(TextError) {
                if let attributed {
                    return try spec.measurer.sizeThatFits(
                        attributed, style: spec.style, size: Size(width: width, height: .infinity),
                        numberOfLines: numberOfLines, scale: scale)
                }
                if spec.styleIsValid {
                    return try Label._sizeThatFits(
                        &_text, spec: spec, width: width, numberOfLines: numberOfLines,
                        scale: scale)
                }
                return try spec.measurer.sizeThatFits(
                    _text, style: spec.style, size: Size(width: width, height: .infinity),
                    numberOfLines: numberOfLines, scale: scale)
            } catch {
                failure = error
                return .zero
            }
        }
        guard let failure else {
            if measurementError != nil { measurementError = nil }
            return fitted
        }
        if measurementError == nil {
            LayoutLog.emit("Label \(layoutName) could not measure its text: \(failure)")
        }
        measurementError = failure
        return .zero
    }

    /// `TextMeasurer._sizeThatFits` of the text lent in place: through an
    /// inout access the text reaches the measurer without a copy (a read
    /// of the stored text around the call retains and releases it, two
    /// atomic operations on every measurement). Nothing is written.
    @inline(__always)
    private static func _sizeThatFits(
        _ text: inout String, spec: _MeasuringSpec, width: Double, numberOfLines: Int,
        scale: Double
    ) throws(TextError) -> Size {
        try spec.measurer._sizeThatFits(
            text, checkedStyle: spec.style, width: width, numberOfLines: numberOfLines,
            scale: scale)
    }

    /// `TextMeasurer._sizeAndBaselines` of the text lent in place, as
    /// `_sizeThatFits(_:spec:width:numberOfLines:scale:)`. Nothing is written.
    @inline(__always)
    private static func _sizeAndBaselines(
        _ text: inout String, spec: _MeasuringSpec, width: Double, numberOfLines: Int,
        scale: Double
    ) throws(TextError) -> (size: Size, firstBaseline: Double, lastBaseline: Double) {
        try spec.measurer._sizeAndBaselines(
            text, checkedStyle: spec.style, width: width, numberOfLines: numberOfLines,
            scale: scale)
    }

    /// Whether the last measurement failed (`measurementError` is set), read
    /// without copying the error.
    public final var hasMeasurementError: Bool {
        if case .none = measurementError { return false }
        return true
    }

    /// The first of `labels` whose last measurement failed, and its error.
    ///
    /// Cheaper than asking each label for `measurementError` from another
    /// module (which retains every label to call its getter): cell templates
    /// check their labels after every row.
    /// - Complexity: O(labels).
    public static func firstMeasurementError(in labels: [Label]) -> (
        label: Label, error: TextError
    )? {
        for label in labels {
            if let error = label.measurementError { return (label, error) }
        }
        return nil
    }

    /// `style` with `lineBreakMode` (what the text is measured with) and the
    /// measurer, made again when one of them changes: copying a style per
    /// measurement would retain its fonts.
    @exclusivity(unchecked) private var _spec: _MeasuringSpec {
        didSet { _unmanagedSpec = Unmanaged.passUnretained(_spec) }
    }
    // Safe: `_spec` holds the spec, and its `didSet` keeps this in step.
    @exclusivity(unchecked) private var _unmanagedSpec: Unmanaged<_MeasuringSpec>

    override var _baselineOffsetsFromTop: (first: Double, last: Double)? {
        guard !_text.isEmpty else { return nil }
        // From now on each new text is measured with its baselines.
        _readsBaselines = true
        let width = _measuringWidth
        if let cached = _cachedBaselines, cached.width == width { return cached.offsets }
        return _measureBaselineOffsets(width: width)
    }

    /// `_baselineOffsetsFromTop` when the baselines at `width` are not kept:
    /// out of line, so that the common read, of kept baselines (a baseline
    /// constraint's refit reads both of its items), costs no frame for the
    /// measuring.
    @inline(never)
    private final func _measureBaselineOffsets(width: Double) -> (first: Double, last: Double)? {
        // Read before the size at this width (another label's baseline
        // constraint asked first): measure both now, as the size is next.
        if _cachedSize?.width != width {
            _ = _intrinsicSize()
            if let cached = _cachedBaselines, cached.width == width { return cached.offsets }
        }
        do throws(TextError) {
            let layout: TextLayout
            if let attributed = _attributedText {
                layout = try measurer.layout(
                    attributed, style: _spec.style, width: width, numberOfLines: numberOfLines)
            } else {
                layout = try measurer.layout(
                    text, style: _spec.style, width: width, numberOfLines: numberOfLines)
            }
            let offsets = (layout.firstBaseline, layout.lastBaseline)
            _cachedBaselines = (width, offsets)
            return offsets
        } catch {
            measurementError = error
            return nil
        }
    }

    /// Called by the engine with the width the solve gave the label; true when
    /// the label must be measured again at it.
    override func _layoutWidthDidChange(to width: Double, by engine: ObjectIdentifier) -> Bool {
        guard _widthDependent, width.isFinite else { return false }
        _membership.layoutWidthEngine = engine
        // The solver's rounding around 0 (±1e-14) is 0.
        let width = width < Label._narrowestWidth ? 0 : width
        if let current = _layoutWidth, abs(current - width) < 1e-9 { return false }
        _layoutWidth = width
        _baselinesChanged = true
        return true
    }

    /// Forgets the width the layout last gave the label, so that it is
    /// measured unconstrained again (UIKit's first pass); true when it had one.
    /// The engine calls it at the start of every layout for labels whose width
    /// depends on the solve (see `LayoutEngine.resetFreeLabelWidths()`).
    override final func _forgetLayoutWidth() -> Bool {
        guard _layoutWidth != nil else { return false }
        _layoutWidth = nil
        _baselinesChanged = true
        return true
    }

    /// Whether two texts have the same UTF-8 bytes: their lengths, then
    /// their bytes in place (`memcmp`) when both are contiguous, which
    /// native strings are.
    @inline(__always)
    static func _sameBytes(_ a: String, _ b: String) -> Bool {
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                count == 0 || memcmp(x.baseAddress!, y.baseAddress!, count) == 0
            }
        }
        if let inPlace, let same = inPlace { return same }
        return a.utf8.elementsEqual(b.utf8)
    }

    @inline(__always)
    private func _textDidChange() {
        _cachedSize = nil
        _cachedBaselines = nil
        _baselinesChanged = true
        invalidateIntrinsicContentSize()
    }

    private func _modeDidChange() {
        _cachedSize = nil
        _cachedBaselines = nil
        _baselinesChanged = true
        _rootEngine?.hierarchyDidChange()
    }
}

/// What a label measures with, immutable: lent unretained while measuring.
final class _MeasuringSpec {
    let style: TextStyle
    let measurer: TextMeasurer
    /// Whether `style` passed the measurer's checks, done once here rather
    /// than on every measurement (a style that did not is measured by the
    /// public call, which reports why).
    let styleIsValid: Bool

    init(style: TextStyle, measurer: TextMeasurer) {
        self.style = style
        self.measurer = measurer
        do throws(TextError) {
            try style._validate()
            styleIsValid = true
        } catch {
            styleIsValid = false
        }
    }
}

extension Label: _EngineText {
    /// True for `Label` itself: a subclass may measure otherwise.
    final var _measuresExactly: Bool { type(of: self) == Label.self }

    /// `_refitIntrinsicSize()` of a label lent as a `View` (see `_EngineText`).
    static func _refitIntrinsicSize(of view: View) -> Size {
        unsafeDowncast(view, to: Label.self)._refitIntrinsicSize()
    }

    /// `_hasNoText` of a label lent as a `View` (see `_EngineText`).
    static func _hasNoText(of view: View) -> Bool {
        unsafeDowncast(view, to: Label.self)._hasNoText
    }

    /// The intrinsic size of a label lent as a `View`, and whether its
    /// baselines moved since the engine last asked (see `_EngineText`).
    static func _sizeAndBaselineMove(of view: View) -> (size: Size, baselinesMoved: Bool) {
        let label = unsafeDowncast(view, to: Label.self)
        let moved = label._baselinesChanged
        label._baselinesChanged = false
        return (label._intrinsicSize(), moved)
    }
}
