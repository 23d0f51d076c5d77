// An ordered list of fonts: each character cluster is drawn with the first
// font that has glyphs for all of it (fallback), as CoreText's cascade list.

import TrellisSupport

/// Fonts in fallback order. Immutable; share it between threads.
///
/// ```swift
/// let fonts = try FontCollection.bundled("Inter", weight: .regular)
/// // Inter, then Noto Sans Hebrew, then Noto Sans Arabic
/// ```
public final class FontCollection: @unchecked Sendable, CustomStringConvertible {
    /// The fonts, first choice first.
    public let fonts: [Font]
    /// Identifies the list of font files: collections of the same files share
    /// cached widths.
    let id: Int32
    let faces: [_FontFace]
    /// `faces` as unretained references (this collection keeps them), for
    /// per-character checks that call through them without retaining,
    /// made once here (the system-font scan mapped `faces` for every text:
    /// an allocation and a release a text), in memory of the collection's
    /// own, read through a pointer: reading an array kept here retains and
    /// releases its storage, which every thread measuring with the
    /// collection shares (the count's line then moves between their cores).
    let faceList: UnsafeBufferPointer<Unmanaged<_FontFace>>
    /// The system's fonts after `fonts`, ranked by fontconfig
    /// (FontCollection+SystemFonts.swift); nil for a fixed list.
    let systemFallback: _SystemFallback?
    /// For a collection that ends in the system's fonts: bit b (of the
    /// two words, 0–63 and 64–127) set when ASCII byte b is a character
    /// the first face has and not a keycap base ("#", "*", a digit), or a
    /// control character (`_isControl`), which the system-font scan steps
    /// over (`_skipsASCII`). Zero otherwise.
    let asciiSkips: (UInt64, UInt64)

    private static let interned = Locked<[_TableKey: Int32]>([:])

    /// A collection of `fonts` in fallback order. An empty list falls back to
    /// nothing: prefer `init(validating:)`, which rejects it.
    public convenience init(_ fonts: [Font]) {
        self.init(fonts, systemFallback: nil)
    }

    init(_ fonts: [Font], systemFallback: _SystemFallback?) {
        self.fonts = fonts
        self.faces = fonts.map(\._face)
        let list = UnsafeMutableBufferPointer<Unmanaged<_FontFace>>.allocate(
            capacity: faces.count)
        _ = list.initialize(from: faces.lazy.map { Unmanaged.passUnretained($0) })
        self.faceList = UnsafeBufferPointer(list)
        self.systemFallback = systemFallback
        var skips: (UInt64, UInt64) = (0, 0)
        if systemFallback != nil, let first = faces.first {
            for byte in 0..<128 where first.hasGlyph(UInt32(byte)) || _isControl(UInt32(byte)) {
                if byte == 0x23 || byte == 0x2A || (0x30...0x39).contains(byte) { continue }
                if byte < 64 {
                    skips.0 |= 1 << UInt64(byte)
                } else {
                    skips.1 |= 1 << UInt64(byte - 64)
                }
            }
        }
        self.asciiSkips = skips
        // Face ids are 1 and up; a negative entry marks the system's fonts.
        let key = _TableKey.faceIDs(faces.map(\.id) + (systemFallback.map { [-$0.id] } ?? []))
        self.id = FontCollection.interned.withLock { table in
            if let id = table[key] { return id }
            let id = Int32(table.count)
            table[key] = id
            return id
        }
    }

    deinit {
        faceList.deallocate()
    }

    /// A collection of `fonts`, which must not be empty.
    public convenience init(validating fonts: [Font]) throws(TextError) {
        guard !fonts.isEmpty else { throw TextError.emptyFontCollection }
        self.init(fonts)
    }

    /// One font alone (no fallback).
    public convenience init(_ font: Font) {
        self.init([font])
    }

    /// A bundled family, then Noto Sans Hebrew and Noto Sans Arabic as fallbacks.
    public static func bundled(_ family: String, weight: FontWeight = .regular) throws(TextError)
        -> FontCollection
    {
        var fonts = [try Font(family: family, weight: weight)]
        for fallback in ["Noto Sans Hebrew", "Noto Sans Arabic"]
        where fallback.lowercased() != family.lowercased() {
            fonts.append(try Font(family: fallback))
        }
        return FontCollection(fonts)
    }

    /// True when `byte` (below 0x80) is in `asciiSkips`.
    @inline(__always)
    func _skipsASCII(_ byte: UInt8) -> Bool { Self._skipsASCII(byte, in: asciiSkips) }

    /// True when `byte` (below 0x80) is in `skips` (a collection's
    /// `asciiSkips`: bytes 0–63, then 64–127, one bit each).
    @inline(__always)
    static func _skipsASCII(_ byte: UInt8, in skips: (UInt64, UInt64)) -> Bool {
        byte < 64
            ? (skips.0 >> UInt64(byte)) & 1 != 0
            : (skips.1 >> UInt64(byte &- 64)) & 1 != 0
    }

    /// The first font, whose metrics set the height of empty lines.
    public var primary: Font? { fonts.first }

    public var description: String {
        let tail = systemFallback.map { " → system fonts (\($0.language))" } ?? ""
        return "FontCollection(\(fonts.map(\.familyName).joined(separator: " → "))\(tail))"
    }
}

/// The key of every table the process keeps of its fonts. One type for
/// them all: the first dictionary keyed by a type has the Swift runtime
/// look that type's `Hashable` conformance up, a scan of every
/// conformance record of the executable (4,285 in `trellis`, about 150,000
/// instructions), and a key of the standard library's types costs a scan
/// for each of them (`[Int]`: `Array`'s and `Int`'s). With a key type a
/// table, a process that measured one Chinese row made six such scans
/// for these tables; with this one, one (callgrind and gdb, 2026-12-06).
enum _TableKey: Hashable {
    /// Face ids (`FontCollection.interned`, `_SystemFallback.resolved`).
    case faceIDs([Int])
    /// A face of a font file (`_FontFace.registry`,
    /// `_SystemFallback.describe`).
    case face(path: String, index: Int)
    /// A system fallback's pattern source and language
    /// (`_SystemFallback.shared`).
    case fallback(_PatternSource?, language: String)
    /// A fontconfig ranking's pattern (`_SystemFallback.ranking(for:)`).
    case ranking(family: String, weight: Int32, language: String)
    /// A character and a language number (`_SystemFallback.chosen`), or
    /// a text's hash (`_AttributedTextCache`).
    case number(UInt64)
}
