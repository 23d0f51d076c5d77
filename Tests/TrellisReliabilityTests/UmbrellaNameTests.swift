// `import Trellis` (with the snapshot module beside it) brings every public
// type name in once: two modules with the same public name make every use of
// it ambiguous for users, so this file would not compile.

import Testing
import Trellis
import TrellisSnapshots

@Suite struct UmbrellaNameTests {
    @Test func namesThatOnceClashedResolveToOneType() {
        let item: LayoutItem = View()  // TrellisViews: views and guides
        #expect(item is View)
        let snapshot = ListSnapshot<Int, Int>()  // TrellisLists: identifiers to diff
        #expect(snapshot.numberOfItems == 0)
        #expect("\(CollectionLayoutItem.self)" == "CollectionLayoutItem")  // compositional
        #expect("\(VisibleListSnapshot.self)" == "VisibleListSnapshot")  // a list's visible range
    }
}
