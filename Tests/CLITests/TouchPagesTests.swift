// `trellis measure` has the heap it will fill faulted in on another thread
// while it loads its fonts (CTrellisMemory's `trellis_fault_in_batch_heap`,
// through `trellis_touch_pages`), and the main thread allocates and writes
// there meanwhile: touching a page must never change a byte of it,
// whatever another thread writes.
import CTrellisMemory
import Dispatch
import Foundation
import Synchronization
import Testing
import TrellisTestSupport

@Suite struct TouchPagesTests {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Every byte of random contents is kept, for starts and lengths that
    /// are not whole pages and for lengths of 0 and 1.
    @Test func keepsEveryByte() {
        var generator = SeededGenerator(seed: 38)
        let size = 64 * Self.pageSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: size, alignment: Self.pageSize)
        defer { buffer.deallocate() }
        for byte in 0..<size { buffer[byte] = UInt8.random(in: 0...255, using: &generator) }
        let expected = Array(buffer)
        for _ in 0..<200 {
            let start = Int.random(in: 0..<size, using: &generator)
            let length = Int.random(in: 0...(size - start), using: &generator)
            trellis_touch_pages(buffer.baseAddress! + start, UInt(length))
        }
        trellis_touch_pages(buffer.baseAddress! + 7, 0)
        trellis_touch_pages(buffer.baseAddress! + size - 1, 1)
        let changed = zip(buffer, expected).filter { $0 != $1 }.count
        #expect(changed == 0)
    }

    /// What the threads of `keepsWhatAnotherThreadWrites` share.
    final class Shared: Sendable {
        let done = Atomic<Bool>(false)
        let lost = Atomic<Int>(0)
        let touches = Atomic<Int>(0)
    }

    /// One thread writes a new value into the first byte of each of a few
    /// pages, round after round, and reads every page back before the next
    /// round, while another touches the pages over and over: no value
    /// written is lost (a touch that read a byte and wrote it back as two
    /// steps would now and then put back the value before a write).
    @Test func keepsWhatAnotherThreadWrites() {
        let pages = 4
        let size = pages * Self.pageSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: size, alignment: Self.pageSize)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        let address = UInt(bitPattern: buffer.baseAddress!)
        let page = Self.pageSize
        let shared = Shared()
        let group = DispatchGroup()
        let writer = Thread {
            let bytes = UnsafeMutableRawPointer(bitPattern: address)!
            for round in 1...300_000 {
                let value = UInt8(truncatingIfNeeded: round)
                for index in 0..<pages {
                    bytes.storeBytes(of: value, toByteOffset: index * page, as: UInt8.self)
                }
                for index in 0..<pages
                where bytes.load(fromByteOffset: index * page, as: UInt8.self) != value {
                    shared.lost.add(1, ordering: .relaxed)
                }
            }
            shared.done.store(true, ordering: .releasing)
            group.leave()
        }
        let toucher = Thread {
            let bytes = UnsafeMutableRawPointer(bitPattern: address)!
            repeat {
                trellis_touch_pages(bytes, UInt(size))
                shared.touches.add(1, ordering: .relaxed)
            } while !shared.done.load(ordering: .acquiring)
            group.leave()
        }
        group.enter()
        group.enter()
        toucher.start()
        writer.start()
        group.wait()
        #expect(shared.touches.load(ordering: .relaxed) > 1)
        #expect(shared.lost.load(ordering: .relaxed) == 0)
    }

    /// The `VmFlags` of the mapping of /proc/self/smaps that holds `address`.
    static func mappingFlags(_ address: UnsafeMutableRawPointer) throws -> [String] {
        // Read to its end: the file's size is given as 0.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside && line.hasPrefix("VmFlags:") {
                return fields.dropFirst().map(String.init)
            }
        }
        return []
    }

    /// `trellis_touch_heap` (the batch heap's thread): after the first
    /// 2 MB step slower than the limit, the rest of the extent is marked
    /// for 4 KB pages, and no byte changes; with no step slow, nothing is.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(
                atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
            "needs a kernel with transparent huge pages (its advice shows in smaps)"))
    func touchHeapTakesSmallPagesAfterASlowStep() throws {
        let huge = 2 << 20
        let extent = 8 << 20
        var generator = SeededGenerator(seed: 0x6865_6170)
        for slow in [UInt64.max, 0] {
            let region = UnsafeMutableRawPointer.allocate(byteCount: extent, alignment: huge)
            defer { region.deallocate() }
            for offset in stride(from: 0, to: extent, by: 997) {
                region.storeBytes(
                    of: UInt8.random(in: 0...255, using: &generator), toByteOffset: offset,
                    as: UInt8.self)
            }
            let before = Array(UnsafeRawBufferPointer(start: region, count: extent))
            let marked = trellis_touch_heap(region, UInt(3 * huge), UInt(extent), slow)
            #expect(Array(UnsafeRawBufferPointer(start: region, count: extent)) == before)
            if slow == 0 {
                // Every step is slow: the first one decides.
                #expect(marked == UInt(huge))
                #expect(!(try Self.mappingFlags(region)).contains("nh"))
                #expect(try Self.mappingFlags(region + huge).contains("nh"))
                #expect(try Self.mappingFlags(region + extent - 1).contains("nh"))
            } else {
                #expect(marked == UInt(extent))
                #expect(!(try Self.mappingFlags(region + huge)).contains("nh"))
            }
        }
    }
}
