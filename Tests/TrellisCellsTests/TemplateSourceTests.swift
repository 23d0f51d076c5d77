// The one template source: how every command resolves a template argument,
// and the one font-path rule.

import Testing
import TrellisCells
import TrellisTemplateFiles
import TrellisTemplateSource

@Suite struct TemplateSourceTests {
    /// A template file whose one label names its font `font`.
    static func file(font: String) throws -> TemplateFile {
        try TemplateFile.parse(
            """
            {"name": "FontCell", "views": [
              {"id": "title", "kind": "label", "field": "title",
               "textStyle": {"font": "\(font)", "size": 13}}],
             "constraints": ["title.top == contentView.top", "title.bottom == contentView.bottom",
               "title.leading == contentView.leading", "title.trailing == contentView.trailing"]}
            """, file: "font.json")
    }

    @Test func aBuiltInNameIsResolvedBeforeAnyFile() throws {
        var read: [String] = []
        let source = try TemplateSource.resolve("PostCell") { path in
            read.append(path)
            return try Self.file(font: "Inter")
        }
        guard case .builtIn(.post) = source else {
            Issue.record("expected the built-in PostCell, got \(source)")
            return
        }
        #expect(read.isEmpty)
    }

    @Test func anArgumentWithASlashOrAJSONEndingIsAFile() throws {
        for argument in ["cell.json", "Templates/Cell", "./x"] {
            var read: [String] = []
            let source = try TemplateSource.resolve(argument) { path in
                read.append(path)
                return try Self.file(font: "Inter")
            }
            #expect(read == [argument])
            #expect(source.name == "FontCell")
            #expect(TemplateSource.namesFile(argument))
        }
        #expect(!TemplateSource.namesFile("AnimalTableViewCell"))
        #expect(!TemplateSource.namesFile("cell.jsonl"))
    }

    @Test func anythingElseIsAnUnknownTemplateListingTheBuiltInNames() {
        #expect(throws: UnknownTemplateError(argument: "NoSuchCell")) {
            try TemplateSource.resolve("NoSuchCell") { _ in try Self.file(font: "Inter") }
        }
        #expect(
            UnknownTemplateError(argument: "NoSuchCell").description
                == "unknown template 'NoSuchCell' (expected AnimalTableViewCell, BirdCollectionViewCell, FeedCell, PostCell or ProductCard or a template file)"
        )
    }

    @Test func aFontNameIsAPathWithASlashOrAFontFileEnding() {
        for path in ["fonts/Inter", "/x/y", "font.ttf", "Font.OTF", "collection.ttc", "A.TTC"] {
            #expect(FontName.isPath(path), "\(path)")
        }
        for family in ["Inter", "Noto Sans Hebrew", "ttf", "font.woff"] {
            #expect(!FontName.isPath(family), "\(family)")
        }
    }

    /// A bare `font.ttf` is a font file the heights depend on: it is in the
    /// cache key's files, as a font with a slash is.
    @Test func fontFilesHoldEveryFontAViewNamesByPath() throws {
        let bundled = TemplateSource.builtIn(.animal).fontFiles
        #expect(!bundled.isEmpty)
        #expect(
            try TemplateSource.file(Self.file(font: "font.ttf")).fontFiles
                == (bundled + ["font.ttf"]).sorted())
        #expect(
            try TemplateSource.file(Self.file(font: "dir/a.otf")).fontFiles
                == (bundled + ["dir/a.otf"]).sorted())
        #expect(try TemplateSource.file(Self.file(font: "Inter")).fontFiles == bundled)
    }
}

extension UnknownTemplateError: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.argument == b.argument }
}
