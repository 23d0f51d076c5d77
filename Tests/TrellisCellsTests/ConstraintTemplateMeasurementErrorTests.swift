// A label that cannot measure its text makes a constraint template's row
// fail with an error naming the template and the label, from `height` and
// from `layout` alike.

import Testing
import TrellisCells
import TrellisSamples

@Suite struct ConstraintTemplateMeasurementErrorTests {
    /// The Animal cell whose subtitle's font size is 0: the label's
    /// measurement fails (the measurer refuses the size).
    static func template() throws -> AnimalTableViewCellConstraints {
        var style = try AnimalCellStyle.classic()
        style.subtitle.size = 0
        return AnimalTableViewCellConstraints(style: style)
    }

    static let row = AnimalItem(title: "Otter", subtitle: "Holds hands with another while asleep.")

    @Test func heightThrowsTheLabelsError() throws {
        var template = try Self.template()
        do {
            let height = try template.height(for: Self.row, width: 375)
            Issue.record("a height (\(height)) from a subtitle that cannot measure")
        } catch {
            #expect(error.template == AnimalTableViewCell.name)
            #expect(error.message.hasPrefix("subtitle: "), "\(error.message)")
        }
    }

    @Test func layoutThrowsTheLabelsError() throws {
        var template = try Self.template()
        do {
            _ = try template.layout(Self.row, width: 375)
            Issue.record("a layout from a subtitle that cannot measure")
        } catch {
            #expect(error.template == AnimalTableViewCell.name)
            #expect(error.message.hasPrefix("subtitle: "), "\(error.message)")
        }
    }

    /// A reused hierarchy reports the error on every row, not only the first.
    @Test func everyRowOfAReusedCellThrows() throws {
        var template = try Self.template()
        for index in 0..<3 {
            let row = AnimalItem(title: "Row \(index)", subtitle: "Subtitle number \(index).")
            #expect(throws: CellError.self) { try template.height(for: row, width: 375) }
        }
    }
}
