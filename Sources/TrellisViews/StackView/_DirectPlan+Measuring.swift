// The direct path's flattening of a tree and its label measurements.

import TrellisGeometry
import TrellisText

extension _LanePlan {
    // MARK: Flattening

    mutating func prepare(_ tree: StackTree) throws(DirectStackLayoutError) {
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
            rowShares.removeAll()
            heightRecords.removeAll()
            measured.removeAll(keepingCapacity: true)
            shapeMemos.removeAll()
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
            heightKeyWords = keyedNodes.reduce(0) { $0 + (nodes[$1].kind == .image ? 3 : 1) }
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
        hasFreeWidthLabel = nodes.indices.contains { index in
            nodes[index].isMultiLine && !widthIsFixed(index) && !measuresEmpty(index)
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

    /// Takes shape `id`'s analysis (`shapesByID`), read in place.
    mutating func useShape(_ id: Int) {
        levels = shapesByID[id].levels
        visibleOf = shapesByID[id].visibleOf
        gapsOf = shapesByID[id].gapsOf
        hasFreeWidthLabel = shapesByID[id].hasFreeWidthLabel
        needsPassChecks = shapesByID[id].needsPassChecks
        coupledImage = shapesByID[id].coupledImage
        unmeasured = shapesByID[id].skipsMeasuring
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

    mutating func flatten(_ node: StackTree.Node, parent: Int) {
        let index = nodes.count
        var flat = _DirectNode(kind: .fixed, isHidden: node.isHidden, parent: parent)
        if parent >= 0, let owner = nodes[parent].stack, owner.alignment != .fill {
            flat.suppressedAxis = owner.axis == .horizontal ? .vertical : .horizontal
        }
        switch node.content {
        case .stack(var stack):
            flat.kind = .stack
            // Its settings only: the children are flattened below (a copy
            // of the stack then copies no array of nodes).
            flat.sharesTextWidth = Self.sharesTextWidth(stack)
            flat.costReadsLayouts =
                stack.isBaselineRelativeArrangement || stack.alignment == .firstBaseline
                || stack.alignment == .lastBaseline || stack.distribution == .fillProportionally
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

    // MARK: Labels

    /// Measures label `index` at its current measuring width, as `Label`
    /// does, or button `index`'s title on one line, as `Button` does.
    mutating func measure(_ index: Int) {
        if index < unmeasured.count, unmeasured[index] { return }
        measureCalls &+= 1
        // (The node's fields read in place: a copy of its label or button
        // retains the text and the style's fonts.)
        let isButton: Bool
        switch nodes[index].kind {
        case .label: isButton = false
        case .button: isButton = true
        case .stack, .image, .fixed: return
        }
        let width = isButton ? Double.infinity : measuringWidth(index)
        let kept = index < measured.count
        // A text of the words of the one this node last found or kept, at
        // that width, is that one (`lastHit`): a button's title from the
        // template on every row, a time such as "3h" twice running, a
        // label measured again at the width it had. Told by its string's
        // two words, without a copy of the text, its key or a probe.
        // (Through the buffers: `measured[index]` read the entry in a
        // copy, retaining and releasing each of its arrays.)
        if kept,
            let words = nodes.withUnsafeBufferPointer({ _Measurements.words($0[index].text) }),
            let known = measured.withUnsafeBufferPointer({ $0[index].lastHit(words, width) })
        {
            setMeasurement(index, known, isButton: isButton)
            return
        }
        // (The node's own `text`: a read through `label` copies the whole node.)
        let text = nodes[index].text
        let key = kept ? _Measurements.key(text, width) : (bytes: 0, hash: 0)
        if kept,
            let known = measured.withUnsafeMutableBufferPointer({
                $0[index].noteSize(text, width, key: key)
            })
        {
            setMeasurement(index, known, isButton: isButton)
            return
        }
        if isButton {
            measureTitle(index, text, key: kept ? key : nil)
            return
        }
        nodes[index].baselines = nil
        if measureText(index, text, width), kept {
            measured[index].insert(text, key, width, nodes[index].intrinsic, nil)
        }
    }

    /// Sets node `index`'s measurement from a kept one: a label's size and
    /// baselines, a button's title's size plus its content insets.
    @inline(__always)
    mutating func setMeasurement(
        _ index: Int, _ known: (size: Size, baselines: (first: Double, last: Double)?),
        isButton: Bool
    ) {
        if isButton {
            let insets = nodes[index].contentInsets
            nodes[index].intrinsic = Size(
                width: known.size.width + insets.horizontal,
                height: known.size.height + insets.vertical)
        } else {
            // (Both through one buffer: each `nodes[index].… =` checks the
            // array's uniqueness.)
            nodes.withUnsafeMutableBufferPointer { nodes in
                nodes[index].intrinsic = known.size
                nodes[index].baselines = known.baselines
            }
        }
    }

    /// Measures label `index`'s `text` at `width` with the measurer (the
    /// kept measurements missed it); false where the label has no style
    /// (nothing measured). Apart from `measure`, so that a hit does not
    /// copy the label's style, which this path reads.
    @inline(never)
    mutating func measureText(_ index: Int, _ text: StackTree.Text, _ width: Double) -> Bool {
        let numberOfLines = nodes[index].numberOfLines
        do throws(TextError) {
            switch text {
            case .plain(let text):
                if text.isEmpty {
                    nodes[index].intrinsic = .zero
                } else if nodes[index].checkedStyle != nil {
                    let (measurer, scale) = (self.measurer, self.scale)
                    let size = try Self.sizeThatFits(
                        text, &nodes[index].checkedStyle!, measurer, width, numberOfLines, scale)
                    nodes[index].intrinsic = size
                } else {
                    guard var style = nodes[index].label?.style else { return false }
                    style.lineBreakMode = nodes[index].label?.lineBreakMode ?? style.lineBreakMode
                    nodes[index].intrinsic = try measurer.sizeThatFits(
                        text, style: style, size: Size(width: width, height: .infinity),
                        numberOfLines: numberOfLines, scale: scale)
                }
            case .attributed(let text):
                guard var style = nodes[index].label?.style else { return false }
                style.lineBreakMode = nodes[index].label?.lineBreakMode ?? style.lineBreakMode
                nodes[index].intrinsic =
                    text.string.isEmpty
                    ? .zero
                    : try measurer.sizeThatFits(
                        text, style: style, size: Size(width: width, height: .infinity),
                        numberOfLines: numberOfLines, scale: scale)
            }
        } catch {
            nodes[index].intrinsic = .zero
        }
        return true
    }

    /// `TextMeasurer._sizeThatFits` of a style lent in place: through an
    /// inout access the style reaches the measurer without a copy (read
    /// from the node around the call, it is copied, its fonts retained and
    /// released), as `Label` lends its text. Nothing is written.
    @inline(__always)
    static func sizeThatFits(
        _ text: String, _ style: inout TextStyle, _ measurer: TextMeasurer, _ width: Double,
        _ numberOfLines: Int, _ scale: Double
    ) throws(TextError) -> Size {
        try measurer._sizeThatFits(
            text, checkedStyle: style, width: width, numberOfLines: numberOfLines, scale: scale)
    }

    /// Measures button `index`'s title (`text`, the kept measurements
    /// missed it) as `Button` gives its intrinsic size: on one line in its
    /// style, plus its content insets; kept under `key` (nil: not kept).
    @inline(never)
    mutating func measureTitle(
        _ index: Int, _ text: StackTree.Text, key: (bytes: Int, hash: UInt64)?
    ) {
        guard case .plain(let titleText) = text else { return }
        var title = Size.zero
        if !titleText.isEmpty, let style = nodes[index].button?.style {
            title =
                (try? measurer.sizeThatFits(
                    titleText, style: style, size: Size(width: .infinity, height: .infinity),
                    numberOfLines: 1, scale: scale)) ?? .zero
            if let key { measured[index].insert(text, key, .infinity, title, nil) }
        }
        setMeasurement(index, (title, nil), isButton: true)
    }

    /// The width a label measures its text at, as `Label` does: one line
    /// for a single-line label or before the layout gave it a width, else
    /// that width (at least the narrowest, for 0).
    func measuringWidth(_ index: Int) -> Double {
        guard nodes[index].isMultiLine, let layoutWidth = nodes[index].layoutWidth
        else { return .infinity }
        return max(layoutWidth, Label._narrowestWidth)
    }

    /// The label's baseline offsets from its top, as `Label` gives them to
    /// baseline constraints (measured at its measuring width).
    mutating func baselines(_ index: Int) -> (first: Double, last: Double)? {
        if let known = nodes[index].baselines { return known }
        // (The node's own `text`: a row writes its labels' texts there only.)
        let text = nodes[index].text
        guard let label = nodes[index].label, !text.string.isEmpty else { return nil }
        let width = measuringWidth(index)
        var style = label.style
        style.lineBreakMode = label.lineBreakMode
        do throws(TextError) {
            let layout: TextLayout
            switch text {
            case .plain(let text):
                layout = try measurer.layout(
                    text, style: style, width: width, numberOfLines: label.numberOfLines)
            case .attributed(let text):
                layout = try measurer.layout(
                    text, style: style, width: width, numberOfLines: label.numberOfLines)
            }
            let offsets = (layout.firstBaseline, layout.lastBaseline)
            nodes[index].baselines = offsets
            if index < measured.count {
                measured[index].remember(text, width, nodes[index].intrinsic, offsets)
            }
            return offsets
        } catch {
            return nil
        }
    }
}
