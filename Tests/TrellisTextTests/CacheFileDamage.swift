// Damaged copies of a cache file's bytes (_DiskCache.swift), as the cache
// files' tests try them: every length cut short, one byte appended, every
// byte changed, and random bytes (half of them from the file's own magic
// number on, to reach the length and checksum checks).
import Testing

enum CacheFileDamage {
    /// Expects `decodes` to refuse (return false for) every damaged copy of `bytes`.
    static func expectRefused(
        _ bytes: [UInt8], randomLength: Int = 300,
        sourceLocation: SourceLocation = #_sourceLocation,
        decodes: ([UInt8]) -> Bool
    ) {
        for length in 0..<bytes.count {
            #expect(
                !decodes(Array(bytes[0..<length])), "\(length) bytes",
                sourceLocation: sourceLocation)
        }
        #expect(!decodes(bytes + [0]), sourceLocation: sourceLocation)
        var generator = SystemRandomNumberGenerator()
        for offset in bytes.indices {
            var damaged = bytes
            damaged[offset] ^= UInt8.random(in: 1...255, using: &generator)
            #expect(!decodes(damaged), "byte \(offset)", sourceLocation: sourceLocation)
        }
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<randomLength, using: &generator)
            var random = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if random.count >= 8 && Bool.random(using: &generator) {
                random.replaceSubrange(0..<8, with: bytes[0..<8])
            }
            #expect(!decodes(random), sourceLocation: sourceLocation)
        }
    }
}
