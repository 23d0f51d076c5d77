extension Array {
    /// Empties the array and keeps its storage, as
    /// `removeAll(keepingCapacity: true)` does, by removing its elements
    /// from the end, one at a time: `removeAll(keepingCapacity:)` goes
    /// through the generic range replacement, which cost the direct stack
    /// path 80–200 instructions a call where its arrays hold a few elements.
    @inline(__always)
    mutating func removeAllFromEnd() {
        while !isEmpty { removeLast() }
    }

    /// Keeps the first `count` elements (`removeSubrange(count...)`),
    /// removing the others from the end, one at a time.
    @inline(__always)
    mutating func keepFirst(_ count: Int) {
        while self.count > count { removeLast() }
    }

    /// Appends `element` `times` times (none when `times` is not
    /// positive), one at a time: the same array as `append(contentsOf:
    /// repeatElement(element, count: times))`, without the generic
    /// sequence append that takes, about 85 instructions a call where
    /// `_LaneCost.distribute` zeroes a stack's few changes.
    @inline(__always)
    mutating func append(_ element: Element, times: Int) {
        for _ in 0..<Swift.max(0, times) { append(element) }
    }

    /// Makes the array `count` copies of `element` (none when `count` is
    /// not positive), the same array as `Array(repeating: element, count:
    /// count)`, in its own storage: overwritten in place when it holds
    /// `count` elements, else emptied and appended to (the sequence
    /// append, specialised for the element type). `Array(repeating:count:)`
    /// allocates through the standard library's unspecialised
    /// `_allocateBufferUninitialized`, which looks the storage class up in
    /// the runtime's metadata cache: 800–900 instructions a call where
    /// the engine makes a layout's frame and refit arrays (callgrind).
    @inline(__always)
    mutating func refill(with element: Element, count: Int) {
        let count = Swift.max(0, count)
        if self.count == count {
            withUnsafeMutableBufferPointer { $0.update(repeating: element) }
        } else {
            removeAll(keepingCapacity: true)
            append(contentsOf: repeatElement(element, count: count))
        }
    }
}
