// Section headers and footers of the collection layouts (column flow, mosaic,
// waterfall): their height source, lazy self-sizing with the anchor kept, and
// UICollectionViewFlowLayout's pinning to the visible bounds.

import TrellisGeometry

/// The height source of a collection layout's self-sizing section headers
/// and footers (a flow layout's supplementary views answering
/// `preferredLayoutAttributesFitting(_:)`); a template's sizing can conform.
///
/// A layout places its headers and footers at their estimates
/// (`headerHeight`, `footerHeight`) and `layoutSupplementaries(in:sizing:)`
/// asks this source for a header's or footer's real height once, when it
/// first reaches the visible rect, as lazily as a table measures rows.
public protocol SupplementarySizing {
    /// The height of the `.header` or `.footer` of a section at a width;
    /// it must be finite and not negative.
    func height(of kind: ElementKind, inSection section: Int, width: Double) -> Double
}

/// A `SupplementarySizing` made from a closure.
public struct ClosureSupplementarySizing: SupplementarySizing {
    /// The height of the `.header` or `.footer` of a section at a width.
    public let body: (_ kind: ElementKind, _ section: Int, _ width: Double) -> Double

    /// A height source made from a closure.
    /// - Complexity: O(1).
    public init(_ body: @escaping (_ kind: ElementKind, _ section: Int, _ width: Double) -> Double)
    {
        self.body = body
    }

    /// The closure's answer.
    /// - Complexity: the closure's.
    public func height(of kind: ElementKind, inSection section: Int, width: Double) -> Double {
        body(kind, section, width)
    }
}

/// What one `layoutSupplementaries(in:sizing:)` pass did.
public struct SupplementaryPass: Hashable, Sendable {
    /// The content offset that keeps the first visible element where it was.
    public var contentOffset: Point
    /// Headers and footers whose height source was called in this pass.
    public var measured: Int

    /// A pass's result.
    /// - Complexity: O(1).
    public init(contentOffset: Point, measured: Int) {
        self.contentOffset = contentOffset
        self.measured = measured
    }
}

/// A collection layout with section headers and footers that can size
/// themselves and pin to the visible bounds (`ColumnFlowLayout`,
/// `WaterfallLayout`, `MosaicLayout`).
///
/// A header or footer exists when its height or estimate (`headerHeight`,
/// `footerHeight`) is above 0, as a flow layout's `headerReferenceSize`; a
/// measured height of 0 keeps it, empty. Measured heights last across
/// `prepare` while the bounds' width and the number of sections stay the
/// same; otherwise the estimates come back and are measured again.
public protocol SectionSupplementaryLayout: CollectionLayout {
    /// The number of sections of the prepared layout.
    var sectionCount: Int { get }
    /// The header height, or its estimate when headers size themselves; 0 for none.
    var headerHeight: Double { get }
    /// The footer height, or its estimate when footers size themselves; 0 for none.
    var footerHeight: Double { get }
    /// UICollectionViewFlowLayout's `sectionHeadersPinToVisibleBounds`, used
    /// by `visibleAttributes(in:)`.
    var sectionHeadersPinToVisibleBounds: Bool { get }
    /// UICollectionViewFlowLayout's `sectionFootersPinToVisibleBounds`, used
    /// by `visibleAttributes(in:)`.
    var sectionFootersPinToVisibleBounds: Bool { get }

    /// A section's header at its place in the content, or nil.
    func attributes(forHeaderInSection section: Int) -> LayoutAttributes?
    /// A section's footer at its place in the content, or nil.
    func attributes(forFooterInSection section: Int) -> LayoutAttributes?
    /// True when a section's header or footer has its real height (measured
    /// by `layoutSupplementaries(in:sizing:)` or reported).
    func isMeasured(_ kind: ElementKind, inSection section: Int) -> Bool

    /// Takes the real height of a section's header or footer: the elements
    /// after it move, and the returned content offset keeps the first element
    /// visible in `visibleRect` at the same distance from the top.
    /// - Throws: `.notPrepared`; `.noSuchSupplementary` for a kind the
    ///   section lacks; `.invalidSupplementaryHeight`. The layout is
    ///   unchanged when it throws.
    mutating func updateSupplementaryHeight(
        _ height: Double, of kind: ElementKind, inSection section: Int, visibleRect: Rect
    ) throws(CollectionLayoutError) -> Point
}

extension SectionSupplementaryLayout {
    /// Measures, through `sizing`, every header and footer that is displayed
    /// in `visibleRect` (at its pinned place when pinning is on) and still
    /// has its estimate, keeping the first visible element in place; repeats
    /// with the moved offset until everything displayed is measured. Call it
    /// after each scroll, as a table's layout pass.
    ///
    /// - Throws: `.invalidSupplementaryHeight` naming the header or footer;
    ///   those measured before it keep their heights.
    /// - Complexity: O(m × (log n + k + s)) for m headers and footers measured,
    ///   k elements in view and s sections; m calls to the height source.
    public mutating func layoutSupplementaries<Sizing: SupplementarySizing>(
        in visibleRect: Rect, sizing: Sizing
    ) throws(CollectionLayoutError) -> SupplementaryPass {
        var offset = visibleRect.origin
        var measured = 0
        while true {
            let rect = Rect(origin: offset, size: visibleRect.size)
            guard
                let next = visibleAttributes(in: rect).first(where: {
                    $0.kind != .cell && !isMeasured($0.kind, inSection: $0.indexPath.section)
                })
            else { break }
            let section = next.indexPath.section
            let height = sizing.height(of: next.kind, inSection: section, width: next.frame.width)
            offset = try updateSupplementaryHeight(
                height, of: next.kind, inSection: section, visibleRect: rect)
            measured += 1
        }
        return SupplementaryPass(contentOffset: offset, measured: measured)
    }

    /// The elements displayed in the visible bounds `visibleBounds` (a
    /// collection view's `bounds`), with headers pinned when
    /// `sectionHeadersPinToVisibleBounds` is set and footers pinned when
    /// `sectionFootersPinToVisibleBounds` is set (see
    /// `attributes(in:pinningHeadersTo:)` for where they go).
    /// - Complexity: O(log n + s + k log k) for s sections and k elements.
    public func visibleAttributes(in visibleBounds: Rect) -> [LayoutAttributes] {
        _attributes(
            in: visibleBounds, visibleBounds: visibleBounds,
            pinsHeaders: sectionHeadersPinToVisibleBounds,
            pinsFooters: sectionFootersPinToVisibleBounds)
    }

    /// The elements intersecting `rect`, as `attributes(in:)`, with section
    /// headers where `sectionHeadersPinToVisibleBounds` shows them for the
    /// visible bounds `visibleBounds`: a header's top is
    ///
    ///     min(max(visibleBounds.minY, its top), its section's end − its height)
    ///
    /// where a section ends at its footer's top, or (without footers) at the
    /// next section's top or the end of the content. So it sticks to the top
    /// of the visible bounds while its section passes under it and is pushed
    /// up by the end of its section, as UICollectionViewFlowLayout keeps a
    /// pinned header inside its section. UIKit answers
    /// `shouldInvalidateLayout(forBoundsChange:)` with true for every scroll
    /// when headers pin; here the query takes the visible bounds instead.
    /// Items and footers are where `attributes(in:)` puts them.
    /// - Complexity: O(log n + s + k log k) for s sections and k elements returned.
    public func attributes(in rect: Rect, pinningHeadersTo visibleBounds: Rect)
        -> [LayoutAttributes]
    {
        _attributes(in: rect, visibleBounds: visibleBounds, pinsHeaders: true, pinsFooters: false)
    }

    /// A section's header where pinning shows it for `visibleBounds`, or nil
    /// without a header.
    /// - Complexity: O(1).
    public func pinnedAttributes(forHeaderInSection section: Int, visibleBounds: Rect)
        -> LayoutAttributes?
    {
        guard var header = attributes(forHeaderInSection: section) else { return nil }
        let end =
            attributes(forFooterInSection: section)?.frame.minY
            ?? (section + 1 < sectionCount ? _top(ofSection: section + 1) : contentSize.height)
        header.frame.origin.y = min(
            max(visibleBounds.minY, header.frame.minY), end - header.frame.height)
        return header
    }

    /// A section's footer where `sectionFootersPinToVisibleBounds` shows it
    /// for `visibleBounds`, or nil without a footer: its bottom sticks to the
    /// bottom of the visible bounds while its section passes above it, and
    /// it never goes above its section's start (its header's bottom):
    ///
    ///     max(min(visibleBounds.maxY − its height, its top), section start)
    ///
    /// - Complexity: O(1).
    public func pinnedAttributes(forFooterInSection section: Int, visibleBounds: Rect)
        -> LayoutAttributes?
    {
        guard var footer = attributes(forFooterInSection: section) else { return nil }
        let start = attributes(forHeaderInSection: section)?.frame.maxY ?? _top(ofSection: section)
        footer.frame.origin.y = max(
            min(visibleBounds.maxY - footer.frame.height, footer.frame.minY), start)
        return footer
    }

    /// The first element of any kind intersecting `visibleRect` (in
    /// `LayoutAttributes.precedes` order) and its distance from the rect's
    /// top: what a new header or footer height keeps in place. Everything
    /// before it in that order is above or beside it, so an element measured
    /// in view grows downwards, and one above the view moves the offset.
    func _elementAnchor(in visibleRect: Rect) -> (LayoutAttributes, Double)? {
        attributes(in: visibleRect).first.map { ($0, $0.frame.minY - visibleRect.minY) }
    }

    /// The offset that puts the anchor element back at its distance from the
    /// top, clamped to the content; `visibleRect`'s offset clamped without one.
    func _offset(restoring anchor: (LayoutAttributes, Double)?, orKeeping visibleRect: Rect)
        -> Point
    {
        guard let (element, distance) = anchor else {
            return _clampedOffset(visibleRect.minY, visibleHeight: visibleRect.height)
        }
        let section = element.indexPath.section
        let now: LayoutAttributes?
        switch element.kind {
        case .cell: now = attributes(forItem: element.indexPath)
        case .header: now = attributes(forHeaderInSection: section)
        case .footer: now = attributes(forFooterInSection: section)
        }
        return _clampedOffset(
            (now?.frame.minY ?? element.frame.minY) - distance, visibleHeight: visibleRect.height)
    }

    /// Where a section starts: its header's top, or the previous section's
    /// footer's bottom (headers and footers exist in every section or in none).
    func _top(ofSection section: Int) -> Double {
        if let header = attributes(forHeaderInSection: section) { return header.frame.minY }
        return section > 0 ? attributes(forFooterInSection: section - 1)?.frame.maxY ?? 0 : 0
    }

    func _attributes(in rect: Rect, visibleBounds: Rect, pinsHeaders: Bool, pinsFooters: Bool)
        -> [LayoutAttributes]
    {
        guard rect._hasNoNaN, !rect.isEmpty else { return [] }
        if !pinsHeaders && !pinsFooters { return attributes(in: rect) }
        guard !visibleBounds.origin.y.isNaN, !visibleBounds.size.height.isNaN else { return [] }
        var result = attributes(in: rect).filter {
            !($0.kind == .header && pinsHeaders) && !($0.kind == .footer && pinsFooters)
        }
        var added = false
        for section in 0..<sectionCount {
            if pinsHeaders,
                let header = pinnedAttributes(
                    forHeaderInSection: section, visibleBounds: visibleBounds),
                header.frame.intersects(rect)
            {
                result.append(header)
                added = true
            }
            if pinsFooters,
                let footer = pinnedAttributes(
                    forFooterInSection: section, visibleBounds: visibleBounds),
                footer.frame.intersects(rect)
            {
                result.append(footer)
                added = true
            }
        }
        if added { result.sort(by: LayoutAttributes.precedes) }
        return result
    }
}

/// The heights of a layout's headers and footers: estimates until measured,
/// kept across `prepare` while the width and the section count stay.
struct _SupplementaryHeights: Sendable {
    /// Per section: the measured height, or NaN while the estimate stands.
    private var measuredHeader: [Double] = []
    private var measuredFooter: [Double] = []
    /// The width the measured heights are for.
    private var width = Double.nan

    init() {}

    /// The height to place a section's header or footer at: measured, else the estimate.
    func height(of kind: ElementKind, inSection section: Int, estimate: Double) -> Double {
        let measured = kind == .header ? measuredHeader : measuredFooter
        guard section < measured.count, !measured[section].isNaN else { return estimate }
        return measured[section]
    }

    func isMeasured(_ kind: ElementKind, inSection section: Int) -> Bool {
        let measured = kind == .header ? measuredHeader : measuredFooter
        return section >= 0 && section < measured.count && !measured[section].isNaN
    }

    /// Forgets the measured heights unless they are for `width` and
    /// `sections` sections (a new `prepare` starts from the estimates).
    mutating func prepare(width: Double, sections: Int) {
        guard width != self.width || sections != measuredHeader.count else { return }
        self.width = width
        measuredHeader = Array(repeating: .nan, count: sections)
        measuredFooter = Array(repeating: .nan, count: sections)
    }

    /// Keeps the measured heights of the first `sections` sections (laid
    /// out again in place, where the later sections may be new ones) and
    /// gives the other sections of `count` their estimates.
    mutating func keep(sections: Int, count: Int) {
        for index in [0, 1] {
            var measured = index == 0 ? measuredHeader : measuredFooter
            if measured.count > sections { measured.removeSubrange(sections...) }
            measured += Array(repeating: .nan, count: count - measured.count)
            if index == 0 { measuredHeader = measured } else { measuredFooter = measured }
        }
    }

    mutating func record(_ height: Double, of kind: ElementKind, inSection section: Int) {
        if kind == .header {
            measuredHeader[section] = height
        } else {
            measuredFooter[section] = height
        }
    }
}

extension _Validate {
    /// Checks a reported header or footer height and that the section has one.
    static func supplementary(
        _ height: Double, of kind: ElementKind, inSection section: Int, exists: Bool
    ) throws(CollectionLayoutError) {
        guard kind != .cell, exists else { throw .noSuchSupplementary(kind, section: section) }
        guard isValidHeight(height) else {
            throw .invalidSupplementaryHeight(kind, section: section, height: height)
        }
    }
}
