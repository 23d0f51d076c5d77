// The cache file of a face's metrics and family name (Font+TablesCache.swift):
// its reader gives back what was written and refuses every file cut short,
// damaged or of other bytes; what a face's file gives, read again from it,
// is what FreeType reads, for the bundled fonts and the system fonts
// Chinese text falls back to; a face FreeType refuses is not kept.
import CHarfBuzz
import Foundation
import Testing

@testable import TrellisText

struct FontTablesCacheTests {
    static func sample() -> _SFNTTables.CacheContents {
        _SFNTTables.CacheContents(
            fingerprint: "freetype 2.12.1", path: "/usr/share/fonts/字.otf", index: 2,
            stamps: [
                ("/", _FileStamp(of: "/")),
                ("/no/such/file", _FileStamp(of: "/no/such/file")),
            ],
            value: _SFNTTables(
                familyName: "Noto Sans CJK SC", unitsPerEm: 1000, ascender: 1160,
                descender: -288, lineGap: 0, capHeight: 733, xHeight: 543))
    }

    static func decoded(_ bytes: [UInt8]) -> _SFNTTables.CacheContents? {
        bytes.withUnsafeBytes { _SFNTTables.decodeCache($0) }
    }

    @Test func readsBackWhatItWrote() {
        let contents = Self.sample()
        #expect(Self.decoded(_SFNTTables.encodeCache(contents)) == contents)
        var other = contents
        other.value.xHeight = 544
        #expect(Self.decoded(_SFNTTables.encodeCache(other)) == other)
        #expect(other != contents)
    }

    @Test func refusesEveryFileCutShortLengthenedOrChanged() {
        CacheFileDamage.expectRefused(_SFNTTables.encodeCache(Self.sample())) {
            Self.decoded($0) != nil
        }
        // Whole, but units per em out of the head table's range.
        for unitsPerEm in [0, -5, 0x1_0000] {
            var contents = Self.sample()
            contents.value.unitsPerEm = unitsPerEm
            #expect(Self.decoded(_SFNTTables.encodeCache(contents)) == nil, "\(unitsPerEm)")
        }
    }

    /// FreeType's reading of a file's face, without the cache.
    static func freeType(_ path: String, _ index: Int) throws -> _SFNTTables {
        let blob = try #require(hb_blob_create_from_file_or_fail(path))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        let bytes = try #require(hb_blob_get_data(blob, &length))
        return try _SFNTTables.read(bytes: bytes, length: Int(length), index: index)
    }

    /// Each font copied to a directory of its own: read through the cache
    /// twice (FreeType, then the file) and once more after a change.
    @Test func keptTablesAreFreeTypes() throws {
        var fonts = _BundledFonts.files.map { (_BundledFonts.directory + "/" + $0.file, 0) }
        for (path, index) in [
            ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2),
            ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0),
            ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0),
        ] where FileManager.default.fileExists(atPath: path) {
            fonts.append((path, index))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "font-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (number, (path, index)) in fonts.enumerated() {
            let copy = directory.appendingPathComponent(
                "\(number)-" + (path as NSString).lastPathComponent
            ).path
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let expected = try Self.freeType(copy, index)
            for round in 0..<3 {
                if round == 2 {
                    let handle = try #require(FileHandle(forWritingAtPath: copy))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: [0])
                    try handle.close()
                }
                let blob = try #require(hb_blob_create_from_file_or_fail(copy))
                defer { hb_blob_destroy(blob) }
                var length: UInt32 = 0
                let bytes = try #require(hb_blob_get_data(blob, &length))
                let kept = try _SFNTTables.readKeeping(
                    path: copy, bytes: bytes, length: Int(length), index: index)
                #expect(kept == expected, "\(path) \(index), round \(round)")
            }
        }
        #expect(_SFNTTables.cacheFingerprint.hasPrefix("freetype 2."))
    }

    /// A file FreeType refuses is refused every time, with its reason.
    @Test func aRefusedFaceIsNotKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "font-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("not-a-font.ttf").path
        try Data((0..<512).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: file))
        for _ in 0..<2 {
            #expect(throws: TextError.self) { _ = try Font(path: file) }
        }
    }
}
