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

    // Written out: `String(describing:)` of a type asks the runtime for
    // the type's conformances to the printing protocols, and the first
    // time each is asked the runtime reads every conformance record of the
    // program (about 720,000 instructions each, 2.9 M of a one-row
    // `trellis heights`, 2026-12-05). `ViewTypeNameTests` checks that
    // they are what `String(describing:)` gives.
    static let _viewName = "View"
    static let _stackViewName = "StackView"
    static let _labelName = "Label"
    static let _imageViewName = "ImageView"
}
