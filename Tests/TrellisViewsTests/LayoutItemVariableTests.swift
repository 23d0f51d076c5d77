// The solver variables of a layout item: their names in logs and reports.

import Testing
import TrellisConstraints
import TrellisGeometry

@testable import TrellisViews

@Suite struct LayoutItemVariableTests {
    /// Each of an item's four variables is named after the item's default
    /// name (its type and serial number) and the quantity it stands for,
    /// as conflict reports and constraint descriptions print it.
    @Test func variablesAreNamedAfterTheirItem() {
        let view = View()
        let guide = LayoutGuide()
        for item in [view, guide] as [LayoutItem] {
            let base = item.layoutName
            #expect(item._minX.name == "\(base).minX")
            #expect(item._minY.name == "\(base).minY")
            #expect(item._width.name == "\(base).width")
            #expect(item._height.name == "\(base).height")
            #expect(item._width.description == "\(base).width")
        }
        // A name given later does not rename the variables (they keep the
        // name the item had when made, as before).
        let base = view.layoutName
        view.name = "renamed"
        #expect(view._width.name == "\(base).width")
    }

    /// A variable made in code keeps the name it was given, whole.
    @Test func plainVariablesKeepTheirName() {
        #expect(Variable("cell.width").name == "cell.width")
        #expect(Variable().name == "")
        #expect(Variable().description == "<unnamed variable>")
    }
}
