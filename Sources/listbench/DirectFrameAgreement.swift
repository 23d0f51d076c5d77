// A stack-tree file's direct frames against its constraints' frames, every
// frame of every row at both widths (untimed; the agreement phase compares
// heights only).

import Trellis
import TrellisData

/// How many layouts (a row at a width) the direct path gave, how many of
/// them differ from the file's constraints in the height or any frame, and
/// the first that does.
struct DirectFrameAgreement {
    var compared = 0
    var differing = 0
    var first: String?
}

extension FileAloneSuite {
    /// Every row at each of `widths`, laid out by the direct path and by
    /// the file's constraints (a hierarchy reused from row to row, as
    /// `TemplateFileCell` keeps it), frames compared exactly: both paths
    /// snap to the same pixel grid. Rows the direct path refuses are not
    /// compared (they are counted in `directRefusals`).
    func directFrameAgreement(
        _ items: [JSONRow], widths: [Double], measurer: TextMeasurer
    ) throws(CellError) -> DirectFrameAgreement? {
        guard file.stackTreeProblem == nil else { return nil }
        var direct: TemplateFileDirectCell
        var constraints: TemplateFileCell
        do {
            direct = try TemplateFileDirectCell(
                file: file, measurer: measurer, scale: scale, contentSize: text.contentSize)
            constraints = try TemplateFileCell(
                file: file, measurer: measurer, scale: scale, contentSize: text.contentSize)
        } catch {
            throw CellError(template: file.name, message: "\(error)")
        }
        var agreement = DirectFrameAgreement()
        for width in widths {
            for (index, item) in items.enumerated() {
                guard let frames = try? direct.layout(item, width: width) else { continue }
                let reference = try constraints.layout(item, width: width)
                agreement.compared += 1
                guard frames.height != reference.height || frames.frames != reference.frames
                else { continue }
                agreement.differing += 1
                if agreement.first == nil {
                    agreement.first =
                        "row \(index + 1) at width \(formatPoints(width)): direct \(frames), constraints \(reference)"
                }
            }
        }
        return agreement
    }
}
