// Builds the views and constraints a template file describes, as a
// constraint-based cell that binds labels to item fields.

import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisText
import TrellisViews

/// A cell built from a `TemplateFile`, showing `JSONRow`s: labels and
/// buttons bound to fields by key path, image views sized from a field's
/// `[width, height]`, views hidden when their field is empty, stacks.
public final class TemplateFileCellView: ConstraintCellView {
    public typealias Item = JSONRow

    public let templateName: String
    /// The width of the file's fixed parts (margins, spacing, views of fixed
    /// width, fixed texts): widths at or below it leave no room for the
    /// content and are refused, as the built-in templates refuse theirs.
    public private(set) var minimumWidth = 0.0
    public let contentView = View()
    public let scale: Double
    /// Views by id, `contentView` included.
    public private(set) var views: [String: View] = [:]
    /// Subview ids in file order.
    public let order: [String]
    /// The file's path, for errors that name a place in it.
    private let file: String
    /// The measurer the labels measure with.
    public let measurer: TextMeasurer
    // Read on every row (`configure`, `shapeKey`), written while building
    // and by `configure` alone: unchecked, as the views' own state, so a
    // row pays no dynamic exclusivity check per read.
    @exclusivity(unchecked) private var boundTexts: [_BoundText] = []
    @exclusivity(unchecked) private var dataImages: [_DataImage] = []
    /// The file's constraints (VFL ones included), in order, active.
    public private(set) var constraints: [LayoutConstraint] = []

    /// Builds the hierarchy. Fonts are loaded here, so a missing font is an
    /// error naming the view; constraints that Auto Layout refuses (a
    /// position related to a size, items in other hierarchies) are errors
    /// naming the constraint's place in the file.
    ///
    /// At a `contentSize` other than `.large` every label's and button's
    /// font is scaled as `UIFontMetrics.default` scales a custom font
    /// (the body style's curve): the file's sizes are those of `.large`.
    public init(
        file: TemplateFile, measurer: TextMeasurer = .shared, scale: Double = 3,
        contentSize: ContentSizeCategory = .large
    ) throws(TemplateFileError) {
        templateName = file.name
        self.file = file.file
        self.measurer = measurer
        self.scale = scale
        order = file.views.map(\.id)
        contentView.name = "contentView"
        contentView.contentScaleFactor = scale
        views["contentView"] = contentView
        func fail(_ position: SourcePosition, _ message: String) -> TemplateFileError {
            TemplateFileError(file: file.file, position: position, message: message)
        }
        for spec in file.views {
            let view: View
            switch spec.kind {
            case .view:
                view = View()
            case .stack:
                let stack = StackView()
                if let settings = spec.stack { Self.apply(settings, to: stack) }
                view = stack
            case .image:
                let image = ImageView(
                    image: spec.imageSize.map {
                        Image(size: Size(width: $0[0], height: $0[1]), name: spec.id)
                    })
                if let field = spec.imageField, let path = spec.imageDataPath {
                    dataImages.append(
                        _DataImage(
                            view: image, path: path, squareWhenMissing: field == "item",
                            maxHeight: spec.maxHeight, position: spec.position))
                }
                view = image
            case .label, .button:
                let style: TextStyle
                do {
                    style = try Self.scaledStyle(for: spec, contentSize: contentSize)
                } catch {
                    throw fail(spec.position, "view \"\(spec.id)\": \(error)")
                }
                if spec.kind == .label {
                    let label = Label(text: spec.markup ? "" : spec.text ?? "", style: style)
                    if spec.markup, let text = spec.text {
                        do {
                            label.attributedText = try AttributedText(markup: text, base: style)
                        } catch {
                            throw fail(spec.position, "view \"\(spec.id)\": \(error)")
                        }
                    }
                    label.numberOfLines = spec.lines
                    label.lineBreakMode = style.lineBreakMode
                    label.measurer = measurer
                    view = label
                } else {
                    let button = Button(title: spec.text ?? "", style: style)
                    button.measurer = measurer
                    if let insets = spec.insets {
                        button.contentEdgeInsets = EdgeInsets(
                            top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
                    }
                    view = button
                }
                if let field = spec.field, let path = JSONKeyPath(field) {
                    boundTexts.append(
                        _BoundText(
                            view: view, path: path, hiddenWhenEmpty: spec.hiddenWhenEmpty,
                            markup: spec.markup,
                            position: spec.position))
                }
            }
            view.name = spec.id
            view.contentScaleFactor = scale
            view.translatesAutoresizingMaskIntoConstraints = false
            if let hugging = spec.hugging {
                view.setContentHuggingPriority(
                    LayoutPriority(rawValue: Float(hugging[0])), for: .horizontal)
                view.setContentHuggingPriority(
                    LayoutPriority(rawValue: Float(hugging[1])), for: .vertical)
            }
            if let compression = spec.compression {
                view.setContentCompressionResistancePriority(
                    LayoutPriority(rawValue: Float(compression[0])), for: .horizontal)
                view.setContentCompressionResistancePriority(
                    LayoutPriority(rawValue: Float(compression[1])), for: .vertical)
            }
            views[spec.id] = view
        }
        // A view whose parent is a stack is one of its arranged subviews, in file order.
        for spec in file.views {
            guard let view = views[spec.id], let parent = views[spec.parent] else { continue }
            if let stack = parent as? StackView {
                stack.addArrangedSubview(view)
            } else {
                parent.addSubview(view)
            }
        }
        for index in dataImages.indices { dataImages[index].install() }
        for constraint in file.constraints {
            let made = try self.constraint(constraint.spec)
            made.sourcePlace = "\(file.file):\(constraint.position)"
            do {
                try made.activate()
            } catch {
                throw fail(constraint.position, "in \"\(constraint.text)\": \(error)")
            }
            constraints.append(made)
        }
        for format in file.visualFormats {
            let options: FormatOptions
            do {
                options = try Self.options(format.options)
            } catch {
                throw fail(format.position, error.message)
            }
            let made: [LayoutConstraint]
            do {
                made = try LayoutConstraint.constraints(
                    withVisualFormat: format.format, options: options, metrics: format.metrics,
                    views: views)
            } catch {
                throw fail(
                    format.formatPosition.locating(error.position),
                    "in \"\(format.format)\": \(error.message)")
            }
            for constraint in made {
                constraint.sourcePlace = "\(file.file):\(format.position)"
                do {
                    try constraint.activate()
                } catch {
                    throw fail(format.position, "in \"\(format.format)\": \(error)")
                }
            }
            constraints += made
        }
        minimumWidth = Self.fixedPartsWidth(of: contentView)
    }

    private func constraint(_ spec: ConstraintSpec) throws(TemplateFileError) -> LayoutConstraint {
        func item(_ anchor: AnchorSpec) -> LayoutItem {
            let view = views[anchor.item]!  // ids were checked when the file was read
            switch anchor.guide {
            case .margins: return view.layoutMarginsGuide
            case .safeArea: return view.safeAreaLayoutGuide
            case nil: return view
            }
        }
        let relation: LayoutRelation
        switch spec.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        let constraint = LayoutConstraint(
            item: item(spec.first), attribute: Self.attribute(spec.first.attribute),
            relatedBy: relation,
            toItem: spec.second.map(item),
            attribute: spec.second.map { Self.attribute($0.attribute) } ?? .notAnAttribute,
            multiplier: spec.multiplier, constant: spec.constant)
        constraint.priority = LayoutPriority(rawValue: Float(spec.priority))
        constraint.identifier = spec.identifier
        return constraint
    }

    static func attribute(_ name: LayoutAttributeName) -> LayoutAttribute {
        switch name {
        case .leading: return .leading
        case .trailing: return .trailing
        case .left: return .left
        case .right: return .right
        case .top: return .top
        case .bottom: return .bottom
        case .width: return .width
        case .height: return .height
        case .centerX: return .centerX
        case .centerY: return .centerY
        case .firstBaseline: return .firstBaseline
        case .lastBaseline: return .lastBaseline
        }
    }

    /// The text style a label or button of the file is drawn with.
    public static func style(for spec: TemplateViewSpec) throws(TextError) -> TextStyle {
        let weight = spec.weight
        let fonts: FontCollection
        // A path (`FontName.isPath`) or a bundled family (unknown ones are
        // errors listing the families).
        let isPath = FontName.isPath(spec.font)
        if let fallback = spec.fallback {
            // The font, then the families "fallback" names (at the font's
            // weight where bundled, else regular), then the system's fonts.
            var list = [
                isPath ? try Font(path: spec.font) : try Font(family: spec.font, weight: weight)
            ]
            for family in fallback where family != "system" {
                if let font = try? Font(family: family, weight: weight) {
                    list.append(font)
                } else {
                    list.append(try Font(family: family))
                }
            }
            fonts =
                fallback.last == "system"
                ? try FontCollection(list).addingSystemFonts() : FontCollection(list)
        } else if isPath {
            fonts = FontCollection([try Font(path: spec.font)])
        } else {
            fonts = try FontCollection.bundled(spec.font, weight: weight)
        }
        var style = TextStyle(fonts: fonts, size: spec.fontSize)
        style.lineSpacing = spec.lineSpacing
        // Unless the file says: one-line labels truncate at the tail, as
        // UILabel's default; others wrap words.
        style.lineBreakMode =
            spec.lineBreakMode?.mode ?? (spec.lines == 1 ? .byTruncatingTail : .byWordWrapping)
        return style
    }

    /// `style(for:)` with its font scaled for `contentSize` as
    /// `UIFontMetrics.default` scales a custom font.
    static func scaledStyle(for spec: TemplateViewSpec, contentSize: ContentSizeCategory)
        throws(TextError)
        -> TextStyle
    {
        ScaledMetrics().scaledStyle(try style(for: spec), compatibleWith: contentSize)
    }

    static func apply(_ settings: TemplateStackSpec, to stack: StackView) {
        stack.axis = settings.axis.stackAxis
        stack.distribution = settings.distribution.stackDistribution
        stack.alignment = settings.alignment.stackAlignment
        stack.spacing = settings.spacing
        if let margins = settings.layoutMargins {
            stack.layoutMargins = EdgeInsets(
                top: margins[0], left: margins[1], bottom: margins[2], right: margins[3])
            stack.isLayoutMarginsRelativeArrangement = true
        }
    }

    static func options(_ names: [String]) throws(TemplateFileError) -> FormatOptions {
        var options: FormatOptions = []
        let known: [String: FormatOptions] = [
            "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight,
            "alignAllTop": .alignAllTop,
            "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading,
            "alignAllTrailing": .alignAllTrailing, "alignAllCenterX": .alignAllCenterX,
            "alignAllCenterY": .alignAllCenterY, "alignAllLastBaseline": .alignAllLastBaseline,
            "alignAllFirstBaseline": .alignAllFirstBaseline,
            "directionLeftToRight": .directionLeftToRight,
            "directionRightToLeft": .directionRightToLeft,
            "directionLeadingToTrailing": .directionLeadingToTrailing,
            "spacingBaselineToBaseline": .spacingBaselineToBaseline,
        ]
        for name in names {
            guard let option = known[name] else {
                throw TemplateFileError(
                    file: "", position: nil,
                    message:
                        "unknown VFL option \"\(name)\" (expected one of \(known.keys.sorted().joined(separator: ", ")))"
                )
            }
            options.formUnion(option)
        }
        return options
    }

    /// Shows a row: bound texts, images sized from their fields, views
    /// hidden when their field is empty.
    /// - Throws: `CellError` naming the template file's place of the view
    ///   and the data row's line when a field path goes through a value that
    ///   is not an object, a text field holds an array or object, or an
    ///   image field is not `[width, height]`.
    public func configure(with row: JSONRow) throws(CellError) {
        contentView.logRow = row.line
        func fail(_ position: SourcePosition, _ error: JSONRowError) -> CellError {
            Self.rowError(
                template: templateName, file: file, position: position, error: error, row: row)
        }
        // By index, fields read in place: a copy of an entry (`for bound in
        // boundTexts`) retains and releases its path too on every row.
        for index in 0..<boundTexts.count {
            let text: String
            do {
                text = try row.text(at: boundTexts[index].path)
            } catch {
                throw fail(boundTexts[index].position, error)
            }
            let view = boundTexts[index].view
            if let label = view as? Label {
                if boundTexts[index].markup {
                    do {
                        label.attributedText = try AttributedText(markup: text, base: label.style)
                    } catch {
                        let place = RowPlace.dataLineSuffix(row.line)
                        let bound = boundTexts[index]
                        throw CellError(
                            template: templateName,
                            message:
                                "\(file):\(bound.position): field \"\(bound.path)\": \(error)\(place)"
                        )
                    }
                } else {
                    label.text = text
                }
            } else if let button = view as? Button {
                button.title = text
            }
            if boundTexts[index].hiddenWhenEmpty {
                let hidden = row.isEmpty(at: boundTexts[index].path)
                if view.isHidden != hidden { view.isHidden = hidden }
            }
        }
        for index in dataImages.indices {
            let size: Size?
            do {
                size = try row.size(at: dataImages[index].path)
            } catch {
                throw fail(dataImages[index].position, error)
            }
            dataImages[index].show(size)
        }
    }

    /// The shape of a row: which views it hides, one bit per view that can
    /// be hidden (a `hiddenWhenEmpty` field, an image from data), in file
    /// order. Nil when a field cannot be read (`configure` says why) or
    /// more than 62 views can be hidden.
    public func shapeKey(for row: JSONRow) -> Int? {
        var key = 0
        var bit = 0
        for bound in boundTexts where bound.hiddenWhenEmpty {
            if row.isEmpty(at: bound.path) { key |= 1 << bit }
            bit += 1
        }
        for image in dataImages {
            let size: Size?
            do { size = try row.size(at: image.path) } catch { return nil }
            if size == nil && !image.squareWhenMissing { key |= 1 << bit }
            bit += 1
        }
        return bit <= 62 ? key : nil
    }

    /// A row the view at `position` of the file cannot show: the file's
    /// place, what is wrong with the field, and the row's data line.
    static func rowError(
        template: String, file: String, position: SourcePosition, error: JSONRowError, row: JSONRow
    ) -> CellError {
        let place = RowPlace.dataLineSuffix(row.line)
        return CellError(template: template, message: "\(file):\(position): \(error)\(place)")
    }

    /// What each label shows for `row` (its bound field's text, or its
    /// fixed text), with its style: for pictures of the cell. The views are
    /// not changed.
    public func labelContents(for row: JSONRow) -> [LabelContent] {
        var bound: [ObjectIdentifier: _BoundText] = [:]
        for entry in boundTexts { bound[ObjectIdentifier(entry.view)] = entry }
        return order.compactMap { id -> LabelContent? in
            guard let label = views[id] as? Label else { return nil }
            var text: String
            var attributed: AttributedText?
            if let entry = bound[ObjectIdentifier(label)] {
                text = (try? row.text(at: entry.path)) ?? ""
                // Markup is drawn run by run; its characters without the tags.
                if entry.markup, let runs = try? AttributedText(markup: text, base: label.style) {
                    attributed = runs
                    text = runs.string
                }
            } else {
                attributed = label.attributedText
                text = attributed?.string ?? label.text
            }
            return LabelContent(
                name: id, text: text, style: label.style, numberOfLines: label.numberOfLines,
                attributedText: attributed)
        }
    }

    /// Every visible view's frame in the content view's coordinates (its
    /// `frame` offset by each superview's origin up to the content view),
    /// in file order, as `CellLayout` documents them. Views hidden, or inside
    /// a hidden stack, are left out: "A hidden view disappears from its
    /// window" (`UIView.isHidden`).
    public var subviewFrames: [NamedFrame] {
        order.compactMap { id -> NamedFrame? in
            guard let view = views[id] else { return nil }
            var frame = view.frame
            var current: View = view
            while current !== contentView {
                if current.isHidden { return nil }
                guard let parent = current.superview else { break }
                if parent !== contentView {
                    frame = frame.offsetBy(dx: parent.frame.minX, dy: parent.frame.minY)
                }
                current = parent
            }
            return NamedFrame(name: id, frame: frame)
        }
    }

    public private(set) lazy var labels: [Label] = order.compactMap { views[$0] as? Label }
}

/// A cell template loaded from a file (constraints only: a file has no frame code).
public typealias TemplateFileCell = ConstraintTemplate<TemplateFileCellView>

extension ConstraintTemplate where CellView == TemplateFileCellView {
    /// Builds the file's cell; with `reusingEngine` false, once per row.
    public init(
        file: TemplateFile, measurer: TextMeasurer = .shared, scale: Double = 3,
        reusingEngine: Bool = true,
        contentSize: ContentSizeCategory = .large
    ) throws(TemplateFileError) {
        // Build once here so file errors surface as TemplateFileError.
        let first = try TemplateFileCellView(
            file: file, measurer: measurer, scale: scale, contentSize: contentSize)
        var pending: TemplateFileCellView? = first
        do {
            try self.init(reusingEngine: reusingEngine) {
                () throws(CellError) -> TemplateFileCellView in
                if let cell = pending {
                    pending = nil
                    return cell
                }
                do {
                    return try TemplateFileCellView(
                        file: file, measurer: measurer, scale: scale, contentSize: contentSize)
                } catch {
                    throw CellError(template: file.name, message: "\(error)")
                }
            }
        } catch {
            throw TemplateFileError(file: file.file, position: nil, message: "\(error)")
        }
    }
}

/// A label or button whose text comes from a row field.
private struct _BoundText {
    let view: View
    let path: JSONKeyPath
    let hiddenWhenEmpty: Bool
    /// Whether the text is markup (set as the label's attributed text).
    let markup: Bool
    let position: SourcePosition
}

/// An image view whose size comes from a row's `[width, height]` field:
/// `height == width × h / w`, capped at `maxHeight` (the width stays: the
/// aspect gives way at 999 to a required cap), hidden when the field is
/// missing or null (or square, for the first format's `"image": "item"`).
/// With a cap the ratio is the view's `aspectRatio` (its height follows its
/// width at 999 both ways), so a new ratio changes no constraint; without
/// one it is a required constraint, replaced when the ratio changes.
private struct _DataImage {
    let view: ImageView
    let path: JSONKeyPath
    let squareWhenMissing: Bool
    let maxHeight: Double?
    let position: SourcePosition
    private var aspect = AspectConstraint()

    init(
        view: ImageView, path: JSONKeyPath, squareWhenMissing: Bool, maxHeight: Double?,
        position: SourcePosition
    ) {
        self.view = view
        self.path = path
        self.squareWhenMissing = squareWhenMissing
        self.maxHeight = maxHeight
        self.position = position
        if maxHeight != nil { aspect.priority = LayoutPriority(rawValue: 999) }
    }

    /// The cap, once the view is in its hierarchy.
    func install() {
        guard let maxHeight else { return }
        let cap = view.heightAnchor.constraint(lessThanOrEqualToConstant: maxHeight)
        cap.identifier = "\(view.layoutName)-maxHeight"
        cap.isActive = true
        view.setContentHuggingPriority(aspect.priority, for: .vertical)
        view.setContentCompressionResistancePriority(aspect.priority, for: .vertical)
    }

    /// A hidden view without a cap takes the square's ratio, whatever rows
    /// came before, as the direct path (`TemplateFileStackTree`) gives it:
    /// with its height 0, `height == width × h / w` holds its width at 0
    /// (across a stack whose views are all hidden, their widths with it).
    mutating func show(_ size: Size?) {
        let hidden = size == nil && !squareWhenMissing
        if view.isHidden != hidden { view.isHidden = hidden }
        guard !hidden || maxHeight == nil else { return }
        let size = size ?? Size(width: 1, height: 1)
        if maxHeight != nil {
            view.aspectRatio = size.height / size.width
        } else {
            aspect.set(size.height / size.width, on: view)
        }
    }
}

extension ConstraintTemplate: LabelDescribing where CellView == TemplateFileCellView {
    public func labels(for item: JSONRow) -> [LabelContent] { cell.labelContents(for: item) }
    public var measurer: TextMeasurer { cell.measurer }
    public var scale: Double { cell.scale }
}

extension TemplateStackSpec.Axis {
    /// The stack view's axis.
    var stackAxis: LayoutAxis {
        switch self {
        case .horizontal: .horizontal
        case .vertical: .vertical
        }
    }
}

extension TemplateStackSpec.Distribution {
    /// The stack view's distribution.
    var stackDistribution: StackView.Distribution {
        switch self {
        case .fill: .fill
        case .fillEqually: .fillEqually
        case .fillProportionally: .fillProportionally
        case .equalSpacing: .equalSpacing
        case .equalCentering: .equalCentering
        }
    }
}

extension TemplateStackSpec.Alignment {
    /// The stack view's alignment: `top` is `leading` and `bottom` is
    /// `trailing`, as in UIKit ("top: A layout for vertical stacks where the
    /// stack view aligns the top edge of its arranged views along its top
    /// edge. This is equivalent to the UIStackView.Alignment.leading
    /// alignment for horizontal stacks.").
    var stackAlignment: StackView.Alignment {
        switch self {
        case .fill: .fill
        case .leading, .top: .leading
        case .center: .center
        case .trailing, .bottom: .trailing
        case .firstBaseline: .firstBaseline
        case .lastBaseline: .lastBaseline
        }
    }
}
