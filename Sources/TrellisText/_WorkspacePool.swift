// Workspaces lent to measuring threads, one at a time each.

import CHarfBuzz
import CTrellisICU
import Synchronization
import TrellisSupport

/// A pool of workspaces: a measurement borrows one for its duration.
/// The last workspace given back waits in a one-slot atomic cache, so a
/// thread measuring text after text takes and returns it without the lock.
final class _WorkspacePool: @unchecked Sendable {
    private let idle = Locked<[_Workspace]>([])
    /// A retained workspace's address, or 0 when the slot is empty.
    private let slot = Atomic<UInt>(0)
    /// Whether its workspaces may measure without HarfBuzz (`kernOnlyMeasure`).
    let usesKernModel: Bool
    let usesPlainParagraphs: Bool

    init(usesKernModel: Bool = true, usesPlainParagraphs: Bool = true) {
        self.usesKernModel = usesKernModel
        self.usesPlainParagraphs = usesPlainParagraphs
    }

    deinit {
        let address = slot.exchange(0, ordering: .acquiring)
        if let pointer = UnsafeRawPointer(bitPattern: address) {
            // Safe: the slot's +1 reference, taken out by the exchange.
            Unmanaged<_Workspace>.fromOpaque(pointer).release()
        }
    }

    @inline(__always)
    func withWorkspace<R>(_ body: (_Workspace) throws(TextError) -> R) throws(TextError) -> R {
        let workspace = try take()
        defer { giveBack(workspace) }
        return try body(workspace)
    }

    @inline(__always)
    private func take() throws(TextError) -> _Workspace {
        let address = slot.exchange(0, ordering: .acquiring)
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
        if slot.compareExchange(expected: 0, desired: address, ordering: .releasing).exchanged {
            return
        }
        retained.release()
        idle.withLock { $0.append(workspace) }
    }
}
