// A font of fontconfig's ranking for the system's fallback
// (_SystemFonts.swift): its file and face, its coverage as fontconfig's
// pages and, made on the first question, as bits for the Basic
// Multilingual Plane, and its face, opened on the first question.
import CFontconfig
import Synchronization
import TrellisSupport

extension _SystemFallback {
    final class _Candidate: @unchecked Sendable {
        let path: String
        let index: Int
        /// fontconfig's coverage of the font as pages of 256 code points
        /// (`FcCharSetFirstPage`, `FcCharSetNextPage`), in order: each
        /// page's first code point, and its eight 32-bit words one after
        /// the other in `pageWords`. Kept for the ranking cache on disk
        /// (_SystemFonts+RankingCache.swift), which makes candidates from
        /// them without fontconfig.
        let pageBases: [UInt32]
        let pageWords: [UInt32]
        /// The same coverage for the Basic Multilingual Plane, one bit per
        /// code point: `FcCharSetHasChar` searches the charset's leaves
        /// (about 600 instructions a call with its lock, and a Chinese
        /// character is looked for in a dozen fonts before the one that has
        /// it). Kept as long as the ranking, for the whole process. Made
        /// on the first question that needs it (`bits`): of the 161 fonts
        /// ranked for Chinese text, 5,000 rows' look-ups asked about 20,
        /// and making the bitmaps of all 161 wrote 1.3 MB, 1.6 M
        /// instructions a process (2026-12-02). The bitmap's address, 0
        /// until made.
        private let madeBits = Atomic<UInt>(0)
        /// The index in `pageBases` of the first page beyond it.
        private let firstSupplementary: Int
        /// fontconfig's coverage itself, with a reference of the candidate's
        /// own (`FcCharSetCopy`) when the candidate was ranked by fontconfig
        /// in this process (nil when read from the cache on disk): only
        /// `_coverageDisagreements` reads it.
        let charset: OpaquePointer?
        /// The face opened for this candidate (`face`), nil until then.
        private let opened = Locked<_FontFace??>(nil)
        /// The address of `opened`'s face once opened (1: none could be
        /// opened; 0: not tried yet).
        private let openedAddress = Atomic<UInt>(0)

        /// A candidate of the coverage given by `pageBases` (first code
        /// points that are multiples of 256, below U+110000, in increasing
        /// order) and `pageWords` (eight words a page), as
        /// `FcCharSetNextPage` gives them.
        init(
            path: String, index: Int, pageBases: [UInt32], pageWords: [UInt32],
            charset: OpaquePointer? = nil
        ) {
            precondition(pageWords.count == 8 * pageBases.count)
            self.charset = charset.map { FcCharSetCopy($0) }
            self.path = path
            self.index = index
            self.pageBases = pageBases
            self.pageWords = pageWords
            var page = 0
            while page < pageBases.count && pageBases[page] < 0x1_0000 { page += 1 }
            firstSupplementary = page
        }

        /// The coverage of the Basic Multilingual Plane as bits, made on
        /// the first call (by one thread: another that made it meanwhile
        /// frees its own).
        private var bits: UnsafeMutablePointer<UInt64> {
            @inline(__always) get {
                UnsafeMutablePointer(bitPattern: madeBits.load(ordering: .acquiring))
                    ?? makeBits()
            }
        }

        @inline(never)
        private func makeBits() -> UnsafeMutablePointer<UInt64> {
            let made = UnsafeMutablePointer<UInt64>.allocate(capacity: 0x1_0000 / 64)
            made.initialize(repeating: 0, count: 0x1_0000 / 64)
            for page in 0..<firstSupplementary {
                for k in 0..<4 {
                    made[Int(pageBases[page]) / 64 + k] =
                        UInt64(pageWords[8 * page + 2 * k])
                        | UInt64(pageWords[8 * page + 2 * k + 1]) << 32
                }
            }
            let (exchanged, original) = madeBits.compareExchange(
                expected: 0, desired: UInt(bitPattern: made), ordering: .acquiringAndReleasing)
            if exchanged { return made }
            made.deallocate()
            return UnsafeMutablePointer(bitPattern: original).unsafelyUnwrapped
        }

        /// A candidate of fontconfig's coverage `charset`.
        convenience init(path: String, index: Int, charset: OpaquePointer) {
            // Pages of 256 code points, in order, as fontconfig keeps them
            // (FC_CHARSET_MAP_SIZE words of 32 bits each); the last is
            // followed by FC_CHARSET_DONE (all ones).
            var map = (
                FcChar32(0), FcChar32(0), FcChar32(0), FcChar32(0),
                FcChar32(0), FcChar32(0), FcChar32(0), FcChar32(0)
            )
            var next: FcChar32 = 0
            var bases: [UInt32] = []
            var words: [UInt32] = []
            var page = withUnsafeMutableBytes(of: &map) {
                FcCharSetFirstPage(
                    charset, $0.baseAddress!.assumingMemoryBound(to: FcChar32.self), &next)
            }
            while page != FcChar32.max && page < 0x11_0000 {
                bases.append(page)
                withUnsafeBytes(of: &map) {
                    words.append(contentsOf: $0.bindMemory(to: UInt32.self))
                }
                page = withUnsafeMutableBytes(of: &map) {
                    FcCharSetNextPage(
                        charset, $0.baseAddress!.assumingMemoryBound(to: FcChar32.self), &next)
                }
            }
            self.init(
                path: path, index: index, pageBases: bases, pageWords: words, charset: charset)
        }

        deinit {
            if let charset { FcCharSetDestroy(charset) }
            UnsafeMutablePointer<UInt64>(bitPattern: madeBits.load(ordering: .acquiring))?
                .deallocate()
        }

        /// True when fontconfig's coverage of the font has `scalar`
        /// (`FcCharSetHasChar`).
        @inline(__always)
        func covers(_ scalar: UInt32) -> Bool {
            guard scalar < 0x1_0000 else { return coversSupplementary(scalar) }
            return (bits[Int(scalar) >> 6] >> UInt64(scalar & 63)) & 1 != 0
        }

        /// `covers` beyond the Basic Multilingual Plane: the page searched by halves.
        private func coversSupplementary(_ scalar: UInt32) -> Bool {
            let base = scalar & ~0xFF
            var low = firstSupplementary
            var high = pageBases.count
            while low < high {
                let middle = (low + high) / 2
                if pageBases[middle] < base { low = middle + 1 } else { high = middle }
            }
            guard low < pageBases.count, pageBases[low] == base else { return false }
            let word = pageWords[8 * low + Int(scalar & 0xFF) / 32]
            return (word >> (scalar & 31)) & 1 != 0
        }

        /// True when the coverage has a code point of the Basic
        /// Multilingual Plane's 256-code-point page `page`.
        func coversPage(_ page: Int) -> Bool {
            let words = bits + 4 * page
            return words[0] | words[1] | words[2] | words[3] != 0
        }

        /// The candidate's face (`_FontFace.shared`), opened on the first
        /// call; nil when the file cannot be opened.
        var face: _FontFace? { unretainedFace?.takeUnretainedValue() }

        /// `face`, unretained (`opened` keeps it for the candidate's life):
        /// once opened, read without the lock, which the threads shared on
        /// every new character a text needed a system font for.
        var unretainedFace: Unmanaged<_FontFace>? {
            let address = openedAddress.load(ordering: .acquiring)
            if address > 1 {
                return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            }
            if address == 1 { return nil }
            return opened.withLock { known -> Unmanaged<_FontFace>? in
                if known == nil {
                    let made = try? _FontFace.shared(path: path, index: index)
                    known = .some(made)
                    let address = made.map {
                        UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque())
                    }
                    openedAddress.store(address ?? 1, ordering: .releasing)
                }
                return known!.map { Unmanaged.passUnretained($0) }
            }
        }
    }
}
