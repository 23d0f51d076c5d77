// _ScratchList: a list of plain values in memory its owner frees, for the
// scratch lists the solver's walks over definitions fill and empty.

/// A growable list of plain values in memory of its own, which its owner
/// frees (`deallocate()`, in the solver's `deinit`).
///
/// The walks over definitions fill and empty a few lists at every
/// expansion (a new column of 1,000 boxes makes 4,000 of them): as arrays,
/// each append checked the storage's uniqueness, emptying one with its
/// capacity kept went through the generic `replaceSubrange` (about 80
/// instructions), and lending one to a walk retained and released it
/// (callgrind). Here an append is a store and a count, and emptying the
/// list sets its count.
struct _ScratchList<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>? = nil
    private(set) var capacity = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "scratch list index out of range")
        return base.unsafelyUnwrapped[index]
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { _grow() }
        base.unsafelyUnwrapped[count] = element
        count += 1
    }

    @inline(__always)
    mutating func popLast() -> Element? {
        if count == 0 { return nil }
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Frees the memory; the list must not be used again.
    func deallocate() { base?.deallocate() }

    @inline(never)
    private mutating func _grow() {
        let grown = max(16, 2 * capacity)
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        if let base {
            memory.initialize(from: base, count: count)
            base.deallocate()
        }
        base = memory
        capacity = grown
    }
}

/// A step of a depth-first walk over definitions: the definition and the
/// index of its next term to read.
struct _WalkStep: BitwiseCopyable {
    var symbol: _Symbol
    var next: Int
}
