// The script run a character falls in, as Pango's script iterator cuts a
// paragraph (pango-script.c, `pango_script_iter_next`, after ICU's usc
// run finder): characters of the Common script join the run before them,
// except paired punctuation: an opening bracket is pushed with the run's
// script, and its closing bracket takes that script back, so in
// "local [选项] 名" the "]" and the space after it are in a Latin run
// (opened after "local"), not in the Han run of "选项". Used where Pango's
// runs decide a space's font (Workspace+SpaceFonts.swift).

/// Pango's paired characters (pango-script.c's `paired_chars`): opening
/// at even indices, closing at odd ones.
private let _pairedCharacters: [UInt32] = [
    0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0xAB, 0xBB, 0xF3A, 0xF3B, 0xF3C, 0xF3D,
    0x169B, 0x169C, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A, 0x2045, 0x2046,
    0x207D, 0x207E, 0x208D, 0x208E, 0x27E6, 0x27E7, 0x27E8, 0x27E9, 0x27EA, 0x27EB,
    0x27EC, 0x27ED, 0x27EE, 0x27EF, 0x2983, 0x2984, 0x2985, 0x2986, 0x2987, 0x2988,
    0x2989, 0x298A, 0x298B, 0x298C, 0x298D, 0x298E, 0x298F, 0x2990, 0x2991, 0x2992,
    0x2993, 0x2994, 0x2995, 0x2996, 0x2997, 0x2998, 0x29FC, 0x29FD, 0x2E02, 0x2E03,
    0x2E04, 0x2E05, 0x2E09, 0x2E0A, 0x2E0C, 0x2E0D, 0x2E1C, 0x2E1D, 0x2E20, 0x2E21,
    0x2E22, 0x2E23, 0x2E24, 0x2E25, 0x2E26, 0x2E27, 0x2E28, 0x2E29, 0x3008, 0x3009,
    0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011, 0x3014, 0x3015,
    0x3016, 0x3017, 0x3018, 0x3019, 0x301A, 0x301B, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C,
    0xFE5D, 0xFE5E, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D, 0xFF5F, 0xFF60,
    0xFF62, 0xFF63,
]

/// The index of `scalar` in `_pairedCharacters`, or -1.
@inline(__always)
private func _pairIndex(_ scalar: UInt32) -> Int {
    if scalar < 0x80 {
        switch scalar {
        case 0x28: return 0
        case 0x29: return 1
        case 0x3C: return 2
        case 0x3E: return 3
        case 0x5B: return 4
        case 0x5D: return 5
        case 0x7B: return 6
        case 0x7D: return 7
        default: return -1
        }
    }
    return _pairedCharacters.firstIndex(of: scalar) ?? -1
}

/// The script of the run that a Common character at `offset` of `text`
/// belongs to under Pango's script iterator (its run's script so far, or
/// `.common` when the run has no other script yet). The paragraph starts
/// after the last `\n`, `\r` or U+2029 before `offset`.
/// - Complexity: O(length of the paragraph up to `offset`).
func _pangoRunScript(_ text: UnsafeBufferPointer<UInt8>, before offset: Int) -> _Script {
    var start = min(offset, text.count)
    while start > 0 {
        let byte = text[start - 1]
        if byte == 0x0A || byte == 0x0D { break }
        if byte == 0xA9 && start >= 3 && text[start - 3] == 0xE2 && text[start - 2] == 0x80 {
            break
        }
        start -= 1
    }
    // Pango's stack of open brackets (PAREN_STACK_DEPTH 128, wrapping).
    let depth = 128
    var pairs = [Int](repeating: 0, count: depth)
    var scripts = [_Script](repeating: .common, count: depth)
    var top = -1
    var script = _Script.common
    var firstUnfixed = -1
    var index = start
    while index < offset {
        let (scalar, length) = _decodeScalar(text, at: index)
        var characterScript = _Script(scalar)
        let pair = characterScript == .common ? _pairIndex(scalar) : -1
        if pair >= 0 {
            if pair & 1 == 0 {
                top += 1
                if top >= depth { top = 0 }
                pairs[top] = pair
                scripts[top] = script
            } else if top >= 0 {
                while top >= 0 && pairs[top] != pair & ~1 { top -= 1 }
                if top < firstUnfixed { firstUnfixed = top }
                if top >= 0 { characterScript = scripts[top] }
            }
        }
        if script == .common || characterScript == .common || script == characterScript {
            if script == .common && characterScript != .common {
                script = characterScript
                // Brackets opened before the run had a script take it.
                while firstUnfixed < top {
                    firstUnfixed += 1
                    scripts[firstUnfixed] = script
                }
            }
            if pair >= 0 && pair & 1 == 1 && top >= 0 {
                top -= 1
                if top < firstUnfixed { firstUnfixed = top }
            }
            index += length
        } else {
            // A new run starts at this character, which is read again.
            script = .common
            firstUnfixed = top
        }
    }
    return script
}
