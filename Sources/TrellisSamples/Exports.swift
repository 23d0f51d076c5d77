// The seeded generator the sample data is made with, for users of the samples.

@_exported import struct TrellisSupport.SplitMix64
