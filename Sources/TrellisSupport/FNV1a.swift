// The one 64-bit FNV-1a hash: cache keys (`trellis heights --cache`) and
// stable, data-derived sample values.

/// FNV-1a, 64 bits (Fowler, Noll and Vo; the offset basis and prime of the
/// IETF draft "The FNV Non-Cryptographic Hash Algorithm"): for each byte,
/// xor it into the hash, then multiply by the prime.
///
/// `combine(_:)` hashes bytes as they are; `add(_:)` also ends the field
/// with a separator byte, so the fields ("ab", "c") and ("a", "bc") differ.
/// Inlinable, so a caller's byte sequence (a font file's buffer) is hashed
/// by a loop specialized for it: through the generic `Sequence` iterator,
/// `trellis heights`' cache key took 90 M instructions for the bundled
/// fonts instead of 25 M.
package struct FNV1a: Sendable {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash so far.
    package var value: UInt64 = FNV1a.offsetBasis

    @inlinable
    package init() {}

    /// The plain FNV-1a hash of `bytes`.
    @inlinable
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = FNV1a()
        hash.combine(bytes)
        return hash.value
    }

    /// Hashes `bytes` into the value, with no separator.
    @inlinable
    package mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* FNV1a.prime
        }
    }

    /// Hashes `bytes` as one field: the bytes, then a separator byte 0xFF.
    @inlinable
    package mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        combine(bytes)
        value = (value ^ 0xFF) &* FNV1a.prime
    }

    /// Hashes a buffer's bytes as one field (a file read in place), by a
    /// loop over the raw bytes whatever the caller's module.
    package mutating func add(_ buffer: UnsafeRawBufferPointer) {
        var hash = value
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* FNV1a.prime
        }
        value = (hash ^ 0xFF) &* FNV1a.prime
    }

    /// Hashes `text`'s UTF-8 bytes as one field.
    package mutating func add(_ text: String) { add(text.utf8) }

    /// The value as 16 lowercase hexadecimal digits.
    package var hex: String { sixteenHexDigits(value) }
}

/// `value` as 16 lowercase hexadecimal digits, zeros first.
package func sixteenHexDigits(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
