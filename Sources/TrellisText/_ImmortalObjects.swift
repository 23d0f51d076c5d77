// Objects every thread reads until the process ends, made immortal so that
// reference counting them writes nothing.

/// The runtime's entry point that marks an object immortal (the standard
/// library's own use: its empty singletons). A retain or release of an
/// immortal object reads the object's header and returns; otherwise each one
/// is an atomic add on the header, and an object two threads retain and
/// release on every text (a font face: 8 to 12 times a row of `trellis
/// heights`, callgrind) moves that cache line between the cores each time.
@_silgen_name("_swift_stdlib_immortalize")
private func _swiftImmortalize(_ object: UnsafeMutableRawPointer)

/// Marks `object` immortal: it is never freed. Only for objects something
/// keeps until the process ends anyway (the face registry's faces, and what
/// they keep).
func _makeImmortal(_ object: AnyObject) {
    _swiftImmortalize(Unmanaged.passUnretained(object).toOpaque())
}
