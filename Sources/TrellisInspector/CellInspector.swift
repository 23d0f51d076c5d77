// Builds an `InspectedCell` from a constraint-based cell laid out at a
// width: reads the live view hierarchy, the engine's constraint errors,
// its conflict reports and the cell's diagnostics, and places each
// label's glyphs where the measurement put them.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// Lays rows out with a constraint-based template and records what the
/// inspector page shows of each.
public enum CellInspector {
    /// Lays `item` out at `width` with `template` and inspects the result.
    /// A template that reuses its engine keeps the conflicts of earlier
    /// rows in its reports; inspect with `reusingEngine: false` so each
    /// row's conflicts are its own.
    ///
    /// `other` is the template's second path (frame code or the direct
    /// stack path) for the row: its layout, or why it refused the row.
    /// - Throws: `CellError` when the row cannot be laid out (a field the
    ///   template cannot show, a text that cannot be measured).
    /// - Complexity: one layout, the diagnostics (`View.layoutIssues()`:
    ///   ambiguity read off the solver's tableau, each view's frame
    ///   written in its parametric symbols), and one text layout per label.
    public static func inspect<CellView: ConstraintCellView>(
        _ template: inout ConstraintTemplate<CellView>, item: CellView.Item, row: Int,
        width: Double, other: (name: String, layout: Result<CellLayout, CellError>)? = nil
    ) throws(CellError) -> InspectedCell {
        let layout = try template.layout(item, width: width)
        let cell = template.cell
        let issues = cell.issues(width: width)
        let errors = cell.contentView.constraintErrors()
        let conflicts = cell.contentView.unsatisfiableConstraints

        let broken = Set(conflicts.map(\.broken))
        let conflicting = Set(conflicts.flatMap(\.conflicting))
        var constraints: [InspectedConstraint] = []
        var involving: [ObjectIdentifier: [Int]] = [:]
        for entry in errors {
            let constraint = entry.constraint
            let description = constraint.description
            let index = constraints.count
            constraints.append(
                InspectedConstraint(
                    description: description, priority: Double(constraint.priority.rawValue),
                    error: entry.error, isBroken: broken.contains(description),
                    isConflicting: conflicting.contains(description)))
            var owners: [ObjectIdentifier] = []
            for item in [constraint.firstItem, constraint.secondItem] {
                guard let owner = Self.owningView(item) else { continue }
                let key = ObjectIdentifier(owner)
                if !owners.contains(key) {
                    owners.append(key)
                    involving[key, default: []].append(index)
                }
            }
        }

        var ambiguous: [String: [String]] = [:]
        var diagnostics: [String] = []
        for issue in issues {
            switch issue {
            case .layout(.unsatisfiable):
                continue  // listed with `conflicts`
            case .layout(.ambiguous(let view, let missing)):
                ambiguous[view] = missing.map(\.description)
                diagnostics.append(issue.description)
            default:
                diagnostics.append(issue.description)
            }
        }

        var otherPath: InspectedCell.OtherPath?
        var otherFrames: [String: Rect] = [:]
        if let other {
            switch other.layout {
            case .success(let otherLayout):
                for entry in otherLayout.frames { otherFrames[entry.name] = entry.frame }
                otherPath = InspectedCell.OtherPath(
                    name: other.name, height: otherLayout.height, refusal: nil,
                    disagreeing: Self.disagreeing(layout, otherLayout, scale: cell.scale))
            case .failure(let error):
                otherPath = InspectedCell.OtherPath(
                    name: other.name, height: nil, refusal: error.message, disagreeing: [])
            }
        }

        var views: [InspectedView] = []
        func visit(_ view: View, parent: Int?, depth: Int, origin: Point) throws(CellError) {
            let frame =
                view === cell.contentView
                ? Rect(x: 0, y: 0, width: width, height: layout.height) : view.frame
            let inCell = Rect(
                x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width,
                height: frame.height)
            let name = view.layoutName
            let index = views.count
            views.append(
                InspectedView(
                    name: name, kind: Self.kind(of: view), parent: parent, depth: depth,
                    frame: frame, frameInCell: inCell, intrinsicSize: view.intrinsicContentSize,
                    hugging: [.horizontal, .vertical].map {
                        Double(view.contentHuggingPriority(for: $0).rawValue)
                    },
                    compressionResistance: [.horizontal, .vertical].map {
                        Double(view.contentCompressionResistancePriority(for: $0).rawValue)
                    },
                    isHidden: view.isHidden, constraints: involving[ObjectIdentifier(view)] ?? [],
                    ambiguous: ambiguous[name] ?? [],
                    text: try Self.text(of: view, in: inCell, template: template.name),
                    otherFrame: view === cell.contentView ? nil : otherFrames[name]))
            for subview in view.subviews {
                try visit(subview, parent: index, depth: depth + 1, origin: inCell.origin)
            }
        }
        try visit(cell.contentView, parent: nil, depth: 0, origin: .zero)
        return InspectedCell(
            row: row, width: width, height: layout.height, views: views,
            constraints: constraints, conflicts: conflicts.map(\.description),
            diagnostics: diagnostics, otherPath: otherPath, dataLine: RowPlace.line(of: item))
    }

    /// Names of the views whose frames differ between two layouts of a
    /// row ("cell" first when the heights do), on the pixel grid of `scale`:
    /// two frames agree when their edges round to the same pixels. The
    /// constraint path snaps frames to the grid and frame code may not (an
    /// image 719.932 points tall against 720), which no screen shows.
    static func disagreeing(_ a: CellLayout, _ b: CellLayout, scale: Double) -> [String] {
        func pixels(_ value: Double) -> Double { (value * scale).rounded() }
        func differ(_ x: Rect, _ y: Rect) -> Bool {
            pixels(x.minX) != pixels(y.minX) || pixels(x.minY) != pixels(y.minY)
                || pixels(x.maxX) != pixels(y.maxX) || pixels(x.maxY) != pixels(y.maxY)
        }
        var names: [String] = pixels(a.height) != pixels(b.height) ? ["cell"] : []
        let others = Dictionary(
            b.frames.map { ($0.name, $0.frame) }, uniquingKeysWith: { x, _ in x })
        for entry in a.frames {
            if let other = others[entry.name], !differ(entry.frame, other) { continue }
            names.append(entry.name)
        }
        for entry in b.frames where a.frame(of: entry.name) == nil { names.append(entry.name) }
        return names
    }

    /// The view a constraint's item is, or owns (a layout guide's view).
    static func owningView(_ item: LayoutItem?) -> View? {
        if let view = item as? View { return view }
        if let guide = item as? LayoutGuide { return guide.owningView }
        return nil
    }

    static func kind(of view: View) -> String {
        switch view {
        case is Label: return "Label"
        case is ImageView: return "ImageView"
        case is Button: return "Button"
        case is StackView: return "StackView"
        default: return "View"
        }
    }

    /// What a label or a button shows, with its glyphs (none for a hidden
    /// or zero-width view); nil for other views.
    static func text(of view: View, in frame: Rect, template: String) throws(CellError)
        -> InspectedText?
    {
        if let label = view as? Label {
            guard !view.isHidden, frame.width > 0 else {
                return InspectedText(string: label.text, lineCount: 0, glyphs: [])
            }
            return try labelText(label, in: frame, template: template)
        }
        guard let button = view as? Button else { return nil }
        let insets = button.contentEdgeInsets
        let inner = Rect(
            x: frame.minX + insets.left, y: frame.minY + insets.top,
            width: frame.width - insets.horizontal, height: frame.height - insets.vertical)
        guard !view.isHidden, inner.width > 0, !button.title.isEmpty else {
            return InspectedText(string: button.title, lineCount: 0, glyphs: [])
        }
        do {
            // One line, centered in the space inside the insets, as UIButton.
            let layout = try button.measurer.glyphLayout(
                button.title, style: button.titleStyle, width: inner.width, numberOfLines: 1)
            let lineWidth = layout.layout.lines.first?.width ?? 0
            let left = inner.minX + max(0, (inner.width - lineWidth) / 2)
            let top = inner.minY + max(0, (inner.height - layout.layout.size.height) / 2)
            return InspectedText(
                string: button.title, lineCount: layout.layout.lineCount,
                glyphs: glyphs(
                    of: layout, size: button.titleStyle.size, origin: Point(x: left, y: top)))
        } catch {
            throw CellError(template: template, message: "\(button.layoutName): \(error)")
        }
    }

    /// A label's glyphs laid out at its frame's width and centered
    /// vertically in a taller frame, as UILabel draws (and `CellPicture`).
    static func labelText(_ label: Label, in frame: Rect, template: String) throws(CellError)
        -> InspectedText
    {
        let width = max(frame.width, 0)
        do {
            if let attributed = label.attributedText {
                let layout = try label.measurer.glyphLayout(
                    attributed, style: label.style, width: width,
                    numberOfLines: label.numberOfLines)
                let top = frame.minY + max(0, (frame.height - layout.layout.size.height) / 2)
                var glyphs: [InspectedText.Glyph] = []
                for line in layout.lines {
                    for styled in line {
                        let font = layout.font(of: styled)
                        glyphs.append(
                            InspectedText.Glyph(
                                font: font.path, faceIndex: font.faceIndex,
                                glyph: styled.placed.glyph,
                                size: layout.attributes[styled.run].size,
                                position: Point(
                                    x: frame.minX + styled.placed.position.x,
                                    y: top + styled.placed.position.y)))
                    }
                }
                return InspectedText(
                    string: attributed.string, lineCount: layout.layout.lineCount, glyphs: glyphs)
            }
            let layout = try label.measurer.glyphLayout(
                label.text, style: label.style, width: width, numberOfLines: label.numberOfLines)
            let top = frame.minY + max(0, (frame.height - layout.layout.size.height) / 2)
            return InspectedText(
                string: label.text, lineCount: layout.layout.lineCount,
                glyphs: glyphs(
                    of: layout, size: label.style.size, origin: Point(x: frame.minX, y: top)))
        } catch {
            throw CellError(template: template, message: "\(label.layoutName): \(error)")
        }
    }

    /// The glyphs of a text in one style at `size`, its layout's top-left
    /// corner at `origin` (a glyph whose font the layout does not list is
    /// left out).
    /// - Complexity: O(glyphs).
    static func glyphs(of layout: GlyphLayout, size: Double, origin: Point) -> [InspectedText.Glyph]
    {
        var glyphs: [InspectedText.Glyph] = []
        for line in layout.lines {
            for placed in line where layout.fonts.indices.contains(placed.fontIndex) {
                let font = layout.fonts[placed.fontIndex]
                glyphs.append(
                    InspectedText.Glyph(
                        font: font.path, faceIndex: font.faceIndex, glyph: placed.glyph, size: size,
                        position: Point(
                            x: origin.x + placed.position.x, y: origin.y + placed.position.y)))
            }
        }
        return glyphs
    }
}
