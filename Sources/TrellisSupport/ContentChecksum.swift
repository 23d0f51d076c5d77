// A file's contents as 64 bits, for keys that say which fonts a result was
// made with (`trellis heights`' header): the same bytes give the same
// checksum on every machine, and any change of a byte changes it (not a
// defence against a crafted collision: the key only tells results apart).

/// A checksum of a buffer's bytes read eight at a time in four lanes.
///
/// Each lane takes every fourth 64-bit little-endian word by xxHash64's
/// round (the word times one prime added, the sum rotated by 31 bits and
/// multiplied by another: the rotation carries the high bits' changes
/// back to the low ones, which a multiply alone never does, so changes in
/// two words of a lane do not cancel out), the words after the last whole
/// 32-byte block go into the first lanes one at a time (the last
/// zero-padded), and the lanes and the byte count are mixed at the end with
/// SplitMix64's finalizer. FNV-1a's byte loop, which this replaces for
/// files, is one dependent multiply a byte: 1.6 MB of bundled fonts took
/// 6.6 M instructions and about 2 ms before a `trellis heights` run's
/// first row (2026-12-05); here the four lanes' rounds overlap, about half
/// an instruction a byte.
package enum ContentChecksum {
    package static func of(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0xcbf2_9ce4_8422_2325, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9,
            0x94D0_49BB_1331_11EB
        )
        let count = buffer.count
        var offset = 0
        if let base = buffer.baseAddress {
            @inline(__always) func word(_ at: Int) -> UInt64 {
                UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            }
            while offset &+ 32 <= count {
                lanes.0 = round(lanes.0, word(offset))
                lanes.1 = round(lanes.1, word(offset &+ 8))
                lanes.2 = round(lanes.2, word(offset &+ 16))
                lanes.3 = round(lanes.3, word(offset &+ 24))
                offset &+= 32
            }
            var lane = 0
            while offset < count {
                var last: UInt64 = 0
                for k in 0..<min(8, count &- offset) {
                    last |=
                        UInt64(base.load(fromByteOffset: offset &+ k, as: UInt8.self)) << (8 &* k)
                }
                switch lane {
                case 0: lanes.0 = round(lanes.0, last)
                case 1: lanes.1 = round(lanes.1, last)
                case 2: lanes.2 = round(lanes.2, last)
                default: lanes.3 = round(lanes.3, last)
                }
                lane &+= 1
                offset &+= 8
            }
        }
        var value = mix(lanes.0 ^ UInt64(count))
        value = mix(value ^ lanes.1)
        value = mix(value ^ lanes.2)
        return mix(value ^ lanes.3)
    }

    /// SplitMix64's output for the state `value` (its finalizer).
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: value)
        return generator.next()
    }

    /// xxHash64's round: `word` into the lane `lane`.
    @inline(__always)
    static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let sum = lane &+ word &* 0xC2B2_AE3D_27D4_EB4F
        return ((sum << 31) | (sum >> 33)) &* 0x9E37_79B1_85EB_CA87
    }

    /// `of(_:)` as 16 lowercase hexadecimal digits.
    package static func hex(_ buffer: UnsafeRawBufferPointer) -> String {
        sixteenHexDigits(of(buffer))
    }
}
