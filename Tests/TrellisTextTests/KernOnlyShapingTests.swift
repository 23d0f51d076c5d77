import Foundation
// Measuring without HarfBuzz (`_KernOnlyFace`, `kernOnlyMeasure`) must give,
// bit for bit, what shaping with HarfBuzz gives, and must leave to HarfBuzz
// every piece its model cannot prove.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct KernOnlyShapingTests {
    static let fonts = [
        ("Inter", FontWeight.regular), ("Inter", .semibold), ("Roboto", .regular),
        ("Roboto", .medium),
    ]

    /// Characters for random text: ASCII, Latin-1 and Latin Extended letters,
    /// Cyrillic, Greek, typographic punctuation, symbols and spaces, and a few
    /// the model must refuse (combining marks, joiners, tabs, Hebrew, CJK).
    static let pool: [Unicode.Scalar] = {
        var scalars: [Unicode.Scalar] = []
        for value in 0x20...0x7E { scalars.append(Unicode.Scalar(UInt32(value))!) }
        scalars += "éèêëàâäçñöüßÉÀØøåæœıłšžčğő".unicodeScalars
        scalars += "абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯё".unicodeScalars
        scalars += "αβγδεζηθικλμνξοπρστυφχψωΑΒΓΔΘΛΞΠΣΦΨΩάέήίόύώ".unicodeScalars
        scalars +=
            "“”‘’«»‹›–—…•·†‡‰′″€£¥©®™°±×÷½¼→←↑↓≠≤≥∞√∑∆ⁿ№\u{A0}\u{2009}\u{2011}".unicodeScalars
        scalars += "\u{301}\u{200D}\u{200B}\t\u{AD}שלוםمرحبا中文\u{2044}".unicodeScalars
        return scalars
    }()

    /// Random strings of 1 to 30 characters from `pool`, with digraphs that
    /// fonts substitute or kern ("fi", "->", "1/2", "Te", "AV") mixed in.
    static func randomTexts(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        let fragments = [
            "fi", "fl", "ffi", "->", "<-", "--", "1/2", "Te", "AV", "To", "Wa", "y.", "r,", ":)",
            "12:30", "x×y",
        ]
        return (0..<count).map { _ in
            var text = ""
            let length = Int.random(in: 1...30, using: &random)
            while text.unicodeScalars.count < length {
                if Int.random(in: 0..<6, using: &random) == 0 {
                    text += fragments[Int.random(in: 0..<fragments.count, using: &random)]
                } else {
                    text.unicodeScalars.append(pool[Int.random(in: 0..<pool.count, using: &random)])
                }
            }
            return text
        }
    }

    /// The pieces of `text` between its break opportunities (ICU), with
    /// each one's trailing whitespace start.
    static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, _ workspace: _Workspace) throws
        -> [(Range<Int>, Int)]
    {
        let count = try workspace.icuBreaks(bytes)
        var start = 0
        var result: [(Range<Int>, Int)] = []
        for end in workspace.breakOffsets[0..<count].map(Int.init) where end > start {
            result.append((start..<end, _trailingWhitespaceStart(bytes, end: end, start: start)))
            start = end
        }
        return result
    }

    /// `shape`'s measure and kept clusters (starts, ems, missing glyphs,
    /// faces) of `range` with `workspace`.
    static func clusters(
        _ workspace: _Workspace, _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
        _ trailing: Int, _ faces: [_FontFace]
    ) -> String {
        let measure = workspace.shape(
            buffer, range: range, trailingStart: trailing, rtl: false, faces: faces,
            keepClusters: true)
        return "\(measure) \(workspace.clusterStarts) \(workspace.clusterEms.map(\.bitPattern)) "
            + "\(workspace.clusterMissing) \(workspace.clusterFaces)"
    }

    /// Measures every piece of `texts`, and each whole text, twice with the
    /// model (the first pass teaches it pairs) and once with HarfBuzz alone;
    /// returns how many the model measured and how many it refused.
    static func compare(_ texts: [String], face: _FontFace) throws -> (modelled: Int, total: Int) {
        let model = try _Workspace()
        let harfBuzz = try _Workspace()
        harfBuzz.usesKernModel = false
        var modelled = 0
        var total = 0
        for pass in 0..<2 {
            for text in texts {
                let bytes = Array(text.utf8)
                try bytes.withUnsafeBufferPointer { buffer in
                    var parts = try pieces(buffer, harfBuzz)
                    parts.append((0..<buffer.count, buffer.count))
                    for (range, trailing) in parts {
                        let reference = harfBuzz.shape(
                            buffer, range: range, trailingStart: trailing, rtl: false,
                            faces: [face], keepClusters: false)
                        let direct = model.kernOnlyMeasure(
                            buffer, range, trailingStart: trailing, face: face)
                        let measured = model.shape(
                            buffer, range: range, trailingStart: trailing, rtl: false,
                            faces: [face], keepClusters: false)
                        #expect(measured == reference, "\(text.debugDescription) \(range)")
                        // Its clusters, as breaking a piece wider than the
                        // line asks for them (`clusters(of:)`), model or not.
                        #expect(
                            Self.clusters(model, buffer, range, trailing, [face])
                                == Self.clusters(harfBuzz, buffer, range, trailing, [face]),
                            "\(text.debugDescription) \(range)")
                        if let direct {
                            #expect(direct == reference, "\(text.debugDescription) \(range)")
                        }
                        if pass == 1 {
                            total += 1
                            if direct != nil { modelled += 1 }
                        }
                    }
                }
            }
        }
        #expect(model.usesKernModel, "a learned pair contradicted the model")
        return (modelled, total)
    }

    @Test(arguments: fonts)
    func corpusPiecesMeasureAsHarfBuzz(family: String, weight: FontWeight) throws {
        let face = try Font(family: family, weight: weight)._face
        // 300 corpus rows (1,500 under Scripts/soak.sh).
        let rows = Corpus.rows(count: Soak.count("TRELLIS_KERN_ROWS", quick: 300, soak: 1_500))
        let (modelled, total) = try Self.compare(rows, face: face)
        // Hebrew and Arabic rows, and pieces with substituted glyphs, are
        // left to HarfBuzz; most English and Russian pieces are modelled.
        #expect(total > rows.count * 13, "\(total) pieces in \(rows.count) rows")
        #expect(modelled * 2 > total, "modelled \(modelled) of \(total)")
    }

    @Test(arguments: fonts)
    func randomTextMeasuresAsHarfBuzz(family: String, weight: FontWeight) throws {
        let face = try Font(family: family, weight: weight)._face
        let (modelled, total) = try Self.compare(
            Self.randomTexts(
                count: Soak.count("TRELLIS_KERN_TEXTS", quick: 1_500, soak: 4_000),
                seed: 0x6B65_726E), face: face)
        #expect(modelled > total / 10, "modelled \(modelled) of \(total)")
        #expect(modelled < total, "the refused characters must be refused")
    }

    @Test func layoutsAreUnchangedByTheModel() throws {
        let style = try interStyle()
        let count = Soak.count("TRELLIS_KERN_LAYOUT_ROWS", quick: 400, soak: 1_000)
        let rows = Corpus.rows(count: count) + Self.randomTexts(count: count, seed: 7)
        let withModel = TextMeasurer(
            wordCacheCapacity: 1 << 16, preparedTextCapacity: 16, usesKernModel: true)
        let harfBuzz = TextMeasurer(
            wordCacheCapacity: 1 << 16, preparedTextCapacity: 16, usesKernModel: false)
        for width in [120.0, 287, 500] {
            for row in rows {
                let a = try withModel.layout(row, style: style, width: width)
                let b = try harfBuzz.layout(row, style: style, width: width)
                #expect(a.size == b.size, "\(row.debugDescription) at \(width)")
                #expect(a.lines.map(\.width) == b.lines.map(\.width))
                #expect(a.lines.map(\.range) == b.lines.map(\.range))
            }
        }
    }

    @Test func interOnlyKernsOrdinaryLetters() throws {
        // Inter's default features substitute some glyphs in context (e.g.
        // arrows from "->", case forms of punctuation), but ASCII letters,
        // space, comma and full stop are only kerned ("x" only becomes "×"
        // between digits: a guarded trigger, still simple).
        let face = try Font(family: "Inter")._face
        let model = try #require(face.kernOnly)
        let latin = try #require(model.simple[1]).simple
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,."
        for scalar in letters.unicodeScalars {
            let entry = model.scalars[Int(scalar.value)]
            #expect(entry >> 16 == 1 || entry >> 16 == 0, "\(scalar) is eligible")
            #expect(latin.contains(Int(entry & 0xFFFF)), "\(scalar) is simple")
        }
        // Characters the model refuses: a combining mark, a joiner, a tab, Hebrew.
        for scalar in "\u{301}\u{200D}\t\u{5D0}".unicodeScalars {
            #expect(model.scalars[Int(scalar.value)] >> 16 == _KernOnlyFace.ineligible)
        }
        // Inter kerns "AV": without reading pairs from GPOS, a piece with
        // it is modelled only once learned; reading them, at once.
        let workspace = try _Workspace()
        workspace.readsPairs = false
        let reading = try _Workspace()
        let bytes = Array("AV".utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            #expect(workspace.kernOnlyMeasure(buffer, 0..<2, trailingStart: 2, face: face) == nil)
            let read = reading.kernOnlyMeasure(buffer, 0..<2, trailingStart: 2, face: face)
            let shaped = workspace.shape(
                buffer, range: 0..<2, trailingStart: 2, rtl: false, faces: [face],
                keepClusters: false)
            let modelled = try #require(
                workspace.kernOnlyMeasure(buffer, 0..<2, trailingStart: 2, face: face))
            #expect(modelled == shaped)
            #expect(read == shaped)
            // A is 1904 units wide, 1712 when kerned before V (2816 units per em).
            let v = Int(model.scalars[0x56] & 0xFFFF)
            #expect(modelled.wordEm == Double(1712 + model.advances[v]) / 2816)
        }
    }

    @Test func aContradictedPairTurnsTheModelOff() throws {
        let face = try Font(family: "Inter")._face
        let workspace = try _Workspace()
        let bytes = Array("AV".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            guard
                let (infos, positions, count) = workspace.shapeBuffer(
                    buffer, rtl: false, face: face)
            else {
                Issue.record("HarfBuzz shaped nothing")
                return
            }
            workspace.learnKerning(buffer, infos, positions, count, face: face)
            #expect(workspace.usesKernModel)
            positions[0].x_advance += 1
            workspace.learnKerning(buffer, infos, positions, count, face: face)
            #expect(!workspace.usesKernModel)
            #expect(workspace.kernOnlyMeasure(buffer, 0..<2, trailingStart: 2, face: face) == nil)
        }
    }

    @Test func rightToLeftFontsAreLeftToHarfBuzz() throws {
        // Noto Sans Arabic has no Latin letters, so none of its text is eligible.
        let face = try Font(family: "Noto Sans Arabic")._face
        let workspace = try _Workspace()
        let bytes = Array("مرحبا abc".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            _ = workspace.shape(
                buffer, range: 0..<buffer.count, trailingStart: buffer.count, rtl: false,
                faces: [face], keepClusters: false)
            #expect(
                workspace.kernOnlyMeasure(
                    buffer, 0..<buffer.count, trailingStart: buffer.count, face: face) == nil)
        }
    }
}

extension KernOnlyShapingTests {
    @Test func printableASCIIThatInterMaySubstitute() throws {
        let model = try #require(try Font(family: "Inter")._face.kernOnly)
        let latin = try #require(model.simple[1])
        var notSimple = ""
        var guarded = ""
        for value in 0x21...0x7E {
            let entry = model.scalars[value]
            let glyph = Int(entry & 0xFFFF)
            if entry >> 16 == _KernOnlyFace.ineligible || !latin.simple.contains(glyph) {
                notSimple.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
            } else if latin.needs(of: glyph) != 0 || latin.starts(of: glyph) != 0 {
                guarded.unicodeScalars.append(Unicode.Scalar(UInt8(value)))
            }
        }
        // The analysis stays far inside its budget (`_LayoutReader.Budget`).
        #expect(model.analysisSteps > 1000)
        #expect(model.analysisSteps < 5_000_000, "\(model.analysisSteps)")
        // Inter's contextual alternates: "-", "<" and "=" start arrows and
        // other ligatures only in text that has a component of one ("->",
        // "<=", "=>": `LigatureGuardTests`); brackets, "*", "+", ":", ">",
        // "@", "~" and "x" change only next to their guards (capitals,
        // digits); every letter and digit is simple.
        #expect(notSimple == "")
        #expect(guarded == "()*+-:<=>@[]x{}~")
    }
}

extension KernOnlyShapingTests {
    /// Inter with its bytes changed by `edit`, written to a file of its own.
    static func editedInter(
        _ name: String, _ edit: (inout [UInt8], _ table: (String) -> Int) -> Void
    )
        throws -> String
    {
        var bytes = [UInt8](
            try Data(
                contentsOf: URL(fileURLWithPath: Font.fontsDirectory + "/Inter/Inter-Regular.otf")))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = u16(4)
        var offsets: [String: Int] = [:]
        for index in 0..<tables {
            let record = 12 + 16 * index
            offsets[String(decoding: bytes[record..<(record + 4)], as: UTF8.self)] = u32(record + 8)
        }
        edit(&bytes) { offsets[$0]! }
        let path = NSTemporaryDirectory() + "trellis-\(name)-\(getpid()).otf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func damagedLayoutTablesAreLeftToHarfBuzz() throws {
        let texts = Self.randomTexts(count: 300, seed: 99) + Corpus.rows(count: 200)
        // The lookup list offset of GSUB points past the end of the file.
        let pastTheEnd = try Self.editedInter("gsub-offset") { bytes, table in
            let gsub = table("GSUB")
            bytes[gsub + 8] = 0xFF
            bytes[gsub + 9] = 0xF0
        }
        // GPOS's first pair adjustment claims a second value record.
        let secondValue = try Self.editedInter("pair-format") { bytes, table in
            let gpos = table("GPOS")
            func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
            let list = gpos + u16(gpos + 8)
            for index in 0..<u16(list) {
                let lookup = list + u16(list + 2 + 2 * index)
                guard u16(lookup) == 2 else { continue }
                let subtable = lookup + u16(lookup + 6)
                bytes[subtable + 7] = 0x04  // valueFormat2 = XAdvance
                return
            }
        }
        defer {
            try? FileManager.default.removeItem(atPath: pastTheEnd)
            try? FileManager.default.removeItem(atPath: secondValue)
        }
        // HarfBuzz's sanitizer drops the GSUB it cannot read; whatever the
        // model makes of the raw bytes, every measure must equal HarfBuzz's
        // (`compare` checks each one).
        _ = try Self.compare(texts, face: try Font(path: pastTheEnd)._face)
        // A pair adjustment of the second glyph is outside the model: no
        // plan that applies it is modelled, and nothing differs from HarfBuzz.
        let face = try Font(path: secondValue)._face
        #expect(face.kernOnly == nil || face.kernOnly!.simple.allSatisfy { $0 == nil })
        let (modelled, _) = try Self.compare(texts, face: face)
        #expect(modelled == 0)
    }
}
