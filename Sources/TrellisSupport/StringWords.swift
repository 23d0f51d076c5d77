// The two machine words of a `String` value: the one reading of them that
// the text cache, the stack direct path's measurements and template files'
// field reader share.

/// The two machine words of a `String` value. Two strings of the same
/// words have the same bytes while something holds one of them: the words
/// are the bytes themselves (a small string, up to 15 bytes) or a reference
/// to storage and its length, and storage referenced twice is never changed
/// in place (a mutation copies it first, as for every copy-on-write value).
/// So a cache entry that holds the string it was made from recognizes a
/// later call with that same string by these words alone, without hashing
/// or reading its bytes. Nil where a `String` is not two words.
///
/// Equal words are equal strings; unequal words say nothing (the same
/// bytes in other storage, or a canonically equivalent string of other
/// bytes), so a caller falls back to comparing bytes or values.
///
/// Public (this module is no product, so only the package's modules see it)
/// rather than `package`, as `Locked`: the compiler serializes the bodies of
/// `@inlinable` members for other modules only when they are public, and
/// these are read on every row (out of line, each call also retained and
/// released its string: ~1,800 instructions a row of the direct path).
public struct StringWords: Equatable, Sendable {
    public let first: UInt64
    public let second: UInt64

    @inlinable @inline(__always)
    public init?(_ string: String) {
        guard MemoryLayout<String>.size == 16 else { return nil }
        (first, second) = unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    /// Whether `String` has, on this platform, the small-string layout that
    /// `smallCount` and `isSmallASCII` read (flags in the second word's top
    /// four bits: immortal, ASCII, small; the count in the next four; the
    /// bytes in order from the first word's low byte): checked once, on a
    /// small ASCII string of 10 bytes and one of 3, a small string beyond
    /// ASCII and a large ASCII string, all made at run time.
    public static let smallLayout: Bool = {
        #if _endian(little) && _pointerBitWidth(_64)
            let ten = String(decoding: Array("abcdefghij".utf8), as: UTF8.self)
            let three = String(decoding: [0x61, 0x62, 0x63], as: UTF8.self)
            let beyond = String(decoding: [0xC3, 0xA9], as: UTF8.self)
            let large = String(decoding: [UInt8](repeating: 0x61, count: 40), as: UTF8.self)
            guard let t = StringWords(ten), let a = StringWords(three),
                let b = StringWords(beyond), let c = StringWords(large)
            else { return false }
            return t.second >> 61 & 1 == 1 && t.second >> 56 & 0xF == 10
                && t.first == 0x6867_6665_6463_6261
                && t.second & 0x00FF_FFFF_FFFF_FFFF == 0x6A69
                && a.second >> 60 == 0xE && a.second >> 56 & 0xF == 3 && a.first == 0x63_6261
                && b.second >> 60 != 0xE && b.second >> 61 & 1 == 1 && b.second >> 56 & 0xF == 2
                && c.second >> 61 & 1 == 0
        #else
            return false
        #endif
    }()

    /// A small string's byte count (its bytes the first word's, then the
    /// second's low seven, in order); nil for a string that keeps its bytes
    /// elsewhere, or where `smallLayout` does not hold.
    @inlinable @inline(__always)
    public var smallCount: Int? {
        Self.smallLayout ? uncheckedSmallCount : nil
    }

    /// Whether the string keeps its bytes, all ASCII, in its two words,
    /// where `smallLayout` holds. Two such strings are equal only with equal
    /// bytes, so only with equal words.
    @inlinable @inline(__always)
    public var isSmallASCII: Bool {
        hasSmallASCIIFlags && Self.smallLayout
    }

    // Read on every text of every row by callers that checked `smallLayout`
    // once themselves: in another module, reading that lazy global is a
    // call (and `swift_once`), ~100 instructions a row of the direct path.

    /// `smallCount` without checking `smallLayout`: meaningful only where
    /// the caller found `smallLayout` true.
    @inlinable @inline(__always)
    public var uncheckedSmallCount: Int? {
        guard second >> 61 & 1 == 1 else { return nil }
        return Int(truncatingIfNeeded: second >> 56 & 0xF)
    }

    /// Whether the second word's top four bits are 1110 (immortal, ASCII,
    /// small): `isSmallASCII` without checking `smallLayout`, meaningful
    /// only where the caller found `smallLayout` true.
    @inlinable @inline(__always)
    public var hasSmallASCIIFlags: Bool {
        second >> 60 == 0xE
    }
}
