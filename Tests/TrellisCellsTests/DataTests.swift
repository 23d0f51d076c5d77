import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles

@Suite struct AnimalDataGeneratorTests {
    @Test func sameSeedGivesSameRows() {
        #expect(
            AnimalDataGenerator(seed: 7).items(count: 200)
                == AnimalDataGenerator(seed: 7).items(count: 200))
        #expect(
            AnimalDataGenerator(seed: 7).items(count: 50)
                != AnimalDataGenerator(seed: 8).items(count: 50))
    }

    @Test func subtitleLengthsSpreadLikeListContent() {
        let lengths = AnimalDataGenerator(seed: 1).items(count: 10_000).map(\.subtitle.count)
        let nonEmpty = lengths.filter { $0 > 0 }.sorted()
        let median = nonEmpty[nonEmpty.count / 2]
        // Log-normal with median 70; cut at word boundaries shortens a little.
        #expect((60...75).contains(median), "median \(median)")
        #expect(lengths.max()! <= AnimalDataGenerator.maximumLength)
        #expect(nonEmpty.last! > 400, "the long tail reaches past 400 characters")
        let empty = lengths.count - nonEmpty.count
        #expect((100...300).contains(empty), "about 2% empty, got \(empty)")
    }

    @Test func rowsMixEnglishAndRussian() {
        let items = AnimalDataGenerator(seed: 1).items(count: 2_000)
        let russian = items.filter {
            $0.title.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
        }
        #expect((400...600).contains(russian.count), "about 25% Russian, got \(russian.count)")
    }

    @Test func subtitlesEndAtWordBoundaries() {
        var checked = 0
        for item in AnimalDataGenerator(seed: 3).items(count: 1_000) where !item.subtitle.isEmpty {
            #expect(!item.subtitle.hasSuffix(" ") && !item.subtitle.hasPrefix(" "))
            checked += 1
        }
        // 2% of subtitles are empty (the generator's rule): the rest were checked.
        #expect(checked > 900)
    }
}

@Suite struct JSONLinesLoaderTests {
    func parse(_ text: String) throws(DataFileError) -> [AnimalItem] {
        try JSONLinesLoader.parse(Data(text.utf8), file: "rows.jsonl")
    }

    @Test func loadsTitleSubtitleAndImage() throws {
        let items = try parse(
            """
            {"title": "Fox", "subtitle": "Lives in forests.", "image": [640, 480]}
            {"subtitle": "No title here"}

            {"title": "Owl", "extra": 1}
            """)
        #expect(
            items == [
                AnimalItem(
                    title: "Fox", subtitle: "Lives in forests.",
                    imageSize: Size(width: 640, height: 480)),
                AnimalItem(title: "", subtitle: "No title here"),
                AnimalItem(title: "Owl", subtitle: ""),
            ])
    }

    @Test func acceptsCRLFLineEnds() throws {
        let items = try parse("{\"title\": \"A\"}\r\n{\"title\": \"B\"}\r\n")
        #expect(items.map(\.title) == ["A", "B"])
    }

    @Test func malformedLineIsNamedByNumber() {
        #expect(
            throws: DataFileError(
                file: "rows.jsonl", position: SourcePosition(line: 2, column: 11),
                message: "unexpected end of file, expected a value")
        ) {
            try parse("{\"title\": \"A\"}\n{\"title\": \n")
        }
    }

    @Test func missingFieldsAreReported() {
        #expect(
            throws: DataFileError(
                file: "rows.jsonl", line: 1,
                message: "field \"title\" is missing, and so is \"subtitle\" (a row needs one)")
        ) { try parse("{\"name\": \"A\"}") }
    }

    @Test func wrongTypesAreReported() {
        #expect(
            throws: DataFileError(
                file: "rows.jsonl", line: 1,
                message: "field \"subtitle\" must be a string, not a number")
        ) {
            try parse("{\"subtitle\": 12}")
        }
        #expect(
            throws: DataFileError(
                file: "rows.jsonl", line: 1, message: "expected a JSON object, got an array")
        ) {
            try parse("[1, 2]")
        }
        #expect(
            throws: DataFileError(
                file: "rows.jsonl", line: 1,
                message: "field \"image\" must be [width, height], got an array of 2")
        ) {
            try parse("{\"title\": \"A\", \"image\": [true, 2]}")
        }
    }

    @Test func nonPositiveImageSizesAreReported() {
        #expect(
            throws: DataFileError(
                file: "rows.jsonl", line: 1,
                message: "field \"image\" sizes must be finite and positive, got [0.0, 2.0]")
        ) { try parse("{\"title\": \"A\", \"image\": [0, 2]}") }
    }

    @Test func invalidUTF8IsReportedWithItsLine() {
        var data = Data("{\"title\": \"ok\"}\n{\"title\": \"".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Array("\"}\n".utf8))
        #expect(throws: DataFileError(file: "rows.jsonl", line: 2, message: "invalid UTF-8")) {
            try JSONLinesLoader.parse(data, file: "rows.jsonl")
        }
    }

    @Test func missingFileIsReported() {
        #expect(
            throws: DataFileError(
                file: "/nonexistent/rows.jsonl", line: nil, message: "no such file")
        ) {
            try JSONLinesLoader.load(path: "/nonexistent/rows.jsonl")
        }
    }
}
