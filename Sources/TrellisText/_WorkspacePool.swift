// Workspaces lent to measuring threads, one at a time each.

import CHarfBuzz
import CTrellisICU
import TrellisSupport

/// A pool of workspaces: a measurement borrows one for its duration.
/// A workspace given back waits in its thread's slot (one per thread
/// number, `trellis_thread_number()`, modulo `slotCount`; each on a cache
/// line of its own), so a thread measuring text after text takes back the
/// workspace it used last, without the lock, and its front word cache and
/// buffers are still in the thread's core's cache. (One slot for all
/// threads would give it to whichever thread asked first, often another's
/// workspace, and send the other thread to the lock.)
final class _WorkspacePool: @unchecked Sendable {
    private let idle = Locked<[_Workspace]>([])
    /// Slots for this many thread numbers; threads past them share.
    static let slotCount = 8
    /// Words from one slot to the next: 64 bytes.
    private static let slotStride = 8
    /// Each slot: a retained workspace's address, or 0 when it is empty.
    private let slots: UnsafeMutablePointer<UInt>
    /// Whether its workspaces may measure without HarfBuzz (`kernOnlyMeasure`).
    let usesKernModel: Bool
    let usesPlainParagraphs: Bool

    init(usesKernModel: Bool = true, usesPlainParagraphs: Bool = true) {
        self.usesKernModel = usesKernModel
        self.usesPlainParagraphs = usesPlainParagraphs
        let words = Self.slotCount * Self.slotStride
        slots = UnsafeMutableRawPointer.allocate(
            byteCount: words * MemoryLayout<UInt>.stride, alignment: 64
        ).bindMemory(to: UInt.self, capacity: words)
        slots.initialize(repeating: 0, count: words)
    }

    deinit {
        for index in 0..<Self.slotCount {
            let address = trellis_atomic_exchange(slots + index * Self.slotStride, 0)
            if let pointer = UnsafeRawPointer(bitPattern: address) {
                // Safe: the slot's +1 reference, taken out by the exchange.
                Unmanaged<_Workspace>.fromOpaque(pointer).release()
            }
        }
        slots.deallocate()
    }

    /// The calling thread's slot.
    @inline(__always)
    private var threadSlot: UnsafeMutablePointer<UInt> {
        slots + Int(trellis_thread_number() % UInt32(Self.slotCount)) * Self.slotStride
    }

    @inline(__always)
    func withWorkspace<R>(_ body: (_Workspace) throws(TextError) -> R) throws(TextError) -> R {
        let workspace = try take()
        defer { giveBack(workspace) }
        return try body(workspace)
    }

    @inline(__always)
    private func take() throws(TextError) -> _Workspace {
        let address = trellis_atomic_exchange(threadSlot, 0)
        if let pointer = UnsafeRawPointer(bitPattern: address) {
            // Safe: the slot held the +1 reference `giveBack` made; the exchange took it over.
            return Unmanaged<_Workspace>.fromOpaque(pointer).takeRetainedValue()
        }
        if let reused = idle.withLock({ $0.popLast() }) { return reused }
        let made = try _Workspace()
        made.usesKernModel = usesKernModel
        made.usesPlainParagraphs = usesPlainParagraphs
        return made
    }

    @inline(__always)
    private func giveBack(_ workspace: _Workspace) {
        let retained = Unmanaged.passRetained(workspace)
        let address = UInt(bitPattern: retained.toOpaque())
        if trellis_atomic_store_if_empty(threadSlot, address) { return }
        retained.release()
        idle.withLock { $0.append(workspace) }
    }
}
