// Fuzz body for the files TrellisText keeps across processes in its cache
// directory (_DiskCache.swift): a face's kern-only analysis, fontconfig's
// ranking, a face's tables, fontconfig's description of a font and a face's
// compiled substitutions. A real file's payload (the bundled Inter's or
// Roboto's analysis or substitutions, or a ranking of the bundled fonts) has
// bytes overwritten, 32-bit counts and offsets set to extremes, or is cut
// short, and is framed again with its length and checksum (as a file made
// to look whole would be), or left with the old frame. The ranking reader
// must refuse it or give pages in order within Unicode. The analysis or the
// substitutions, of a copy of the font made for the run, are put where the
// process reads them, and the copy loaded and measured: a file the reader
// refuses is written anew (the face analyzed or compiled again); one it
// accepts must still measure every text to a finite, well-formed layout,
// and the payload as it was must be accepted. The tables and description
// readers must refuse a damaged file or read what they write again as the
// same bytes.

import Synchronization
@_spi(Fuzzing) import TrellisText

#if canImport(Glibc)
    import Glibc
#endif

enum FontCacheFuzz {
    /// The bundled fonts' bytes (`FontTablesFuzz.bases`), each run copied
    /// to a file of its own: its analysis's cache file is then one no other
    /// code of the process reads.
    static var bases: [FontTablesFuzz.Base] { FontTablesFuzz.bases }

    private static let files = Atomic<Int>(0)

    static let rankingPayload: [UInt8] = {
        let paths = ["Inter", "Roboto"].compactMap { try? Font(family: $0).path }
        return _FontCacheFuzzing.rankingPayload(
            fonts: paths, scalars: [0x41, 0x61, 0xE9, 0x416, 0x3042, 0x4E00, 0xFF01, 0x1F600])
    }()

    static let texts = [
        "AVATAR Wave To Ty", "Пример текста: ёлка", "ﬁ office 漢字 x", "a\u{301} Ἀθῆναι",
    ]
    static let widths: [Double] = [1e6, 120, 37]

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        guard !bases.isEmpty else {
            throw FuzzViolation(
                target: "fontcache", message: "the bundled fonts Inter and Roboto did not load",
                input: "")
        }
        var input = FuzzInput(bytes)
        let choice = Int(input.byte() % 6)
        if choice == 5 { return try substitutions(input: &input) }
        if choice >= 3 { return try smallFile(kind: choice - 3, input: &input) }
        var kernOnly: (fontPath: String, file: String, payload: [UInt8])?
        if choice < bases.count {
            kernOnly = try fontCopy(bases[choice], "analysis") {
                try? _FontCacheFuzzing.kernOnlyFile(fontAt: $0)
            }
        }
        defer {
            if let kernOnly {
                unlink(kernOnly.fontPath)
                unlink(kernOnly.file)
            }
        }
        let original = kernOnly?.payload ?? rankingPayload
        let (payload, file, shown) = damagedFile(
            original, name: kernOnly.map { "analysis of \($0.fontPath)" } ?? "ranking",
            frame: kernOnly == nil
                ? _FontCacheFuzzing.rankingFrame : _FontCacheFuzzing.kernOnlyFrame,
            input: &input)
        guard let kernOnly else {
            let read: [(path: String, pages: Int)]?
            do {
                read = try _FontCacheFuzzing.readRanking(file)
            } catch {
                throw FuzzViolation(target: "fontcache", message: "\(error)", input: shown)
            }
            try _require(
                payload != original || read != nil, "fontcache",
                "the ranking reader refused a whole, undamaged file", input: shown)
            return read == nil ? .rejected : .accepted
        }
        return try measureCopy(
            kernOnly.fontPath, reading: kernOnly.file, file, damaged: payload != original,
            texts: texts, reader: "analysis", shown: shown)
    }

    /// The substitution tables' file of a copy of a bundled font, damaged
    /// and put where the process reads it; the copy loaded, its tables and
    /// plan made, and texts with Inter's contextual triggers measured: a
    /// file the reader refuses is written anew, one it accepts must still
    /// measure every text to a finite, well-formed layout, and the payload
    /// as it was must be accepted.
    static func substitutions(input: inout FuzzInput) throws(FuzzViolation) -> FuzzOutcome {
        let made = try fontCopy(bases[Int(input.byte()) % bases.count], "substitutions") {
            try? _FontCacheFuzzing.substitutionsFile(fontAt: $0)
        }
        let path = made.fontPath
        defer {
            unlink(path)
            unlink(made.file)
        }
        let (payload, file, shown) = damagedFile(
            made.payload, name: "substitutions of \(path)",
            frame: _FontCacheFuzzing.substitutionsFrame, input: &input)
        return try measureCopy(
            path, reading: made.file, file, damaged: payload != made.payload,
            texts: texts + ["I:58 A-R less(1) H:M", "(B) 3x4 A:Z"], reader: "substitution tables",
            shown: shown
        ) { _FontCacheFuzzing.makeSubstitutionPlan($0) }
    }

    /// Puts `file` where the process reads the cache file `cacheFile` of
    /// the font copy at `fontPath`, loads the copy, runs `prepare` on it
    /// and measures each of `texts` at every width to a well-formed layout
    /// (a damaged analysis's advances may be negative). The reader took the
    /// file when it is left as it was (one it refuses is written anew); it
    /// must take an undamaged payload.
    static func measureCopy(
        _ fontPath: String, reading cacheFile: String, _ file: [UInt8], damaged: Bool,
        texts: [String], reader: String, shown: String, prepare: (Font) -> Void = { _ in }
    ) throws(FuzzViolation) -> FuzzOutcome {
        guard _writeFile(cacheFile, file) else {
            throw FuzzViolation(
                target: "fontcache", message: "cannot write \(cacheFile)", input: shown)
        }
        let font: Font
        do {
            font = try Font._unshared(path: fontPath)
        } catch {
            throw FuzzViolation(
                target: "fontcache", message: "the font did not load: \(error)", input: shown)
        }
        prepare(font)
        let measurer = TextMeasurer()
        for text in texts {
            for width in widths {
                _ = try FontTablesFuzz.wellFormedLayout(
                    text, font: font, width: width, measurer: measurer, target: "fontcache",
                    input: shown)
            }
        }
        let accepted = _readFile(cacheFile) == file
        try _require(
            damaged || accepted, "fontcache",
            "the \(reader) reader refused a whole, undamaged file", input: shown)
        return accepted ? .accepted : .rejected
    }

    /// A copy of `base` in a file of its own, and the `kind` cache file
    /// `make` gives of it (where the process reads it, and its payload).
    static func fontCopy(
        _ base: FontTablesFuzz.Base, _ kind: String,
        make: (String) -> (file: String, payload: [UInt8])?
    ) throws(FuzzViolation) -> (fontPath: String, file: String, payload: [UInt8]) {
        let path =
            "/tmp/trellis-fontcache-fuzz-\(getpid())-\(files.add(1, ordering: .relaxed).newValue).\(base.fileExtension)"
        guard _writeFile(path, base.bytes), let made = make(path) else {
            unlink(path)
            throw FuzzViolation(
                target: "fontcache", message: "cannot make the \(kind) file of \(path)",
                input: "")
        }
        return (path, made.file, made.payload)
    }

    /// `original` damaged as `input` says (`damage`), and the file made of
    /// it: framed again by `frame` (seven inputs in eight, and always when
    /// nothing changed) or left under the old frame; what was done, for a
    /// report, names the file `name`.
    static func damagedFile(
        _ original: [UInt8], name: String, frame: ([UInt8]) -> [UInt8], input: inout FuzzInput
    ) -> (payload: [UInt8], file: [UInt8], shown: String) {
        var payload = original
        let reframe = input.byte() % 8 != 0
        let changes = damage(&payload, input: &input)
        let shown =
            name + (reframe ? "" : ", old frame") + ": "
            + changes.prefix(12).joined(separator: "; ")
        let file =
            reframe || payload == original
            ? frame(payload) : Array(frame(original).prefix(32)) + payload
        return (payload, file, shown)
    }

    /// Damages `payload` as the rest of `input` says: bytes overwritten,
    /// 32-bit little-endian counts or offsets set to extremes, the payload
    /// cut short. Returns what was done.
    static func damage(_ payload: inout [UInt8], input: inout FuzzInput) -> [String] {
        var changes: [String] = []
        while !input.isAtEnd, !payload.isEmpty {
            let position =
                (Int(input.byte()) << 16 | Int(input.byte()) << 8 | Int(input.byte()))
                % payload.count
            let kind = input.byte() % 8
            let value = input.byte()
            switch kind {
            case 0...3:
                payload[position] = value
                changes.append("byte \(position) = \(value)")
            case 4...6:
                let word: UInt32 =
                    kind == 4 ? 0xFFFF_FFFF : kind == 5 ? 0 : UInt32(value) << 24 | 0xFF_FFFF
                for k in 0..<4 where position + k < payload.count {
                    payload[position + k] = UInt8(truncatingIfNeeded: word >> (8 * k))
                }
                changes.append("word \(position) = \(word)")
            default:
                payload.removeSubrange(position...)
                changes.append("cut to \(position) bytes")
            }
        }
        return changes
    }

    /// A font-tables file (`kind` 0) or a fontconfig description file
    /// (`kind` 1) of the bundled Inter, damaged: the reader must refuse it
    /// or read what is written again as the same bytes, and must take the
    /// undamaged file.
    static func smallFile(kind: Int, input: inout FuzzInput) throws(FuzzViolation) -> FuzzOutcome {
        let name = kind == 0 ? "font tables" : "fontconfig description"
        guard let path = try? Font(family: "Inter").path else {
            throw FuzzViolation(
                target: "fontcache", message: "the bundled font Inter did not load", input: "")
        }
        let original = _FontCacheFuzzing.smallFilePayload(kind: kind, fontAt: path)
        let (payload, file, shown) = damagedFile(
            original, name: name, frame: { _FontCacheFuzzing.smallFileFrame(kind: kind, $0) },
            input: &input)
        let read = _FontCacheFuzzing.readSmallFile(kind: kind, file)
        try _require(
            payload != original || read != nil, "fontcache",
            "the \(name) reader refused a whole, undamaged file", input: shown)
        try _require(
            read != false, "fontcache",
            "the \(name) reader took a file it does not write again as the same bytes",
            input: shown)
        return read == nil ? .rejected : .accepted
    }
}
