// What the direct path keeps of each shape of a tree (a row's hidden flags
// and empty texts): its analysis, and its flags as a dictionary key.

/// What the direct path works out once per shape of a tree (see `prepare`).
struct _ShapeAnalysis {
    /// Why the shape is unsupported (nil: supported).
    var reason: String?
    /// The shape's number among those met since the structure last
    /// changed (its place in `_DirectPlan.widthRecords` and `shapeMemos`:
    /// a row hashes its flags once, in `prepare`).
    var id = 0
    var levels: [Float] = []
    var visibleOf: [[Int]] = []
    var gapsOf: [[Double]] = []
    var hasFreeWidthLabel = false
    var needsPassChecks = false
    /// Each node's `sharesTextWidth` (it reads hidden flags).
    var sharesTextWidth: [Bool] = []
    /// The image whose width is free (`_DirectPlan+CoupledImage.swift`).
    var coupledImage: Int?
    /// Each node's `_DirectPlan.skipsMeasuring` (it reads hidden flags).
    var skipsMeasuring: [Bool] = []
}

/// A shape's flags (`_DirectPlan.shapeFlags`) as a dictionary key, hashed
/// 64 flags to a word: `[Bool]`'s own hash combines every flag on its own,
/// several hundred instructions a row's lookup.
struct _ShapeFlags: Hashable {
    var flags: [Bool]

    func hash(into hasher: inout Hasher) {
        hasher.combine(flags.count)
        var word: UInt64 = 0
        for (index, flag) in flags.enumerated() {
            if flag { word |= 1 << UInt64(index & 63) }
            if index & 63 == 63 {
                hasher.combine(word)
                word = 0
            }
        }
        hasher.combine(word)
    }
}
