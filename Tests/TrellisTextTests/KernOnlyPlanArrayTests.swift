// A kern-only plan keeps its arrays by glyph (`needs`, `guards`, `starts`,
// `members`) without their trailing zeros (KernOnlyShaping.swift), and the
// cache file's reader gives them so (`_CacheReader.sparse`): a glyph past
// an array's end reads as zero through the plan's accessors.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

struct KernOnlyPlanArrayTests {
    /// Random sparse arrays written to a cache payload and read back are
    /// the arrays without their trailing zeros; a pair whose index is not
    /// below the written length is refused.
    @Test func sparseArraysReadBackWithoutTrailingZeros() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...300, using: &generator)
            var array = [UInt64](repeating: 0, count: count)
            for _ in 0..<Int.random(in: 0...6, using: &generator) where count > 0 {
                array[Int.random(in: 0..<count, using: &generator)] = UInt64.random(
                    in: 1...UInt64.max, using: &generator)
            }
            var writer = _CacheWriter()
            writer.put(sparse: array)
            let read = writer.bytes.withUnsafeBytes { bytes -> [UInt64]? in
                var reader = _CacheReader(bytes: bytes)
                return reader.sparse(limit: count)
            }
            #expect(read == _trimmed(array))
            #expect(read?.last != 0)
        }
        // Length 4, one pair at index 4.
        var writer = _CacheWriter()
        writer.put(UInt32(4))
        writer.put(UInt32(1))
        writer.put(UInt32(4))
        writer.put(UInt64(9))
        let refused = writer.bytes.withUnsafeBytes { bytes -> [UInt64]? in
            var reader = _CacheReader(bytes: bytes)
            return reader.sparse(limit: 10)
        }
        #expect(refused == nil)
    }

    /// For every glyph of every plan of the bundled fonts (and Noto Sans
    /// CJK and DejaVu Sans when installed), the accessors read what the
    /// arrays hold, zero past their ends; every array ends in a value that
    /// is not zero; and Noto Sans CJK's, whose guarded glyphs are few and
    /// among its first 2,048, are that short.
    @Test func accessorsReadZeroPastTheArrays() throws {
        for face in try KernOnlyCacheTests.faces() {
            guard let analysis = face.kernOnly else { continue }
            let glyphCount = analysis.advances.count
            for plan in analysis.simple.compactMap({ $0 }) {
                for array in [plan.needs, plan.guards, plan.starts, plan.members] {
                    #expect(array.last != 0, "\(face.path)")
                    #expect(array.count <= glyphCount)
                    if face.path.contains("NotoSansCJK") { #expect(array.count <= 2_048) }
                }
                func value(_ array: [UInt64], _ glyph: Int) -> UInt64 {
                    glyph < array.count ? array[glyph] : 0
                }
                let differing = (0..<glyphCount).filter { glyph in
                    plan.needs(of: glyph) != value(plan.needs, glyph)
                        || plan.guards(of: glyph) != value(plan.guards, glyph)
                        || plan.starts(of: glyph) != value(plan.starts, glyph)
                        || plan.members(of: glyph) != value(plan.members, glyph)
                }
                #expect(differing.isEmpty, "\(face.path): \(differing.prefix(5))")
            }
        }
    }
}
