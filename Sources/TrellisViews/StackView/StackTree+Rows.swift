// Rows of one structure laid out directly without a `StackTree` per row:
// what a row sets (texts, hidden flags, aspect ratios) written into the
// direct path's nodes in place.

import TrellisGeometry
import TrellisSupport

/// What a row sets in a tree of a fixed structure, by node number
/// (pre-order, the root stack 0): each node's hidden flag, each label's
/// text and button's title, each image's aspect ratio. Everything else
/// (stacks, styles, priorities, fixed sizes, pinning) is the structure's.
///
/// ```swift
/// let structure = StackTree(root: card)   // made once
/// var row = StackTreeRow(count: structure.nodes.count)
/// var direct = DirectStackLayout()
/// for item in items {
///     row.texts[2] = .plain(item.title)
///     row.isHidden[3] = item.subtitle.isEmpty
///     let layout = try direct.layout(row, of: structure, width: 375)  // = layout(structure.applying(row), width: 375)
/// }
/// ```
public struct StackTreeRow: Sendable, Equatable {
    /// Each node's `isHidden`.
    public var isHidden: [Bool]
    /// Each label's text and each button's title (its string); nil leaves
    /// the structure's.
    public var texts: [StackTree.Text?]
    /// Each image's aspect ratio; nil leaves the structure's.
    public var aspectRatios: [Size?]

    /// A row of `count` nodes, none hidden, every text and ratio the structure's.
    public init(count: Int) {
        isHidden = Array(repeating: false, count: count)
        texts = Array(repeating: nil, count: count)
        aspectRatios = Array(repeating: nil, count: count)
    }

    /// What `tree` sets: its hidden flags, its labels' texts, its buttons'
    /// titles and its images' aspect ratios.
    public init(_ tree: StackTree) {
        let nodes = tree.nodes
        self.init(count: nodes.count)
        for (index, node) in nodes.enumerated() {
            isHidden[index] = node.isHidden
            switch node.content {
            case .label(let label): texts[index] = label.text
            case .button(let button): texts[index] = .plain(button.title)
            case .image(let image): aspectRatios[index] = image.aspectRatio
            case .stack, .fixed: break
            }
        }
    }
}

extension StackTree {
    /// This tree with `row`'s hidden flags, texts, titles and aspect
    /// ratios (nodes beyond the row's count, and nil values, stay).
    /// - Complexity: O(nodes).
    public func applying(_ row: StackTreeRow) -> StackTree {
        var number = 0
        func visit(_ node: Node) -> Node {
            let index = number
            number += 1
            guard index < row.isHidden.count else { return node }
            var node = node
            node.isHidden = row.isHidden[index]
            switch node.content {
            case .stack(var stack):
                stack.children = stack.children.map(visit)
                node.content = .stack(stack)
            case .label(var label):
                if let text = row.texts[index] { label.text = text }
                node.content = .label(label)
            case .button(var button):
                if let text = row.texts[index] { button.title = text.string }
                node.content = .button(button)
            case .image(var image):
                if let ratio = row.aspectRatios[index] { image.aspectRatio = ratio }
                node.content = .image(image)
            case .fixed:
                break
            }
            return node
        }
        var tree = self
        if case .stack(let root) = visit(Node(.stack(root))).content { tree.root = root }
        return tree
    }

    /// Whether `other` is this tree value itself: its root's arranged views
    /// in the same storage (a copy, never changed since), its settings and
    /// pinning equal. Equal trees made apart are not the same.
    /// (Mutating, though it changes nothing: called on a plan's kept tree
    /// in place, where a method that is not copied the tree first.)
    mutating func _isSameValue(_ other: StackTree) -> Bool {
        let sameStorage = root.children.withUnsafeBufferPointer { a in
            other.root.children.withUnsafeBufferPointer { b in
                a.baseAddress == b.baseAddress && a.count == b.count
            }
        }
        guard sameStorage, pinning == other.pinning, scale == other.scale else { return false }
        // (The roots compared whole, without copies: arrays in the same
        // storage are equal at once, so this compares the root's settings.)
        return root == other.root
    }
}

extension DirectStackLayout {
    /// `layout(structure.applying(row), width:)`, to the bit, without
    /// making that tree for each row: while `structure` is the tree value
    /// of the last row's (the same value, not an equal one made again) and
    /// the row's shape (hidden flags, empty texts) was met since, the row
    /// is written into the nodes kept from the last row.
    /// - Throws: as `layout(_:width:)`.
    /// - Complexity: O(nodes × passes) plus text measurement, as
    ///   `layout(_:width:)`, without making or comparing a tree.
    public mutating func layout(
        _ row: StackTreeRow, of structure: StackTree, width: Double
    ) throws(DirectStackLayoutError) -> StackTreeLayout {
        while true {
            do throws(DirectStackLayoutError) {
                switch lanes {
                case 8: return try Self.layout(row, of: structure, width, &narrow)
                case 12: return try Self.layout(row, of: structure, width, &middle!)
                case 16: return try Self.layout(row, of: structure, width, &wide!)
                default: return try Self.layout(row, of: structure, width, &widest!)
                }
            } catch {
                guard widen() else { throw error }
            }
        }
    }

    /// `layout(row, of: structure, width: width).height`, or its error,
    /// without putting the frames on the pixel grid.
    public mutating func height(
        _ row: StackTreeRow, of structure: StackTree, width: Double
    ) throws(DirectStackLayoutError) -> Double {
        while true {
            do throws(DirectStackLayoutError) {
                switch lanes {
                case 8:
                    return try Self.layout(row, of: structure, width, &narrow, frames: false).height
                case 12:
                    return try Self.layout(row, of: structure, width, &middle!, frames: false)
                        .height
                case 16:
                    return try Self.layout(row, of: structure, width, &wide!, frames: false).height
                default:
                    return try Self.layout(row, of: structure, width, &widest!, frames: false)
                        .height
                }
            } catch {
                guard widen() else { throw error }
            }
        }
    }

    /// `height(row, of: structure, width:)`, the labels' texts moved into
    /// the kept nodes rather than copied (a copy retains each text and
    /// releases the node's last): on return `row.texts` holds other texts
    /// in the labels' places (the nodes' last ones, or the structure's),
    /// on a throw the row's own (`TemplateFileDirectCell` reads a row into
    /// the same values again, every text written).
    package mutating func height(
        taking row: inout StackTreeRow, of structure: StackTree, width: Double
    ) throws(DirectStackLayoutError) -> Double {
        while true {
            do throws(DirectStackLayoutError) {
                switch lanes {
                case 8:
                    return try Self.layout(taking: &row, of: structure, width, &narrow).height
                case 12:
                    return try Self.layout(taking: &row, of: structure, width, &middle!).height
                case 16:
                    return try Self.layout(taking: &row, of: structure, width, &wide!).height
                default:
                    return try Self.layout(taking: &row, of: structure, width, &widest!).height
                }
            } catch {
                guard widen() else { throw error }
            }
        }
    }

    /// `layout(row, of: structure, width, &plan, frames: false)`, the row's
    /// labels' texts moved into the nodes (given back on a throw).
    private static func layout<Slope>(
        taking row: inout StackTreeRow, of structure: StackTree, _ width: Double,
        _ plan: inout _LanePlan<Slope>
    ) throws(DirectStackLayoutError) -> StackTreeLayout {
        guard try plan.prepare(taking: &row, of: structure) else {
            plan.rowStructure = nil
            defer { plan.rowStructure = structure }
            try plan.prepare(structure.applying(row))
            return try plan.layoutPrepared(width: width, frames: false)
        }
        do throws(DirectStackLayoutError) {
            return try plan.layoutPrepared(width: width, frames: false)
        } catch {
            plan.giveBackTexts(&row.texts)
            throw error
        }
    }

    /// The row written into `plan`'s kept nodes, or `structure.applying(row)`
    /// prepared when they are of another structure or the row's shape is
    /// new; then laid out.
    private static func layout<Slope>(
        _ row: StackTreeRow, of structure: StackTree, _ width: Double,
        _ plan: inout _LanePlan<Slope>, frames: Bool = true
    ) throws(DirectStackLayoutError) -> StackTreeLayout {
        if try !plan.prepare(row, of: structure) {
            plan.rowStructure = nil
            defer { plan.rowStructure = structure }
            try plan.prepare(structure.applying(row))
        }
        return try plan.layoutPrepared(width: width, frames: frames)
    }
}

extension _LanePlan {
    /// Writes `row` into the nodes when they are of `structure` and the
    /// row's shape is known; false when the caller must prepare the whole
    /// tree (which writes every node again: the nodes may hold some of the
    /// row by then).
    /// - Throws: `unsupported` for a known shape the direct path refuses.
    mutating func prepare(_ row: StackTreeRow, of structure: StackTree)
        throws(DirectStackLayoutError) -> Bool
    {
        var texts = row.texts
        return try prepare(row, texts: &texts, taking: false, of: structure)
    }

    /// `prepare(_:of:)`, the labels' texts moved into the nodes (the
    /// nodes' last ones into `row.texts`); false, or a throw, with
    /// `row.texts` as it was.
    mutating func prepare(taking row: inout StackTreeRow, of structure: StackTree)
        throws(DirectStackLayoutError) -> Bool
    {
        // (The texts taken out of the row while its other arrays are read.)
        var texts: [StackTree.Text?] = []
        swap(&texts, &row.texts)
        defer { swap(&texts, &row.texts) }
        return try prepare(row, texts: &texts, taking: true, of: structure)
    }

    /// Gives the labels' texts moved into the nodes back to `texts`
    /// (`prepare(taking:of:)`), and the nodes theirs.
    mutating func giveBackTexts(_ texts: inout [StackTree.Text?]) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            texts.withUnsafeMutableBufferPointer { texts in
                Self.giveBack(nodes, texts, upTo: min(nodes.count, texts.count))
            }
        }
    }

    /// Swaps the texts of the labels before `end` between the nodes and
    /// `texts` (each label's there not nil).
    static func giveBack(
        _ nodes: UnsafeMutableBufferPointer<_DirectNode>,
        _ texts: UnsafeMutableBufferPointer<StackTree.Text?>, upTo end: Int
    ) {
        for index in 0..<end where nodes[index].kind == .label {
            swap(&nodes[index].text, &texts[index]!)
        }
    }

    /// `prepare(_:of:)` with `row`'s texts in `texts` (`taking`: moved
    /// into the nodes, else read).
    private mutating func prepare(
        _ row: StackTreeRow, texts: inout [StackTree.Text?], taking: Bool,
        of structure: StackTree
    ) throws(DirectStackLayoutError) -> Bool {
        let count = nodes.count
        // (The kept structure compared in place: bound to a name, it is
        // copied, its arrays retained and released.)
        guard !lastFlags.isEmpty, rowStructure?._isSameValue(structure) == true,
            row.isHidden.count == count, texts.count == count,
            row.aspectRatios.count == count
        else { return false }
        // (The flags written in place through one buffer, as many as the
        // last row's: a row of this structure has one a node and one more
        // a label; `append` checked the array's uniqueness and room at
        // every flag. Taken out of the plan while the nodes are written in
        // the same walk: a closure may not write `self` while it writes
        // `rowFlags`. The row's arrays read through pointers, their counts
        // checked above: a subscript checked the index at each read.)
        if rowFlags.count != lastFlags.count { rowFlags = lastFlags }
        var flags: [Bool] = []
        swap(&flags, &rowFlags)
        func write(_ texts: UnsafeMutableBufferPointer<StackTree.Text?>) -> (Bool, UInt64) {
            flags.withUnsafeMutableBufferPointer { flags in
                nodes.withUnsafeMutableBufferPointer { nodes in
                    row.isHidden.withUnsafeBufferPointer { isHidden in
                        row.aspectRatios.withUnsafeBufferPointer { ratios in
                            Self.write(
                                into: nodes, flags: flags, isHidden: isHidden, texts: texts,
                                taking: taking, ratios: ratios)
                        }
                    }
                }
            }
        }
        // (Read, the texts are not written: through a read-only buffer, so
        // that an array the caller shares is not copied.)
        let written =
            taking
            ? texts.withUnsafeMutableBufferPointer { write($0) }
            : texts.withUnsafeBufferPointer { write(UnsafeMutableBufferPointer(mutating: $0)) }
        swap(&flags, &rowFlags)
        guard written.0 else { return false }
        let word = written.1
        // (From here a row that is not taken gives its texts back.)
        var kept = false
        defer { if taking, !kept { giveBackTexts(&texts) } }
        // A row of the last row's shape (most rows of a list): the plan
        // holds that shape's analysis already (`lastFlags` are always
        // `lastShape`'s, whose analysis `prepare` or `use` set, and the
        // nodes its `sharesTextWidth`), so it is neither looked up by its
        // flags nor copied in again. (Up to 64 flags compared as the word
        // `write` packs them, against the shape's own.)
        let packed = rowFlags.count <= 64 && lastShape < shapeKeysByID.count
        let same =
            packed
            ? shapeKeysByID[lastShape].count == rowFlags.count
                && shapeKeysByID[lastShape].word == word
            : rowFlags == lastFlags
        if same {
            kept = true
            return true
        }
        let id =
            packed && shapeKeysByID.count <= 8
            ? knownShape(word: word, count: rowFlags.count) : knownShape(rowFlags)
        guard let id else { return false }
        if let reason = shapesByID[id].reason {
            throw DirectStackLayoutError(kind: .unsupported, reason: reason)
        }
        if id != lastShape {
            switchMemos(to: id)
            swap(&lastFlags, &rowFlags)
        }
        // (With the shape's `sharesTextWidth`, a stack's.)
        useShape(id)
        kept = true
        return true
    }

    /// Writes a row into the nodes (hidden flags, texts, titles, aspect
    /// ratios; what the last layout left cleared, `clearLayout`) and its
    /// shape flags (`lastFlags`' layout: one a node, one more a label) into
    /// `flags`, packed as `packed` packs them too (up to the first 64, a
    /// bit each); not complete where they do not fill `flags` exactly, or
    /// a label's or button's text or an image's ratio is left nil, or an
    /// image's ratio is of another validity than the node's (the caller
    /// then prepares the whole tree, which writes every node again).
    @inline(__always)
    /// `taking`: each label's text moved into its node (swapped with the
    /// node's last), and moved back when the row is not complete.
    static func write(
        into nodes: UnsafeMutableBufferPointer<_DirectNode>,
        flags: UnsafeMutableBufferPointer<Bool>,
        isHidden: UnsafeBufferPointer<Bool>, texts: UnsafeMutableBufferPointer<StackTree.Text?>,
        taking: Bool, ratios: UnsafeBufferPointer<Size?>
    ) -> (complete: Bool, word: UInt64) {
        var next = 0
        var word: UInt64 = 0
        for index in 0..<nodes.count {
            guard next < flags.count else {
                if taking { giveBack(nodes, texts, upTo: index) }
                return (false, word)
            }
            let hidden = isHidden[index]
            flags[next] = hidden
            if hidden, next < 64 { word |= 1 << UInt64(next) }
            next += 1
            switch nodes[index].kind {
            case .label:
                // (A text left nil is the structure's, not the last
                // row's. Read in place: bound to a name, the text is
                // copied.)
                guard let empty = texts[index]?._isEmpty, next < flags.count else {
                    if taking { giveBack(nodes, texts, upTo: index) }
                    return (false, word)
                }
                flags[next] = empty
                if empty, next < 64 { word |= 1 << UInt64(next) }
                next += 1
                // (Into `text` only, which every step reads: the
                // payload's `label.text` keeps the structure's.)
                if taking {
                    swap(&nodes[index].text, &texts[index]!)
                } else {
                    nodes[index].text = texts[index]!
                }
            case .button:
                guard texts[index] != nil else {
                    if taking { giveBack(nodes, texts, upTo: index) }
                    return (false, word)
                }
                // (A title of the node's own string, as the template's on
                // every row, is left: written, it was copied, retained and
                // the node's released.)
                if case .plain(let title) = texts[index]!,
                    let words = StringWords(title),
                    _Measurements.words(nodes[index].text) == words
                {
                    break
                }
                nodes[index].text = .plain(texts[index]!.string)
            case .image:
                guard let ratio = ratios[index],
                    isValidRatio(ratio) == isValidRatio(nodes[index].aspectRatio)
                else {
                    if taking { giveBack(nodes, texts, upTo: index) }
                    return (false, word)
                }
                nodes[index].image?.aspectRatio = ratio
                nodes[index].aspectRatio = ratio
            case .stack, .fixed:
                break
            }
            nodes[index].isHidden = hidden
            nodes[index].clearLayout()
        }
        guard next == flags.count else {
            if taking { giveBack(nodes, texts, upTo: nodes.count) }
            return (false, word)
        }
        return (true, word)
    }

    /// Whether an image of this aspect ratio has a valid size (part of a
    /// tree's structure: `sameShape`).
    static func isValidRatio(_ ratio: Size) -> Bool {
        ratio.width.isFinite && ratio.height.isFinite && ratio.width > 0 && ratio.height >= 0
    }
}

extension _DirectNode {
    /// Forgets what the last layout left, as `flatten` makes a node.
    mutating func clearLayout() {
        layoutWidth = nil
        // (Made here, not `.zero`: a static of another module is read
        // through its accessor, a call a node on every row.)
        intrinsic = Size(width: 0, height: 0)
        baselines = nil
        x = 0
        y = 0
        width = 0
        height = 0
    }
}
