// The language Pango gives each character's item, and the scripts a
// language is written in (the system fallback's ranking is per language).

#if canImport(Glibc)
    import Glibc
#endif

/// The language Pango gives the item holding a character of `script`
/// in text of `language`, written in `scripts` (`_Script.written(language)`)
/// (itemize.c's compute_derived_language).
func _derivedLanguage(_ script: _Script, textLanguage language: String, written scripts: [_Script]?)
    -> String
{
    guard script != .common else { return language }
    guard let scripts, !scripts.contains(script) else {
        return language
    }
    return script.sampleLanguage ?? "xx"
}

/// The scripts whose sample languages Pango knows (pango-language.c), plus
/// Han (no sample language) and common characters (punctuation, digits,
/// symbols, marks: the script of the text around them).
enum _Script: Equatable {
    case common, latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, bengali
    case gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala, thai, lao
    case tibetan, myanmar, georgian, hangul, ethiopic, khmer, hiragana, katakana, han

    /// Pango's `pango_script_get_sample_language`.
    var sampleLanguage: String? {
        switch self {
        case .common, .han: return nil
        case .latin: return "en"
        case .greek: return "el"
        case .cyrillic: return "ru"
        case .armenian: return "hy"
        case .hebrew: return "he"
        case .arabic: return "ar"
        case .devanagari: return "hi"
        case .bengali: return "bn"
        case .gurmukhi: return "pa"
        case .gujarati: return "gu"
        case .oriya: return "or"
        case .tamil: return "ta"
        case .telugu: return "te"
        case .kannada: return "kn"
        case .malayalam: return "ml"
        case .sinhala: return "si"
        case .thai: return "th"
        case .lao: return "lo"
        case .tibetan: return "bo"
        case .myanmar: return "my"
        case .georgian: return "ka"
        case .hangul: return "ko"
        case .ethiopic: return "am"
        case .khmer: return "km"
        case .hiragana, .katakana: return "ja"
        }
    }

    /// The scripts `language` is written in, for the languages these
    /// scripts' samples name and a few more; nil when unknown (Pango then
    /// assumes the language may be written in any script).
    static func written(_ language: String) -> [_Script]? {
        let primary =
            language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
            .first.map(String.init) ?? ""
        switch primary {
        case "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "no", "fi", "pl",
            "cs", "sk", "sl", "hr", "hu", "ro", "tr", "et", "lv", "lt", "id", "ms", "vi", "ca",
            "eu",
            "gl", "is", "ga", "cy", "sq":
            return [.latin]
        case "ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "tg", "mn": return [.cyrillic]
        case "el": return [.greek]
        case "hy": return [.armenian]
        case "he", "yi": return [.hebrew]
        case "ar", "fa", "ur", "ps": return [.arabic]
        case "hi", "mr", "ne", "sa": return [.devanagari]
        case "bn", "as": return [.bengali]
        case "pa": return [.gurmukhi]
        case "gu": return [.gujarati]
        case "or": return [.oriya]
        case "ta": return [.tamil]
        case "te": return [.telugu]
        case "kn": return [.kannada]
        case "ml": return [.malayalam]
        case "si": return [.sinhala]
        case "th": return [.thai]
        case "lo": return [.lao]
        case "bo", "dz": return [.tibetan]
        case "my": return [.myanmar]
        case "ka": return [.georgian]
        case "ko": return [.hangul, .han]
        case "am", "ti": return [.ethiopic]
        case "km": return [.khmer]
        case "ja": return [.han, .hiragana, .katakana]
        case "zh": return [.han]
        default: return nil
        }
    }

    /// The script of `scalar` by the blocks of the scripts above; anything
    /// else counts as common.
    init(_ scalar: UInt32) {
        // The common cases first, without the range search below.
        if scalar < 0x80 {
            self =
                (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar) ? .latin : .common
            return
        }
        if (0x4E00...0x9FFF).contains(scalar) {
            self = .han
            return
        }
        if (0x400...0x52F).contains(scalar) {
            self = .cyrillic
            return
        }
        // Chinese punctuation ("，", "。", "“", "…", "—", "「"), which went
        // through every range of the switch: no block holds it but four Han
        // marks of U+3000–U+303F. `_Script(blocks:)` is the whole rule.
        if (0x2000...0x2BFF).contains(scalar) || (0xFF00...0xFF20).contains(scalar) {
            self = .common
            return
        }
        if (0x3000...0x303F).contains(scalar) {
            self =
                scalar == 0x3005 || scalar == 0x3007 || (0x3021...0x3029).contains(scalar)
                    || (0x3038...0x303B).contains(scalar) ? .han : .common
            return
        }
        self.init(blocks: scalar)
    }

    /// The script of `scalar` by the blocks of the scripts above, without
    /// `init(_:)`'s shortcuts for the common cases.
    init(blocks scalar: UInt32) {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF,
            0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            self = .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
        case 0x400...0x52F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
        case 0x531...0x58F: self = .armenian
        case 0x591...0x5F4, 0xFB1D...0xFB4F: self = .hebrew
        case 0x600...0x604, 0x606...0x60B, 0x60D...0x61A, 0x61C...0x61E, 0x620...0x63F,
            0x641...0x64A, 0x656...0x66F, 0x671...0x6DC, 0x6DE...0x6FF, 0x750...0x77F,
            0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            self = .arabic
        case 0x900...0x950, 0x955...0x963, 0x966...0x97F, 0xA8E0...0xA8FF: self = .devanagari
        case 0x980...0x9FF: self = .bengali
        case 0xA00...0xA7F: self = .gurmukhi
        case 0xA80...0xAFF: self = .gujarati
        case 0xB00...0xB7F: self = .oriya
        case 0xB80...0xBFF: self = .tamil
        case 0xC00...0xC7F: self = .telugu
        case 0xC80...0xCFF: self = .kannada
        case 0xD00...0xD7F: self = .malayalam
        case 0xD80...0xDFF: self = .sinhala
        case 0xE01...0xE3A, 0xE40...0xE5B: self = .thai
        case 0xE80...0xEFF: self = .lao
        case 0xF00...0xFFF: self = .tibetan
        case 0x1000...0x109F: self = .myanmar
        case 0x10A0...0x10FF: self = .georgian
        case 0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF,
            0xFFA0...0xFFDC:
            self = .hangul
        case 0x1200...0x139F: self = .ethiopic
        case 0x1780...0x17FF: self = .khmer
        case 0x3041...0x3096, 0x309D...0x309F: self = .hiragana
        case 0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF6F, 0xFF71...0xFF9D:
            self = .katakana
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:
            self = .han
        default: self = .common
        }
    }
}

/// The language of the process's character-type locale as Pango names it
/// (`pango_language_get_default`): "en_US.UTF-8" is "en-us"; the C and
/// POSIX locales are "c", a language Pango knows nothing about.
func _processLanguage() -> String {
    guard let locale = setlocale(LC_CTYPE, nil) else { return "c" }
    var name = String(cString: locale)
    if let dot = name.firstIndex(where: { $0 == "." || $0 == "@" }) {
        name = String(name[..<dot])
    }
    if name.isEmpty || name == "POSIX" { return "c" }
    return String(name.lowercased().map { $0 == "_" ? "-" : $0 })
}
