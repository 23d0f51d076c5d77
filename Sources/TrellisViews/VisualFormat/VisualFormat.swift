// The Visual Format Language as a syntax tree: what `VisualFormatParser`
// produces before any name is looked up, so that every element keeps the
// position it came from (errors found later still point at it).

import TrellisGeometry

/// A parsed Visual Format Language string, such as `H:|-[a(>=50)]-8-[b(==a)]-|`.
///
/// Apple's grammar, with the element of this tree each rule becomes:
///
///     <visualFormatString> ::= (<orientation>:)? (<superview><connection>)?
///                              <view>(<connection><view>)* (<connection><superview>)?
///     <orientation>        ::= H | V                         -> `orientation`
///     <superview>          ::= |                             -> `leadingSuperview` / `trailingSuperview`
///     <view>               ::= [<viewName>(<predicateListWithParens>)?]    -> `Element`
///     <connection>         ::= e | -<predicateList>- | -     -> `Connection`
///     <predicateList>      ::= <simplePredicate> | <predicateListWithParens>
///     <simplePredicate>    ::= <metricName> | <positiveNumber>
///     <predicateListWithParens> ::= (<predicate>(,<predicate>)*)
///     <predicate>          ::= (<relation>)?(<objectOfPredicate>)(@<priority>)?  -> `Predicate`
///     <relation>           ::= == | <= | >=
///     <objectOfPredicate>  ::= <constant> | <viewName>
///     <priority>           ::= <metricName> | <number>
///     <constant>           ::= <metricName> | <number>
///
/// Names are C identifiers; numbers are decimal (`12`, `0.5`, `.5`, `1e2`,
/// with a sign where the grammar says `<number>`). Spaces between tokens are
/// ignored.
public struct VisualFormat: Hashable, Sendable {
    /// The axis the format lays views along.
    public enum Orientation: Hashable, Sendable {
        /// `H:` (also the default when no orientation is written).
        case horizontal
        /// `V:`.
        case vertical
    }

    /// The relation of a predicate (`==` when none is written).
    public enum Relation: String, Hashable, Sendable {
        case lessThanOrEqual = "<="
        case equal = "=="
        case greaterThanOrEqual = ">="
    }

    /// A number or a name, with the position of its first character.
    public enum Value: Hashable, Sendable {
        /// A number written in the format.
        case number(Double, position: SourcePosition)
        /// A C identifier: a metric name, or (as the object of a view's
        /// predicate) possibly a view name.
        case name(String, position: SourcePosition)

        /// Position (line and column) of the value in the format.
        public var position: SourcePosition {
            switch self {
            case .number(_, let position), .name(_, let position): return position
            }
        }
    }

    /// One predicate: `>=50@750`, `==b`, `20`.
    public struct Predicate: Hashable, Sendable {
        /// `==`, `<=` or `>=` (`==` when none is written).
        public var relation: Relation
        /// The constant, metric or view after the relation.
        public var object: Value
        /// The priority after `@`, or `nil` for required.
        public var priority: Value?
        /// Position of the predicate's first character.
        public var position: SourcePosition

        /// A predicate as the parser makes it.
        public init(relation: Relation, object: Value, priority: Value?, position: SourcePosition) {
            self.relation = relation
            self.object = object
            self.priority = priority
            self.position = position
        }
    }

    /// The space between two elements (or an element and the superview).
    public enum Connection: Hashable, Sendable {
        /// Nothing between them (`[a][b]`, `|[a]`): spacing 0.
        case flush(position: SourcePosition)
        /// A lone `-`: the standard spacing (8 between views, 20 to the superview).
        case standard(position: SourcePosition)
        /// `-N-`, `-metric-` or `-(predicates)-`.
        case predicates([Predicate], position: SourcePosition)

        /// Position of the connection's first character (where the next
        /// element starts for `flush`).
        public var position: SourcePosition {
            switch self {
            case .flush(let position), .standard(let position), .predicates(_, let position):
                return position
            }
        }
    }

    /// A view in brackets: `[name(predicates)]`.
    public struct Element: Hashable, Sendable {
        /// The view's name (a key of the `views` dictionary).
        public var name: String
        /// Position of the name's first character.
        public var namePosition: SourcePosition
        /// Size predicates (width for `H:`, height for `V:`).
        public var predicates: [Predicate]

        /// An element as the parser makes it.
        public init(name: String, namePosition: SourcePosition, predicates: [Predicate]) {
            self.name = name
            self.namePosition = namePosition
            self.predicates = predicates
        }
    }

    /// The axis; `.horizontal` when the format does not say.
    public var orientation: Orientation
    /// The connection from a leading `|` to the first view, if the format starts with `|`.
    public var leadingSuperview: Connection?
    /// Position of the leading `|`, if any.
    public var leadingSuperviewPosition: SourcePosition?
    /// The views in order (at least one).
    public var elements: [Element]
    /// `connections[i]` joins `elements[i]` and `elements[i + 1]`.
    public var connections: [Connection]
    /// The connection from the last view to a trailing `|`, if the format ends with `|`.
    public var trailingSuperview: Connection?
    /// Position of the trailing `|`, if any.
    public var trailingSuperviewPosition: SourcePosition?

    /// Parses a format string.
    ///
    ///     let format = try VisualFormat(parsing: "H:|-[a]-(>=8)-[b(==a)]-|")
    ///
    /// - Throws: `VisualFormatError` with the position of the first character
    ///   that does not fit the grammar.
    /// - Complexity: O(n) in the length of the string.
    public init(parsing string: String) throws(VisualFormatError) {
        var parser = VisualFormatParser(string)
        self = try parser.parseFormat()
    }

    init(
        orientation: Orientation, leadingSuperview: Connection?,
        leadingSuperviewPosition: SourcePosition?,
        elements: [Element], connections: [Connection], trailingSuperview: Connection?,
        trailingSuperviewPosition: SourcePosition?
    ) {
        self.orientation = orientation
        self.leadingSuperview = leadingSuperview
        self.leadingSuperviewPosition = leadingSuperviewPosition
        self.elements = elements
        self.connections = connections
        self.trailingSuperview = trailingSuperview
        self.trailingSuperviewPosition = trailingSuperviewPosition
    }
}

/// A Visual Format Language string that cannot be parsed or resolved, with the
/// position of the offending character.
///
/// `description` shows the message with the position (`line:column`), the
/// line of the format and a caret under the position:
///
///     Expected ']' at 1:12
///     H:|-[button
///                ^
public struct VisualFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, without the position (`Expected ']'`).
    public var message: String
    /// Where in `format`; the column after the last character means "at the end".
    public var position: SourcePosition
    /// The format string.
    public var format: String

    /// An error at `position` of `format`.
    public init(_ message: String, at position: SourcePosition, in format: String) {
        self.message = message
        self.position = position
        self.format = format
    }

    public var description: String {
        let lines = format.split(separator: "\n", omittingEmptySubsequences: false)
        let line = position.line - 1 < lines.count ? lines[max(0, position.line - 1)] : ""
        // The caret goes under the character: count the characters (not the
        // scalars) before the column, as a terminal draws them.
        let before = String(
            String.UnicodeScalarView(line.unicodeScalars.prefix(position.column - 1)))
        let caretLine = String(repeating: " ", count: before.count) + "^"
        return "\(message) at \(position)\n\(line)\n\(caretLine)"
    }
}
