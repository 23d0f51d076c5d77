// Pair kernings learned from text HarfBuzz has shaped, per workspace
// (used by the kern-only measuring; see KernOnlyShaping.swift).

import CHarfBuzz

/// Pair kernings learned from HarfBuzz's output: (face, script class, first
/// glyph, second glyph) → adjustment of the first glyph's advance, in design
/// units. Open addressing with linear probing; one per workspace, so no lock.
struct _KernPairs {
    private var keys: [UInt64] = Array(repeating: _KernPairs.empty, count: 1024)
    private var values: [Int32] = Array(repeating: 0, count: 1024)
    private(set) var count = 0

    private static let empty = UInt64.max

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
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Records a pair; returns false when it was known with another value.
    mutating func insert(_ key: UInt64, _ value: Int32) -> Bool {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Self.slot(key, mask)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] == value }
            if found == Self.empty {
                keys[slot] = key
                values[slot] = value
                count += 1
                return true
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: Self.empty, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        count = 0
        for index in oldKeys.indices where oldKeys[index] != Self.empty {
            _ = insert(oldKeys[index], oldValues[index])
        }
    }
}
