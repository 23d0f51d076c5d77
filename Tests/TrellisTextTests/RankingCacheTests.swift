// The cache file of fontconfig's rankings (_SystemFonts+RankingCache.swift):
// its reader gives back what was written, and refuses every file cut short,
// damaged or of other bytes; a file is trusted only while what it was made
// from is unchanged.
import Foundation
import Testing

@testable import TrellisText

struct RankingCacheTests {
    /// A ranking of two made-up fonts, one with a page beyond the BMP,
    /// stamped with a file that exists and one that does not.
    static func sample() -> _RankingCache.Contents {
        let first = _RankingCache.Entry(
            path: "/usr/share/fonts/a.ttf", index: 0, pageBases: [0, 0x4E00, 0x1F600],
            pageWords: (0..<24).map { UInt32($0) &* 0x9E37_79B9 })
        let second = _RankingCache.Entry(
            path: "/usr/share/fonts/字.otf", index: 3, pageBases: [0x100],
            pageWords: [1, 2, 3, 4, 5, 6, 7, 0xFFFF_FFFF])
        return _RankingCache.Contents(
            fingerprint: "fontconfig 21400\nHOME=/root", family: "Inter", weight: 80,
            language: "zh-cn",
            stamps: [
                ("/", _FileStamp(of: "/")),
                ("/no/such/file", _FileStamp(of: "/no/such/file")),
            ], entries: [first, second])
    }

    static func decoded(_ bytes: [UInt8]) -> _RankingCache.Contents? {
        bytes.withUnsafeBytes { _RankingCache.decode($0) }
    }

    @Test func readsBackWhatItWrote() throws {
        let contents = Self.sample()
        let bytes = _RankingCache.encode(contents)
        #expect(Self.decoded(bytes) == contents)
        #expect(contents.stamps[0].stamp.exists)
        #expect(!contents.stamps[1].stamp.exists)
        #expect(contents.stamps.allSatisfy { _FileStamp(of: $0.path) == $0.stamp })
    }

    @Test func refusesEveryFileCutShortOrLengthened() {
        let bytes = _RankingCache.encode(Self.sample())
        for length in 0..<bytes.count {
            #expect(Self.decoded(Array(bytes[0..<length])) == nil, "\(length) bytes")
        }
        #expect(Self.decoded(bytes + [0]) == nil)
    }

    @Test func refusesEveryChangedByteAndRandomBytes() {
        let bytes = _RankingCache.encode(Self.sample())
        var generator = SystemRandomNumberGenerator()
        for offset in bytes.indices {
            var damaged = bytes
            damaged[offset] ^= UInt8.random(in: 1...255, using: &generator)
            #expect(Self.decoded(damaged) == nil, "byte \(offset)")
        }
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<600, using: &generator)
            var random = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if random.count >= 8 && Bool.random(using: &generator) {
                // Past the magic number, to the length and checksum checks.
                random.replaceSubrange(0..<8, with: bytes[0..<8])
            }
            #expect(Self.decoded(random) == nil)
        }
    }

    @Test func refusesPagesOutOfOrderOrBeyondUnicodeThoughWhole() {
        for bases: [UInt32] in [[0x200, 0x100], [0x100, 0x100], [0x110000], [0x4E01]] {
            var contents = Self.sample()
            contents.entries[1].pageBases = bases
            contents.entries[1].pageWords = Array(repeating: 1, count: 8 * bases.count)
            // Written with a correct length and checksum: the reader's own checks refuse it.
            #expect(Self.decoded(_RankingCache.encode(contents)) == nil, "\(bases)")
        }
    }

    @Test func aStampChangesWithTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ranking-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fonts.conf").path
        let before = _FileStamp(of: file)
        let directoryBefore = _FileStamp(of: directory.path)
        #expect(!before.exists)
        try Data("<fontconfig/>".utf8).write(to: URL(fileURLWithPath: file))
        let written = _FileStamp(of: file)
        #expect(written.exists && written != before)
        #expect(_FileStamp(of: directory.path) != directoryBefore)
        try Data("<fontconfig></fontconfig>".utf8).write(to: URL(fileURLWithPath: file))
        #expect(_FileStamp(of: file) != written)
    }
}
