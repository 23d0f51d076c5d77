// The direct path's label and button measurements: each measured as
// `Label` and `Button` measure, or found among the measurements kept from
// row to row (`_Measurements`).

import TrellisGeometry
import TrellisText

extension _LanePlan {
    /// `measure` of every label and button (`keyedNodes`), but those of
    /// several lines where `skippingMultiLine`: those whose kept
    /// measurements hold their texts found in one walk through the
    /// buffers, the others measured after it, one by one. (A call of
    /// `measure` for each took the buffers anew, two closures a call.)
    mutating func measureKeyed(skippingMultiLine: Bool) {
        let walked = min(keyedNodes.count, 64)
        var found = 0
        // The positions to measure one by one (bit `position`).
        var missed: UInt64 = 0
        measured.withUnsafeMutableBufferPointer { tables in
            nodes.withUnsafeMutableBufferPointer { nodes in
                // (Mutable accesses, though nothing is written: read
                // accesses retained and released both arrays.)
                keyedNodes.withUnsafeMutableBufferPointer { keyed in
                    unmeasured.withUnsafeMutableBufferPointer { unmeasured in
                        for position in 0..<walked {
                            let index = keyed[position]
                            let isButton: Bool
                            switch nodes[index].kind {
                            case .label: isButton = false
                            case .button: isButton = true
                            case .stack, .image, .fixed: continue
                            }
                            if skippingMultiLine, nodes[index].isMultiLine { continue }
                            if index < unmeasured.count, unmeasured[index] { continue }
                            guard index < tables.count else {
                                missed |= 1 << UInt64(position)
                                continue
                            }
                            // (`measuringWidth`, of the node in place.)
                            var width = Double.infinity
                            if !isButton, nodes[index].isMultiLine,
                                let layoutWidth = nodes[index].layoutWidth
                            {
                                width = max(layoutWidth, Label._narrowestWidth)
                            }
                            if Self.takeKept(
                                &nodes[index], &tables[index], width, isButton: isButton) == nil
                            {
                                found += 1
                            } else {
                                missed |= 1 << UInt64(position)
                            }
                        }
                    }
                }
            }
        }
        measureCalls &+= found
        while missed != 0 {
            let position = missed.trailingZeroBitCount
            missed &= missed - 1
            measure(keyedNodes[position])
        }
        for position in walked..<keyedNodes.count {
            let index = keyedNodes[position]
            guard nodes[index].kind == .label || nodes[index].kind == .button else { continue }
            if skippingMultiLine, nodes[index].isMultiLine { continue }
            measure(index)
        }
    }

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
        var key = (bytes: 0, hash: UInt64(0))
        if kept {
            // (The tables taken out of the plan while the node's text is
            // read in place through the nodes' buffer: a copy of the text
            // retained and released it on every lookup; `measured[index]`
            // read the entry in a copy, retaining and releasing each of
            // its arrays.)
            var tables: [_Measurements] = []
            swap(&tables, &measured)
            let missed = nodes.withUnsafeMutableBufferPointer { nodes in
                tables.withUnsafeMutableBufferPointer { tables in
                    Self.takeKept(&nodes[index], &tables[index], width, isButton: isButton)
                }
            }
            swap(&tables, &measured)
            guard let missed else { return }
            key = missed
        }
        let text = nodes[index].text
        if isButton {
            measureTitle(index, text, key: kept ? key : nil)
            return
        }
        nodes[index].baselines = nil
        if measureText(index, text, width), kept {
            measured[index].insert(text, key, width, nodes[index].intrinsic, nil)
        }
    }

    /// Sets `node`'s measurement at `width` from `table`, where it keeps
    /// one for the node's text, and returns nil; else the text's key in
    /// the table (`_Measurements.key`). A text of the words of the one
    /// the node last found or kept, at that width, is that one
    /// (`lastHit`): a button's title from the template on every row, a
    /// time such as "3h" twice running, a label measured again at the
    /// width it had. Told by its string's two words, without its key or a
    /// probe. (The text read in place, without a copy.)
    @inline(__always)
    static func takeKept(
        _ node: inout _DirectNode, _ table: inout _Measurements, _ width: Double, isButton: Bool
    ) -> (bytes: Int, hash: UInt64)? {
        let words = _Measurements.words(node.text)
        if let words, let known = table.lastHit(words, width) {
            setMeasurement(&node, known, isButton: isButton)
            return nil
        }
        // (The entry that holds the text's very string, as its text or
        // its alias, found by its words: `wordsHit`.)
        if let words, let known = table.wordsHit(words, width) {
            setMeasurement(&node, known, isButton: isButton)
            return nil
        }
        let key = _Measurements.key(node.text, width)
        guard let known = table.noteSize(node.text, width, key: key) else { return key }
        setMeasurement(&node, known, isButton: isButton)
        return nil
    }

    /// Sets `node`'s measurement from a kept one: a label's size and
    /// baselines, a button's title's size plus its content insets.
    @inline(__always)
    static func setMeasurement(
        _ node: inout _DirectNode, _ known: (size: Size, baselines: (first: Double, last: Double)?),
        isButton: Bool
    ) {
        if isButton {
            let insets = node.contentInsets
            node.intrinsic = Size(
                width: known.size.width + insets.horizontal,
                height: known.size.height + insets.vertical)
        } else {
            node.intrinsic = known.size
            node.baselines = known.baselines
        }
    }

    /// Sets node `index`'s measurement from a kept one (`setMeasurement(_:_:isButton:)`).
    mutating func setMeasurement(
        _ index: Int, _ known: (size: Size, baselines: (first: Double, last: Double)?),
        isButton: Bool
    ) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            Self.setMeasurement(&nodes[index], known, isButton: isButton)
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
                    // Tracked only for a label of several lines whose width
                    // is free in the shape (`hasFreeWidthLabel`): the one
                    // kind a row's passes measure again at another width;
                    // any other is measured once a row, and the tracking
                    // costs a label a few hundred instructions.
                    if !reusingLineBreaks || !hasFreeWidthLabel || !nodes[index].isMultiLine {
                        nodes[index].intrinsic = try Self.sizeThatFits(
                            text, &nodes[index].checkedStyle!, measurer, width, numberOfLines,
                            scale)
                    } else if let size = keptSize(index, width) {
                        // Measured already in this layout at a width whose
                        // lines are those at this one (`_keepsLines`).
                        nodes[index].intrinsic = size
                        lineBreakReuses &+= 1
                    } else {
                        var fit = Double.infinity
                        let size = try Self.sizeThatFits(
                            text, &nodes[index].checkedStyle!, measurer, width, numberOfLines,
                            scale, linesFit: &fit)
                        nodes[index].intrinsic = size
                        keepLines(
                            index,
                            _KeptLines(
                                layout: layoutNumber, width: width, size: size, fit: fit))
                    }
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

    /// The size label `index` measured in this layout (`layoutNumber`) at
    /// a width whose lines are those at `width` (`TextMeasurer._keepsLines`),
    /// or nil. Its text, style, lines and scale are those of that
    /// measurement: a layout writes none of them.
    @inline(__always)
    func keptSize(_ index: Int, _ width: Double) -> Size? {
        guard index < keptLines.count, keptLines[index].layout == layoutNumber,
            TextMeasurer._keepsLines(
                linesFit: keptLines[index].fit, from: keptLines[index].width, to: width)
        else { return nil }
        return keptLines[index].size
    }

    /// Keeps label `index`'s measurement with its lines tracked (`keptSize`).
    mutating func keepLines(_ index: Int, _ kept: _KeptLines) {
        if keptLines.count < nodes.count {
            keptLines.append(
                _KeptLines(layout: -1, width: 0, size: .zero, fit: 0),
                times: nodes.count - keptLines.count)
        }
        keptLines[index] = kept
    }

    /// `TextMeasurer._sizeThatFits` of a style lent in place (as
    /// `sizeThatFits(_:_:_:_:_:_:linesFit:)`, without tracking its lines).
    @inline(__always)
    static func sizeThatFits(
        _ text: String, _ style: inout TextStyle, _ measurer: TextMeasurer, _ width: Double,
        _ numberOfLines: Int, _ scale: Double
    ) throws(TextError) -> Size {
        try measurer._sizeThatFits(
            text, checkedStyle: style, width: width, numberOfLines: numberOfLines, scale: scale)
    }

    /// `TextMeasurer._sizeThatFits(…linesFit:)` of a style lent in place:
    /// through an inout access the style reaches the measurer without a
    /// copy (read from the node around the call, it is copied, its fonts
    /// retained and released), as `Label` lends its text. Nothing is
    /// written but `linesFit`.
    @inline(__always)
    static func sizeThatFits(
        _ text: String, _ style: inout TextStyle, _ measurer: TextMeasurer, _ width: Double,
        _ numberOfLines: Int, _ scale: Double, linesFit: inout Double
    ) throws(TextError) -> Size {
        try measurer._sizeThatFits(
            text, checkedStyle: style, width: width, numberOfLines: numberOfLines, scale: scale,
            linesFit: &linesFit)
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

/// A label's measurement with its lines tracked (`_LanePlan.keepLines`):
/// the layout it was made in (`_LanePlan.layoutNumber`), the width it was
/// measured at, its size there, and the widest its line breaking found to
/// fit (`TextMeasurer._sizeThatFits(…linesFit:)`).
struct _KeptLines {
    var layout: Int
    var width: Double
    var size: Size
    var fit: Double
}
