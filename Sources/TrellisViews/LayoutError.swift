// Errors of the view layer and the log conflicts and refused changes go to.

import TrellisSupport

/// Something the layout API refused, saying what and where.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The constraint's items are in different hierarchies.
    case noCommonAncestor(constraint: String)
    /// The constraint's first item is not a view or a guide added to a view.
    case notInHierarchy(constraint: String)
    /// The attributes cannot be related (x with y, size with position, leading with left, ...).
    case invalidAttributes(constraint: String, reason: String)
    /// Required ↔ optional on an active constraint (UIKit raises for this).
    case priorityChange(from: Double, to: Double, constraint: String)
    /// A priority outside 1...1000.
    case invalidPriority(Double, constraint: String)
    /// A size or inset that is negative, NaN or infinite.
    case invalidValue(String)

    public var description: String {
        switch self {
        case .noCommonAncestor(let constraint):
            return
                "Unable to activate constraint \(constraint): its items have no common ancestor. Add both to the same view hierarchy first."
        case .notInHierarchy(let constraint):
            return
                "Unable to activate constraint \(constraint): its first item is a layout guide that was not added to a view."
        case .invalidAttributes(let constraint, let reason):
            return "Invalid constraint \(constraint): \(reason)."
        case .priorityChange(let from, let to, let constraint):
            return
                "Mutating the priority of the active constraint \(constraint) from \(formatPriority(from)) to \(formatPriority(to)) is not supported: required and optional constraints cannot change into each other while active. Deactivate it first."
        case .invalidPriority(let value, let constraint):
            return "Invalid priority \(value) for \(constraint): priorities are from 1 to 1000."
        case .invalidValue(let message):
            return message
        }
    }
}

private func formatPriority(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

/// Where layout messages go: unsatisfiable-constraint logs and refused changes.
/// By default they are written to standard error, as UIKit writes them to the console.
public enum LayoutLog {
    private static let handler = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Replaces the destination of layout messages (pass nil to restore standard error).
    public static func setHandler(_ handler: (@Sendable (String) -> Void)?) {
        self.handler.withLock { $0 = handler }
    }

    private static let conflictHandler =
        Locked<(@Sendable (UnsatisfiableConstraints, _ row: Int?) -> Void)?>(nil)

    /// Sends conflicts to `handler` instead of the message destination, with
    /// the `View.logRow` of the hierarchy's root, for tools that lay out
    /// many rows and print each distinct conflict once (`UnsatisfiableConstraints.key`).
    /// Pass nil to log each conflict as a message again, as UIKit logs it.
    public static func setConflictHandler(
        _ handler: (@Sendable (UnsatisfiableConstraints, _ row: Int?) -> Void)?
    ) {
        conflictHandler.withLock { $0 = handler }
    }

    static func emit(_ conflict: UnsatisfiableConstraints, row: Int?) {
        if let handler = conflictHandler.withLock({ $0 }) {
            handler(conflict, row)
        } else {
            emit(conflict.description)
        }
    }

    /// Hands a conflict already logged to the conflict handler alone.
    static func tellConflictHandler(_ conflict: UnsatisfiableConstraints, row: Int) {
        conflictHandler.withLock { $0 }?(conflict, row)
    }

    static func emit(_ message: String) {
        let handler = self.handler.withLock { $0 }
        if let handler {
            handler(message)
        } else {
            _writeToStandardError(message + "\n")
        }
    }
}
