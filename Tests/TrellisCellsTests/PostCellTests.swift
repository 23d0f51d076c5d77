// PostCell: its frame code and its stack-view constraints give the same
// height and the same frame for every subview; hand-computed rows; the row's
// JSON text; the generator.

import Foundation
import Testing
import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisSupport
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText

@Suite struct PostCellAgreementTests {
    static let widths: [Double] = [320, 375, 414, 768]

    /// Rows (with their widths) where the two layouts differ in height or
    /// in any frame, compared exactly.
    static func disagreements<C: CellTemplate>(
        _ frames: inout PostCellFrames, _ constraints: inout C, items: [PostItem],
        widths: [Double] = widths
    ) throws -> [String] where C.Item == PostItem {
        var found: [String] = []
        for width in widths {
            for (row, item) in items.enumerated() {
                let a = try frames.layout(item, width: width)
                let b = try constraints.layout(item, width: width)
                if a != b { found.append("row \(row) width \(width):\n\(a)\nvs constraints\n\(b)") }
            }
        }
        return found
    }

    /// Generated rows at four widths and scale 3, through one reused
    /// hierarchy (the template engine's mode): 150 rows (600 layouts), 2,000
    /// under Scripts/soak.sh, all equal.
    @Test func reusedHierarchyAgreesOnManyRowsAtScale3() throws {
        let style = try PostCellStyle.standard(scale: 3)
        var frames = PostCellFrames(style: style)
        var constraints = PostCellConstraints(style: style)
        let items = PostDataGenerator(seed: 1).items(
            count: Soak.count("TRELLIS_POST_ROWS", quick: 150, soak: 2_000))
        let found = try Self.disagreements(&frames, &constraints, items: items)
        #expect(
            found.isEmpty,
            "\(found.count) of \(items.count * 4) layouts differ; first: \(found.prefix(2))")
    }

    /// The width changes on every row (a rotation between any two rows),
    /// through one reused hierarchy: 150 layouts (2,000 under Scripts/soak.sh),
    /// all equal.
    @Test func reusedHierarchyAgreesWhenTheWidthChangesEveryRow() throws {
        let style = try PostCellStyle.standard(scale: 3)
        var frames = PostCellFrames(style: style)
        var constraints = PostCellConstraints(style: style)
        var found: [String] = []
        let count = Soak.count("TRELLIS_POST_ROWS", quick: 150, soak: 2_000)
        for (row, item) in PostDataGenerator(seed: 13).items(count: count).enumerated() {
            let width = Self.widths[(row * 3 + row / 4) % Self.widths.count]
            let a = try frames.layout(item, width: width)
            let b = try constraints.layout(item, width: width)
            if a != b { found.append("row \(row) width \(width):\n\(a)\nvs constraints\n\(b)") }
        }
        #expect(
            found.isEmpty, "\(found.count) of \(count) layouts differ; first: \(found.prefix(2))")
    }

    @Test(arguments: [1.0, 2.0])
    func reusedHierarchyAgreesAtScale(_ scale: Double) throws {
        let style = try PostCellStyle.standard(scale: scale)
        var frames = PostCellFrames(style: style)
        var constraints = PostCellConstraints(style: style)
        let items = PostDataGenerator(seed: 2 + UInt64(scale)).items(
            count: Soak.count("TRELLIS_POST_ROWS", quick: 50, soak: 300))
        let found = try Self.disagreements(&frames, &constraints, items: items)
        #expect(
            found.isEmpty,
            "\(found.count) of \(items.count * 4) layouts differ; first: \(found.prefix(2))")
    }

    /// A new hierarchy and engine per row gives the same layouts as the
    /// frame code (so also as the reused one).
    @Test func freshHierarchyAgreesOnASample() throws {
        let style = try PostCellStyle.standard(scale: 3)
        var frames = PostCellFrames(style: style)
        var fresh = PostCellConstraints(style: style, reusingEngine: false)
        let items = PostDataGenerator(seed: 5).items(count: 120)
        let found = try Self.disagreements(&frames, &fresh, items: items)
        #expect(found.isEmpty, "\(found.count) of 480 layouts differ; first: \(found.prefix(2))")
    }

    /// Widths other than the phone ones, down to the narrowest the cell
    /// takes, where the header runs out of room and the buttons shrink.
    @Test func agreesAtNarrowAndOddWidths() throws {
        let style = try PostCellStyle.standard(scale: 3)
        var frames = PostCellFrames(style: style)
        var constraints = PostCellConstraints(style: style)
        let items = PostDataGenerator(seed: 9).items(count: 60)
        let found = try Self.disagreements(
            &frames, &constraints, items: items, widths: [84.5, 100, 150, 200.25, 263.7, 1024])
        #expect(found.isEmpty, "\(found.count) of 360 layouts differ; first: \(found.prefix(2))")
    }

    @Test func heightAloneIsTheLayoutsHeight() throws {
        let style = try PostCellStyle.standard(scale: 3)
        var frames = PostCellFrames(style: style)
        var constraints = PostCellConstraints(style: style)
        var found: [String] = []
        for (row, item) in PostDataGenerator(seed: 11).items(count: 100).enumerated() {
            let height = try frames.height(for: item, width: 375)
            let layout = try frames.layout(item, width: 375).height
            let byConstraints = try constraints.height(for: item, width: 375)
            if height != layout || height != byConstraints {
                found.append(
                    "row \(row): height \(height), layout \(layout), constraints \(byConstraints)")
            }
        }
        #expect(found.isEmpty, "\(found.count) rows differ: \(found.prefix(3))")
    }

    @Test func widthsAtOrBelowTheMinimumAreRefused() throws {
        var frames = PostCellFrames(style: try .standard())
        var constraints = PostCellConstraints(style: try .standard())
        let item = PostItem(authorName: "Ana", handle: "@ana", time: "3h", body: "Hi")
        #expect(throws: CellError.self) { try frames.layout(item, width: 84) }
        #expect(throws: CellError.self) { try constraints.layout(item, width: 84) }
        #expect(throws: CellError.self) { try frames.layout(item, width: .nan) }
    }
}

/// Rows laid out by hand, at width 375 and scale 3, checked in pixels
/// (points × 3). Inter (units per em 2816, ascender 2728, descender −680,
/// no line gap) makes a line (2728 + 680) / 2816 × size high: 18.153 points
/// at 15 (54.46 px, rounded up by `sizeThatFits` to 55 px = 18.333) and
/// 20.574 at 17 (61.72 px → 62 px = 20.667). The text column is
/// A = 375 − 84 = 291 wide (x 68 … 359, 204 … 1077 px). One-line widths, as
/// TextMeasurer gives them: "Ana" semibold 86 px, "3h" 56, "12h" 75, "@maxi" 142.
@Suite struct PostCellHandComputedTests {
    static func layouts(_ item: PostItem, width: Double = 375) throws -> (CellLayout, CellLayout) {
        let style = try PostCellStyle.standard(scale: 3)
        var frames = PostCellFrames(style: style)
        var constraints = PostCellConstraints(style: style)
        return (try frames.layout(item, width: width), try constraints.layout(item, width: width))
    }

    /// A frame's edges in pixels at scale 3: [minX, minY, maxX, maxY].
    static func pixels(_ layout: CellLayout, _ name: String) -> [Int]? {
        layout.frame(of: name).map { rect in
            [rect.minX, rect.minY, rect.maxX, rect.maxY].map { Int(($0 * 3).rounded()) }
        }
    }

    /// No photo, one-line body:
    ///
    ///     header  y 16 … 34.333                          48 … 103 px
    ///     name    x 68 … 68 + 28.667                     204 … 290 px
    ///     handle  from 96.667 + 4 = 100.667, stretched to 359 − 4 − 18.667 = 336.333   302 … 1009 px
    ///     time    340.333 … 359                          1021 … 1077 px
    ///     body    y 34.333 + 6 = 40.333 … 61             121 … 183 px
    ///     buttons y 61 + 6 = 67 … 99; (291 − 3 × 8) / 4 = 66.75 wide, at
    ///             68, 142.75, 217.5, 292.25: edges ×3 = 204, 404.25, 428.25,
    ///             628.5, 652.5, 852.75, 876.75, 1077 → 204, 404, 428, 629
    ///             (half away from 0), 653, 853, 877, 1077 px
    ///     height  99 + 16 = 115
    @Test func noPhotoAndAOneLineBody() throws {
        let item = PostItem(
            authorName: "Ana", handle: "@ana", time: "3h", body: "Hello there", likes: 12)
        let (frames, constraints) = try Self.layouts(item)
        #expect(frames == constraints)
        #expect(frames.height == 115)
        #expect(
            frames.frames.map(\.name) == [
                "avatar", "name", "handle", "time", "body", "reply", "repost", "like", "share",
            ])
        let expected: [String: [Int]] = [
            "avatar": [48, 48, 168, 168], "name": [204, 48, 290, 103],
            "handle": [302, 48, 1009, 103],
            "time": [1021, 48, 1077, 103], "body": [204, 121, 1077, 183],
            "reply": [204, 201, 404, 297],
            "repost": [428, 201, 629, 297], "like": [653, 201, 853, 297],
            "share": [877, 201, 1077, 297],
        ]
        for (name, edges) in expected { #expect(Self.pixels(frames, name) == edges, "\(name)") }
    }

    /// A 1:3 photo would be 291 × 3 = 873 high: capped at 300, width kept.
    /// photo y 61 + 6 = 67 … 367 (201 … 1101 px); buttons 373 … 405; height 421.
    @Test func tallPhotoIsCappedAt300WithItsWidthKept() throws {
        let item = PostItem(
            authorName: "Ana", handle: "@ana", time: "3h", body: "Hello there",
            photoSize: Size(width: 1000, height: 3000))
        let (frames, constraints) = try Self.layouts(item)
        #expect(frames == constraints)
        #expect(Self.pixels(frames, "photo") == [204, 201, 1077, 1101])
        #expect(Self.pixels(frames, "reply") == [204, 1119, 404, 1215])
        #expect(frames.height == 421)
    }

    /// A 4:1 panorama: 291 / 4 = 72.75 high, y 67 … 139.75 (201 … 419.25 →
    /// 419 px); buttons from 145.75 (437.25 → 437 px) to 177.75 (533.25 →
    /// 533 px); height 177.75 + 16 = 193.75 (581.25 px), rounded up to 582 px = 194.
    @Test func panoramaKeepsItsAspectRatio() throws {
        let item = PostItem(
            authorName: "Ana", handle: "@ana", time: "3h", body: "Hello there",
            photoSize: Size(width: 4000, height: 1000))
        let (frames, constraints) = try Self.layouts(item)
        #expect(frames == constraints)
        #expect(Self.pixels(frames, "photo") == [204, 201, 1077, 419])
        #expect(Self.pixels(frames, "reply") == [204, 437, 404, 533])
        #expect(frames.height == 194)
    }

    /// An empty body is hidden and its spacing goes with it: buttons at
    /// 34.333 + 6 = 40.333 … 72.333 (121 … 217 px); height 88.333 (265 px).
    @Test func emptyBodyCollapses() throws {
        let item = PostItem(authorName: "Ana", handle: "@ana", time: "3h", body: "")
        let (frames, constraints) = try Self.layouts(item)
        #expect(frames == constraints)
        #expect(frames.frame(of: "body") == nil)
        #expect(Self.pixels(frames, "reply") == [204, 121, 404, 217])
        #expect(Int((frames.height * 3).rounded()) == 265)
    }

    /// A name far too long for the row is cut to what handle and time leave:
    ///
    ///     time    its own 25 wide at the trailing edge: 334 … 359          1002 … 1077 px
    ///     handle  its own 47.333, ending 4 before: 282.667 … 330           848 … 990 px
    ///     name    the rest, 291 − 8 − 25 − 47.333 = 210.667: 68 … 278.667   204 … 836 px
    @Test func longNameIsTruncatedWhileTimeKeepsItsWidth() throws {
        let name = "Maximiliana Alexandrovna Konstantinopolskaya-Rimskaya of the Northern Provinces"
        let item = PostItem(authorName: name, handle: "@maxi", time: "12h", body: "Hi")
        let (frames, constraints) = try Self.layouts(item)
        #expect(frames == constraints)
        let style = try PostCellStyle.standard(scale: 3)
        let nameWidth = try style.measurer.sizeThatFits(
            name, style: style.name, size: Size(width: .infinity, height: .infinity),
            numberOfLines: 1, scale: 3
        ).width
        #expect(nameWidth > 291, "the name alone overflows the row")
        #expect(Self.pixels(frames, "time") == [1002, 48, 1077, 103])
        #expect(Self.pixels(frames, "handle") == [848, 48, 990, 103])
        #expect(Self.pixels(frames, "name") == [204, 48, 836, 103])
    }

    /// A handle wider than the row leaves the name less than nothing: as in
    /// UIKit, the solver gives the name a negative width (nothing in the
    /// stack keeps it at 0 or more), its frame is 0 wide, and the handle
    /// keeps its own width, starting left of the column. The time still
    /// keeps its width at the trailing edge.
    @Test func handleWiderThanTheRowPushesTheNameBelowZero() throws {
        let handle = "@taro_yamada@social.example-community.net"
        let item = PostItem(authorName: "Taro", handle: handle, time: "18h", body: "Hi")
        let (frames, constraints) = try Self.layouts(item)
        #expect(frames == constraints)
        let style = try PostCellStyle.standard(scale: 3)
        func width(_ text: String, _ textStyle: TextStyle) throws -> Double {
            try style.measurer.sizeThatFits(
                text, style: textStyle, size: Size(width: .infinity, height: .infinity),
                numberOfLines: 1, scale: 3
            ).width
        }
        let handleWidth = try width(handle, style.handle)
        let timeWidth = try width("18h", style.time)
        #expect(
            handleWidth > 291 - 8 - timeWidth, "the handle alone overflows what the time leaves")
        let nameFrame = try #require(frames.frame(of: "name"))
        let handleFrame = try #require(frames.frame(of: "handle"))
        let timeFrame = try #require(frames.frame(of: "time"))
        #expect(nameFrame.width == 0)
        #expect(handleFrame.minX < 68 && abs(handleFrame.width - handleWidth) < 1e-9)
        #expect(timeFrame.maxX == 359 && abs(timeFrame.width - timeWidth) < 1e-9)
    }
}

@Suite struct PostItemTests {
    @Test func countsReadAsAppsShowThem() {
        let cases: [(Int, String)] = [
            (0, ""), (-3, ""), (1, "1"), (999, "999"), (1_000, "1K"), (1_049, "1K"),
            (1_250, "1.2K"),
            (9_999, "9.9K"), (10_000, "10K"), (12_345, "12K"), (999_999, "999K"), (1_000_000, "1M"),
            (1_560_000, "1.5M"), (12_000_000, "12M"),
        ]
        for (count, text) in cases { #expect(PostCell.countText(count) == text, "\(count)") }
    }

    /// `countText` writes its bytes itself; the same text as the
    /// interpolating formatter it replaced, on random counts of every size.
    @Test func countsMatchTheInterpolatingFormatter() {
        func reference(_ count: Int) -> String {
            func scaled(_ value: Int, _ unit: Int, _ suffix: String) -> String {
                if value < 10 * unit {
                    let tenths = value / (unit / 10)
                    return tenths % 10 == 0
                        ? "\(tenths / 10)\(suffix)" : "\(tenths / 10).\(tenths % 10)\(suffix)"
                }
                return "\(value / unit)\(suffix)"
            }
            switch count {
            case ...0: return ""
            case ..<1_000: return "\(count)"
            case ..<1_000_000: return scaled(count, 1_000, "K")
            default: return scaled(count, 1_000_000, "M")
            }
        }
        var generator = SplitMix64(seed: 18)
        var counts = [Int.max, Int.min, 9_999_999, 10_000_000, 999_999_999_999_999]
        for _ in 0..<20_000 {
            // Magnitudes spread over every digit count.
            let digits = Int(generator.next() % 19)
            var value = 1
            for _ in 0..<digits { value *= 10 }
            counts.append(Int(generator.next() % UInt64(value)) + Int(generator.next() % 3) - 1)
        }
        for count in counts { #expect(PostCell.countText(count) == reference(count), "\(count)") }
    }

    /// Every generated row's JSON parses with JSONSerialization to exactly
    /// the documented keys and the row's values.
    @Test func jsonRoundTripsWithTheExactKeys() throws {
        var rows = PostDataGenerator(seed: 3).items(count: 500)
        rows.append(
            PostItem(
                authorName: "Quote \" back\\slash", handle: "@x", time: "now",
                body: "tab\tline\nbreak\u{1}\u{2028}é🙂",
                photoSize: Size(width: 1333.5, height: 1000)))
        var wrong: [String] = []
        for row in rows {
            let line = row.json
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let object = parsed, !line.contains("\n") else {
                wrong.append(line)
                continue
            }
            var keys: Set<String> = ["author", "time", "body", "counts"]
            if row.id != nil { keys.insert("id") }
            if row.photoSize != nil { keys.insert("photo") }
            let author = object["author"] as? [String: Any] ?? [:]
            let photo = row.photoSize.map { [$0.width, $0.height] }
            let counts = [
                "reply": row.replies, "repost": row.reposts, "like": row.likes, "share": row.shares,
            ]
            let same =
                Set(object.keys) == keys && (object["id"] as? Int) == row.id
                && Set(author.keys) == ["name", "handle"]
                && author["name"] as? String == row.authorName
                && author["handle"] as? String == row.handle
                && object["time"] as? String == row.time && object["body"] as? String == row.body
                && object["photo"] as? [Double] == photo
                && object["counts"] as? [String: Int] == counts
            if !same { wrong.append(line) }
        }
        #expect(
            wrong.isEmpty,
            "\(wrong.count) of \(rows.count) rows do not round-trip: \(wrong.prefix(2))")
    }
}

@Suite struct PostDataGeneratorTests {
    @Test func sameSeedGivesSameRows() {
        #expect(
            PostDataGenerator(seed: 7).items(count: 200)
                == PostDataGenerator(seed: 7).items(count: 200))
        #expect(
            PostDataGenerator(seed: 7).items(count: 50)
                != PostDataGenerator(seed: 8).items(count: 50))
    }

    @Test func rowsSpanWhatAFeedHolds() {
        let items = PostDataGenerator(seed: 1).items(count: 2_000)
        let photos = items.compactMap(\.photoSize)
        #expect((900...1100).contains(photos.count), "about half with a photo, got \(photos.count)")
        #expect(photos.contains { $0.width / $0.height >= 4 }, "panoramas")
        #expect(photos.contains { $0.height / $0.width >= 3 }, "tall photos past the cap")
        let empty = items.filter(\.body.isEmpty).count
        #expect((100...230).contains(empty), "about 8% empty bodies, got \(empty)")
        #expect(items.contains { $0.body.contains("\n\n") }, "several paragraphs")
        #expect(items.contains { $0.body.contains("https://") }, "long URLs")
        #expect(items.contains { $0.authorName.count > 40 }, "very long names")
        for range: ClosedRange<UInt32> in [
            0x400...0x4FF, 0x4E00...0x9FFF, 0x600...0x6FF, 0x1F300...0x1FAFF,
        ] {
            #expect(
                items.contains {
                    $0.authorName.unicodeScalars.contains { range.contains($0.value) }
                }, "\(range)")
        }
        let counts = items.flatMap { PostCell.counts(of: $0) }
        #expect(counts.contains(0) && counts.contains { $0 >= 1_000_000 })
        #expect(items.allSatisfy { $0.handle.hasPrefix("@") && !$0.time.isEmpty })
        #expect(items.map(\.id) == Array(0..<2_000))
    }
}
