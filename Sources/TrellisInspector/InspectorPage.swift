// The inspector page: one self-contained HTML file (inline SVG, CSS and
// script; no network, no fonts) showing laid-out cells side by side per
// width, each view outlined in the classic debugging colors, with a tree
// of views beside each cell and a details panel the script fills.

import TrellisData
import TrellisGeometry
import TrellisRender

/// An HTML page of inspected cells.
///
/// ```swift
/// let page = InspectorPage(title: "PostCell", source: "Templates/PostCell.json",
///                          widths: [320, 375], cells: cells)
/// let html = try page.html()
/// ```
public struct InspectorPage: Sendable {
    /// The template's name.
    public var title: String
    /// Where the template came from (a file path, or "built-in").
    public var source: String
    /// The widths, in the order of their columns.
    public var widths: [Double]
    /// The cells, in any order: each is shown in its width's column, by row.
    public var cells: [InspectedCell]
    /// In watch mode: the file the page polls (a script beside the page,
    /// rewritten with each regeneration) and the stamp this page was made
    /// with; the page reloads itself when the file's stamp differs.
    public var watch: (script: String, stamp: String)?

    public init(
        title: String, source: String, widths: [Double], cells: [InspectedCell],
        watch: (script: String, stamp: String)? = nil
    ) {
        self.title = title
        self.source = source
        self.widths = widths
        self.cells = cells
        self.watch = watch
    }

    /// The page's HTML.
    /// - Throws: `InspectorError` when a font of a label cannot be opened.
    /// - Complexity: O(views + constraints + glyphs).
    public func html() throws(InspectorError) -> String {
        let outlines = GlyphOutlines()
        var glyphIDs: [String: Int] = [:]
        var glyphDefs = ""
        func glyphID(_ glyph: InspectedText.Glyph) throws(InspectorError) -> Int? {
            let key = "\(glyph.font)#\(glyph.faceIndex)#\(glyph.glyph)"
            if let id = glyphIDs[key] { return id >= 0 ? id : nil }
            let data = try outlines.pathData(
                font: glyph.font, faceIndex: glyph.faceIndex, glyph: glyph.glyph)
            guard !data.isEmpty else {
                glyphIDs[key] = -1
                return nil
            }
            let id = glyphIDs.count
            glyphIDs[key] = id
            glyphDefs += "<path id=\"g\(id)\" d=\"\(data)\"/>"
            return id
        }

        let ordered = widths.map { width in
            cells.enumerated().filter { $0.element.width == width }.sorted {
                $0.element.row < $1.element.row
            }
        }
        var columns = ""
        // Each cell's glyphs, drawn by the script when the cell comes near
        // the viewport: 30,000 `<use>`s parsed up front took most of a
        // 50-row page's load time.
        var texts = [String](repeating: "", count: cells.count)
        for (width, entries) in zip(widths, ordered) {
            columns +=
                "<section class=\"column\" aria-label=\"\(Self.number(width)) points wide\"><h2>\(Self.number(width)) pt</h2>"
            for (index, cell) in entries {
                let (html, text) = try cellHTML(cell, index: index, glyphID: glyphID)
                columns += html
                texts[index] = text
            }
            columns += "</section>"
        }

        var page = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        page += "<meta name=\"viewport\" content=\"width=device-width\">"
        page += "<title>Trellis inspector: \(Self.escaped(title))</title>"
        page += "<style>\(Self.css)</style></head><body>"
        page += "<svg class=\"glyphs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>"
        page += glyphDefs + "</defs></svg>"
        page += "<header><h1>\(Self.escaped(title))</h1>"
        page += "<p class=\"summary\">\(Self.escaped(summary))</p>"
        page += problemsHTML() + "</header>"
        page += "<div class=\"layout\"><main>\(columns)</main>"
        page += "<aside id=\"details\" aria-live=\"polite\" aria-label=\"Details\">"
        page += "<h2>Details</h2><p class=\"hint\">Click a view, or focus it in a tree "
        page +=
            "(Tab, then the arrow keys), to see its frame, sizes, priorities and constraints.</p>"
        page += "</aside></div>"
        page += "<script type=\"application/json\" id=\"trellis-data\">"
        page += dataJSON(texts: texts).replacing("</", with: "<\\/") + "</script>"
        if let watch {
            page += "<script>window.trellisWatch = \(JSON.quoted(watch.script)); "
            page += "window.trellisStamp = \(JSON.quoted(watch.stamp));</script>"
        }
        page += "<script>\(Self.script)</script></body></html>\n"
        return page
    }

    /// "8 rows at 320, 375 pt · 1 conflict · 2 ambiguous views · 0 rows where the paths disagree".
    var summary: String {
        let rows = Set(cells.map(\.row)).count
        let conflicts = cells.reduce(0) { $0 + $1.conflicts.count }
        let ambiguous = cells.reduce(0) { $0 + $1.views.filter { !$0.ambiguous.isEmpty }.count }
        let disagreeing = cells.filter { $0.otherPath?.disagrees == true }.count
        var text =
            "\(source) · \(rows) row\(rows == 1 ? "" : "s") at \(widths.map(Self.number).joined(separator: ", ")) pt"
        text += " · \(conflicts) conflict\(conflicts == 1 ? "" : "s")"
        text += " · \(ambiguous) ambiguous view\(ambiguous == 1 ? "" : "s")"
        if let other = cells.lazy.compactMap(\.otherPath).first {
            text +=
                " · \(disagreeing) cell\(disagreeing == 1 ? "" : "s") where \(other.name) and constraints disagree"
        }
        return text
    }

    /// The conflicts, diagnostics and disagreements, each linking to its cell.
    func problemsHTML() -> String {
        var items = ""
        for (index, cell) in cells.enumerated() {
            let place =
                "<a href=\"#view=c\(index)v0\">\(cell.place) at \(Self.number(cell.width)) pt</a>"
            for conflict in cell.conflicts {
                items +=
                    "<li class=\"conflict\">\(place): conflict<pre>\(Self.escaped(conflict))</pre></li>"
            }
            for diagnostic in cell.diagnostics {
                items += "<li class=\"diagnostic\">\(place): \(Self.escaped(diagnostic))</li>"
            }
            if let other = cell.otherPath {
                if other.disagrees {
                    var what: [String] = []
                    for name in other.disagreeing {
                        if name == "cell" {
                            what.append(
                                "height \(Self.number(other.height ?? 0)) against \(Self.number(cell.height))"
                            )
                        } else if let view = cell.views.first(where: { $0.name == name }) {
                            what.append(
                                "\(name) \(view.otherFrame.map { "\($0)" } ?? "missing") against \(view.frame)"
                            )
                        } else {
                            what.append("\(name) missing from the constraints' layout")
                        }
                    }
                    items +=
                        "<li class=\"disagreement\">\(place): \(Self.escaped(other.name)) and constraints disagree: \(Self.escaped(what.joined(separator: "; ")))</li>"
                } else if let refusal = other.refusal {
                    items +=
                        "<li class=\"refusal\">\(place): \(Self.escaped(other.name)) refused the row: \(Self.escaped(refusal))</li>"
                }
            }
        }
        guard !items.isEmpty else {
            return "<section id=\"problems\"><h2>Problems</h2><p>None found.</p></section>"
        }
        return "<section id=\"problems\"><h2>Problems</h2><ul>\(items)</ul></section>"
    }

    func cellHTML(
        _ cell: InspectedCell, index: Int,
        glyphID: (InspectedText.Glyph) throws(InspectorError) -> Int?
    ) throws(InspectorError) -> (html: String, text: String) {
        let id = "c\(index)"
        var classes = "cell"
        if !cell.conflicts.isEmpty { classes += " conflict" }
        if cell.otherPath?.disagrees == true { classes += " disagree" }
        if cell.views.contains(where: { !$0.ambiguous.isEmpty }) { classes += " ambiguous" }
        let label = "\(cell.place) at \(Self.number(cell.width)) pt"
        var html =
            "<article class=\"\(classes)\" id=\"\(id)\" data-row=\"\(cell.row)\" data-width=\"\(Self.number(cell.width))\" aria-label=\"\(label)\">"
        var badges = ""
        if !cell.conflicts.isEmpty { badges += " <span class=\"badge conflict\">conflict</span>" }
        if cell.otherPath?.disagrees == true {
            badges += " <span class=\"badge disagree\">paths disagree</span>"
        }
        html +=
            "<h3>\(cell.place) · \(Self.number(cell.width))×\(Self.number(cell.height))\(badges)</h3>"
        html += "<div class=\"body\">"
        let width = Self.number(cell.width)
        let height = Self.number(cell.height)
        html +=
            "<svg class=\"picture\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(label): \(cell.views.count) views\">"
        let conflicting = Set(
            cell.constraints.indices.filter { cell.constraints[$0].isConflicting })
        var text = ""
        var others = ""
        for (viewIndex, view) in cell.views.enumerated() where !view.isHidden {
            var viewClasses = "view"
            if view.constraints.contains(where: conflicting.contains) {
                viewClasses += " conflicting"
            }
            if !view.ambiguous.isEmpty { viewClasses += " ambiguous" }
            let color = view.parent == nil ? RGBA(255, 255, 255) : Self.color(of: view.name)
            html +=
                "<rect class=\"\(viewClasses)\" data-view=\"\(id)v\(viewIndex)\" \(Self.rectAttributes(view.frameInCell)) fill=\"\(Self.css(color))\" stroke=\"\(Self.css(RGBA(color.r, color.g, color.b)))\"><title>\(Self.escaped(view.name))</title></rect>"
            if let other = view.otherFrame, cell.otherPath?.disagreeing.contains(view.name) == true,
                let parent = view.parent.map({ cell.views[$0].frameInCell.origin })
            {
                let placed = other.offsetBy(dx: parent.x, dy: parent.y)
                others +=
                    "<rect class=\"other-frame\" data-view=\"\(id)v\(viewIndex)\" \(Self.rectAttributes(placed))/>"
            }
            if let content = view.text {
                text += try Self.glyphsHTML(content.glyphs, glyphID: glyphID)
            }
        }
        html += "<g class=\"text\" aria-hidden=\"true\"></g>\(others)</svg>"
        html += "<ul role=\"tree\" class=\"tree\" aria-label=\"Views of \(label)\">"
        for (viewIndex, view) in cell.views.enumerated() {
            var itemClasses = "item"
            if view.constraints.contains(where: conflicting.contains) {
                itemClasses += " conflicting"
            }
            if !view.ambiguous.isEmpty { itemClasses += " ambiguous" }
            if view.isHidden { itemClasses += " hidden" }
            let color = view.parent == nil ? RGBA(142, 142, 147) : Self.color(of: view.name)
            html +=
                "<li role=\"treeitem\" class=\"\(itemClasses)\" id=\"\(id)v\(viewIndex)\" data-view=\"\(id)v\(viewIndex)\" aria-level=\"\(view.depth + 1)\" aria-selected=\"false\" tabindex=\"\(viewIndex == 0 ? 0 : -1)\">"
            html +=
                "<span class=\"swatch\" style=\"background:\(Self.css(RGBA(color.r, color.g, color.b)))\"></span>\(Self.escaped(view.name)) <span class=\"kind\">\(view.kind)\(view.isHidden ? ", hidden" : "")</span></li>"
        }
        html += "</ul></div></article>"
        return (html, text)
    }

    /// Glyphs as `<use>`s of their outlines: one group per run of glyphs
    /// on one baseline at one size, placed at the run's first glyph and
    /// scaled to 1/1000 em, so each glyph is an integer offset along it.
    static func glyphsHTML(
        _ glyphs: [InspectedText.Glyph],
        glyphID: (InspectedText.Glyph) throws(InspectorError) -> Int?
    ) throws(InspectorError) -> String {
        var html = ""
        var origin: Point?
        var size = 0.0
        for glyph in glyphs {
            guard let id = try glyphID(glyph) else { continue }
            if origin == nil || glyph.size != size || glyph.position.y != origin!.y {
                if origin != nil { html += "</g>" }
                origin = glyph.position
                size = glyph.size
                html +=
                    "<g transform=\"translate(\(number(glyph.position.x)) \(number(glyph.position.y))) scale(\(number(size / 1000, digits: 6)))\">"
            }
            let offset = Int(((glyph.position.x - origin!.x) * 1000 / size).rounded())
            html +=
                offset == 0 ? "<use href=\"#g\(id)\"/>" : "<use href=\"#g\(id)\" x=\"\(offset)\"/>"
        }
        if origin != nil { html += "</g>" }
        return html
    }

    /// What the script shows for each view: per cell, its views and
    /// constraints, and the SVG of its glyphs.
    func dataJSON(texts: [String]) -> String {
        func rect(_ r: Rect) -> JSON {
            .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
        }
        // Constraint descriptions repeat from row to row: each is written once.
        var strings: [String] = []
        var stringIndex: [String: Int] = [:]
        func intern(_ text: String) -> JSON {
            if let index = stringIndex[text] { return .integer(index) }
            stringIndex[text] = strings.count
            strings.append(text)
            return .integer(strings.count - 1)
        }
        let cellsJSON: [JSON] = zip(cells, texts).map { cell, glyphs in
            var fields: [(String, JSON)] = [
                ("glyphs", .string(glyphs)),
                ("row", .integer(cell.row)), ("place", .string(cell.place)),
                ("width", .number(cell.width)),
                ("height", .number(cell.height)),
                (
                    "views",
                    .array(
                        cell.views.map { view in
                            var entry: [(String, JSON)] = [
                                ("name", .string(view.name)), ("kind", .string(view.kind)),
                                ("frame", rect(view.frame)), ("inCell", rect(view.frameInCell)),
                                (
                                    "intrinsic",
                                    .array([
                                        .number(view.intrinsicSize.width),
                                        .number(view.intrinsicSize.height),
                                    ])
                                ),
                                ("hugging", .array(view.hugging.map(JSON.number))),
                                (
                                    "compression",
                                    .array(view.compressionResistance.map(JSON.number))
                                ),
                                ("hidden", .bool(view.isHidden)),
                                ("constraints", .array(view.constraints.map(JSON.integer))),
                                ("ambiguous", .array(view.ambiguous.map(JSON.string))),
                            ]
                            if let text = view.text {
                                entry.append(("text", .string(text.string)))
                                entry.append(("lines", .integer(text.lineCount)))
                            }
                            if let other = view.otherFrame { entry.append(("other", rect(other))) }
                            return .object(entry)
                        })
                ),
                (
                    "constraints",
                    .array(
                        cell.constraints.map {
                            .array([
                                intern($0.description), .number($0.priority), .number($0.error),
                                .integer($0.isBroken ? 1 : 0), .integer($0.isConflicting ? 1 : 0),
                            ])
                        })
                ),
                ("conflicts", .array(cell.conflicts.map(JSON.string))),
            ]
            if let other = cell.otherPath {
                fields.append(
                    (
                        "otherPath",
                        .object([
                            ("name", .string(other.name)),
                            ("height", other.height.map(JSON.number) ?? .null),
                            ("refusal", other.refusal.map(JSON.string) ?? .null),
                            ("disagreeing", .array(other.disagreeing.map(JSON.string))),
                        ])
                    ))
            }
            return .object(fields)
        }
        return JSON.object([
            ("strings", .array(strings.map(JSON.string))), ("cells", .array(cellsJSON)),
        ]).serialized(pretty: false)
    }

    // MARK: Formatting

    /// The classic debugging color of a view by name (`CellPicture.fills`,
    /// as `trellis render` draws it).
    static func color(of name: String) -> RGBA {
        CellPicture.fills[name] ?? CellPicture.defaultFill
    }

    static func css(_ color: RGBA) -> String {
        if color.a == 255 { return "rgb(\(color.r),\(color.g),\(color.b))" }
        return "rgba(\(color.r),\(color.g),\(color.b),\(number(Double(color.a) / 255, digits: 3)))"
    }

    static func rectAttributes(_ frame: Rect) -> String {
        "x=\"\(number(frame.minX))\" y=\"\(number(frame.minY))\" width=\"\(number(max(frame.width, 0)))\" height=\"\(number(max(frame.height, 0)))\""
    }

    /// A number with at most `digits` decimals and no trailing zeros.
    static func number(_ value: Double) -> String { number(value, digits: 3) }

    static func number(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "0" }
        var factor = 1.0
        for _ in 0..<digits { factor *= 10 }
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
