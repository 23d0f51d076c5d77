// The text of the numbers `trellis measure` writes again and again: a
// record's height is a line count times the line height (and the first
// line's extra), so a file of thousands of rows has a few dozen heights.

/// One worker's recently written numbers and their text, as
/// `MeasureRecord.putNumber` writes them: a number met again is copied
/// from here instead of being formatted again (`Double.write(to:)` finds
/// the shortest digits that read back as the number, about 640
/// instructions a number; a copy from here is about 40).
///
/// Direct-mapped: 64 slots, each holding the bit pattern of a number and
/// up to 31 bytes of its text; a number takes the slot of its bit
/// pattern's hash and replaces what was there. Exact by construction: a
/// slot answers only for the very bit pattern it was filled from, with the
/// bytes `putNumber` wrote for it. Not shared between threads (one per
/// worker of the batch pipeline).
final class _RecordNumbers {
    static let slots = 64
    static let slotBytes = 32
    /// Each slot's number (its bit pattern); `Self.empty` where none (an
    /// empty slot also has text length 0, so even a NaN of that pattern
    /// is formatted, not copied).
    @exclusivity(unchecked) private var keys: [UInt64]
    /// Each slot's text: its length in the first byte, then the bytes.
    @exclusivity(unchecked) private var texts: [UInt8]
    /// A bit pattern no written number has (a NaN's, which
    /// `putNumber` writes but this memo never keeps).
    private static let empty: UInt64 = 0x7FF8_DEAD_BEEF_0001

    init() {
        keys = Array(repeating: Self.empty, count: Self.slots)
        texts = Array(repeating: 0, count: Self.slots * Self.slotBytes)
    }

    /// Puts `value`'s text into `record`, as `record.putNumber(value)`
    /// does.
    @inline(__always)
    func put(_ value: Double, into record: inout MeasureRecord) {
        let bits = value.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58)
        let start = slot &* Self.slotBytes
        if keys[slot] == bits {
            // An empty slot (length 0) answers nothing, whatever its key.
            let written = texts.withUnsafeBufferPointer { texts in
                let length = Int(texts[start])
                if length > 0 { record.put(texts.baseAddress! + (start &+ 1), length) }
                return length > 0
            }
            if written { return }
        }
        let before = record.count
        record.putNumber(value)
        let count = record.count &- before
        guard value.isFinite, count < Self.slotBytes else { return }
        keys[slot] = bits
        texts.withUnsafeMutableBufferPointer { texts in
            texts[start] = UInt8(count)
            (texts.baseAddress! + (start &+ 1)).update(
                from: record.written.baseAddress! + before, count: count)
        }
    }
}
