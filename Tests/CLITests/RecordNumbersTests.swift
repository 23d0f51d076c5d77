import Testing

@testable import trellis

/// `_RecordNumbers`, the per-worker memo of the numbers `trellis measure`
/// writes, against `Double.description` (what `MeasureRecord.putNumber`
/// writes, and what a record held before the memo).
@Suite struct RecordNumbersTests {
    /// Numbers drawn from a small pool (met again and again, so copied from
    /// the memo; 300 values in 64 slots, so slots are taken over) and fresh
    /// ones, with infinities and NaN: every text is the number's
    /// `description`.
    @Test func everyNumberIsWrittenAsItsDescription() {
        var generator = SystemRandomNumberGenerator()
        // In parts with their types: written as one expression, the type
        // checker gave up on it ("unable to type-check this expression").
        var pool: [Double] = (0..<300).map { (step: Int) -> Double in
            Double(step) * 28.666666666666668 + 1.0 / 3.0
        }
        let edges: [Double] = [
            0, -0.0, 1e-300, Double(bitPattern: 0x7FF8_DEAD_BEEF_0001),
            Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude,
            -Double.leastNormalMagnitude,
        ]
        pool.append(contentsOf: edges)
        let specials: [Double] = [Double.infinity, -Double.infinity, Double.nan]
        let numbers = _RecordNumbers()
        var copied = 0
        for index in 0..<200_000 {
            let value: Double
            switch index % 10 {
            case 0: value = Double.random(in: -1e6...1e6, using: &generator)
            case 1: value = specials[index / 10 % 3]
            default: value = pool[Int.random(in: 0..<pool.count, using: &generator)]
            }
            let output = withUnsafeTemporaryAllocation(
                of: UInt8.self, capacity: MeasureRecord.capacity
            ) { buffer in
                var record = MeasureRecord(buffer.baseAddress!)
                record.put("x")
                numbers.put(value, into: &record)
                return Array(record.written)
            }
            let expected = Array("x\(value.description)".utf8)
            if output != expected {
                Issue.record("\(value): wrote \(String(decoding: output, as: UTF8.self))")
                return
            }
            if index % 10 > 1 { copied += 1 }
        }
        #expect(copied > 150_000)
    }
}
