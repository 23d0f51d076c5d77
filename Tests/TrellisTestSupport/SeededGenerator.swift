// The seeded generator every randomized test draws from: the library's
// SplitMix64 (TrellisSupport), so a seed gives the same rows, formats and
// layouts on every machine and in the generators the CLIs use.

@_exported import struct TrellisSupport.SplitMix64

/// The generator of every randomized test.
public typealias SeededGenerator = SplitMix64
