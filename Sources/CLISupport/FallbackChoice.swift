// `--fallback`, which both CLIs take: the fonts after the named ones.

/// The fonts tried after a style's own (`--fallback`).
public enum FallbackChoice: String, CaseIterable, Sendable {
    /// The bundled fallbacks (Noto Sans Hebrew, Noto Sans Arabic): the
    /// same on every machine.
    case bundled
    /// The system's fonts as fontconfig ranks them for the named font
    /// (`FontCollection.addingSystemFonts()`), as Pango falls back.
    case system
}
