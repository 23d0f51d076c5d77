// A character right after the same character takes the same fallback face:
// `_fallbackFace` asked again with the face it gave as the current one gives
// that face again. A table's runs of "─" (5,000 Chinese rows: 37,500 of
// their 171,000 characters that Inter lacks follow the same character) are
// then asked about once a run.
//
// Why the answer repeats: let f = `_fallbackFace(for: s, current: c)`.
// - f = c because c stays (`_staysWithCurrentFace(s)`, c has s or s is
//   default-ignorable, and not a space in a color emoji face): asked with
//   current f = c, the same test holds.
// - f is the first face that has s: asked with current f, either the first
//   test holds (f has s) and gives f, or the loop finds f again.
// - No face has s, and f = c because s stays, or f = 0: asked with current
//   f, the first test gives f or fails, the loop finds nothing, and the
//   last two lines give f (c when s stays, 0 otherwise, and f = 0 there).

/// The last character `_fallbackFace` was asked about and its answer, so
/// that the same character asked with that answer as its current face
/// takes it without the faces being asked (see the top of this file).
struct _RepeatedFallback {
    private var scalar = UInt32.max
    private var face = -1

    /// The last character asked about (`UInt32.max`: none yet).
    var lastScalar: UInt32 { scalar }

    /// `_fallbackFace(for: scalar, current: current, faces: faces)`; `faces`
    /// must be the same from call to call.
    @inline(__always)
    mutating func face(for scalar: UInt32, current: Int, faces: [_FontFace]) -> Int {
        if scalar == self.scalar && current == face { return face }
        let chosen = _fallbackFace(for: scalar, current: current, faces: faces)
        (self.scalar, face) = (scalar, chosen)
        return chosen
    }
}
