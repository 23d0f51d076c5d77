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
        // The library's own view classes, the ones made by the thousand (a
        // stack tree's boxes, labels and stacks), are named without the
        // lock and the dictionary (723 to 595 instructions a view made,
        // callgrind, a new column of 1,000 boxes). Each name is a `static
        // let`, made once, thread-safely, by the runtime.
        if type == View.self { return _viewName }
        if type == StackView.self { return _stackViewName }
        if type == Label.self { return _labelName }
        if type == ImageView.self { return _imageViewName }
        let key = ObjectIdentifier(type)
        return _typeNames.withLock { names in
            if let name = names[key] { return name }
            let name = String(describing: type)
            names[key] = name
            return name
        }
    }

    private static let _viewName = String(describing: View.self)
    private static let _stackViewName = String(describing: StackView.self)
    private static let _labelName = String(describing: Label.self)
    private static let _imageViewName = String(describing: ImageView.self)
}
