// The cache file of what fontconfig reads from a system fallback's first
// font (_SystemFonts+DescriptionCache.swift): its reader gives back what was
// written and refuses every file cut short, damaged or of other bytes; a
// description is taken from the file only while the font is unchanged, and
// is then fontconfig's own.
import Foundation
import Testing

@testable import TrellisText

struct DescriptionCacheTests {
    static func sample(described: Bool = true) -> _DescriptionCache.Contents {
        _DescriptionCache.Contents(
            fingerprint: "fontconfig 21400\nHOME=/root", path: "/usr/share/fonts/字.otf",
            index: 3,
            stamps: [
                ("/", _FileStamp(of: "/")),
                ("/no/such/file", _FileStamp(of: "/no/such/file")),
            ], value: described ? _DescriptionCache.Description(family: "Inter", weight: 80) : nil)
    }

    static func decoded(_ bytes: [UInt8]) -> _DescriptionCache.Contents? {
        bytes.withUnsafeBytes { _DescriptionCache.decode($0) }
    }

    @Test func readsBackWhatItWrote() {
        for described in [true, false] {
            let contents = Self.sample(described: described)
            #expect(Self.decoded(_DescriptionCache.encode(contents)) == contents)
        }
        #expect(Self.sample() != Self.sample(described: false))
    }

    @Test func refusesEveryFileCutShortLengthenedOrChanged() {
        CacheFileDamage.expectRefused(_DescriptionCache.encode(Self.sample())) {
            Self.decoded($0) != nil
        }
    }

    /// A copy of Inter of its own: fontconfig reads it once, the second
    /// description comes from the file, and a font changed since is read again.
    @Test func aKeptDescriptionIsFontconfigsUntilTheFontChanges() throws {
        guard _DiskCache.isEnabled, _DiskCache.directory != nil else { return }
        let inter = try Font(family: "Inter").path
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "description-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("Inter.otf").path
        try FileManager.default.copyItem(atPath: inter, toPath: copy)
        var queries = 0
        func query(_ path: String, _ index: Int) -> (family: String, weight: Int32)? {
            queries += 1
            return _SystemFallback._query(path: path, index: index)
        }
        let fresh = try #require(_SystemFallback._query(path: copy, index: 0))
        let first = _DescriptionCache.describe(path: copy, index: 0, query: query)
        let second = _DescriptionCache.describe(path: copy, index: 0, query: query)
        #expect(queries == 1)
        #expect(first?.family == fresh.family && first?.weight == fresh.weight)
        #expect(second?.family == fresh.family && second?.weight == fresh.weight)
        // Another face of the same file is a file of its own.
        _ = _DescriptionCache.describe(path: copy, index: 1, query: query)
        #expect(queries == 2)
        // Changed (a byte appended): read again.
        let handle = try #require(FileHandle(forWritingAtPath: copy))
        try handle.seekToEnd()
        try handle.write(contentsOf: [0])
        try handle.close()
        let third = _DescriptionCache.describe(path: copy, index: 0, query: query)
        #expect(queries == 3)
        #expect(third?.family == fresh.family && third?.weight == fresh.weight)
    }
}
