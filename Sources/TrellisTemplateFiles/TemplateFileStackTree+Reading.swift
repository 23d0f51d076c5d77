// Reading a row's fields for the direct path: the one-key fields and the
// first keys of the longer text fields found in one walk of the row's
// members (`_OneKeyFields`), a first key's two-key fields read from its
// object there; any other text field by one walk of the row's objects per
// field, and one for each run of fields under the same object; an image's
// `[width, height]` field found the same way.

import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSupport
import TrellisViews

/// What a text field's path reaches in a row, read as `JSONRow.text(at:)`
/// reads it but walking the row's objects once, without `JSONLookup` or
/// `value(at:)` around each step.
///
/// Fields in a run under one object (`author.name`, `author.handle`;
/// `counts.reply` … `counts.share`) find that object once: it is kept from
/// the run's first field (`parent`). Anything but objects on the way (an
/// array index, null, a string, …) and any value that is neither a string,
/// a number, a boolean nor null are read by `JSONRow.text(at:)` itself, so
/// those rows give its texts and its errors word for word.
struct _TextFieldReader {
    /// What the path up to a field's last key reached in the current row.
    enum Parent {
        /// An object: the field's last key is looked up in it.
        case object([String: JSONValue])
        /// A key on the way is absent: the field is missing ("").
        case missing
        /// Something else on the way: `JSONRow.text(at:)` reads the field.
        case general
    }

    /// The parent of the last field read (valid for the next field when it
    /// shares that field's path but for the last key).
    private var parent = Parent.missing

    /// The text at `path` in `row`, as `row.text(at: path)` gives it.
    /// `sharesParent`: the path is, but for its last key, the last path read
    /// from this row.
    /// - Throws: as `JSONRow.text(at:)`.
    mutating func text(at path: JSONKeyPath, in row: JSONRow, sharesParent: Bool)
        throws(JSONRowError) -> String
    {
        let components = path.components
        let value: JSONValue
        if components.count == 1 {
            guard let found = Self.member(components[0], of: row.fields) else { return "" }
            value = found
        } else {
            if !sharesParent { parent = Self.parent(of: components, in: row) }
            switch parent {
            case .missing:
                return ""
            case .general:
                return try row.text(at: path)
            case .object(let members):
                guard let found = Self.member(components[components.count - 1], of: members)
                else { return "" }
                value = found
            }
        }
        guard let text = Self.text(of: value) else { return try row.text(at: path) }
        return text
    }

    /// The text of a field's value, as `JSONRow.text(at:)` gives it; nil
    /// for an array or object (which `text(at:)` refuses, with its error).
    @inline(__always)
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .null: return ""
        case .number(let number): return numberText(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array, .object: return nil
        }
    }

    /// `JSON.numberText(value)`: a whole number of at most 9 digits (a
    /// count, as a row's likes) written digit by digit into a small string,
    /// without `String(Int64(_:))`'s generic path; others by `numberText`.
    static func numberText(_ value: Double) -> String {
        guard value == value.rounded(), abs(value) < 1e9 else { return JSON.numberText(value) }
        var magnitude = UInt32(abs(value))
        let negative = value < 0 && magnitude != 0
        var digits = 1
        var power: UInt32 = 10
        while digits < 10, magnitude >= power {
            digits += 1
            power = power &* 10
        }
        let count = digits + (negative ? 1 : 0)
        return String(unsafeUninitializedCapacity: count) { bytes in
            if negative { bytes[0] = UInt8(ascii: "-") }
            for place in stride(from: count - 1, through: negative ? 1 : 0, by: -1) {
                bytes[place] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return count
        }
    }

    /// `members[key]`. In an object of a few members (a row's, an
    /// author's), found by a walk of its keys, each compared only where its
    /// UTF-8 length is `key`'s, without hashing `key` (the hash was most of
    /// a field's reading); where none matches so (a key absent, or one
    /// canonically equivalent to `key` of another length, which `==`
    /// equates), and in a larger object, by the dictionary's lookup. The
    /// same member either way: a dictionary holds one key `==` to `key`
    /// at most.
    ///
    /// Where `key` and every key walked are small ASCII strings
    /// (`StringWords.isSmallASCII`), the walk's miss is the answer: two
    /// such strings are equal only with equal bytes (no ASCII string is
    /// canonically equivalent to another string of ASCII bytes), so no
    /// key of the object is `==` to `key`. A missing parent object
    /// (`author` in a row without one) was hashed and looked up for
    /// nothing on every row.
    @inline(__always)
    static func member(_ key: String, of members: [String: JSONValue]) -> JSONValue? {
        guard members.count <= 8 else { return members[key] }
        let length = key.utf8.count
        var smallASCII = StringWords(key)?.isSmallASCII ?? false
        var index = members.startIndex
        while index != members.endIndex {
            let candidate = members.keys[index]
            if candidate.utf8.count == length, candidate == key { return members.values[index] }
            if smallASCII { smallASCII = StringWords(candidate)?.hasSmallASCIIFlags ?? false }
            members.formIndex(after: &index)
        }
        return smallASCII ? nil : members[key]
    }

    /// The `[width, height]` at `path` in `row`, as `row.size(at: path)`
    /// gives it: a one-key path's member found by the dictionary's own
    /// lookup, without `JSONLookup` and `value(at:)` around it (not by
    /// `member`: an image's field is missing from many rows, and a walk of
    /// the keys before the lookup is then a loss), a pair of finite
    /// positive numbers read in place. Anything else (a longer path,
    /// another value, a pair that is not a size) is read by `size(at:)`
    /// itself, so its errors word for word.
    /// - Throws: as `JSONRow.size(at:)`.
    static func size(at path: JSONKeyPath, in row: JSONRow) throws(JSONRowError) -> Size? {
        let components = path.components
        guard components.count == 1, let size = size(of: row.fields[components[0]]) else {
            return try row.size(at: path)
        }
        return size
    }

    /// What `JSONRow.size(at:)` gives for a one-key field of this value
    /// (nil: missing): nil for missing or null, the size of a pair of finite
    /// positive numbers; `.none` for anything else (read by `size(at:)`,
    /// for its errors).
    @inline(__always)
    static func size(of value: JSONValue?) -> Size?? {
        switch value {
        case nil, .null?:
            return .some(nil)
        case .array(let items)? where items.count == 2:
            if case .number(let width) = items[0], case .number(let height) = items[1],
                width.isFinite, height.isFinite, width > 0, height > 0
            {
                return Size(width: width, height: height)
            }
            return .none
        default:
            return .none
        }
    }

    /// The object the path but its last key reaches (two or more keys).
    static func parent(of components: [String], in row: JSONRow) -> Parent {
        guard var current = member(components[0], of: row.fields) else { return .missing }
        for index in 1..<(components.count - 1) {
            guard case .object(let members) = current else { return .general }
            guard let next = member(components[index], of: members) else { return .missing }
            current = next
        }
        guard case .object(let members) = current else { return .general }
        return .object(members)
    }

    /// For each path, whether it is, but for its last key, the path before
    /// it (nil: no path; neither shares with one).
    static func sharedParents(_ paths: [JSONKeyPath?]) -> [Bool] {
        var shares = [Bool](repeating: false, count: paths.count)
        var last: ArraySlice<String>?
        for (index, path) in paths.enumerated() {
            guard let components = path?.components else { continue }
            let prefix = components.dropLast()
            shares[index] = components.count > 1 && last == prefix
            last = prefix
        }
        return shares
    }
}

/// A row's one-key fields (`name`, `photo`: a path of one key) and the
/// first keys of its longer text fields (`author` of `author.name`) found
/// in one walk of the row's members, where each field's own read
/// (`member`, `size(at:in:)`, `_TextFieldReader.parent(of:in:)`) walked
/// or hashed for it alone: an entry's key is matched to a field's by the
/// two words of their `String` values, which are equal where the strings
/// hold the same bytes in themselves (a key of up to 15 bytes, as most
/// are) or the same storage. Equal words are equal keys. A field not met
/// so is absent where its key and every key of the row are small ASCII
/// strings (two such strings are equal only with equal bytes, so equal
/// words); otherwise (a longer key, or one beyond ASCII, which may be
/// canonically equivalent to another of other bytes) it is read the usual
/// way after.
///
/// The text fields under one first key are one `Group`, read whole or not
/// at all: absent, every one is missing (""), as `text(at:)` gives it; an
/// object, each two-key field's last key looked up in it. Anything else
/// (a longer path in an object, an array, a string, null on the way, a
/// value that is not a text) leaves the whole group to the reader, which
/// then reads a run of fields under one object in order, as it shares
/// the run's parent (`sharesParent`): a run's fields have one first key.
struct _OneKeyFields: Sendable {
    struct Field: Sendable {
        let first: UInt64
        let second: UInt64
        /// The field's read (node number, under 64); a group's first.
        let read: Int
        /// Whether the key is a small ASCII string (`StringWords.isSmallASCII`).
        let smallASCII: Bool
        /// An image's field (else a text's).
        let image: Bool
        /// A text field's `hiddenWhenEmpty`; an image field's `squareWhenMissing`.
        let hiddenOrSquare: Bool
        /// An image's aspect ratio without a size.
        let ratio: Size
        /// The index in `groups` of the text fields this key is the first
        /// key of; -1 for a one-key field.
        let group: Int
    }

    /// The text fields of two keys or more under one first key.
    struct Group: Sendable {
        struct Read: Sendable {
            /// The node number (under 64).
            let read: Int
            /// The path's last key.
            let last: String
            let hiddenWhenEmpty: Bool
        }
        let reads: [Read]
        /// Whether every path is of two keys (an object's member each).
        let twoKeys: Bool
        /// A bit for each read's node number.
        let mask: UInt64
    }

    let fields: [Field]
    let groups: [Group]
    /// Whether no two fields have the same key (a member then meets one
    /// field at most, and `walk` stops looking at the first).
    let distinctKeys: Bool
    /// For each of 64 values of a key's words' hash (`slot(_:_:)`), the
    /// one field of that hash (its place in `fields`), -1 for none, -2 for
    /// several (then every field is compared): a key no field has is
    /// passed over without comparing it with every field.
    let slots: [Int8]

    /// Where the key of these words falls in `slots`.
    @inline(__always)
    static func slot(_ first: UInt64, _ second: UInt64) -> Int {
        let mixed = ((first &* 0x9E37_79B9_7F4A_7C15) ^ second) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58)
    }

    /// The fields of one-key paths among `reads` (by node number, those
    /// under 64: one bit each in `walk`'s answer), and the groups of text
    /// paths of two keys or more by first key (a group with a read at 64
    /// or beyond is left out); none where a `String` is not two words.
    init(_ reads: [(path: JSONKeyPath?, image: Bool, hiddenOrSquare: Bool, ratio: Size)]) {
        var fields: [Field] = []
        var groupReads: [String: [Group.Read]] = [:]
        var firstKeys: [String] = []
        var beyond: Set<String> = []
        for (index, read) in reads.enumerated() {
            guard let components = read.path?.components else { continue }
            if components.count > 1 {
                guard !read.image else { continue }
                let key = components[0]
                guard index < 64 else {
                    beyond.insert(key)
                    continue
                }
                if groupReads[key] == nil { firstKeys.append(key) }
                groupReads[key, default: []].append(
                    Group.Read(
                        read: index, last: components[components.count - 1],
                        hiddenWhenEmpty: read.hiddenOrSquare))
                continue
            }
            guard index < 64, let words = StringWords(components[0]) else { continue }
            fields.append(
                Field(
                    first: words.first, second: words.second, read: index,
                    smallASCII: words.isSmallASCII, image: read.image,
                    hiddenOrSquare: read.hiddenOrSquare, ratio: read.ratio, group: -1))
        }
        var groups: [Group] = []
        for key in firstKeys where !beyond.contains(key) {
            guard let words = StringWords(key), let members = groupReads[key] else { continue }
            let twoKeys = members.allSatisfy { reads[$0.read].path?.components.count == 2 }
            fields.append(
                Field(
                    first: words.first, second: words.second, read: members[0].read,
                    smallASCII: words.isSmallASCII, image: false, hiddenOrSquare: false,
                    ratio: Size(width: 1, height: 1), group: groups.count))
            groups.append(
                Group(
                    reads: members, twoKeys: twoKeys,
                    mask: members.reduce(0) { $0 | 1 << UInt64($1.read) }))
        }
        self.fields = fields
        self.groups = groups
        distinctKeys =
            Set(fields.map { [$0.first, $0.second] }).count == fields.count
        var slots = [Int8](repeating: -1, count: 64)
        for (place, field) in fields.enumerated() {
            let slot = Self.slot(field.first, field.second)
            slots[slot] = slots[slot] == -1 ? Int8(place) : -2
        }
        self.slots = slots
    }

    /// Reads `group` from its first key's `value` (nil: absent) into
    /// `values`: the mask of its reads where it is read whole, 0 where it
    /// is left to the reader (what was written then is written again).
    @inline(never)
    static func read(_ group: Group, _ value: JSONValue?, into values: _RowBuffers) -> UInt64 {
        guard let value else {
            for read in group.reads {
                values.setText("", at: read.read, hiddenWhenEmpty: read.hiddenWhenEmpty)
            }
            return group.mask
        }
        guard group.twoKeys, case .object(let members) = value else { return 0 }
        for read in group.reads {
            let text: String
            if let found = _TextFieldReader.member(read.last, of: members) {
                guard let found = _TextFieldReader.text(of: found) else { return 0 }
                text = found
            } else {
                text = ""
            }
            values.setText(text, at: read.read, hiddenWhenEmpty: read.hiddenWhenEmpty)
        }
        return group.mask
    }

    /// Gives `body` each field met in `members` (with its value), in one
    /// walk of their keys that ends when every field was met, and each
    /// field found absent (nil); the answer is the union of the bits of
    /// the reads `body` took (its answers). Only the values of fields are
    /// read: a walk of the members, values and all, read every member's
    /// value and retained its string, a row's members the file does not
    /// show too. A row of more members than eight and twice the fields is
    /// not walked (every field is then read the usual way, by the
    /// dictionary's lookup). A walk compares every key it meets with the
    /// fields; rows of 20 members, 2 of them shown, took about 2,500
    /// instructions a row to read walked, 1,500 looked up.
    @inline(__always)
    func walk(_ members: [String: JSONValue], _ body: (Field, JSONValue?) -> UInt64) -> UInt64 {
        guard !fields.isEmpty, members.count <= Swift.max(8, 2 * fields.count) else { return 0 }
        var taken: UInt64 = 0
        var met: UInt64 = 0
        var left = fields.count
        var smallASCII = true
        let keys = members.keys
        var position = keys.startIndex
        while position != keys.endIndex {
            defer { keys.formIndex(after: &position) }
            guard let words = StringWords(keys[position]) else { return taken }
            // (Flags alone: no field is small ASCII unless
            // `StringWords.smallLayout` holds.)
            smallASCII = smallASCII && words.hasSmallASCIIFlags
            let slot = slots[Self.slot(words.first, words.second)]
            if slot >= 0 {
                let field = fields[Int(slot)]
                if field.first == words.first && field.second == words.second {
                    left -= 1
                    met |= 1 << UInt64(slot)
                    taken |= body(field, members.values[position])
                }
            } else if slot == -2 {
                for (place, field) in fields.enumerated()
                where field.first == words.first && field.second == words.second {
                    left -= 1
                    met |= 1 << UInt64(place)
                    taken |= body(field, members.values[position])
                    if distinctKeys { break }
                }
            }
            if left == 0 { return taken }
        }
        guard smallASCII else { return taken }
        for (place, field) in fields.enumerated()
        where field.smallASCII && met >> UInt64(place) & 1 == 0 {
            taken |= body(field, nil)
        }
        return taken
    }
}

/// A row's values (`StackTreeRow`'s arrays) as buffers of one node each,
/// written in place by `TemplateFileStackTree.row(_:into:)`.
struct _RowBuffers {
    let isHidden: UnsafeMutableBufferPointer<Bool>
    let texts: UnsafeMutableBufferPointer<StackTree.Text?>
    let ratios: UnsafeMutableBufferPointer<Size?>

    /// A label's or button's text, and its hidden flag: hidden where it
    /// is hidden when empty and the text is empty. Where `text(at:)` gives
    /// a text, `isEmpty(at:)` is whether it is empty (missing and null
    /// give ""; numbers and booleans are never empty): one lookup, not
    /// two. The text stored last, its last use: stored before its
    /// emptiness was read, it was retained once more.
    @inline(__always)
    func setText(_ text: String, at index: Int, hiddenWhenEmpty: Bool) {
        isHidden[index] = hiddenWhenEmpty && text.isEmpty
        texts[index] = .plain(text)
    }
}
