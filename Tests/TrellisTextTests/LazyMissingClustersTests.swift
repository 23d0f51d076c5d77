// A prepared text finds the clusters no font has only when a layout or a
// count of them is asked for (Workspace+MissingGlyphs.swift): sizes never
// shape for them, and whenever they are found they are the same clusters.
import Dispatch
import Synchronization
import Testing
import TrellisGeometry
import TrellisSupport

@testable import TrellisText

@Suite struct LazyMissingClustersTests {
    /// Random texts of words the bundled fonts have and lack: Latin,
    /// Hebrew, CJK, emoji (one with a ZWJ sequence), combining marks, tabs
    /// and hard breaks, each long enough to be kept by identity.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let words = [
            "otter", "river", "שלום", "עולם", "漢字", "中文排版", "🦦", "👨\u{200D}👩\u{200D}👧",
            "e\u{301}\u{302}", "a\tb", "x\ny", "Ελλάδα", "مرحبا", "𝔘𝔫𝔦", "かな", "—", "…",
        ]
        return (0..<count).map { _ in
            let n = 4 + Int(random.next() % 30)
            var text = "row "
            for _ in 0..<n {
                text += words[Int(random.next() % UInt64(words.count))]
                text += random.next() % 5 == 0 ? "" : " "
            }
            return text
        }
    }

    /// The UTF-8 ranges of the grapheme clusters of `text` whose first
    /// character none of `fonts` has, controls aside (a tab goes to a tab
    /// stop, a line feed breaks the line): the clusters a layout lists as
    /// missing, for the texts above (no cluster whose first character a
    /// font has lacks a later one there).
    static func lacking(_ text: String, _ fonts: FontCollection) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for character in text {
            let length = String(character).utf8.count
            let first = character.unicodeScalars.first!.value
            if first >= 0x20 && !fonts.faces.contains(where: { $0.hasGlyph(first) }) {
                ranges.append(offset..<(offset + length))
            }
            offset += length
        }
        return ranges
    }

    /// The prepared text `measurer` keeps for `text`.
    func kept(_ text: String, _ measurer: TextMeasurer, _ style: TextStyle) throws
        -> _PreparedText
    {
        let identity = try #require(StringWords(text))
        return try #require(measurer._preparedByIdentity(identity, fonts: style.fonts.id))
    }

    @Test func sizesFindNoClustersAndLayoutsFindThemOnce() throws {
        let style = try interStyle()
        let measurer = TextMeasurer()
        let text = "rows of 漢字 with an otter 🦦 and more"
        let size = try measurer.sizeThatFits(
            text, style: style, size: Size(width: 120, height: .greatestFiniteMagnitude),
            numberOfLines: 0, scale: 3)
        #expect(size.height > 0)
        let prepared = try kept(text, measurer, style)
        #expect(prepared.missingGlyphs == 3)
        let source = try #require(prepared.missingClusterSource)
        #expect(source.found.withLock { $0 } == nil)
        let layout = try measurer.layout(text, style: style, width: 120)
        #expect(layout.missingGlyphs == [8..<11, 11..<14, 29..<33])
        #expect(source.found.withLock { $0 } == layout.missingGlyphs)
        // A text every font has keeps nothing to find.
        let covered = "every glyph of this one is Inter's"
        _ = try measurer.sizeThatFits(
            covered, style: style, size: Size(width: 120, height: .greatestFiniteMagnitude),
            numberOfLines: 0, scale: 3)
        #expect(try kept(covered, measurer, style).missingClusterSource == nil)
    }

    @Test func clustersFoundAfterOtherWorkAreThoseFoundFirst() throws {
        let style = try interStyle()
        let texts = Self.texts(count: 400, seed: 0x5EED)
        let first = TextMeasurer()
        let later = TextMeasurer()
        var found = 0
        for text in texts {
            let direct = try first.layout(text, style: style, width: 150)
            // Sizes at other widths, other texts, then the layout.
            for width in [60.0, 333.0] {
                _ = try later.sizeThatFits(
                    text, style: style, size: Size(width: width, height: .greatestFiniteMagnitude),
                    numberOfLines: 0, scale: 3)
            }
            let count = try later._lineCountAndSize(text, style: style, width: 90).missingGlyphs
            let afterwards = try later.layout(text, style: style, width: 150)
            #expect(afterwards.missingGlyphs == direct.missingGlyphs, "\(text.debugDescription)")
            #expect(direct.missingGlyphs == Self.lacking(text, style.fonts))
            #expect(count == direct.missingGlyphs.count)
            found += direct.missingGlyphs.count
        }
        #expect(found > 1_000)
    }

    @Test func threadsAskingOneKeptTextGetOneAnswer() throws {
        let style = try interStyle()
        let measurer = TextMeasurer()
        let texts = Self.texts(count: 40, seed: 0xC0FFEE)
        for text in texts {
            _ = try measurer.sizeThatFits(
                text, style: style, size: Size(width: 200, height: .greatestFiniteMagnitude),
                numberOfLines: 0, scale: 3)
        }
        let reference = try texts.map { try TextMeasurer().layout($0, style: style, width: 200) }
        let answers = Mutex<[[Range<Int>]?]>(Array(repeating: nil, count: 8 * texts.count))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for (index, text) in texts.enumerated() {
                let layout = try? measurer.layout(text, style: style, width: 200)
                answers.withLock { $0[thread * texts.count + index] = layout?.missingGlyphs }
            }
        }
        let all = answers.withLock { $0 }
        for (slot, answer) in all.enumerated() {
            #expect(answer == reference[slot % texts.count].missingGlyphs)
        }
    }
}
