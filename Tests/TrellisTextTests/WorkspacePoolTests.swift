// A pool of workspaces gives each thread back the workspace it gave back
// last (the one whose front word cache and buffers are in the thread's
// core's cache). One slot shared by every thread would give a second
// thread the first one's workspace.
import CTrellisICU
import Foundation
import Testing

@testable import TrellisText

@Suite struct WorkspacePoolTests {
    /// A thread of its own that runs the work it is given, one at a time.
    final class SteadyThread: @unchecked Sendable {
        private let condition = NSCondition()
        private var work: (() -> Void)?
        private var finished = false
        private var stopping = false

        init() {
            let thread = Thread { [self] in loop() }
            thread.start()
        }

        private func loop() {
            while true {
                condition.lock()
                while work == nil && !stopping { condition.wait() }
                guard let next = work else {
                    condition.unlock()
                    return
                }
                condition.unlock()
                next()
                condition.lock()
                work = nil
                finished = true
                condition.broadcast()
                condition.unlock()
            }
        }

        /// Runs `body` on this thread and waits for it to end.
        func run(_ body: @escaping () -> Void) {
            condition.lock()
            finished = false
            work = body
            condition.broadcast()
            while !finished { condition.wait() }
            condition.unlock()
        }

        /// Ends the thread.
        func stop() {
            condition.lock()
            stopping = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// A workspace borrowed from `pool` on `thread`.
    func borrow(_ pool: _WorkspacePool, on thread: SteadyThread) -> ObjectIdentifier {
        var borrowed: ObjectIdentifier?
        thread.run { borrowed = ObjectIdentifier(try! pool.withWorkspace { $0 }) }
        return borrowed!
    }

    @Test func eachThreadTakesBackTheWorkspaceItGave() {
        let pool = _WorkspacePool()
        let first = SteadyThread()
        var firstNumber: UInt32 = 0
        first.run { firstNumber = trellis_thread_number() }
        // A second thread whose slot is not the first one's (thread numbers
        // are the process's: other tests' threads take numbers too).
        var threads = [SteadyThread]()
        var second: SteadyThread
        repeat {
            second = SteadyThread()
            threads.append(second)
            var number: UInt32 = 0
            second.run { number = trellis_thread_number() }
            if number % UInt32(_WorkspacePool.slotCount)
                != firstNumber % UInt32(_WorkspacePool.slotCount)
            {
                break
            }
        } while true
        var firsts = [ObjectIdentifier]()
        var seconds = [ObjectIdentifier]()
        for _ in 0..<6 {
            firsts.append(borrow(pool, on: first))
            seconds.append(borrow(pool, on: second))
        }
        #expect(Set(firsts).count == 1)
        #expect(Set(seconds).count == 1)
        #expect(firsts[0] != seconds[0])
        first.stop()
        for thread in threads { thread.stop() }
    }
}
