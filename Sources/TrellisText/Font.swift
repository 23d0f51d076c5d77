// Fonts: a font file read once, its metrics from the OpenType tables (through
// FreeType), and an immutable HarfBuzz font that every thread may shape with.
import CFreeType
import CHarfBuzz
import Synchronization
import TrellisSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A font weight among those Trellis bundles.
public enum FontWeight: String, Sendable, CaseIterable, CustomStringConvertible {
    case regular, medium, semibold, bold

    public var description: String { rawValue }
}

/// Vertical metrics of a font at a point size, in points (fractional, unhinted,
/// as CoreText reports them).
///
/// Source of the numbers: when the OS/2 table's `fsSelection` has bit 7
/// (USE_TYPO_METRICS) set, `sTypoAscender`, `sTypoDescender`, `sTypoLineGap`;
/// otherwise the `hhea` table's `ascender`, `descender`, `lineGap` (the
/// OpenType specification, OS/2 `fsSelection`; CoreText and DirectWrite
/// follow the same rule). Each is scaled by `size / unitsPerEm`.
public struct FontMetrics: Sendable, Equatable {
    /// Distance from the baseline to the top of the line, positive (`UIFont.ascender`).
    public var ascender: Double
    /// Distance from the baseline to the bottom of the line, negative (`UIFont.descender`).
    public var descender: Double
    /// Extra space between lines, the line gap (`UIFont.leading`).
    public var leading: Double
    /// `ascender − descender + leading`, as `UIFont.lineHeight`.
    public var lineHeight: Double
    /// Height of capital letters (OS/2 `sCapHeight`), as `UIFont.capHeight`.
    public var capHeight: Double
    /// Height of lowercase x (OS/2 `sxHeight`), as `UIFont.xHeight`.
    public var xHeight: Double
    /// Design units per em of the font (`head.unitsPerEm`); not scaled.
    public var unitsPerEm: Int

    public init(
        ascender: Double, descender: Double, leading: Double, capHeight: Double, xHeight: Double,
        unitsPerEm: Int
    ) {
        self.ascender = ascender
        self.descender = descender
        self.leading = leading
        self.lineHeight = ascender - descender + leading
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.unitsPerEm = unitsPerEm
    }

    /// `ascender − descender`: the line height without the font's leading
    /// (boundingRect without `.usesFontLeading`).
    public var heightWithoutLeading: Double { ascender - descender }
}

/// A font loaded from a bundled family or a file. Immutable after `init`, so
/// one instance can be shared by every thread.
///
/// ```swift
/// let inter = try Font(family: "Inter")
/// inter.metrics(size: 17).lineHeight   // (2728 + 680) × 17 / 2816 = 20.5738…
/// ```
public final class Font: @unchecked Sendable, CustomStringConvertible {
    let _face: _FontFace

    /// Loads a bundled font (see `Font.bundledFamilies`) from the package's `Fonts/`
    /// folder, or from `$TRELLIS_FONTS_DIR` when that variable is set.
    /// Family names compare without regard to case.
    public init(family: String, weight: FontWeight = .regular) throws(TextError) {
        guard let file = _BundledFonts.file(family: family, weight: weight) else {
            throw TextError.unknownFamily(
                family: family, weight: weight, available: _BundledFonts.listing)
        }
        _face = try _FontFace.shared(path: _BundledFonts.directory + "/" + file)
    }

    /// Loads face `index` of an OpenType/TrueType font file or collection
    /// (`.ttc`/`.otc`: Noto Sans CJK's faces are 0 JP, 1 KR, 2 SC, 3 TC, 4 HK).
    public init(path: String, index: Int = 0) throws(TextError) {
        _face = try _FontFace.shared(path: path, index: index)
    }

    /// Loads face `index` of a font file into a face of its own, outside
    /// the registry `init(path:index:)` shares faces through (so it is freed
    /// with its last font, and a file rewritten at the same path is read
    /// again): for fuzzing the font tables Trellis reads itself. With
    /// `kernOnlyModel` false, every text in the font is shaped by HarfBuzz
    /// (the kern-only model, `_KernOnlyFace`, is left out), so a fuzz body can
    /// check that the model measures a damaged font as HarfBuzz does.
    @_spi(Fuzzing)
    public static func _unshared(path: String, index: Int = 0, kernOnlyModel: Bool = true)
        throws(TextError) -> Font
    {
        Font(
            _sharing: try _FontFace.unshared(
                path: path, index: index, kernOnlyModel: kernOnlyModel))
    }

    /// A font for a face already loaded (the system fallback's choices).
    init(_sharing face: _FontFace) {
        _face = face
    }

    /// The bundled families and their weights, as "Family (weight, …)".
    public static var bundledFamilies: [String] { _BundledFonts.listing }

    /// The folder bundled fonts are read from.
    public static var fontsDirectory: String { _BundledFonts.directory }

    /// The font's family name from its `name` table (FreeType's `family_name`).
    public var familyName: String { _face.familyName }

    /// The path the font was read from.
    public var path: String { _face.path }

    /// The face's index in its file (0 unless the file is a collection).
    public var faceIndex: Int { _face.index }

    /// Metrics at `size` points.
    /// - Complexity: O(1).
    public func metrics(size: Double) -> FontMetrics {
        _face.metrics(size: size)
    }

    /// True when the font maps `scalar` to a glyph (its `cmap` has it).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        _face.hasGlyph(scalar.value)
    }

    public var description: String { "Font(\(familyName), \(path))" }
}

/// The file-level data of a font: HarfBuzz face and font, metrics in design
/// units. One per path for the whole process, so every `Font` made from the
/// same file shares caches.
final class _FontFace: @unchecked Sendable {
    let id: Int
    let path: String
    /// The face's index in a font collection file (0 for a single font).
    let index: Int
    let familyName: String
    let unitsPerEm: Int
    let ascenderUnits: Double
    let descenderUnits: Double
    let lineGapUnits: Double
    let capHeightUnits: Double
    let xHeightUnits: Double
    /// True for a color emoji font: glyphs as color bitmaps (CBDT, sbix) or
    /// color layers (COLR). Spaces do not stay with it (`_fallbackFace`).
    let isColorEmoji: Bool
    /// Its baselines, for aligning a line's runs (_BaselineAlignment.swift).
    let baselines: _FaceBaselines
    /// Immutable HarfBuzz font at scale = unitsPerEm (advances in design units),
    /// using HarfBuzz's own OpenType functions: safe to share between threads.
    let hbFont: OpaquePointer
    private let blob: OpaquePointer
    private let hbFace: OpaquePointer
    /// The kern-only analysis (`_KernOnlyFace`), made on first use.
    private let _kernOnly = Locked<_KernOnlyFace??>(nil)
    /// Per script class of the kern model, the plan that applies its
    /// substitutions (`_SubstitutionPlan`), made on first use.
    private let _substitutionPlans = Locked(_SubstitutionPlans())
    /// Which code points of the Basic Multilingual Plane the cmap maps to a
    /// glyph, one bit each (`hasGlyph`), filled on first use from the
    /// cmap's list of code points (`_fillCmapCoverage`), or for a symbol
    /// font a block of `coverageBlockSize` code points at a time: a call to
    /// `hb_font_get_nominal_glyph` costs about 200 instructions, and the
    /// fallback scans ask for every character of every text.
    private let coverage: UnsafeMutablePointer<UInt64>
    /// Bit b: block b of `coverage` is filled (stored with release
    /// ordering after the block's words).
    private let coverageReady = Atomic<UInt64>(0)
    /// Fills blocks one thread at a time (`Locked`, a pthread mutex, which
    /// ThreadSanitizer models, as every lock of the package).
    private let coverageFill = Locked<Void>(())
    static let coverageBlockSize = 1024

    private static let registry = Locked<[_TableKey: _FontFace]>([:])
    private static let nextID = Atomic<Int>(0)

    static func shared(path: String, index: Int = 0) throws(TextError) -> _FontFace {
        let key = _TableKey.face(path: path, index: index)
        if let face = registry.withLock({ $0[key] }) { return face }
        let face = try _FontFace(path: path, index: index)
        return registry.withLock { faces in
            if let existing = faces[key] { return existing }
            faces[key] = face
            return face
        }
    }

    /// A face not in the registry (`Font._unshared`); without the kern-only
    /// model when `kernOnlyModel` is false.
    static func unshared(path: String, index: Int, kernOnlyModel: Bool) throws(TextError)
        -> _FontFace
    {
        let face = try _FontFace(path: path, index: index)
        if !kernOnlyModel { face._kernOnly.withLock { $0 = .some(nil) } }
        return face
    }

    private init(path: String, index: Int) throws(TextError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw TextError.fontFileNotFound(path: path) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TextError.invalidFontFile(path: path, reason: "not a regular file")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw TextError.invalidFontFile(path: path, reason: "cannot be read")
        }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            throw TextError.invalidFontFile(path: path, reason: "empty file")
        }
        let tables: _SFNTTables
        do throws(_SFNTTables.Failure) {
            guard (0..<0x1_0000).contains(index) else {
                throw _SFNTTables.Failure(reason: "face index \(index) out of range")
            }
            // Kept across processes (Font+TablesCache.swift).
            tables = try _SFNTTables.readKeeping(
                path: path, bytes: bytes, length: Int(length), index: index)
        } catch {
            hb_blob_destroy(blob)
            throw TextError.invalidFontFile(path: path, reason: error.reason)
        }
        // HarfBuzz returns its empty face or font rather than NULL on failure;
        // an empty face has no glyphs.
        guard let face = hb_face_create(blob, UInt32(index)) else {
            hb_blob_destroy(blob)
            throw TextError.invalidFontFile(path: path, reason: "HarfBuzz cannot open it")
        }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw TextError.invalidFontFile(path: path, reason: "HarfBuzz finds no glyphs")
        }
        // HarfBuzz scales its positioning values by the units per em it
        // reads itself (1,000 when its sanitizer refuses the head table);
        // the metrics and the kern-only model use FreeType's. A font on
        // which they disagree has a damaged head table.
        guard hb_face_get_upem(face) == UInt32(tables.unitsPerEm) else {
            let read = hb_face_get_upem(face)
            hb_font_destroy(font)
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw TextError.invalidFontFile(
                path: path,
                reason:
                    "damaged head table (FreeType reads \(tables.unitsPerEm) units per em, HarfBuzz \(read))"
            )
        }
        hb_ot_font_set_funcs(font)
        let upem = Int32(tables.unitsPerEm)
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)

        self.blob = blob
        self.hbFace = face
        self.isColorEmoji = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
        self.hbFont = font
        self.baselines = _FaceBaselines(font: font)
        self.path = path
        self.index = index
        self.familyName = tables.familyName
        self.unitsPerEm = tables.unitsPerEm
        self.ascenderUnits = tables.ascender
        self.descenderUnits = tables.descender
        self.lineGapUnits = tables.lineGap
        self.capHeightUnits = tables.capHeight
        self.xHeightUnits = tables.xHeight
        self.id = _FontFace.nextID.add(1, ordering: .relaxed).newValue
        self.coverage = .allocate(capacity: 0x1_0000 / 64)
    }

    deinit {
        coverage.deallocate()
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
    }

    /// What the font's layout does to eligible text, or nil when it cannot
    /// be modelled (see `_KernOnlyFace`). Worked out once, on first use.
    var kernOnly: _KernOnlyFace? {
        _kernOnly.withLock { analysis in analyzeKernOnly(&analysis) }
    }

    /// The substitutions of the kern model's plan for `scriptClass`, or
    /// nil when they cannot be modelled. Worked out once, on first use.
    func substitutionPlan(scriptClass: Int) -> _SubstitutionPlan? {
        _substitutionPlans.withLock { made in
            if let known = made.plans[scriptClass] { return known }
            if made.tables == nil {
                // Kept across processes (_SubstitutionTables+Cache.swift).
                made.tables = .some(
                    _SubstitutionTables.makeKeeping(face: hbFace, path: path, index: index))
            }
            let plan = made.tables!.map {
                _SubstitutionPlan.make(
                    face: hbFace, script: _KernOnlyFace.scripts[scriptClass], tables: $0)
            }
            made.plans[scriptClass] = .some(plan ?? nil)
            return plan ?? nil
        }
    }

    private func analyzeKernOnly(_ analysis: inout _KernOnlyFace??) -> _KernOnlyFace? {
        if let known = analysis { return known }
        // Kept across processes (KernOnlyShaping+Cache.swift).
        let made = _KernOnlyFace.analyzeKeeping(
            face: hbFace, font: hbFont, path: path, index: index)
        analysis = .some(made)
        return made
    }

    func metrics(size: Double) -> FontMetrics {
        let scale = size / Double(unitsPerEm)
        return FontMetrics(
            ascender: ascenderUnits * scale, descender: descenderUnits * scale,
            leading: lineGapUnits * scale, capHeight: capHeightUnits * scale,
            xHeight: xHeightUnits * scale, unitsPerEm: unitsPerEm)
    }

    /// Whether the cmap maps `codePoint` to a glyph, as HarfBuzz maps it
    /// when shaping (`hb_font_get_nominal_glyph`); for the Basic
    /// Multilingual Plane, read from `coverage`, which holds the code
    /// points the subtable that function reads lists (`_fillCmapCoverage`).
    @inline(__always)
    func hasGlyph(_ codePoint: UInt32) -> Bool {
        guard codePoint < 0x1_0000 else { return nominalGlyph(codePoint) }
        let block = Int(codePoint) / Self.coverageBlockSize
        if coverageReady.load(ordering: .acquiring) & (1 << UInt64(block)) == 0 {
            fillCoverage(block: block)
        }
        return (coverage[Int(codePoint) >> 6] >> UInt64(codePoint & 63)) & 1 != 0
    }

    /// The coverage bits of the 64 code points from 64 × `word` (below
    /// U+10000): bit i set when `hasGlyph(64 × word + i)`.
    @inline(__always)
    func coverageWord(_ word: Int) -> UInt64 {
        let block = word * 64 / Self.coverageBlockSize
        if coverageReady.load(ordering: .acquiring) & (1 << UInt64(block)) == 0 {
            fillCoverage(block: block)
        }
        return coverage[word]
    }

    @inline(__always)
    private func nominalGlyph(_ codePoint: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, codePoint, &glyph) != 0
    }

    @inline(never)
    private func fillCoverage(block: Int) {
        coverageFill.withLock { _ in
            let bit: UInt64 = 1 << UInt64(block)
            let ready = coverageReady.load(ordering: .relaxed)
            guard ready & bit == 0 else { return }
            // Every block at once from the cmap's own list where HarfBuzz
            // gives it (`_fillCmapCoverage`); else this block a code point
            // at a time.
            if ready == 0 && _fillCmapCoverage(face: hbFace, into: coverage) {
                coverageReady.store(.max, ordering: .releasing)
                return
            }
            let first = block * Self.coverageBlockSize
            for word in (first / 64)..<((first + Self.coverageBlockSize) / 64) {
                var bits: UInt64 = 0
                for offset in 0..<64 where nominalGlyph(UInt32(word * 64 + offset)) {
                    bits |= 1 << UInt64(offset)
                }
                coverage[word] = bits
            }
            coverageReady.bitwiseOr(bit, ordering: .releasing)
        }
    }
}

/// The vertical metrics a font file declares, read once through FreeType
/// (or from the cache directory, Font+TablesCache.swift). FreeType is used
/// only here, under a lock (FreeType libraries are not thread-safe);
/// shaping never touches it.
struct _SFNTTables: Equatable {
    struct Failure: Error { var reason: String }

    var familyName: String
    var unitsPerEm: Int
    var ascender: Double
    var descender: Double
    var lineGap: Double
    var capHeight: Double
    var xHeight: Double

    static let library = Locked<FT_Library?>(nil)

    /// The library `library` holds, started on the first call (under its
    /// lock); nil when FreeType fails to start.
    static func startedLibrary(_ library: inout FT_Library?) -> FT_Library? {
        if library == nil {
            var created: FT_Library?
            guard FT_Init_FreeType(&created) == 0, let created else { return nil }
            library = created
        }
        return library
    }

    static func read(bytes: UnsafePointer<CChar>, length: Int, index: Int = 0) throws(Failure)
        -> _SFNTTables
    {
        let result: Result<_SFNTTables, Failure> = library.withLock { library in
            guard let started = startedLibrary(&library) else {
                return .failure(Failure(reason: "FreeType failed to start"))
            }
            var face: FT_Face?
            let error = bytes.withMemoryRebound(to: FT_Byte.self, capacity: length) {
                FT_New_Memory_Face(started, $0, FT_Long(length), FT_Long(index), &face)
            }
            guard error == 0, let face else {
                if index > 0 && error == 6 {  // FT_Err_Invalid_Argument
                    return .failure(Failure(reason: "the file has no face \(index)"))
                }
                return .failure(Failure(reason: "FreeType error \(error)"))
            }
            defer { FT_Done_Face(face) }
            return Result { () throws(Failure) in try tables(of: face) }
        }
        return try result.get()
    }

    private static func tables(of face: FT_Face) throws(Failure) -> _SFNTTables {
        var upem = Int(face.pointee.units_per_EM)
        if upem == 0, let rawHead = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) {
            // FreeType leaves `units_per_EM` at 0 for fonts with bitmaps and
            // no outlines, such as a color emoji font's CBDT strikes; its
            // `head` table still has the unit HarfBuzz scales advances and
            // metrics by.
            upem = Int(rawHead.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
        }
        guard upem > 0 else { throw Failure(reason: "not a scalable font") }
        guard let rawHhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else {
            throw Failure(reason: "no hhea table")
        }
        let hhea = rawHhea.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        var tables = _SFNTTables(
            familyName: family, unitsPerEm: upem,
            ascender: Double(hhea.Ascender), descender: Double(hhea.Descender),
            lineGap: Double(hhea.Line_Gap), capHeight: 0, xHeight: 0)
        if let rawOS2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = rawOS2.assumingMemoryBound(to: TT_OS2.self).pointee
            // OS/2 fsSelection bit 7: USE_TYPO_METRICS.
            if os2.version != 0xFFFF && (os2.fsSelection & (1 << 7)) != 0 {
                tables.ascender = Double(os2.sTypoAscender)
                tables.descender = Double(os2.sTypoDescender)
                tables.lineGap = Double(os2.sTypoLineGap)
            }
            // sCapHeight and sxHeight exist from OS/2 version 2 on.
            if os2.version != 0xFFFF && os2.version >= 2 {
                tables.capHeight = Double(os2.sCapHeight)
                tables.xHeight = Double(os2.sxHeight)
            }
        }
        return tables
    }
}

/// Where the bundled fonts live and which file is which family and weight.
enum _BundledFonts {
    static let files: [(family: String, weight: FontWeight, file: String)] = [
        ("Inter", .regular, "Inter/Inter-Regular.otf"),
        ("Inter", .medium, "Inter/Inter-Medium.otf"),
        ("Inter", .semibold, "Inter/Inter-SemiBold.otf"),
        ("Inter", .bold, "Inter/Inter-Bold.otf"),
        ("Roboto", .regular, "Roboto/Roboto-Regular.ttf"),
        ("Roboto", .medium, "Roboto/Roboto-Medium.ttf"),
        ("Noto Sans Hebrew", .regular, "NotoSansHebrew/NotoSansHebrew-Regular.ttf"),
        ("Noto Sans Arabic", .regular, "NotoSansArabic/NotoSansArabic-Regular.ttf"),
    ]

    static func file(family: String, weight: FontWeight) -> String? {
        let wanted = family.lowercased()
        return files.first { $0.family.lowercased() == wanted && $0.weight == weight }?.file
    }

    static var listing: [String] {
        var families: [(name: String, weights: [String])] = []
        for entry in files {
            if let index = families.firstIndex(where: { $0.name == entry.family }) {
                families[index].weights.append(entry.weight.rawValue)
            } else {
                families.append((entry.family, [entry.weight.rawValue]))
            }
        }
        return families.map { "\($0.name) (\($0.weights.joined(separator: ", ")))" }
    }

    /// `$TRELLIS_FONTS_DIR`, else `Fonts/` at the package root, found from this
    /// source file's path (Sources/TrellisText/Font.swift → ../../Fonts).
    static let directory: String = {
        if let value = getenv("TRELLIS_FONTS_DIR"), value.pointee != 0 {
            return String(cString: value)
        }
        // The path without its last three components (not `joined` on
        // the split path, whose generic code made the runtime scan every
        // conformance record of the binary at each start).
        var root = Substring(#filePath)
        for _ in 0..<3 {
            guard let slash = root.lastIndex(of: "/") else { break }
            root = root[..<slash]
        }
        return String(root) + "/Fonts"
    }()
}
