// No arranged view below 0 long: the floors under the tie-break by index.

import TrellisConstraints

extension _TieBreak {
    /// The weight of a floor (`length >= 0` at a view's compression
    /// resistance priority): far above every tie weight (each below 2 up to
    /// rank 1,023), so within that priority a point below 0 costs more than
    /// the points of several hundred other views, and a power of two
    /// (exact).
    static let floorWeight = 1024.0
}

extension LayoutEngine {
    /// The floor under one length of the view at `index`, or nil when it
    /// gets none.
    ///
    /// UIKit documents for `UIStackView.Distribution.fill`: "When the
    /// arranged views don't fit within the stack view, it shrinks the views
    /// according to their compression resistance priority. [...] If there's
    /// any ambiguity, the stack view resizes the arranged views based on
    /// their index in the arrangedSubviews array." The tie-break by index
    /// (StackView+TieBreak.swift) shrinks the earlier of views tied in
    /// compression resistance first; nothing in UIKit's constraint set keeps
    /// a length at 0 or more, so alone it would take the earlier view below
    /// 0 (Templates/CommentCell.json: the 48-point avatar beside a column
    /// whose 0-line body measures 610 points on one line, 331 points of
    /// room: the avatar −279 wide, and the body, given its one-line width,
    /// never wraps). The rule here: a view is resized down to 0, then the
    /// next one gives way. Every view inside a stack view's tree with an
    /// intrinsic length along an axis and a compression resistance below
    /// required there gets `length >= 0` at that compression resistance
    /// priority, weighing `_TieBreak.floorWeight`. At an answer whose
    /// lengths are all 0 or more a floor costs nothing, so it changes no
    /// layout but those that took a length below 0 at that priority or
    /// lower; there the view stops at 0 and the next view gives way.
    ///
    /// Floors are made with the intrinsic-size constraints and kept while
    /// the intrinsic size changes in place (their constant is 0), so a
    /// reused hierarchy holds the same floors as a new one. None for an
    /// image view whose height follows its width (`aspectRatio`): that
    /// height is below 0 only where its width is, and the direct path,
    /// which models it as a constraint, makes none either.
    func floor(
        under view: View, at index: Int, _ attribute: LayoutAttribute,
        _ compression: LayoutPriority, _ axisName: String
    ) -> LayoutConstraint? {
        guard !compression.isRequired, index < tieWeights.count, tieWeights[index] != 1,
            !(view is ImageView && view._widthDependent)
        else { return nil }
        return LayoutConstraint(
            view, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: 0,
            priority: compression, origin: .compressionResistance,
            identifier: "Compression-Resistance-Floor-\(axisName)")
    }
}
