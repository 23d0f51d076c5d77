// The one rule for reading a font name: a path to a font file, or the name
// of a bundled family. Template files, `trellis measure --font` and
// `trellis heights`' font checks and cache key all read names with it.

/// How a font name (a template file's `"font"`, a `--font` argument) is read.
public enum FontName {
    /// Whether `name` is a path to a font file rather than a bundled
    /// family: it has a slash, or ends in `.ttf`, `.otf` or `.ttc` (a
    /// collection, whose first face is used), in any case. A relative path
    /// is read from the current folder.
    public static func isPath(_ name: String) -> Bool {
        if name.contains("/") { return true }
        let lowered = name.lowercased()
        return lowered.hasSuffix(".ttf") || lowered.hasSuffix(".otf") || lowered.hasSuffix(".ttc")
    }
}
