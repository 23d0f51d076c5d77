// `trellis render --layout FILE.json`: a compositional layout file over the
// rows (its sections take them in order), every self-sizing cell measured
// by the template, drawn with orthogonal sections at offset 0 and as wide as
// their content; section backgrounds, headers, footers and badges are
// drawn over the cells as outlines and tints.

import CLISupport
import FoundationEssentials
import Trellis
import TrellisTemplateSource

extension Render {
    /// True when `--layout` names a layout file.
    var layoutIsFile: Bool { TemplateSource.namesFile(layout) }

    /// The layout file of `--layout`.
    func layoutFile() throws -> CompositionalLayoutFile {
        do {
            return try CompositionalLayoutFile.load(path: layout)
        } catch {
            throw CLIFailure.data("\(error)")
        }
    }

    /// Lays the items out with the layout file and draws them.
    func drawCompositional<T: CellTemplate & LabelDescribing>(_ cell: inout T, items: [T.Item])
        throws -> Bitmap
    {
        let file = try layoutFile()
        let sizing = TemplateSizing(template: cell, items: items)
        var collection = CompositionalLayout(
            sections: file.sections, itemCounts: file.itemCounts,
            sizing: SectionRowsSizing(base: sizing, itemCounts: file.itemCounts))
        try collection.prepare(
            bounds: Rect(x: 0, y: 0, width: width, height: 812),
            layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
            safeAreaInsets: .zero)
        try collection.measureAllItems()
        if let error = sizing.error { throw error }
        let frames = collection.itemFramesAtOrthogonalOffsetZero.flatMap { $0 }
        let everything = Rect(
            x: -1e6, y: -1e6, width: 4e6, height: collection.contentSize.height + 2e6)
        let elements = collection.elements(in: everything)
        let contentWidth = elements.reduce(width) { max($0, $1.frame.maxX) }
        let canvas = Size(
            width: min(contentWidth, 16_384 / scale), height: collection.contentSize.height)
        var bitmap = try CellPicture.render(
            template: &cell, items: items, frames: frames, canvas: canvas, scale: scale
        ).0
        for element in elements {
            let f = element.frame
            let (x0, y0, x1, y1) = (f.minX * scale, f.minY * scale, f.maxX * scale, f.maxY * scale)
            switch element.category {
            case .cell: continue
            case .decoration:
                bitmap.stroke(
                    x0: x0, y0: y0, x1: x1, y1: y1, thickness: scale, color: RGBA(88, 86, 214))
            case .supplementary(let kind) where kind == "badge":
                bitmap.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: RGBA(255, 59, 48, 220))
            case .supplementary:
                bitmap.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: RGBA(255, 149, 0, 90))
                bitmap.stroke(
                    x0: x0, y0: y0, x1: x1, y1: y1, thickness: scale, color: RGBA(255, 149, 0))
            }
        }
        return bitmap
    }
}
