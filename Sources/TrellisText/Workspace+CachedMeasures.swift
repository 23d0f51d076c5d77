// A piece's measure from the word caches (the workspace's front cache, then
// the shared one) or shaped and then cached: `prepare`'s (PreparedText.swift)
// look-ups.

extension _Workspace {
    /// The measure of one directional part of a piece, from the cache or shaped.
    @inline(__always)
    func measurePart(
        _ text: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, trailingStart: Int, isLast: Bool,
        rtl: Bool,
        fonts: FontCollection, cache: _WordWidthCache
    ) -> _PieceMeasure {
        if part.isEmpty { return _PieceMeasure() }
        let trailing = isLast ? max(trailingStart, part.lowerBound) : part.upperBound
        guard part.count <= _WordWidthCache.maximumKeyLength else {
            return shape(
                text, range: part, trailingStart: trailing, rtl: rtl, faces: fonts.faces,
                keepClusters: false)
        }
        let key = _ByteKey(
            UnsafeRawBufferPointer(text), part, tag: _pieceTag(fonts, rtl: rtl, isLast: isLast))
        return measure(
            text, part, key: key, trailingStart: trailing, rtl: rtl, fonts: fonts, cache: cache)
    }

    /// The measure of `text[part]`, whose cache key is `key`: from the front
    /// cache, the shared cache, or shaped (and then cached).
    @inline(__always)
    func measure(
        _ text: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, key: _ByteKey, trailingStart: Int,
        rtl: Bool, fonts: FontCollection, cache: _WordWidthCache
    ) -> _PieceMeasure {
        if let known = cachedMeasure(key, cache: cache) { return known }
        let measure = shape(
            text, range: part, trailingStart: trailingStart, rtl: rtl, faces: fonts.faces,
            keepClusters: false)
        remember(measure, for: key, cache: cache)
        return measure
    }

    /// The measure of `key` from the front cache or the shared cache, or nil.
    @inline(__always)
    func cachedMeasure(_ key: _ByteKey, cache: _WordWidthCache) -> _PieceMeasure? {
        frontMeasure(key) ?? sharedMeasure(key, cache: cache)
    }

    /// The measure of `key` from the front cache (keys of up to 16 bytes), or nil.
    @inline(__always)
    func frontMeasure(_ key: _ByteKey) -> _PieceMeasure? {
        key.bytes.count <= 16 ? front.value(for: key) : nil
    }

    /// The measure of `key` from the shared cache, read without its locks
    /// (`_SharedWordView`; the shared cache then fills the front cache), or nil.
    @inline(__always)
    func sharedMeasure(_ key: _ByteKey, cache: _WordWidthCache) -> _PieceMeasure? {
        guard let cached = sharedView.value(for: key, in: cache) else { return nil }
        if key.bytes.count <= 16 { front.insert(cached, for: key) }
        return cached
    }

    /// Puts a newly shaped measure in both caches.
    @inline(__always)
    func remember(_ measure: _PieceMeasure, for key: _ByteKey, cache: _WordWidthCache) {
        cache.insert(measure, for: key)
        if key.bytes.count <= 16 { front.insert(measure, for: key) }
    }
}

/// The tag of a piece's cache key: its font collection, its direction, and
/// whether it is the last part of its piece (only then does its trailing
/// whitespace count as hanging).
@inline(__always)
func _pieceTag(_ fonts: FontCollection, rtl: Bool, isLast: Bool) -> UInt32 {
    UInt32(bitPattern: fonts.id) << 2 | (rtl ? 2 : 0) | (isLast ? 1 : 0)
}
