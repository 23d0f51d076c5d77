// Fuzz body for the constraint-string parser of template files: any string
// parses to a constraint with finite numbers and a priority in 1...1000, or
// throws a `ConstraintSyntaxError` whose 1-based offset lies inside the string
// (or just past its end).

import TrellisCells
import TrellisSamples
import TrellisTemplateFiles

enum ConstraintStringFuzz {
    static let tokens = _utf8([
        "title", "cover", "contentView", "subtitle", ".", "leading", "trailing", "left", "right",
        "top", "bottom",
        "width", "height", "centerX", "centerY", "firstBaseline", "lastBaseline", "margins",
        "safeArea",
        "==", "<=", ">=", "=", "<", "+", "-", "*", "/", "@", " ", "0", "1", "16", "0.5", "-3",
        "1e308", "1e400",
        "nan", "inf", "1000", "750", "1001", "0.0", "required", "defaultHigh", "defaultLow",
        "fittingSizeLevel",
        "inset", "huge", "missing", "é", "\u{301}", "👍🏽", "(", ")",
    ])
    /// Valid constraints the fuzzer starts from (and the suite mutates).
    static let seeds = [
        "title.leading == cover.trailing + 16", "subtitle.top == title.bottom + 8 @750",
        "cover.width == 40",
        "title.leading == contentView.margins.leading", "cover.centerY == contentView.centerY",
        "title.width <= 0.5 * contentView.width - inset @defaultHigh",
        "cover.top >= contentView.safeArea.top + inset",
        "cover.height == cover.width * 2",
        "title.lastBaseline == subtitle.firstBaseline - 20 @ 250",
    ]

    /// Metrics the strings may name; `huge` overflows when multiplied.
    static let metrics = ["inset": 16.0, "huge": 1e308]

    /// Parses the text the bytes decode to and checks the result or the error position.
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let text = input.text(tokens: tokens, maximumLength: 4096)
        let spec: ConstraintSpec
        do {
            spec = try ConstraintParser.parse(text, metrics: metrics)
        } catch {
            try _checkPosition(
                error.position, in: text, target: "constraint", message: error.message)
            try _require(
                !error.message.isEmpty, "constraint", "error without a message", input: text)
            return .rejected
        }
        // Known, reported (bugs 4 and 6 in docs/reliability.md): finite terms
        // that add up past Double's range give an infinite constant. NaN is
        // still a violation.
        if !spec.constant.isFinite && !spec.constant.isNaN { return .skipped }
        try _require(
            spec.multiplier.isFinite && spec.constant.isFinite, "constraint",
            "accepted multiplier \(spec.multiplier), constant \(spec.constant)", input: text)
        try _require(
            (1...1000).contains(spec.priority), "constraint", "accepted priority \(spec.priority)",
            input: text)
        _ = spec.description
        return .accepted
    }
}
