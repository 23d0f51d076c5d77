// A truncated line keeps clusters of its pieces each shaped alone, and only
// the pieces truncation can reach are shaped (`_Workspace.truncation(of:)`,
// LineBreaking+Truncation.swift): the same width and the same kept clusters
// as when every piece of the rest of the paragraph is shaped, in every mode,
// for texts of many scripts, emoji, tabs, right-to-left runs and long
// paragraphs; and a line whose kept text is whole pieces is as wide as
// those pieces measured on a line of their own, plus the ellipsis.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct TruncationReachTests {
    static let words: [String] =
        [
            "The", "otter", "lives", "near", "rivers", "AV", "To", "fish,", "«wurde»", "»", "«",
            "Dokument", "gedruckt", "🔥", "👨‍👩‍👧", "👍🏽", "🇫🇷", "名字", "中没包含", "，", "Жизнь",
            "שלום", "مرحبا", "a\tb", "x", "—", "(", ")", "e\u{301}", "1.0", "--",
        ]

    /// `count` words with a space or two between them; a tab (which makes
    /// truncation shape every piece) only in short texts.
    static func randomText(_ generator: inout SeededGenerator, words count: Int) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0 {
                text += Int.random(in: 0..<5, using: &generator) == 0 ? "  " : " "
            }
            var word = words.randomElement(using: &generator)!
            while count > 30 && word.contains("\t") {
                word = words.randomElement(using: &generator)!
            }
            text += word
        }
        return text
    }

    /// The truncation of `text`'s whole paragraph at `width` in `mode`, and
    /// the same with every piece shaped.
    static func truncations(
        _ text: String, fonts: FontCollection, width: Double, mode: LineBreakMode,
        workspace: _Workspace, cache: _WordWidthCache
    ) throws -> (reached: _Truncation, complete: _Truncation) {
        let prepared = try workspace.prepare(text, fonts: fonts, cache: cache)
        let parameters = _BreakParameters(
            size: 17, letterSpacing: 0, width: width, mode: mode, maximumLines: 1)
        let end = prepared.withBytes {
            _trailingWhitespaceStart($0, end: prepared.byteCount, start: 0)
        }
        let reached = workspace.truncation(
            of: prepared, 0, contentEnd: end, parameters, cache: cache)
        let complete = workspace.truncation(
            of: prepared, 0, contentEnd: end, parameters, cache: cache, complete: true)
        return (reached, complete)
    }

    static func kept(_ truncation: _Truncation) -> (head: [Int], tail: [Int]) {
        let clusters = truncation.clusters
        return (
            clusters[..<truncation.head].map(\.start),
            clusters[(clusters.count - truncation.tail)...].map(\.start)
        )
    }

    @Test func reachingPiecesKeepsWhatShapingEveryPieceKeeps() throws {
        let fonts = try FontCollection(Font(family: "Inter"))
        let workspace = try _Workspace()
        let cache = _WordWidthCache(capacity: 1024)
        var generator = SeededGenerator(seed: 4_211)
        var cut = 0
        var shortened = 0
        var long = 0
        for round in 0..<1_500 {
            // Short texts and paragraphs far longer than a line.
            let count =
                round % 3 == 0
                ? Int.random(in: 80...400, using: &generator)
                : Int.random(in: 1...30, using: &generator)
            let text = Self.randomText(&generator, words: count)
            let width = Double.random(in: 20...400, using: &generator)
            let mode = [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle][
                round % 3]
            let (reached, complete) = try Self.truncations(
                text, fonts: fonts, width: width, mode: mode, workspace: workspace, cache: cache)
            #expect(
                reached.width.bitPattern == complete.width.bitPattern,
                "\(mode) at \(width): \(reached.width) against \(complete.width) for \(text)")
            let (head, tail) = Self.kept(reached)
            let expected = Self.kept(complete)
            #expect(head == expected.head && tail == expected.tail, "\(mode) at \(width): \(text)")
            if count > 30 { long += 1 }
            if count > 30 && reached.clusters.count < complete.clusters.count { shortened += 1 }
            if complete.head + complete.tail < complete.clusters.count { cut += 1 }
        }
        // Most texts are cut, and the long ones are not shaped whole.
        #expect(cut > 1_000)
        #expect(shortened > long * 9 / 10)
    }

    @Test func wholePiecesKeptAreAsWideAsOnALineOfTheirOwn() throws {
        let measurer = TextMeasurer()
        var style = try interStyle()
        style.lineBreakMode = .byTruncatingTail
        let words = [
            "Dokument", "gedruckt", "🔥", "«wurde»", "👨‍👩‍👧", "To", "AV", "Жизнь", "名字", "fish,",
        ]
        let ellipsis = try measurer.layout("…", style: style, width: 100, numberOfLines: 1)
            .size.width
        var generator = SeededGenerator(seed: 77)
        var checked = 0
        for _ in 0..<300 {
            let count = Int.random(in: 2...6, using: &generator)
            let kept = (0..<count).map { _ in words.randomElement(using: &generator)! }
            let keptText = kept.joined(separator: " ")
            let line = try measurer.layout(keptText, style: style, width: 10_000, numberOfLines: 1)
            // Room for the kept words, the ellipsis and less than the
            // space after them.
            let width = line.size.width + ellipsis + 0.5
            let text = keptText + " Wiederaufbereitungsanlage und mehr"
            let truncated = try measurer.layout(text, style: style, width: width, numberOfLines: 1)
            guard truncated.lines[0].isTruncated else { continue }
            #expect(
                abs(truncated.size.width - (line.size.width + ellipsis)) < 1e-9,
                "\(keptText): \(truncated.size.width) against \(line.size.width) + \(ellipsis)")
            checked += 1
        }
        #expect(checked > 250)
    }

    /// Short pieces whose runs HarfBuzz shapes (characters Inter lacks) are
    /// kept in the cluster memo and found again: 3,000 of them, three times
    /// the memo's capacity, so entries are replaced and places of its table
    /// taken by other keys; each shaped again gives its first clusters.
    @Test func shortPiecesAreKeptAndFoundExactly() throws {
        let faces = try FontCollection(Font(family: "Inter")).faces
        let workspace = try _Workspace()
        let alphabet = Array("🔥👍🙈🎉名字中没包含斜杠系统将在此路径").map(String.init)
        var generator = SeededGenerator(seed: 9)
        var texts: [String] = []
        var seen = Set<String>()
        while texts.count < 3 * _ClusterMemo.capacity {
            let count = Int.random(in: 1...3, using: &generator)
            var text = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
                .joined()
            text += ["", " ", "a", "x "].randomElement(using: &generator)!
            if seen.insert(text).inserted { texts.append(text) }
        }
        typealias Shaped = (starts: [Int32], ems: [Double], missing: [Bool], width: Double)
        func shaped(_ string: String) -> Shaped {
            var string = string
            return string.withUTF8 { text in
                let measure = workspace.shape(
                    text, range: 0..<text.count, trailingStart: text.count, rtl: false,
                    faces: faces, keepClusters: true)
                return (
                    workspace.clusterStarts, workspace.clusterEms, workspace.clusterMissing,
                    measure.wordEm
                )
            }
        }
        let first = texts.map(shaped)
        #expect(workspace.clusterMemo.count == _ClusterMemo.capacity)
        var differing = 0
        for (text, expected) in zip(texts, first) {
            let again = shaped(text)
            if again.starts != expected.starts || again.ems != expected.ems
                || again.missing != expected.missing
                || again.width.bitPattern != expected.width.bitPattern
            {
                differing += 1
            }
        }
        #expect(differing == 0)
    }
}
