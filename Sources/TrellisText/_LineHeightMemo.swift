// Line heights kept from text to text. A line's height and depth below its
// baseline (`_LineMetrics.measure`) depend only on the faces its font mask
// names in its collection, the baseline its runs align on and the font
// whose baseline they align to, and the style's size, line height multiple,
// minimum and maximum and whether font leading counts: not on the text.
// Working them out costs about 190 instructions; 5,000 Chinese rows (Inter,
// Noto Sans CJK, DejaVu Sans) ask about 10,000 times, for a few dozen keys
// (2026-12-03).

/// The last line heights a workspace worked out, by everything they depend
/// on (`Key`): 64 entries, each key in one slot by its hash, read through
/// pointers (arrays of entries would be retained and released at each
/// look-up).
final class _LineHeightMemo {
    struct Key: Equatable {
        /// The collection's id: it stands for its list of faces, so with
        /// the mask it names the faces measured.
        var collection: Int32
        var mask: UInt32
        /// The baseline the runs align on, and the font whose baseline
        /// they align to (-1: none moves).
        var kind: _BaselineKind
        var usesFontLeading: Bool
        var reference: Int
        /// The style's numbers.
        var size, lineHeightMultiple, minimumLineHeight, maximumLineHeight: Double
    }

    private struct Entry {
        var key: Key
        var height, below: Double
    }

    private static let slots = 64
    /// Entries, `used` telling which hold one.
    private let entries = UnsafeMutablePointer<Entry>.allocate(capacity: slots)
    private let used = UnsafeMutablePointer<Bool>.allocate(capacity: slots)

    init() { used.initialize(repeating: false, count: Self.slots) }

    deinit {
        for slot in 0..<Self.slots where used[slot] { (entries + slot).deinitialize(count: 1) }
        entries.deallocate()
        used.deallocate()
    }

    @inline(__always)
    private static func slot(_ key: Key) -> Int {
        let mixed =
            (UInt64(UInt32(bitPattern: key.collection)) << 32 | UInt64(key.mask))
            &* 0x9E37_79B9_7F4A_7C15
            ^ (UInt64(key.kind.rawValue) << 8 | UInt64(truncatingIfNeeded: key.reference))
            &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    /// The height and depth kept for `key`, or nil.
    @inline(__always)
    func value(_ key: Key) -> (height: Double, below: Double)? {
        let slot = Self.slot(key)
        guard used[slot], entries[slot].key == key else { return nil }
        return (entries[slot].height, entries[slot].below)
    }

    /// Keeps `value` for `key`, in place of what its slot held.
    func insert(_ value: (height: Double, below: Double), for key: Key) {
        let slot = Self.slot(key)
        if used[slot] {
            entries[slot] = Entry(key: key, height: value.height, below: value.below)
        } else {
            (entries + slot).initialize(
                to: Entry(key: key, height: value.height, below: value.below))
            used[slot] = true
        }
    }
}
