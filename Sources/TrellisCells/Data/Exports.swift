// The data formats (`JSONRow`, `JSONNode`, `DataFileError`, the JSON
// writer, …) moved to TrellisData; code that imports TrellisCells still
// names them.
@_exported import TrellisData
