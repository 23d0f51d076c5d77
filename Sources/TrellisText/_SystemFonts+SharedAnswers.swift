// The system faces a fallback chose for characters of the Basic Multilingual
// Plane, shared by every thread without a lock (`_SystemFallback.face(for:
// language:index:)`).
//
// Each workspace keeps the answers it asked for (`_SystemFaceMemo`), but a
// character a workspace meets for the first time took the fallback's lock
// and a hash look-up in its dictionary of choices: about 8,000 times on
// 5,000 Chinese rows measured on two threads (each thread meets most of the
// 4,218 distinct ideographs), some 450 instructions each. Here an answer
// is two bytes in a table by code point, written once (its face first,
// then the slot with release ordering) and read with one acquiring load.
import Synchronization
import TrellisSupport

extension _SystemFallback {
    final class _SharedAnswers: @unchecked Sendable {
        /// The languages (by `languageIndex`) whose answers are kept here.
        static let languageCount = 4
        /// The faces answers may name; a fallback chooses among a few
        /// dozen fonts.
        static let faceCapacity = 1024
        /// An answer's value for a character no system face has; 0 is a
        /// character not asked about yet, and 2 + k names `faces[k]`.
        static let noFace: UInt16 = 1

        /// Per language, the address of its table (0 until its first
        /// answer): 0x10000 answers, one per code point.
        private let tables: UnsafeMutablePointer<Atomic<UInt>>
        /// The faces answers name, retained, in the order first chosen
        /// (addresses, each written before an answer names it).
        private let faces: UnsafeMutablePointer<Atomic<UInt>>
        /// Held while an answer is written: the number of faces and of
        /// answers kept (`Locked`, which ThreadSanitizer models).
        private let writing = Locked<(faces: Int, answers: Int)>((0, 0))

        init() {
            tables = .allocate(capacity: Self.languageCount)
            for index in 0..<Self.languageCount { (tables + index).initialize(to: Atomic(0)) }
            faces = .allocate(capacity: Self.faceCapacity)
            for index in 0..<Self.faceCapacity { (faces + index).initialize(to: Atomic(0)) }
        }

        deinit {
            for index in 0..<Self.languageCount {
                guard let table = Self.table(tables[index].load(ordering: .acquiring)) else {
                    continue
                }
                table.deinitialize(count: 0x1_0000)
                table.deallocate()
            }
            tables.deinitialize(count: Self.languageCount)
            tables.deallocate()
            let count = writing.withLock { $0.faces }
            for index in 0..<count {
                Unmanaged<_FontFace>.fromOpaque(
                    UnsafeRawPointer(bitPattern: faces[index].load(ordering: .acquiring))!
                ).release()
            }
            faces.deinitialize(count: Self.faceCapacity)
            faces.deallocate()
        }

        @inline(__always)
        private static func table(_ address: UInt) -> UnsafeMutablePointer<Atomic<UInt16>>? {
            UnsafeMutablePointer(bitPattern: address)
        }

        /// The number of characters answered.
        var count: Int { writing.withLock { $0.answers } }

        /// Whether answers for `scalar` in the language numbered `language`
        /// are kept here (they may not be yet).
        @inline(__always)
        func mayKeep(_ scalar: UInt32, language: Int) -> Bool {
            language >= 0 && language < Self.languageCount && scalar < 0x1_0000
        }

        /// The answer kept for `scalar` (below U+10000) in the language
        /// numbered `language`: nil when none is kept, `.some(nil)` when no
        /// system face has it, else the face (unretained: kept here).
        @inline(__always)
        func answer(_ scalar: UInt32, language: Int) -> Unmanaged<_FontFace>?? {
            guard language >= 0, language < Self.languageCount, scalar < 0x1_0000,
                let table = Self.table(tables[language].load(ordering: .acquiring))
            else { return nil }
            let value = table[Int(scalar)].load(ordering: .acquiring)
            if value == 0 { return nil }
            if value == Self.noFace { return .some(nil) }
            let address = faces[Int(value &- 2)].load(ordering: .relaxed)
            return .some(
                Unmanaged<_FontFace>.fromOpaque(
                    UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped))
        }

        /// Keeps `face` (nil: none) as the answer for `scalar` in the
        /// language numbered `language`, unless one is kept already; does
        /// nothing for characters beyond the Basic Multilingual Plane, other
        /// languages, or past `faceCapacity` faces. Returns whether it kept it.
        @discardableResult
        func insert(_ face: _FontFace?, for scalar: UInt32, language: Int) -> Bool {
            guard language >= 0, language < Self.languageCount, scalar < 0x1_0000 else {
                return false
            }
            return writing.withLock { counts in
                var table = Self.table(tables[language].load(ordering: .acquiring))
                if table == nil {
                    let made = UnsafeMutablePointer<Atomic<UInt16>>.allocate(capacity: 0x1_0000)
                    for index in 0..<0x1_0000 { (made + index).initialize(to: Atomic(0)) }
                    tables[language].store(UInt(bitPattern: made), ordering: .releasing)
                    table = made
                }
                let slots = table.unsafelyUnwrapped
                guard slots[Int(scalar)].load(ordering: .relaxed) == 0 else { return false }
                var value = Self.noFace
                if let face {
                    let address = UInt(bitPattern: Unmanaged.passUnretained(face).toOpaque())
                    var place = 0
                    while place < counts.faces
                        && faces[place].load(ordering: .relaxed) != address
                    {
                        place += 1
                    }
                    if place == counts.faces {
                        guard place < Self.faceCapacity else { return false }
                        _ = Unmanaged.passRetained(face)
                        faces[place].store(address, ordering: .releasing)
                        counts.faces += 1
                    }
                    value = UInt16(place + 2)
                }
                slots[Int(scalar)].store(value, ordering: .releasing)
                counts.answers += 1
                return true
            }
        }
    }
}
