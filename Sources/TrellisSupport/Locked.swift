// A value guarded by a pthread mutex: the one lock of every Trellis module,
// with a condition variable beside it for the callers that wait on the value.
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
///
/// Public (this module is no product, so only the package's modules see
/// it) rather than `package`: the compiler serializes the bodies of
/// `@inlinable` functions for other modules only when they are public, and
/// `withLock` must be inlined where it is called (see there).
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The value lives behind a pointer rather than in a stored property, so
    /// `withLock` hands it out `inout` without Swift's dynamic exclusivity
    /// bookkeeping (the mutex already makes the access exclusive).
    @usableFromInline let value: UnsafeMutablePointer<Value>
    /// The condition variable of `withLock(waitingUntil:_:)` and
    /// `withLockBroadcasting(_:)`; nil unless asked for.
    private let condition: UnsafeMutablePointer<pthread_cond_t>?

    /// A lock around `initial`; `waitable` adds the condition variable
    /// that waiting on the value needs.
    public init(_ initial: Value, waitable: Bool = false) {
        value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        value.initialize(to: initial)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        if waitable {
            let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
            condition.initialize(to: pthread_cond_t())
            pthread_cond_init(condition, nil)
            self.condition = condition
        } else {
            condition = nil
        }
    }

    deinit {
        if let condition {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Inlinable, so each
    /// module that calls it gets a copy specialised for its value and
    /// closure: called across modules as a generic function it went through
    /// value witnesses and a closure context on every call (the word
    /// cache's look-ups, once per piece of text).
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Runs `body` with exclusive access if no other thread holds the
    /// mutex; nil, without waiting, if one does. Inlinable, as `withLock`.
    @inlinable @inline(__always)
    public func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

extension Locked {
    /// Waits, the lock released meanwhile, until `ready` holds for the
    /// value (checked with the lock held, at once and after each wake-up),
    /// then runs `body` with exclusive access. The lock must be `waitable`.
    package func withLock<Result, Failure: Error>(
        waitingUntil ready: (inout Value) -> Bool, _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let condition else { preconditionFailure("Locked(waitable: true) needed to wait") }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(&value.pointee) { pthread_cond_wait(condition, mutex) }
        return try body(&value.pointee)
    }

    /// Runs `body` with exclusive access, then wakes every thread waiting
    /// in `withLock(waitingUntil:_:)` (before the lock is released, so no
    /// wake-up is lost). The lock must be `waitable`.
    package func withLockBroadcasting<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let condition else { preconditionFailure("Locked(waitable: true) needed to wake") }
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value.pointee)
    }
}

extension Locked where Value == Void {
    /// A lock guarding no value of its own (state kept beside it).
    public convenience init() { self.init(()) }

    /// Runs `body` while holding the lock.
    @inlinable @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        try withLock { (_: inout Void) throws(Failure) -> Result in try body() }
    }
}
