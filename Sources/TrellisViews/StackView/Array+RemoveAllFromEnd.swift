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
}
