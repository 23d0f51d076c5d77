// Why a snapshot was refused, naming the identifier and the positions. A
// refused snapshot changes nothing.

/// What is wrong with a snapshot, saying what and where. Identifiers are
/// shown with `String(describing:)`.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two sections have the same identifier (UIKit crashes here).
    case duplicateSection(String, first: Int, second: Int)
    /// Two items have the same identifier, at two index paths of the snapshot
    /// (UIKit crashes here).
    case duplicateItem(String, first: IndexPath, second: IndexPath)
    /// `reloadItems` named an item the snapshot does not hold.
    case reloadOfMissingItem(String)
    /// An operation named a section the snapshot does not hold.
    case sectionNotFound(String, context: String)
    /// `appendItems(_:)` on a snapshot without sections.
    case noSections(context: String)

    /// The message: what is wrong and where.
    /// - Complexity: O(1).
    public var description: String {
        switch self {
        case .duplicateSection(let id, let first, let second):
            return "Snapshot has section identifier \(id) twice: at section \(first) and at "
                + "section \(second); section identifiers must be unique."
        case .duplicateItem(let id, let first, let second):
            return "Snapshot has item identifier \(id) twice: at \(first) and at \(second) "
                + "([section, item]); item identifiers must be unique across all sections."
        case .reloadOfMissingItem(let id):
            return "reloadItems(_:) names item identifier \(id), which is not in the snapshot."
        case .sectionNotFound(let id, let context):
            return "\(context): the snapshot has no section with identifier \(id)."
        case .noSections(let context):
            return "\(context): the snapshot has no sections to add items to."
        }
    }
}
