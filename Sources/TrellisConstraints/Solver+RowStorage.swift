// Row storage kept between solvers: the term arrays of a freed solver's
// rows, emptied, hold the rows of the solvers made after it. A new layout
// engine builds a new solver, one row per constraint (a new column of
// 1,000 boxes: 7,000 rows), and freeing it freed every row's array: about
// 600 instructions a row to allocate and free (callgrind). Kept in a pool
// of the process (behind a lock, taken and given back in batches), an
// array costs about 200 to empty, keep and take (callgrind). Only
// storage moves between solvers: a row
// starts empty, as a new array does, and holds the same terms in the same
// order.

/// Empty term arrays for new rows, given back by freed solvers, each held
/// in an emptied `_Row` (the solver's own row type), in two classes: room
/// for fewer than `largeCapacity` terms (a large system's rows, made with
/// room for 8) and from `largeCapacity` to `maximumCapacity` (a
/// cell-sized system's rows, made with room for 32). Longer arrays are
/// freed, and each class keeps at most its limit.
final class _RowStoragePool: @unchecked Sendable {
    /// The pool every solver uses unless given another (tests).
    static let shared = _RowStoragePool()

    static var largeCapacity: Int { 32 }
    static var maximumCapacity: Int { 64 }
    /// At most this many arrays of each class are kept: a new column of
    /// 1,000 boxes makes 7,000 short rows; a cell about 100 of room 32
    /// (together about 2 MB at most).
    static var smallLimit: Int { 8_192 }
    static var largeLimit: Int { 1_024 }
    /// How many arrays a solver takes at least when it takes some (more
    /// when it has room reserved for more rows).
    static var batch: Int { 16 }

    private let mutex = _PoolMutex()
    private var small: [_Row] = []
    private var large: [_Row] = []

    /// The number of arrays kept in each class.
    var count: (small: Int, large: Int) {
        mutex.lock()
        defer { mutex.unlock() }
        return (small.count, large.count)
    }

    /// How many more arrays of each class the pool would keep now.
    var room: (small: Int, large: Int) {
        mutex.lock()
        defer { mutex.unlock() }
        return (Self.smallLimit - small.count, Self.largeLimit - large.count)
    }

    /// Appends up to `count` kept arrays of one class to `spare` (taken
    /// from the pool); returns whether any were there.
    func take(large isLarge: Bool, _ count: Int, into spare: inout [_Row]) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        if isLarge {
            return Array._poolMove(
                from: &large, to: &spare, upTo: spare.count + count, oneByOne: 64)
        }
        return Array._poolMove(from: &small, to: &spare, upTo: spare.count + count, oneByOne: 64)
    }

    /// Keeps the arrays of `spareSmall` and `spareLarge` (empty, of their
    /// classes) up to the limits, and empties both lists.
    func give(small spareSmall: inout [_Row], large spareLarge: inout [_Row]) {
        mutex.lock()
        _ = Array._poolMove(from: &spareSmall, to: &small, upTo: Self.smallLimit, oneByOne: 64)
        _ = Array._poolMove(from: &spareLarge, to: &large, upTo: Self.largeLimit, oneByOne: 64)
        mutex.unlock()
        // What did not fit is freed here, outside the lock.
        spareSmall = []
        spareLarge = []
    }

    /// Frees every kept array.
    func removeAll() {
        mutex.lock()
        small = []
        large = []
        mutex.unlock()
    }
}

extension Solver {
    /// An empty term array with room for `minimumCapacity` terms, for a new
    /// row: a kept one when the pool has one of its class. A solver takes
    /// as many as it has room reserved for rows (`reserveCapacity`), at
    /// least `_RowStoragePool.batch`, and asks no more once a class was
    /// found empty.
    @inline(__always)
    func _rowStorage(minimumCapacity: Int) -> [_Term] {
        var terms: [_Term]
        let wanted = max(_RowStoragePool.batch, _rows.capacity - _rows.count)
        if minimumCapacity >= _RowStoragePool.largeCapacity {
            if _spareLargeTerms.isEmpty && !_rowStoragePoolDrained.large {
                _rowStoragePoolDrained.large = !_rowStoragePool.take(
                    large: true, wanted, into: &_spareLargeTerms)
            }
            terms = _spareLargeTerms.popLast()?.terms ?? []
        } else {
            if _spareSmallTerms.isEmpty && !_rowStoragePoolDrained.small {
                _rowStoragePoolDrained.small = !_rowStoragePool.take(
                    large: false, wanted, into: &_spareSmallTerms)
            }
            terms = _spareSmallTerms.popLast()?.terms ?? []
        }
        terms.reserveCapacity(minimumCapacity)
        return terms
    }

    /// Gives the rows' term arrays (emptied) and the unused spare ones to
    /// the pool, as the solver is freed: as many as the pool has room for
    /// (asked first); the others are freed with the rows.
    func _recycleRowStorage() {
        if _rows.isEmpty && _spareSmallTerms.isEmpty && _spareLargeTerms.isEmpty { return }
        // Kept bases hold copies of the rows: dropped first, each row's
        // array is the rows' own (emptying a shared one would copy it).
        _basisPool = []
        var (smallRoom, largeRoom) = _rowStoragePool.room
        smallRoom -= _spareSmallTerms.count
        largeRoom -= _spareLargeTerms.count
        if smallRoom > 0 {
            _spareSmallTerms.reserveCapacity(_spareSmallTerms.count + min(smallRoom, _rows.count))
        }
        // The rows walked through a buffer (each swap through the array's
        // subscript checked its uniqueness), and each array moved into the
        // spare list, not copied (a retain and release a row).
        _rows.withUnsafeMutableBufferPointer { rows in
            var i = 0
            while i < rows.count && (smallRoom > 0 || largeRoom > 0) {
                let capacity = rows[i].terms.capacity
                let large = capacity >= _RowStoragePool.largeCapacity
                let room = large ? largeRoom : smallRoom
                if capacity <= _RowStoragePool.maximumCapacity && room > 0 {
                    var row = _Row()
                    swap(&row.terms, &rows[i].terms)
                    row.terms.removeAll(keepingCapacity: true)
                    if large {
                        _spareLargeTerms.append(consume row)
                        largeRoom -= 1
                    } else {
                        _spareSmallTerms.append(consume row)
                        smallRoom -= 1
                    }
                }
                i += 1
            }
        }
        _rowStoragePool.give(small: &_spareSmallTerms, large: &_spareLargeTerms)
    }
}
