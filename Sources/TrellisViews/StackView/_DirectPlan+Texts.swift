// Texts compared by their bytes, for the direct path's per-label cache of
// measurements.

#if canImport(Glibc)
    import Glibc
#endif

/// Whether two strings have the same UTF-8 bytes (`memcmp`: a body of a
/// few hundred bytes is compared a word at a time, not byte by byte).
/// Read in place, without copies of the strings; a string whose bytes
/// are not contiguous is compared through its UTF-8 view.
@inline(__always)
func _sameUTF8(_ a: String, _ b: String) -> Bool {
    let contiguous = a.utf8.withContiguousStorageIfAvailable { p in
        b.utf8.withContiguousStorageIfAvailable { q -> Bool in
            guard p.count == q.count else { return false }
            guard let x = p.baseAddress, let y = q.baseAddress, p.count > 0 else { return true }
            return memcmp(x, y, p.count) == 0
        }
    }
    if case .some(.some(let same)) = contiguous { return same }
    return a.utf8.elementsEqual(b.utf8)
}
