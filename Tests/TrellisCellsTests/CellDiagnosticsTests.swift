import Testing
import TrellisCells
import TrellisSamples
import TrellisTemplateFiles
import TrellisViews

/// The classic AnimalTableViewCell sizes itself from the subtitle alone:
/// 64 + h, which is shorter than the cover plus its insets (16 + 40 + 16 =
/// 72) when h < 8, e.g. for an empty subtitle. The diagnostics must say so;
/// the corrected variant (content.bottom >= cover.bottom + 16) fixes it.
@Suite struct CellDiagnosticsTests {
    static let short = AnimalItem(title: "Owl", subtitle: "")
    static let long = AnimalItem(
        title: "Owl", subtitle: "The barn owl hunts at dawn and dusk near rivers and lakes.")

    @Test func classicCellWithShortSubtitleIsFlagged() throws {
        let cell = AnimalTableViewCellView(style: try .classic())
        cell.configure(with: Self.short)
        let issues = cell.issues(width: 375)
        #expect(
            issues.contains(
                .bottomInsetSqueezed(view: "cover", cellHeight: 64, viewBottom: 56, topInset: 16)),
            "\(issues)")
    }

    @Test func classicCellWithLongSubtitleIsClean() throws {
        let cell = AnimalTableViewCellView(style: try .classic())
        cell.configure(with: Self.long)
        #expect(cell.issues(width: 375).isEmpty)
    }

    @Test func correctedVariantIsCleanAndTallEnough() throws {
        let cell = AnimalTableViewCellView(style: try .classic(), corrected: true)
        cell.configure(with: Self.short)
        #expect(cell.issues(width: 375).isEmpty)
        #expect(cell.fittingHeight(width: 375) == 72)
    }

    @Test func correctedVariantKeepsTallCellsUnchanged() throws {
        var classic = AnimalTableViewCellConstraints(style: try .classic())
        var corrected = AnimalTableViewCellConstraints(style: try .classic(), corrected: true)
        for item in AnimalDataGenerator(seed: 9).items(count: 300) {
            let a = try classic.height(for: item, width: 375)
            let b = try corrected.height(for: item, width: 375)
            #expect(b == max(a, 72))
        }
    }

    @Test func messageSaysWhatToAdd() {
        let issue = CellIssue.bottomInsetSqueezed(
            view: "cover", cellHeight: 64, viewBottom: 56, topInset: 16)
        #expect(issue.description.contains("add contentView.bottom >= cover.bottom + 16"))
    }
}
