// The direct path's per-label measurements (`_Measurements`): the choice
// of a place for a new text at the largest size, and growth where a list
// comes back to more texts than the table holds (counted by the hashes of
// replaced entries, `ghosts`).

extension _Measurements {
    /// Counts a text missed at the largest size in a leader group
    /// (`admitsAtLargest`): `duel` up for one of the groups that always
    /// replace, down for one of those that replace one text in 16.
    @inline(__always)
    mutating func noteMissAtLargest(_ start: Int) {
        switch (start / Self.groupSize) % Self.leaderPeriod {
        case 0: duel = Swift.min(duel + 1, Self.duelLimit)
        case 1: duel = Swift.max(duel - 1, -Self.duelLimit)
        default: break
        }
    }

    /// Whether a new text takes a place of its full group (`start`) at
    /// the largest size. A list cycling through more texts than the
    /// table holds (laid out again, in order) finds none where each new
    /// text replaces an older one, round robin: every text is replaced
    /// before the list comes back to it. Kept, the older ones are found
    /// (about as many as the table holds), and the new text is not kept
    /// but one time in 16, so a text the list comes back to often enough
    /// still gets a place. Which of the two serves the list is told by
    /// groups set aside for each (a group in 32 always replaces, one
    /// never but one time in 16): the others do as those that missed
    /// less lately (`duel`; Qureshi et al., "Adaptive Insertion Policies
    /// for High Performance Caching", ISCA 2007).
    @inline(never)
    mutating func admitsAtLargest(_ start: Int) -> Bool {
        switch (start / Self.groupSize) % Self.leaderPeriod {
        case 0: return true
        case 1: break
        default: if duel <= 0 { return true }
        }
        bimodalTurn = (bimodalTurn + 1) % 16
        return bimodalTurn == 0
    }

    /// Grows the table (`insert`) where `wouldHit` tells a size, to twice
    /// that size (up to `maximumSlotCount`), and starts counting anew. (A
    /// hash's group of eight places overflows long before every place is
    /// taken, and a list cycling through an overflowing group misses each
    /// of its texts every round: grown to the size that would have held
    /// them, three quarters taken, a table missed about one text in nine
    /// of a list of 3,000, every round, until it grew again some thirteen
    /// rounds later; half taken or less, next to none.)
    @inline(never)
    mutating func lookAtGrowing() {
        var size = places.count
        for k in wouldHit.indices.reversed() where k > 0 && wouldHit[k] * 8 >= max(missed, 1) {
            size = min(places.count << (k + 1), Self.maximumSlotCount)
            break
        }
        if size > places.count { grow(to: size) }
        (replaced, missed) = (0, 0)
        for k in wouldHit.indices { wouldHit[k] = 0 }
    }

    /// Keeps a replaced entry's hash among `ghosts`, with the count of
    /// replacements.
    @inline(__always)
    mutating func keepGhost(_ hash: UInt64) {
        if ghosts.isEmpty { makeGhosts() }
        let ghost =
            hash & ~Self.ghostSerial | UInt64(truncatingIfNeeded: replacements) & Self.ghostSerial
        ghosts.withUnsafeMutableBufferPointer {
            $0[Int(truncatingIfNeeded: hash) & (Self.maximumSlotCount - 1)] = ghost
        }
    }

    /// Makes `ghosts` and `wouldHit` (on the first replacement).
    @inline(never)
    mutating func makeGhosts() {
        ghosts = Array(repeating: 0, count: Self.maximumSlotCount)
        var k = 0
        while Self.initialSlotCount << k <= Self.maximumSlotCount { k += 1 }
        wouldHit = Array(repeating: 0, count: k)
    }

    /// Counts a text added whose hash is among `ghosts` (`ghost`) in the
    /// table that would have found it (`wouldHit`): one with as many more
    /// places as replacements since.
    @inline(never)
    mutating func noteGhost(_ ghost: UInt64) {
        let since = Int((UInt64(truncatingIfNeeded: replacements) &- ghost) & Self.ghostSerial)
        let needed = places.count + since
        guard needed <= Self.maximumSlotCount else { return }
        var k = 1
        while k < wouldHit.count, places.count << k < needed { k += 1 }
        if k < wouldHit.count { wouldHit[k] += 1 }
    }

    /// Makes the table `count` places (a power of two, more than it has):
    /// each entry's place in its group of the new places, by its hash (a
    /// group's entries go to groups of the new table that take no other
    /// group's, eight places each, so every one is kept); the entries
    /// themselves stay where they are, and `last` with them; `ghosts`
    /// dropped at the largest size.
    mutating func grow(to count: Int) {
        let mask = (count - 1) & ~(Self.groupSize - 1)
        var newPlaces = [UInt64](repeating: 0, count: count)
        newPlaces.withUnsafeMutableBufferPointer { newPlaces in
            entries.withUnsafeBufferPointer { entries in
                for index in entries.indices {
                    let hash = entries[index].hash
                    let start = Int(truncatingIfNeeded: hash) & mask
                    var target = start
                    while newPlaces[target] != 0 { target += 1 }
                    precondition(target < start + Self.groupSize)
                    newPlaces[target] = Self.placeWord(hash, index)
                }
            }
        }
        (places, groupMask) = (newPlaces, mask)
        keepPlacesByWords()
        if count >= Self.maximumSlotCount { (ghosts, wouldHit) = ([], []) }
        grown += 1
    }
}
