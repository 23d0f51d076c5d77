// Fuzz body for the font tables Trellis reads itself, beside HarfBuzz and
// FreeType: GPOS pair adjustments and GSUB/GDEF as the kern-only model reads
// them (`_GPOSPairs`, `_KernOnlyEligibility`, `_LayoutTableReader`), the cmap
// coverage (`_CmapCoverage`), the metrics tables. A bundled font has bytes of
// those tables overwritten, or a table's length cut in the table directory,
// and is loaded from a file as a template file's font would be. A damaged
// font is refused with `TextError.invalidFontFile`, or measures every text
// to a well-formed layout, the same with the kern-only model as with
// HarfBuzz shaping every text: the model must read a damaged table as
// HarfBuzz does (which drops what its sanitizer refuses).

import Synchronization
@_spi(Fuzzing) import TrellisText

#if canImport(Glibc)
    import Glibc
#endif

enum FontTablesFuzz {
    /// A bundled font file: its bytes and its table directory.
    struct Base {
        var bytes: [UInt8]
        /// Tables that may be damaged: the offset of the table's record in
        /// the directory, the table's offset and length in the file.
        var tables: [(record: Int, offset: Int, length: Int)]
        var fileExtension: String
    }

    /// The tables whose bytes are damaged: the ones Trellis reads itself
    /// and those its metrics come from.
    static let damagedTags: Set<String> = [
        "GPOS", "GSUB", "GDEF", "kern", "cmap", "hmtx", "hhea", "maxp", "head", "OS/2",
    ]

    static let bases: [Base] = ["Inter", "Roboto"].compactMap { family in
        guard let path = try? Font(family: family).path, let bytes = _readFile(path) else {
            return nil
        }
        return Base(
            bytes: bytes, tables: _tables(of: bytes, tags: damagedTags),
            fileExtension: path.hasSuffix(".otf") ? "otf" : "ttf")
    }

    /// Kerning pairs, ligatures, several scripts, a missing glyph, marks.
    static let texts = [
        "AVATAR Wave To Ty", "Tyrannosaurus wavy “quotes”, AT&T: 10.7% off",
        "Пример текста: ёлка, Гоголь", "ﬁ office flow", "Ἀθῆναι", "漢字 ☃ x",
        "a\u{301} e\u{308}\u{20DD} A\u{30A}",
    ]
    static let widths: [Double] = [1e6, 120, 37]

    private static let files = Atomic<Int>(0)

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        guard !bases.isEmpty else {
            throw FuzzViolation(
                target: "fonts", message: "the bundled fonts Inter and Roboto did not load",
                input: "")
        }
        var input = FuzzInput(bytes)
        let base = input.pick(bases)
        var data = base.bytes
        var changes: [String] = []
        while !input.isAtEnd, !base.tables.isEmpty {
            let table = input.pick(base.tables)
            let position =
                (Int(input.byte()) << 16 | Int(input.byte()) << 8 | Int(input.byte()))
                % max(table.length - 1, 1)
            let kind = input.byte() % 8
            let value = input.byte()
            let at = table.offset + position
            switch kind {
            case 0...3:
                data[at] = value
                changes.append("byte \(at) = \(value)")
            case 4...6:
                // A 16-bit count, offset or glyph id set to an extreme.
                let word: UInt16 = kind == 4 ? 0xFFFF : kind == 5 ? 0 : UInt16(value) << 8 | 0xFF
                data[at] = UInt8(word >> 8)
                data[min(at + 1, data.count - 1)] = UInt8(word & 0xFF)
                changes.append("word \(at) = \(word)")
            default:
                // The table cut short in the directory (its bytes stay).
                let length = UInt32(position)
                for k in 0..<4 {
                    data[table.record + 12 + k] = UInt8((length >> (24 - 8 * k)) & 0xFF)
                }
                changes.append("table at \(table.offset) cut to \(length) bytes")
            }
        }
        let shown = changes.prefix(12).joined(separator: "; ")

        let path =
            "/tmp/trellis-font-fuzz-\(getpid())-\(files.add(1, ordering: .relaxed).newValue).\(base.fileExtension)"
        guard _writeFile(path, data) else {
            throw FuzzViolation(target: "fonts", message: "cannot write \(path)", input: shown)
        }
        defer { unlink(path) }
        let modelled: Font
        let shaped: Font
        do {
            modelled = try Font._unshared(path: path)
            shaped = try Font._unshared(path: path, kernOnlyModel: false)
        } catch {
            guard case .invalidFontFile = error else {
                throw FuzzViolation(
                    target: "fonts", message: "unexpected error \(error)", input: shown)
            }
            return .rejected
        }
        let measurer = TextMeasurer()
        let shaper = TextMeasurer()
        for text in texts {
            for width in widths {
                let layout = try wellFormedLayout(
                    text, font: modelled, width: width, measurer: measurer, target: "fonts",
                    input: shown)
                let byHarfBuzz = try? shaper.layout(
                    text, style: TextStyle(fonts: FontCollection(shaped), size: 17), width: width)
                try _require(
                    byHarfBuzz == layout, "fonts",
                    "the kern-only model measures \"\(text)\" at \(width) as "
                        + "\(TextMeasurementFuzz._summary(layout)), HarfBuzz as "
                        + "\(byHarfBuzz.map(TextMeasurementFuzz._summary) ?? "an error")",
                    input: shown)
            }
        }
        return .accepted
    }

    /// `text` measured in `font` at 17 pt and `width`, checked to be well
    /// formed: damaged advances or kerning may make a line's width negative
    /// (HarfBuzz's too); the layout's size never is.
    static func wellFormedLayout(
        _ text: String, font: Font, width: Double, measurer: TextMeasurer, target: String,
        input shown: String
    ) throws(FuzzViolation) -> TextLayout {
        let layout: TextLayout
        do {
            layout = try measurer.layout(
                text, style: TextStyle(fonts: FontCollection(font), size: 17), width: width)
        } catch {
            throw FuzzViolation(
                target: target, message: "a loaded font failed to measure: \(error)",
                input: shown)
        }
        do {
            try TextMeasurementFuzz.check(
                layout, text: text, numberOfLines: 0, letterSpacing: 0, allowsInfinity: false,
                negativeWidths: true)
        } catch {
            throw FuzzViolation(
                target: target, message: "\"\(text)\" at \(width): \(error.message)", input: shown)
        }
        return layout
    }

    /// The records of the table directory (an OpenType file's, not a
    /// collection's) whose tags are in `tags`, inside the file.
    static func _tables(of bytes: [UInt8], tags: Set<String>) -> [(
        record: Int, offset: Int, length: Int
    )] {
        func number(_ at: Int, _ count: Int) -> Int {
            (at..<at + count).reduce(0) { $0 << 8 | Int(bytes[$1]) }
        }
        guard bytes.count >= 12 else { return [] }
        let count = number(4, 2)
        var found: [(record: Int, offset: Int, length: Int)] = []
        for k in 0..<count {
            let record = 12 + 16 * k
            guard record + 16 <= bytes.count else { break }
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            let offset = number(record + 8, 4)
            let length = number(record + 12, 4)
            if tags.contains(tag), length > 1, offset + length <= bytes.count {
                found.append((record, offset, length))
            }
        }
        return found
    }
}

/// The bytes of a file, or nil.
func _readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if read == 0 { break }
        bytes += chunk[..<read]
    }
    return bytes
}

/// Writes `bytes` to a new file at `path`; false when it cannot.
func _writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    return fclose(file) == 0 && written == bytes.count
}
