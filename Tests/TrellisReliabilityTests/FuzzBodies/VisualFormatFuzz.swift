// Fuzz body for the Visual Format Language parser: any string either parses or
// throws a `VisualFormatError` whose position lies inside the format.

import TrellisGeometry
import TrellisViews

enum VisualFormatFuzz {
    static let tokens = _utf8([
        "H:", "V:", "|", "-", "[", "]", "(", ")", "@", ",", "==", "<=", ">=", "=", "<", ">",
        "0", "8", "20", "-12", "1.5", "1e400", "nan", "1000", "750", "0.0001",
        "999999999999999999999",
        "button", "a", "b", "_x9", "label1", "view", " ", "\t", ":", "H", "V", "é", "👍🏽", "\u{301}",
        "required", "defaultHigh", "metric", "]-[", "-|", "|-", "[a(==b)]", "(>=8@250)",
    ])

    /// Valid formats the fuzzer starts from (and the suite mutates).
    static let seeds = [
        "H:|-[button]-|", "V:|-20-[a(>=50@750)]-(>=8)-[b(==a)]|", "[a][b(==a)]",
        "H:|-(inset)-[label(<=200)]-(>=0@250)-|",
        "V:[a]-8-[b]-[c(44)]", "H:[a(b)]", "|[view]|", "H:|-0-[a]-0-|",
        "V:|[a(==b@999,>=20)]-(-4)-[b]",
    ]

    /// Parses the text the bytes decode to and checks positions.
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let format = input.text(tokens: tokens, maximumLength: 4096)
        let end = SourcePosition(scalarOffset: Int.max, in: format)
        let parsed: VisualFormat
        do {
            parsed = try VisualFormat(parsing: format)
        } catch {
            try _checkPosition(error.position, in: format, target: "vfl", message: error.message)
            try _require(
                error.format == format && !error.message.isEmpty, "vfl",
                "error lost its format or message",
                input: format)
            _ = error.description
            return .rejected
        }
        for element in parsed.elements {
            try _checkPosition(
                element.namePosition, in: format, target: "vfl", message: "view \(element.name)")
            try _require(
                element.namePosition < end, "vfl",
                "view \(element.name) at \(element.namePosition), at the end \(end)", input: format)
            try _require(!element.name.isEmpty, "vfl", "a view with an empty name", input: format)
        }
        var predicates = parsed.elements.flatMap(\.predicates)
        for case .predicates(let list, _) in parsed.connections
            + [parsed.leadingSuperview, parsed.trailingSuperview].compactMap({ $0 })
        {
            predicates += list
        }
        for predicate in predicates {
            for case .number(let value, let position) in [predicate.object, predicate.priority]
                .compactMap({ $0 })
            {
                try _require(
                    value.isFinite, "vfl", "accepted the non-finite number \(value) at \(position)",
                    input: format)
            }
        }
        try _require(
            parsed.connections.count == max(0, parsed.elements.count - 1), "vfl",
            "\(parsed.elements.count) views but \(parsed.connections.count) connections",
            input: format)
        return .accepted
    }
}
