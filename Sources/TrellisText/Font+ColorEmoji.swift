// The system's color emoji font (Debian's fonts-noto-color-emoji), added at
// the end of a fallback list so emoji are measured as they are drawn rather
// than as missing-glyph boxes.
//
// How its numbers come out (checked against Pango 1.50 on the same files,
// with fontconfig's 10-scale-bitmap-fonts rule so Pango scales the strike):
// advances are the `hmtx` table's (2550 units of 2048: 21.167 pt at 17 pt)
// and the line metrics the `hhea` table's (1900 / −500: an emoji-only line
// is 19.922 pt at 17 pt), both scaled to the size, as HarfBuzz and CoreText
// read them; the CBDT strike's own metrics (101 / −27 at 109 ppem, 19.963 pt)
// are not used. ZWJ sequences, skin tones, flags and keycaps are shaped in
// one run by the font's GSUB into one glyph and one cluster.
#if canImport(Glibc)
    import Glibc
#endif

extension Font {
    /// Where `colorEmoji()` looks, in order, after `$TRELLIS_EMOJI_FONT`:
    /// Debian's and Ubuntu's fonts-noto-color-emoji, then Fedora's and
    /// Arch's packages of the same font.
    public static let colorEmojiPaths = [
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
        "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",
        "/usr/share/fonts/noto/NotoColorEmoji.ttf",
    ]

    /// The system's color emoji font: the file `$TRELLIS_EMOJI_FONT` names,
    /// or the first of `colorEmojiPaths` that exists.
    ///
    /// ```swift
    /// let fonts = try FontCollection.bundled("Inter").addingColorEmoji()
    /// ```
    /// - Throws: `TextError.emojiFontNotFound` when no such file exists
    ///   (install Debian's `fonts-noto-color-emoji`), `invalidFontFile`
    ///   when the file is not a font.
    /// - Complexity: O(1) after the first load (fonts are loaded once per path).
    public static func colorEmoji() throws(TextError) -> Font {
        var searched: [String] = []
        if let value = getenv("TRELLIS_EMOJI_FONT"), value.pointee != 0 {
            searched.append(String(cString: value))
        }
        searched += colorEmojiPaths
        for path in searched where access(path, F_OK) == 0 {
            return try Font(path: path)
        }
        throw TextError.emojiFontNotFound(searched: searched)
    }
}

extension FontCollection {
    /// These fonts, then the system's color emoji font (`Font.colorEmoji()`)
    /// last: text fonts keep every character they have (digits, "❤", "#"),
    /// and emoji no text font has are drawn in color.
    /// - Throws: `TextError.emojiFontNotFound` when the system has no color emoji font.
    /// - Complexity: O(number of fonts).
    public func addingColorEmoji() throws(TextError) -> FontCollection {
        FontCollection(fonts + [try Font.colorEmoji()])
    }
}
