// The settings of a stack that the direct path's steps read for every row
// (_DirectNode.settings), kept apart from the stack itself: read through
// the node's optional `stack`, a setting copied the whole node first, and
// a copy of the stack retains its arrays.

import TrellisGeometry

/// The settings of a stack a `_DirectNode` keeps beside its `stack`.
struct _StackSettings {
    var axis = LayoutAxis.horizontal
    var distribution = StackView.Distribution.fill
    var alignment = StackView.Alignment.fill
    var isBaselineRelativeArrangement = false
    var fixedWidth: Double?
    var fixedHeight: Double?
    /// The stack's `layoutMargins`, zero where it has none (`margins`).
    var layoutMargins = EdgeInsets()

    init() {}

    init(_ stack: StackTree.Stack) {
        axis = stack.axis
        distribution = stack.distribution
        alignment = stack.alignment
        isBaselineRelativeArrangement = stack.isBaselineRelativeArrangement
        fixedWidth = stack.fixedWidth
        fixedHeight = stack.fixedHeight
        layoutMargins = stack.layoutMargins ?? EdgeInsets()
    }
}
