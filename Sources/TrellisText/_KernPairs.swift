// Pair kernings learned from text HarfBuzz has shaped, per workspace
// (used by the kern-only measuring; see KernOnlyShaping.swift).

import CHarfBuzz

/// Pair kernings learned from HarfBuzz's output: (face, script class, first
/// glyph, second glyph) → adjustment of the first glyph's advance, in design
/// units. Open addressing with linear probing; one per workspace, so no lock.
///
/// A slot's key and value are neighbours in one array (the key at `2k`, the
/// value's bits at `2k + 1`, 16 bytes on a 16-byte boundary), so a look-up
/// that finds its pair reads one cache line: with the keys and the values
/// in two arrays it read two, and the table (thousands of pairs for a
/// page of prose) is larger than a core's L1 cache.
struct _KernPairs {
    private var slots: [UInt64] = _KernPairs.emptySlots(1024)
    /// The slot count less one (a power of two less one).
    private var mask = 1023
    private(set) var count = 0

    private static let empty = UInt64.max

    /// `count` empty slots (keys `empty`, values 0), written through a
    /// pointer (indexing the array checked its bounds and uniqueness for
    /// each slot).
    private static func emptySlots(_ count: Int) -> [UInt64] {
        var slots = [UInt64](repeating: 0, count: 2 * count)
        slots.withUnsafeMutableBufferPointer { slots in
            var slot = 0
            while slot < count {
                slots[2 &* slot] = empty
                slot &+= 1
            }
        }
        return slots
    }

    @inline(__always)
    static func key(face: Int, scriptClass: Int, first: UInt32, second: UInt32) -> UInt64 {
        UInt64(truncatingIfNeeded: face) << 35 | UInt64(scriptClass) << 32 | UInt64(first) << 16
            | UInt64(second)
    }

    @inline(__always)
    private static func slot(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    @inline(__always)
    func value(_ key: UInt64) -> Int32? {
        slots.withUnsafeBufferPointer { slots in
            var slot = Self.slot(key, mask)
            while true {
                let found = slots[2 &* slot]
                if found == key { return Int32(truncatingIfNeeded: slots[2 &* slot &+ 1]) }
                if found == Self.empty { return nil }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// Records a pair; returns false when it was known with another value.
    mutating func insert(_ key: UInt64, _ value: Int32) -> Bool {
        if (count + 1) * 2 > mask + 1 { grow() }
        let bits = UInt64(UInt32(bitPattern: value))
        var slot = Self.slot(key, mask)
        while true {
            let found = slots[2 &* slot]
            if found == key { return slots[2 &* slot &+ 1] == bits }
            if found == Self.empty {
                slots[2 &* slot] = key
                slots[2 &* slot &+ 1] = bits
                count += 1
                return true
            }
            slot = (slot + 1) & mask
        }
    }

    /// Doubles the slots and places each pair again, in slot order, where
    /// `insert` would (the keys are distinct: the first empty slot from
    /// its own), through pointers: through `insert` each pair cost a
    /// growth check and an array write checked for bounds and uniqueness
    /// (8 doublings, 2.8 M instructions on 5,000 mixed rows).
    private mutating func grow() {
        let old = slots
        var grown = Self.emptySlots(old.count)
        let mask = old.count - 1
        old.withUnsafeBufferPointer { old in
            grown.withUnsafeMutableBufferPointer { grown in
                var index = 0
                while index < old.count / 2 {
                    let key = old[2 &* index]
                    if key != Self.empty {
                        var slot = Self.slot(key, mask)
                        while grown[2 &* slot] != Self.empty { slot = (slot &+ 1) & mask }
                        grown[2 &* slot] = key
                        grown[2 &* slot &+ 1] = old[2 &* index &+ 1]
                    }
                    index &+= 1
                }
            }
        }
        slots = grown
        self.mask = mask
    }
}
