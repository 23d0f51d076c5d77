import Testing
import TrellisCells
import TrellisSamples
import TrellisTemplateFiles
import TrellisViews

/// A laid-out cell hierarchy must be freed once nothing references it: a
/// fresh engine per row (listbench phase 3) would otherwise leak every row.
@Suite struct LifetimeTests {
    @Test func cellHierarchyIsFreedAfterLayout() throws {
        let style = try AnimalCellStyle.classic()
        weak var contentView: View?
        weak var subtitle: Label?
        do {
            let cell = AnimalTableViewCellView(style: style)
            cell.configure(
                with: AnimalItem(title: "Fox", subtitle: "Lives in the northern forests."))
            _ = cell.layout(width: 375)
            contentView = cell.contentView
            subtitle = cell.subtitleLabel
        }
        #expect(contentView == nil)
        #expect(subtitle == nil)
    }
}
