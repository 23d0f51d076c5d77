// Two implementations of one cell compared row by row, as listbench's
// agreement phase compares frame code with constraints: heights, and every
// subview's frame.

/// How far two templates agree on a list of rows.
public struct TemplateAgreement: Sendable, CustomStringConvertible {
    /// Rows × widths compared.
    public var comparisons = 0
    /// Comparisons whose height or any frame differed.
    public var disagreements = 0
    /// The largest |Δheight| seen.
    public var maxHeightDifference = 0.0
    /// The first disagreement: row (its index in `items`), width, and both layouts.
    public var first: (row: Int, width: Double, a: CellLayout, b: CellLayout)?
    /// The first disagreement's row as `RowPlace` names it.
    public var firstPlace: String?

    /// Lays every item out with both templates at each width and compares
    /// heights and frames (frames by name, exactly: both paths snap to the
    /// same pixel grid).
    /// - Throws: the first `CellError` either template gives, with its row.
    public static func compare<A: CellTemplate, B: CellTemplate>(
        _ a: inout A, _ b: inout B, items: [A.Item], widths: [Double]
    ) throws(CellError) -> TemplateAgreement where B.Item == A.Item {
        var result = TemplateAgreement()
        for width in widths {
            for (row, item) in items.enumerated() {
                let first: CellLayout
                let second: CellLayout
                do {
                    first = try a.layout(item, width: width)
                    second = try b.layout(item, width: width)
                } catch {
                    throw CellError(
                        template: error.template,
                        message: RowPlace.append(
                            to: "width \(width): \(error.message)", item: item, index: row))
                }
                result.comparisons += 1
                result.maxHeightDifference = max(
                    result.maxHeightDifference, abs(first.height - second.height))
                if first.height != second.height || first.frames != second.frames {
                    result.disagreements += 1
                    if result.first == nil {
                        result.first = (row, width, first, second)
                        result.firstPlace = RowPlace.of(item, index: row)
                    }
                }
            }
        }
        return result
    }

    public var description: String {
        var text =
            "\(comparisons - disagreements) of \(comparisons) rows agree, max |Δheight| \(maxHeightDifference)"
        if let first {
            text +=
                "; first difference \(firstPlace ?? "(items[\(first.row)])") at width \(first.width):\n\(first.a)\n---\n\(first.b)"
        }
        return text
    }
}
