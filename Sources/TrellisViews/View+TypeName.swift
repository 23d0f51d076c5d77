// The type name a view's default layout name starts with.

import TrellisSupport

extension View {
    /// Type names by type, made once each. `"\(type)"` demangles the type's
    /// name in the Swift runtime every time; done for every view made on
    /// several threads at once, that demangling crashed (twice, in
    /// `reusedStackCellsLayOutAsFreshOnes`), and it cost a demangling per
    /// view. Each name is made once, under a lock.
    private static let _typeNames = Locked<[ObjectIdentifier: String]>([:])

    static func _typeName(_ type: View.Type) -> String {
        let key = ObjectIdentifier(type)
        return _typeNames.withLock { names in
            if let name = names[key] { return name }
            let name = String(describing: type)
            names[key] = name
            return name
        }
    }
}
