// Decoding one UTF-8 scalar of a text's bytes.

/// Decodes the UTF-8 scalar at `index` (input is valid UTF-8: it comes from a
/// `String`, so the character's bytes are inside the buffer and their
/// offsets are added without overflow checks).
@inline(__always)
func _decodeScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(text[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
        return (((lead & 0x1F) << 6) | (UInt32(text[index &+ 1]) & 0x3F), 2)
    }
    if lead < 0xF0 {
        return (_threeByteScalar(text, at: index), 3)
    }
    return (
        ((lead & 0x07) << 18) | ((UInt32(text[index &+ 1]) & 0x3F) << 12)
            | ((UInt32(text[index &+ 2]) & 0x3F) << 6)
            | (UInt32(text[index &+ 3]) & 0x3F), 4
    )
}

/// The scalar of the three-byte UTF-8 sequence at `text[index]` (lead byte
/// E0–EF; the text is valid UTF-8): the decoding the loops over Chinese
/// text share, after their own test of the lead byte.
@inline(__always)
func _threeByteScalar(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32 {
    UInt32(text[index] & 0x0F) << 12 | UInt32(text[index &+ 1] & 0x3F) << 6
        | UInt32(text[index &+ 2] & 0x3F)
}
