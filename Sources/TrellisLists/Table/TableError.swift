// Errors from the table. Every throwing operation leaves the table exactly as
// it was before the call.

/// What went wrong in a table operation, saying what and where.
public enum TableError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The height source returned a NaN, infinite, negative or too large height.
    case invalidMeasuredHeight(Double, at: IndexPath, width: Double)
    /// A self-sizing header's or footer's height source returned a NaN,
    /// infinite, negative or too large height.
    case invalidHeaderFooterHeight(Double, element: TableElement, width: Double)
    /// An estimate (global or per row) was NaN, infinite, negative or too large.
    case invalidEstimatedHeight(Double, at: IndexPath)
    /// A section header or footer height was NaN, infinite, negative or too large.
    case invalidSectionHeight(Double, section: Int, kind: String)
    /// A width, viewport height, content offset or range setting was unusable.
    case invalidParameter(name: String, value: Double, reason: String)
    /// A section's row count was negative.
    case invalidRowCount(Int, section: Int)
    /// A section index outside `0 ..< sectionCount`.
    case sectionOutOfRange(Int, sectionCount: Int, context: String)
    /// A row index outside its section.
    case rowOutOfRange(IndexPath, rowCount: Int, context: String)
    /// UIKit's "invalid number of sections" case.
    case invalidNumberOfSections(after: Int, before: Int, inserted: Int, deleted: Int)
    /// UIKit's "invalid number of rows in section" case.
    case invalidNumberOfRows(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int,
        movedOut: Int)
    /// An index path named twice, or in two operations that exclude each other.
    case conflictingUpdate(IndexPath, reason: String)
    /// A section named twice, or in two operations that exclude each other.
    case conflictingSectionUpdate(Int, reason: String)
    /// `dequeueReusableCell(withIdentifier:)` for an identifier with no factory.
    case unregisteredReuseIdentifier(String)
    /// A snapshot was refused (repeated identifiers, a reload of a missing item).
    case invalidSnapshot(SnapshotError)

    /// Two errors are equal when they say the same thing (so a NaN height
    /// equals a NaN height).
    public static func == (lhs: TableError, rhs: TableError) -> Bool {
        lhs.description == rhs.description
    }

    public var description: String {
        switch self {
        case .invalidMeasuredHeight(let h, let at, let width):
            return "Height source returned \(heightText(h)) for the row at index path \(at) "
                + "at width "
                + "\(formatNumber(width)); heights must be finite, not negative and at most "
                + "\(Int(_Units.maximumElementHeight)) points."
        case .invalidHeaderFooterHeight(let h, let element, let width):
            return "Header and footer height source returned \(heightText(h)) for \(element) at "
                + "width \(formatNumber(width)); heights must be finite, not negative and at most "
                + "\(Int(_Units.maximumElementHeight)) points."
        case .invalidEstimatedHeight(let h, let at):
            return "Estimated height \(heightText(h)) for the row at index path \(at) "
                + "is not usable; estimates "
                + "must be finite, not negative and at most "
                + "\(Int(_Units.maximumElementHeight)) points."
        case .invalidSectionHeight(let h, let section, let kind):
            return "Section \(section) \(kind) height \(heightText(h)) is not usable; it must be "
                + "finite, not negative and at most "
                + "\(Int(_Units.maximumElementHeight)) points."
        case .invalidParameter(let name, let value, let reason):
            return "Invalid \(name) \(formatNumber(value)): \(reason)."
        case .invalidRowCount(let count, let section):
            return "Section \(section) has a negative number of rows (\(count))."
        case .sectionOutOfRange(let section, let count, let context):
            return "\(context): section \(section) is out of range (the table has \(count) "
                + "section\(count == 1 ? "" : "s"))."
        case .rowOutOfRange(let path, let rows, let context):
            return "\(context): index path \(path) is out of range "
                + "(section \(path.section) has \(rows) row\(rows == 1 ? "" : "s"))."
        case .invalidNumberOfSections(let after, let before, let inserted, let deleted):
            return "Invalid update: invalid number of sections. The number of sections "
                + "contained in the table after the update (\(after)) must be equal to the "
                + "number of sections contained in the table before the update (\(before)), "
                + "plus or minus the number of sections inserted or deleted (\(inserted) "
                + "inserted, \(deleted) deleted)."
        case .invalidNumberOfRows(
            let section, let after, let before, let inserted, let deleted, let movedIn,
            let movedOut):
            return "Invalid update: invalid number of rows in section \(section). The number "
                + "of rows contained in an existing section after the update (\(after)) must "
                + "be equal to the number of rows contained in that section before the update "
                + "(\(before)), plus or minus the number of rows inserted or deleted from that "
                + "section (\(inserted) inserted, \(deleted) deleted) and plus or minus the "
                + "number of rows moved into or out of that section (\(movedIn) moved in, "
                + "\(movedOut) moved out)."
        case .conflictingUpdate(let path, let reason):
            return "Invalid update: index path \(path): \(reason)."
        case .conflictingSectionUpdate(let section, let reason):
            return "Invalid update: section \(section): \(reason)."
        case .unregisteredReuseIdentifier(let identifier):
            return "No cell factory is registered for reuse identifier \"\(identifier)\"; "
                + "call register(_:forCellReuseIdentifier:) first."
        case .invalidSnapshot(let error):
            return "Invalid snapshot: \(error)"
        }
    }
}

/// A number for an error message: NaN and infinities by name, others in full.
private func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "+infinity" : "-infinity" }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

private func heightText(_ value: Double) -> String { formatNumber(value) }

/// Validates a height in points and converts it to units, or returns nil.
func _validHeightUnits(_ points: Double) -> Int64? {
    guard _Units.isRepresentable(points), points >= 0 else { return nil }
    let units = _Units.units(points)
    return units <= _Units.maximumElementUnits ? units : nil
}
