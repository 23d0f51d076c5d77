// `SourcePosition` moved to TrellisData (the data formats' leaf module);
// code that imports TrellisGeometry still names it.
@_exported import struct TrellisData.SourcePosition
