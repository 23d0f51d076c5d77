// The direct path's flattening of a tree and the analysis of its shapes
// (label measurements: _DirectPlan+Labels.swift).

import TrellisGeometry
import TrellisText

extension _LanePlan {
    // MARK: Flattening

    mutating func prepare(_ tree: StackTree) throws(DirectStackLayoutError) {
        // (The analysis arrays a row took by move given back first: the
        // kept analyses are read and cleared below.)
        returnShape()
        // Rows of one template differ in texts, images and which views are
        // hidden (or empty): the analysis of each such shape is kept, by
        // its flags, while the rest of the tree stays the same; the labels'
        // measurements stay too (node numbers do not depend on the flags).
        let sameStructure = self.tree.map { Self.sameShape($0, tree, flags: false) } ?? false
        if !sameStructure {
            shapes.removeAll(keepingCapacity: true)
            shapeKeysByID.removeAll(keepingCapacity: true)
            shapesByID.removeAll(keepingCapacity: true)
            widthRecords.removeAll()
            textWidthMemos.removeAll()
            widthSolveRecords.removeAll()
            rowShares.removeAll()
            heightRecords.removeAll()
            checkRecords.removeAll()
            passChecks.removeAll()
            measured.removeAll(keepingCapacity: true)
            shapeMemos.removeAll()
            // (Kept by shape number, and numbers start again here.)
            columnShapes.removeAll(keepingCapacity: true)
            keptPlaces = _KeptPlaces()
            lastShape = 0
            lastFlags = []
        }
        let flags = Self.shapeFlags(tree)
        let known = shapes[_ShapeFlags(flags: flags)]
        if let reason = known?.reason {
            throw DirectStackLayoutError(kind: .unsupported, reason: reason)
        }
        // (A new shape's number: shapes are only added, one a call.)
        let id = known?.id ?? shapes.count
        if known == nil, let reason = Self.unsupportedReason(tree) {
            addShape(flags, _ShapeAnalysis(reason: reason, id: id))
            self.tree = tree
            throw DirectStackLayoutError(kind: .unsupported, reason: reason)
        }
        scale = tree.scale
        if !lastFlags.isEmpty {
            // The nodes are this tree's but for texts, aspect ratios and
            // hidden flags; the kept costs are those of its shape.
            if id != lastShape {
                switchMemos(to: id)
                lastFlags = flags
            }
            var index = 0
            Self.refresh(StackTree.Node(.stack(tree.root)), &nodes, &index)
        } else {
            // Lanes, visible views and gaps may differ: no cost is kept.
            returnCosts()
            memos = [_CostMemo(), _CostMemo()]
            lastFlags = flags
            lastShape = id
            nodes.removeAll(keepingCapacity: true)
            childList.removeAll(keepingCapacity: true)
            flatten(StackTree.Node(.stack(tree.root)), parent: -1)
            keyedNodes = nodes.indices.filter {
                nodes[$0].kind != .stack && nodes[$0].kind != .fixed
            }
            baselineKeyed = nodes.indices.map { readsBaselineAbove($0) }
            baselineKeyedNodes = keyedNodes.filter { baselineKeyed[$0] }
            heightKeyWords = keyedNodes.reduce(0) {
                $0 + (nodes[$1].kind == .image ? 3 : baselineKeyed[$1] ? 3 : 1)
            }
            multiLineNodes = keyedNodes.filter { nodes[$0].isMultiLine }
        }
        if measured.count != nodes.count {
            measured = Array(repeating: _Measurements(), count: nodes.count)
        }
        self.tree = tree
        if let known {
            use(known)
            return
        }
        levels = Self.levels(of: tree).sorted(by: >)
        // Lane 0 flags regions not modelled, so slopes of this plan hold
        // one level fewer than their lanes (a shape that fits is kept,
        // so a known shape fits).
        guard levels.count < Slope.scalarCount else {
            needsWiderSlopes = true
            throw DirectStackLayoutError(
                kind: .unsupported,
                reason: "more than \(Slope.scalarCount - 1) distinct priorities for this plan")
        }
        unmeasured = nodes.indices.map(skipsMeasuring)
        visibleOf = nodes.indices.map { index in children(index).filter { !nodes[$0].isHidden } }
        gapsOf = nodes.indices.map { makeGaps($0, visibleOf[$0]) }
        // (A label of empty text measures 0 × 0 at every width, so no
        // width it gets can change what it measures: the passes go through
        // the same states whatever its width. Its emptiness is part of the
        // shape. `PostCell.json`'s and `StackOnlyCard.json`'s body, hidden
        // when empty, is such a label in some rows.)
        // A label whose width required constraints fix, but whose own
        // horizontal hugging or compression resistance is required, reads
        // what it measures in a required bound: measured again at its
        // width (its widest line narrower), the engine's next solve meets
        // a conflict and breaks a constraint for good, so its passes are
        // run as a free width's, solve after measure (`settleWidths`).
        hasFreeWidthLabel = nodes.indices.contains { index in
            nodes[index].isMultiLine && !measuresEmpty(index)
                && (!widthIsFixed(index) || nodes[index].hasRequiredWidthContent)
        }
        // A label of several lines measured on one line first is shorter
        // than in the end: with a required height cap (hugging) it can meet
        // a conflict in the first pass that the last does not have.
        needsPassChecks =
            hasFreeWidthLabel
            || nodes.contains { node in
                node.isMultiLine && node.hugging.1 >= LayoutPriority.required.rawValue
            }
        // An image whose width is free: its width follows the labels'
        // heights too, and the fitting and frame passes' heights.
        coupledImage = findCoupledImage()
        if coupledImage != nil { (hasFreeWidthLabel, needsPassChecks) = (true, true) }
        addShape(
            flags,
            _ShapeAnalysis(
                reason: nil, id: id, levels: levels, visibleOf: visibleOf, gapsOf: gapsOf,
                hasFreeWidthLabel: hasFreeWidthLabel, needsPassChecks: needsPassChecks,
                sharesTextWidth: nodes.map(\.sharesTextWidth), coupledImage: coupledImage,
                skipsMeasuring: unmeasured))
    }

    /// Keeps a new shape's analysis (its `id` the number of shapes met).
    mutating func addShape(_ flags: [Bool], _ analysis: _ShapeAnalysis) {
        shapes[_ShapeFlags(flags: flags)] = analysis
        shapeKeysByID.append((flags.count, Self.packed(flags)))
        shapesByID.append(analysis)
    }

    /// The analysis of the shape of `flags`, if met: among a few shapes
    /// (up to 8) of up to 64 flags, found by comparing their flags packed
    /// a bit each into a word, without hashing them; else by the
    /// dictionary. (Mutating: a method of the plan that is not copies the
    /// whole plan when called from one that is.)
    /// (Its number, `shapesByID`'s index: the analysis is read there in
    /// place, not copied out with its arrays.)
    mutating func knownShape(_ flags: [Bool]) -> Int? {
        guard flags.count <= 64, shapeKeysByID.count <= 8 else {
            return shapes[_ShapeFlags(flags: flags)]?.id
        }
        return knownShape(word: Self.packed(flags), count: flags.count)
    }

    /// `knownShape` of flags already packed (`word`, of `count` flags, at
    /// most 64) among up to 8 shapes.
    mutating func knownShape(word: UInt64, count: Int) -> Int? {
        for id in shapeKeysByID.indices
        where shapeKeysByID[id].word == word && shapeKeysByID[id].count == count {
            return id
        }
        return nil
    }

    /// Up to the first 64 flags, a bit each (flag `k` bit `k`).
    static func packed(_ flags: [Bool]) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<min(flags.count, 64) where flags[index] { word |= 1 << UInt64(index) }
        return word
    }

    /// Keeps the current shape's costs and takes those kept for shape `id`
    /// (none when first met).
    mutating func switchMemos(to id: Int) {
        let count = max(id, lastShape) + 1
        if shapeMemos.count < count {
            shapeMemos.append(contentsOf: repeatElement(nil, count: count - shapeMemos.count))
        }
        returnCosts()
        // (Moved, not copied: each memo's arrays change hands unretained.)
        var taken: [_CostMemo]? = nil
        swap(&taken, &shapeMemos[id])
        var next = taken ?? [_CostMemo(), _CostMemo()]
        swap(&memos, &next)
        shapeMemos[lastShape] = next
        lastShape = id
    }

    /// Takes shape `id`'s analysis (`shapesByID`): its arrays moved into
    /// the plan (`movedShape`), those of the shape moved in before moved
    /// back, so that a change of shape retains and releases none of them;
    /// its stacks' `sharesTextWidth` written into the nodes.
    mutating func useShape(_ id: Int) {
        // (Through the analyses' buffer, taken out of the plan: a closure
        // may not write `self` while it writes `shapesByID`.)
        var analyses: [_ShapeAnalysis] = []
        swap(&analyses, &shapesByID)
        let moved = movedShape
        analyses.withUnsafeMutableBufferPointer { analyses in
            hasFreeWidthLabel = analyses[id].hasFreeWidthLabel
            needsPassChecks = analyses[id].needsPassChecks
            coupledImage = analyses[id].coupledImage
            // (Read in place: a copy of the array retained it.)
            analyses[id].sharesTextWidth.withUnsafeBufferPointer { shares in
                nodes.withUnsafeMutableBufferPointer { nodes in
                    for index in nodes.indices where nodes[index].kind == .stack {
                        if index < shares.count { nodes[index].sharesTextWidth = shares[index] }
                    }
                }
            }
            guard moved != id else { return }
            if let moved { Self.exchange(&self, &analyses[moved]) }
            Self.exchange(&self, &analyses[id])
        }
        swap(&analyses, &shapesByID)
        movedShape = id
    }

    /// Gives the analysis arrays of `movedShape` back to `shapesByID`,
    /// sharing them: the plan keeps them too, so that its analysis stays
    /// what it was (a refusal thrown before the plan takes another
    /// analysis leaves it to the next row of the last row's shape, which
    /// takes no analysis again).
    mutating func returnShape() {
        guard let moved = movedShape else { return }
        movedShape = nil
        guard moved < shapesByID.count else { return }
        shapesByID[moved].levels = levels
        shapesByID[moved].visibleOf = visibleOf
        shapesByID[moved].gapsOf = gapsOf
        shapesByID[moved].skipsMeasuring = unmeasured
    }

    /// Exchanges the plan's analysis arrays with `analysis`'s.
    static func exchange(_ plan: inout Self, _ analysis: inout _ShapeAnalysis) {
        swap(&plan.levels, &analysis.levels)
        swap(&plan.visibleOf, &analysis.visibleOf)
        swap(&plan.gapsOf, &analysis.gapsOf)
        swap(&plan.unmeasured, &analysis.skipsMeasuring)
    }

    /// Takes a shape's analysis (made by `prepare` when first met).
    mutating func use(_ known: _ShapeAnalysis) {
        levels = known.levels
        visibleOf = known.visibleOf
        gapsOf = known.gapsOf
        hasFreeWidthLabel = known.hasFreeWidthLabel
        needsPassChecks = known.needsPassChecks
        coupledImage = known.coupledImage
        unmeasured = known.skipsMeasuring
    }

    /// Whether label `index`'s text is empty: `measure` gives it 0 × 0 at
    /// any width.
    func measuresEmpty(_ index: Int) -> Bool {
        nodes[index].kind == .label && nodes[index].text.string.isEmpty
    }

    /// Whether a view's width follows from required constraints alone,
    /// whatever the labels measure: vertical stacks that fill it up to the
    /// root, or filling horizontal stacks whose other views have required
    /// fixed widths.
    func widthIsFixed(_ index: Int) -> Bool {
        var child = index
        while nodes[child].parent >= 0 {
            let parent = nodes[child].parent
            guard !nodes[child].isHidden, let stack = nodes[parent].stack else { return false }
            if stack.axis == .vertical {
                guard stack.alignment == .fill else {
                    return false
                }
            } else {
                switch stack.distribution {
                case .fillEqually:
                    break
                case .fill:
                    for sibling in childList[nodes[parent].children]
                    where sibling != child && !nodes[sibling].isHidden {
                        guard let box = nodes[sibling].fixed, box.width != nil,
                            box.priority == .required
                        else {
                            return false
                        }
                    }
                default:
                    return false
                }
            }
            child = parent
        }
        return true
    }

    /// Whether node `index` is a label below a stack that reads baselines
    /// (`stackAboveReadsBaselines`): the only labels whose baselines a
    /// heights pass reads (a stack aligned by baselines reads its views'
    /// and, through nested stacks, their views'; a baseline-relative one
    /// its chain's).
    func readsBaselineAbove(_ index: Int) -> Bool {
        nodes[index].kind == .label && stackAboveReadsBaselines(index)
    }

    mutating func flatten(_ node: StackTree.Node, parent: Int) {
        let index = nodes.count
        var flat = _DirectNode(kind: .fixed, isHidden: node.isHidden, parent: parent)
        if parent >= 0, let owner = nodes[parent].stack, owner.alignment != .fill {
            flat.suppressedAxis = owner.axis == .horizontal ? .vertical : .horizontal
        }
        // (The parent's settings read in place: `stack?` copies the stack.)
        flat.widthFromCanvas =
            parent < 0
            || (nodes[parent].widthFromCanvas && nodes[parent].kind == .stack
                && nodes[parent].settings.axis == .vertical
                && nodes[parent].settings.alignment == .fill)
        switch node.content {
        case .stack(var stack):
            flat.kind = .stack
            // Its settings only: the children are flattened below (a copy
            // of the stack then copies no array of nodes).
            flat.sharesTextWidth = Self.sharesTextWidth(stack)
            stack.children = []
            flat.stack = stack
            flat.settings = _StackSettings(stack)
        case .label(let label):
            flat.kind = .label
            flat.label = label
            flat.text = label.text
            flat.numberOfLines = label.numberOfLines
            flat.isMultiLine = label.numberOfLines != 1
            var style = label.style
            style.lineBreakMode = label.lineBreakMode
            if (try? style._validate()) != nil { flat.checkedStyle = style }
            flat.hugging = (label.horizontalHugging.rawValue, label.verticalHugging.rawValue)
            flat.compression = (
                label.horizontalCompressionResistance.rawValue,
                label.verticalCompressionResistance.rawValue
            )
        case .image(let image):
            flat.kind = .image
            flat.image = image
            flat.aspectRatio = image.aspectRatio
        case .fixed(let box):
            flat.fixed = box
        case .button(let button):
            flat.kind = .button
            flat.button = button
            flat.text = .plain(button.title)
            flat.contentInsets = button.contentEdgeInsets
            flat.hugging = (button.horizontalHugging.rawValue, button.verticalHugging.rawValue)
            flat.compression = (
                button.horizontalCompressionResistance.rawValue,
                button.verticalCompressionResistance.rawValue
            )
        }
        flat.widthKeyless =
            flat.widthFromCanvas && (flat.kind == .label || flat.kind == .button)
            && !flat.hasRequiredWidthContent
        nodes.append(flat)
        guard case .stack(let stack) = node.content else { return }
        let start = childList.count
        childList.append(contentsOf: repeatElement(0, count: stack.children.count))
        nodes[index].children = start..<childList.count
        for (position, child) in stack.children.enumerated() {
            childList[start + position] = nodes.count
            flatten(child, parent: index)
        }
    }

    /// Sets what a row changes in nodes flattened from a tree of the same
    /// structure (`sameShape` with `flags` false): labels' texts, buttons'
    /// titles, images' aspect ratios, hidden flags, and clears what the
    /// last layout left, as `flatten` makes a node.
    static func refresh(_ node: StackTree.Node, _ nodes: inout [_DirectNode], _ index: inout Int) {
        let at = index
        index += 1
        nodes[at].isHidden = node.isHidden
        nodes[at].clearLayout()
        switch node.content {
        case .stack(let stack):
            nodes[at].sharesTextWidth = sharesTextWidth(stack)  // reads hidden flags
            for child in stack.children { refresh(child, &nodes, &index) }
        case .label(let label):
            nodes[at].label?.text = label.text
            nodes[at].text = label.text
        case .button(let button):
            nodes[at].button?.title = button.title
            nodes[at].text = .plain(button.title)
        case .image(let image):
            nodes[at].image = image
            nodes[at].aspectRatio = image.aspectRatio
        case .fixed:
            break
        }
    }

    /// Whether two trees differ at most in their labels' non-empty texts and
    /// their images' valid aspect ratios:
    /// what the support check and the priority levels depend on is the same.
    /// With `flags` false, hidden flags and texts' emptiness may differ too
    /// (`shapeFlags` tells those apart).
    static func sameShape(_ a: StackTree, _ b: StackTree, flags: Bool = true) -> Bool {
        func same(_ x: StackTree.Node, _ y: StackTree.Node) -> Bool {
            guard !flags || x.isHidden == y.isHidden else { return false }
            switch (x.content, y.content) {
            case (.stack(let p), .stack(let q)):
                return same(p, q)
            case (.label(let p), .label(let q)):
                guard !flags || p.text.string.isEmpty == q.text.string.isEmpty else {
                    return false
                }
                // Field by field: no copy of the label to blank its text.
                return p.numberOfLines == q.numberOfLines && p.lineBreakMode == q.lineBreakMode
                    && p._samePriorities(q) && StackTree._sameStyle(p.style, q.style)
            case (.image(let p), .image(let q)):
                // Rows bring their own aspect ratios: only validity counts.
                return p.maxHeight == q.maxHeight && p.followsWidth == q.followsWidth
                    && isValidRatio(p.aspectRatio) == isValidRatio(q.aspectRatio)
            case (.fixed(let p), .fixed(let q)):
                return p == q
            case (.button(let p), .button(let q)):
                return p.contentEdgeInsets == q.contentEdgeInsets && p._samePriorities(q)
                    && StackTree._sameStyle(p.style, q.style)
            default:
                return false
            }
        }
        func same(_ p: StackTree.Stack, _ q: StackTree.Stack) -> Bool {
            p.axis == q.axis && p.distribution == q.distribution && p.alignment == q.alignment
                && p.spacing == q.spacing && p.customSpacing == q.customSpacing
                && p.layoutMargins == q.layoutMargins
                && p.isBaselineRelativeArrangement == q.isBaselineRelativeArrangement
                && p.fixedWidth == q.fixedWidth && p.fixedHeight == q.fixedHeight
                && p.children.count == q.children.count
                && zip(p.children, q.children).allSatisfy { same($0, $1) }
        }
        return a.pinning == b.pinning && a.scale == b.scale && same(a.root, b.root)
    }

    /// Each node's hidden flag and, for labels, whether its text is empty,
    /// in pre-order: what tells apart the shapes of rows of one structure.
    static func shapeFlags(_ tree: StackTree) -> [Bool] {
        var flags: [Bool] = []
        func visit(_ node: StackTree.Node) {
            flags.append(node.isHidden)
            switch node.content {
            case .stack(let stack): for child in stack.children { visit(child) }
            case .label(let label): flags.append(label.text.string.isEmpty)
            default: break
            }
        }
        visit(StackTree.Node(.stack(tree.root)))
        return flags
    }

    /// The lane of a priority (0: required).
    @inline(__always)
    func lane(_ priority: Float) -> Int {
        if priority >= 1000 { return 0 }
        for (index, level) in levels.enumerated() where level == priority { return index + 1 }
        preconditionFailure("priority \(priority) was not collected")
    }
}
