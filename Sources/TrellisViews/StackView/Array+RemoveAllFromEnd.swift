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
}
