import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport

/// Frame code and constraints must give identical heights for the same item
/// and width (the mission's comparison relies on it).
@Suite struct PathAgreementTests {
    static let widths: [Double] = [320, 375, 414]

    func disagreements<F: CellTemplate, C: CellTemplate>(
        _ frames: inout F, _ constraints: inout C, items: [F.Item]
    ) throws -> [String] where C.Item == F.Item {
        var found: [String] = []
        for width in Self.widths {
            for (row, item) in items.enumerated() {
                let a = try frames.height(for: item, width: width)
                let b = try constraints.height(for: item, width: width)
                if a != b {
                    found.append("row \(row) width \(width): frames \(a), constraints \(b)")
                }
            }
        }
        return found
    }

    static let userRows = TestPaths.fixture("user-rows.jsonl", of: "TrellisCellsTests")

    @Test func animalTableViewCellHeightsAreIdentical() throws {
        let style = try AnimalCellStyle.classic()
        var frames = AnimalTableViewCellFrames(style: style)
        var constraints = AnimalTableViewCellConstraints(style: style)
        let items = AnimalDataGenerator(seed: 1).items(count: 10_000)
        let found = try disagreements(&frames, &constraints, items: items)
        #expect(found.isEmpty, "\(found.count) rows differ: \(found.prefix(5))")
    }

    /// A user file with what real data holds: hard breaks, tabs, URLs, long
    /// words, emoji, Hebrew, Arabic, mixed directions, combining marks, CJK
    /// (no bundled font: notdef), bidi controls, soft hyphens, NBSP.
    @Test func userDataHeightsAreIdenticalForEveryTemplate() throws {
        let items = try JSONLinesLoader.load(path: Self.userRows)
        #expect(items.count == 61)
        var animalFrames = AnimalTableViewCellFrames(style: try .classic())
        var animalConstraints = AnimalTableViewCellConstraints(style: try .classic())
        var found = try disagreements(&animalFrames, &animalConstraints, items: items)
        var birdFrames = BirdCollectionViewCellFrames(style: try .standard())
        var birdConstraints = BirdCollectionViewCellConstraints(style: try .standard())
        found += try disagreements(&birdFrames, &birdConstraints, items: items)
        var feedFrames = FeedCellFrames(style: try .standard())
        var feedConstraints = FeedCellConstraints(style: try .standard())
        found += try disagreements(&feedFrames, &feedConstraints, items: items)
        #expect(found.isEmpty, "\(found.count) rows differ: \(found.prefix(5))")
    }

    @Test func animalFramesMatchAcrossPaths() throws {
        let style = try AnimalCellStyle.classic()
        var frames = AnimalTableViewCellFrames(style: style)
        var constraints = AnimalTableViewCellConstraints(style: style)
        for item in AnimalDataGenerator(seed: 2).items(count: 50) {
            let a = try frames.layout(item, width: 375)
            let b = try constraints.layout(item, width: 375)
            #expect(a.height == b.height)
            // The same views (zip below stops at the shorter list), then their
            // frames, from the solver: equal up to its rounding noise.
            #expect(!a.frames.isEmpty && a.frames.map(\.name) == b.frames.map(\.name))
            for (x, y) in zip(a.frames, b.frames) {
                #expect(x.name == y.name)
                for (p, q) in [
                    (x.frame.minX, y.frame.minX), (x.frame.minY, y.frame.minY),
                    (x.frame.width, y.frame.width), (x.frame.height, y.frame.height),
                ] {
                    #expect(abs(p - q) < 1e-9, "\(x.name): \(p) vs \(q)")
                }
            }
        }
    }

    @Test func birdCollectionViewCellHeightsAreIdentical() throws {
        let style = try BirdCellStyle.standard()
        var frames = BirdCollectionViewCellFrames(style: style)
        var constraints = BirdCollectionViewCellConstraints(style: style)
        let items = AnimalDataGenerator(seed: 3).items(count: 3_000)
        let found = try disagreements(&frames, &constraints, items: items)
        #expect(found.isEmpty, "\(found.count) rows differ: \(found.prefix(5))")
    }

    @Test func feedCellHeightsAreIdentical() throws {
        let style = try FeedCellStyle.standard()
        var frames = FeedCellFrames(style: style)
        var constraints = FeedCellConstraints(style: style)
        var items = AnimalDataGenerator(seed: 4).items(
            count: Soak.count("TRELLIS_FEED_ROWS", quick: 250, soak: 3_000))
        for index in stride(from: 0, to: items.count, by: 3) { items[index].imageSize = nil }
        let found = try disagreements(&frames, &constraints, items: items)
        #expect(found.isEmpty, "\(found.count) rows differ: \(found.prefix(5))")
    }
}

@Suite struct TemplateFileCellTests {
    static let animalFile = TestPaths.repository.appendingPathComponent(
        "Templates/AnimalTableViewCell.json"
    ).path

    @Test func animalTemplateFileGivesTheBuiltInHeights() throws {
        let style = try AnimalCellStyle.classic()
        var builtIn = AnimalTableViewCellFrames(style: style)
        var file = try TemplateFileCell(file: try TemplateFile.load(path: Self.animalFile))
        var differ = 0
        for width in [320.0, 375, 414] {
            for item in AnimalDataGenerator(seed: 1).items(count: 500) {
                if try builtIn.height(for: item, width: width)
                    != file.height(for: item.jsonRow, width: width)
                {
                    differ += 1
                }
            }
        }
        #expect(differ == 0)
    }

    @Test func fileFramesMatchTheBuiltInFrames() throws {
        var builtIn = AnimalTableViewCellFrames(style: try AnimalCellStyle.classic())
        var file = try TemplateFileCell(file: try TemplateFile.load(path: Self.animalFile))
        let item = AnimalItem(
            title: "Red Fox",
            subtitle: "The red fox is a small carnivore found across the Northern Hemisphere.")
        let a = try builtIn.layout(item, width: 375)
        let b = try file.layout(item.jsonRow, width: 375)
        #expect(a.height == b.height && a.height == 126)
        #expect(!a.frames.isEmpty && a.frames.count == b.frames.count)
        for (x, y) in zip(a.frames, b.frames) {
            #expect(x.name == y.name)
            #expect(
                abs(x.frame.minY - y.frame.minY) < 1e-9
                    && abs(x.frame.height - y.frame.height) < 1e-9)
        }
    }

    @Test func badFontInAFileIsNamed() throws {
        let text = #"{"views": [{"id": "t", "kind": "label", "font": "/nonexistent/font.ttf"}]}"#
        let file = try TemplateFile.parse(text, file: "cell.json")
        #expect(throws: TemplateFileError.self) { try TemplateFileCell(file: file) }
        do {
            _ = try TemplateFileCell(file: file)
        } catch {
            #expect(error.description.hasPrefix("cell.json:1:12: view \"t\": "), "\(error)")
        }
    }

    @Test func vflEntriesBuildConstraints() throws {
        let text = """
            {"name": "Row", "views": [{"id": "a", "kind": "view"}, {"id": "b", "kind": "view"}],
             "vfl": ["H:|-16-[a(40)]-8-[b]-16-|", {"format": "V:|-12-[a(30)]-12-|", "options": []}, "V:|-12-[b(==a)]"]}
            """
        var cell = try TemplateFileCell(file: try TemplateFile.parse(text, file: "row.json"))
        let layout = try cell.layout(JSONRow([:]), width: 200)
        #expect(layout.height == 54)
        #expect(layout.frame(of: "a") == Rect(x: 16, y: 12, width: 40, height: 30))
        #expect(layout.frame(of: "b") == Rect(x: 64, y: 12, width: 120, height: 30))
    }

    @Test func vflSyntaxErrorNamesTheEntry() throws {
        let text = #"{"views": [{"id": "a", "kind": "view"}], "vfl": ["H:|-[a"]}"#
        let file = try TemplateFile.parse(text, file: "row.json")
        do {
            _ = try TemplateFileCell(file: file)
            Issue.record("expected an error")
        } catch {
            // The format's quote is at column 50; its end, where "]" is
            // expected, is 7 columns on.
            #expect(
                error.description.hasSuffix("row.json:1:57: in \"H:|-[a\": Expected ']'"),
                "\(error)")
        }
    }
}
