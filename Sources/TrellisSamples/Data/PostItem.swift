// The row of PostCell, a social feed post, and its JSON Lines form (the keys
// the PostCell template file reads by key path).

import TrellisCells
import TrellisData
import TrellisGeometry

/// One post of a social feed: author, time, body text, an optional photo
/// and the four action counts.
///
/// ```swift
/// let post = PostItem(authorName: "Ana", handle: "@ana", time: "3h", body: "Hello")
/// print(post.json)
/// // {"author": {"name": "Ana", "handle": "@ana"}, "time": "3h", "body": "Hello", "counts": {...}}
/// ```
public struct PostItem: Hashable, Sendable {
    /// A stable identifier, written as `"id"` when present.
    public var id: Int?
    public var authorName: String
    /// The author's handle as shown, with its "@" ("@ana").
    public var handle: String
    /// A short relative time as shown ("3h", "Mar 12").
    public var time: String
    /// Any number of lines and paragraphs; empty for a photo-only post.
    public var body: String
    /// The photo's pixel size (its aspect ratio sets the photo's height), nil without a photo.
    public var photoSize: Size?
    public var replies: Int
    public var reposts: Int
    public var likes: Int
    public var shares: Int

    public init(
        id: Int? = nil, authorName: String, handle: String, time: String, body: String,
        photoSize: Size? = nil,
        replies: Int = 0, reposts: Int = 0, likes: Int = 0, shares: Int = 0
    ) {
        self.id = id
        self.authorName = authorName
        self.handle = handle
        self.time = time
        self.body = body
        self.photoSize = photoSize
        self.replies = replies
        self.reposts = reposts
        self.likes = likes
        self.shares = shares
    }

    /// The row as one JSON Lines object, with exactly these keys:
    ///
    ///     {"id": 7, "author": {"name": "Ana", "handle": "@ana"}, "time": "3h",
    ///      "body": "…", "photo": [1200, 900],
    ///      "counts": {"reply": 1, "repost": 2, "like": 3, "share": 4}}
    ///
    /// `"id"` only when `id` is set, `"photo"` only with a photo size of
    /// finite numbers. No line breaks: strings are escaped (RFC 8259).
    /// - Complexity: O(total text length).
    public var json: String {
        var fields: [(String, JSON)] = []
        if let id { fields.append(("id", .integer(id))) }
        fields += [
            ("author", .object([("name", .string(authorName)), ("handle", .string(handle))])),
            ("time", .string(time)), ("body", .string(body)),
        ]
        if let size = photoSize, size.width.isFinite, size.height.isFinite {
            fields.append(("photo", .array([.exact(size.width), .exact(size.height)])))
        }
        let counts: [(String, JSON)] = [
            ("reply", .integer(replies)), ("repost", .integer(reposts)), ("like", .integer(likes)),
            ("share", .integer(shares)),
        ]
        fields.append(("counts", .object(counts)))
        return JSON.object(fields).serialized(.line)
    }
}

extension PostItem {
    /// The post a data file's JSON row holds, with the keys `json` writes:
    /// `author.name`, `author.handle`, `time`, `body` (strings; missing is
    /// empty), `photo` (`[w, h]`, optional), `counts.reply`, `.repost`,
    /// `.like`, `.share` (whole numbers; missing is 0), `id` (optional).
    public init(row: JSONRow) throws(JSONRowError) {
        func text(_ path: String) throws(JSONRowError) -> String {
            try row.string(at: JSONKeyPath(path)!) ?? ""
        }
        func count(_ path: String) throws(JSONRowError) -> Int {
            let keyPath = JSONKeyPath(path)!
            switch try row.value(at: keyPath) {
            case nil: return 0
            case .number(let value)?:
                guard value == value.rounded(), abs(value) < 1e15 else {
                    throw JSONRowError(
                        path: keyPath, message: "must be a whole number, got \(value)")
                }
                return Int(value)
            case let other?:
                throw JSONRowError(
                    path: keyPath, message: "must be a number, not \(other.kindName)")
            }
        }
        var id: Int?
        if case .number(let value)? = row.fields["id"], value == value.rounded(), abs(value) < 1e15
        {
            id = Int(value)
        }
        self.init(
            id: id, authorName: try text("author.name"), handle: try text("author.handle"),
            time: try text("time"),
            body: try text("body"), photoSize: try row.size(at: JSONKeyPath("photo")!),
            replies: try count("counts.reply"), reposts: try count("counts.repost"),
            likes: try count("counts.like"),
            shares: try count("counts.share"))
    }
}

extension PostItem {
    /// The post as a data file's row holds it (the keys of `json`).
    public var jsonRow: JSONRow {
        var fields: [String: JSONValue] = [
            "author": .object(["name": .string(authorName), "handle": .string(handle)]),
            "time": .string(time),
            "body": .string(body),
            "counts": .object([
                "reply": .number(Double(replies)), "repost": .number(Double(reposts)),
                "like": .number(Double(likes)), "share": .number(Double(shares)),
            ]),
        ]
        if let id { fields["id"] = .number(Double(id)) }
        if let photoSize, photoSize.width.isFinite, photoSize.height.isFinite {
            fields["photo"] = .array([.number(photoSize.width), .number(photoSize.height)])
        }
        return JSONRow(fields)
    }
}
