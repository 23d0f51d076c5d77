// A value guarded by a pthread mutex: the one lock of every Trellis module.
// Synchronization.Mutex would do, but on Linux it is built on futexes that
// ThreadSanitizer cannot see, so every use was reported as a race; a pthread
// mutex keeps TSan runs of Trellis clean.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a mutex. `@unchecked Sendable`: every access to the
/// value goes through `withLock`, which holds the mutex.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value lives behind a pointer rather than in a stored property, so
    /// `withLock` hands it out `inout` without Swift's dynamic exclusivity
    /// bookkeeping (the mutex already makes the access exclusive).
    private let value: UnsafeMutablePointer<Value>

    package init(_ initial: Value) {
        value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        value.initialize(to: initial)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Runs `body` with exclusive access if no other thread holds the
    /// mutex; nil, without waiting, if one does.
    @inline(__always)
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

extension Locked where Value == Void {
    /// A lock guarding no value of its own (state kept beside it).
    package convenience init() { self.init(()) }

    /// Runs `body` while holding the lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        try withLock { (_: inout Void) throws(Failure) -> Result in try body() }
    }
}
