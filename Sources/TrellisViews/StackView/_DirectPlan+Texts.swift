// Texts compared by their bytes, for the direct path's per-label cache of
// measurements.

#if canImport(Glibc)
    import Glibc
#endif

/// Whether two strings have the same UTF-8 bytes (`memcmp`: a body of a
/// few hundred bytes is compared a word at a time, not byte by byte).
@inline(__always)
func _sameUTF8(_ a: inout String, _ b: inout String) -> Bool {
    a.withUTF8 { p in
        b.withUTF8 { q in
            guard p.count == q.count else { return false }
            guard let x = p.baseAddress, let y = q.baseAddress, p.count > 0 else { return true }
            return memcmp(x, y, p.count) == 0
        }
    }
}
