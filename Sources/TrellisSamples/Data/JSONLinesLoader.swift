// Loads the sample rows (`AnimalItem`) from JSON Lines files: one object
// per line, `{"title": "...", "subtitle": "...", "image": [w, h]}`, read
// as every data file is (JSONRowLoader) and as the CLIs read them
// (RowFormat.samples).

import FoundationEssentials
import TrellisCells
import TrellisData

/// Reads `AnimalItem`s from JSON Lines.
///
/// Rules: each non-blank line is one JSON object (`JSONRowLoader`'s rules);
/// `AnimalItem(row:)` reads it: `title` and `subtitle` are strings and
/// default to empty when absent, but at least one of the two keys must be
/// present (an explicitly empty one is a legitimately empty cell); `image`
/// is optional, an array of two finite positive numbers (pixel width and
/// height). Other keys are ignored, so richer files load. The first bad
/// line stops loading with an error naming its line; nothing is returned
/// for a file with a bad line.
public enum JSONLinesLoader {
    /// Loads every row of the file at `path`.
    ///
    /// - Complexity: O(file size).
    public static func load(path: String) throws(DataFileError) -> [AnimalItem] {
        try RowFormat.samples.items(of: try JSONRowLoader.load(path: path), file: path)
    }

    /// Parses JSON Lines held in memory; `file` names the source in errors.
    public static func parse(_ data: Data, file: String = "<input>") throws(DataFileError)
        -> [AnimalItem]
    {
        try RowFormat.samples.items(of: try JSONRowLoader.parse(data, file: file), file: file)
    }
}
