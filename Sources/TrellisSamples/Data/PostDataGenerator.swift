// Deterministic feed posts for PostCell: authors with short, very long and
// non-Latin names, bodies from empty to several paragraphs of mixed scripts,
// photos of every shape (panoramas to tall portraits past the height cap),
// and counts from 0 to millions.

import TrellisCells
import TrellisGeometry
import TrellisSupport

/// Generates `PostItem`s from a seed; the same seed gives the same rows on
/// every machine.
///
/// Per row: an author from a list of 24 (Latin, Cyrillic, Greek, CJK,
/// Korean, Arabic, Hebrew, emoji; 3 to 60 characters), a quarter of them
/// with a long Mastodon-style handle (`@name@instance`); a time from "now"
/// to a full date; a body of 0 to 14 sentences (8% empty, a long tail of
/// several paragraphs) with URLs, hashtags and emoji; a photo on half the
/// rows (a third of those of a common shape: 4:1, 16:9, 4:3, 1:1, 3:4, 1:3;
/// the rest any size from 200 to 4,000 pixels a side); each count 0 a
/// quarter of the time, else log-uniform up to 5 million. Every row's `id`
/// is its index.
public struct PostDataGenerator: Sendable {
    public var seed: UInt64

    /// Fraction of rows with a photo.
    public static let photoFraction = 0.5
    /// Fraction of rows with an empty body.
    public static let emptyBodyFraction = 0.08

    public init(seed: UInt64 = 1) {
        self.seed = seed
    }

    /// The first `count` rows for this seed.
    ///
    /// - Complexity: O(count × mean body length).
    public func items(count: Int) -> [PostItem] {
        var generator = SplitMix64(seed: seed)
        var items: [PostItem] = []
        items.reserveCapacity(max(0, count))
        for index in 0..<max(0, count) {
            items.append(Self.item(id: index, using: &generator))
        }
        return items
    }

    static func item(id: Int, using generator: inout SplitMix64) -> PostItem {
        func pick<T>(_ list: [T]) -> T { list[Int(generator.next() % UInt64(list.count))] }
        let author = pick(authors)
        let handle =
            generator.nextUnit() < 0.25 ? "@\(author.slug)@\(pick(instances))" : "@\(author.slug)"
        let body = generator.nextUnit() < emptyBodyFraction ? "" : self.body(using: &generator)
        var photo: Size?
        if generator.nextUnit() < photoFraction {
            if generator.next() % 3 == 0 {
                photo = pick(photoShapes)
            } else {
                photo = Size(
                    width: Double(200 + generator.next() % 3801),
                    height: Double(200 + generator.next() % 3801))
            }
        }
        return PostItem(
            id: id, authorName: author.name, handle: handle, time: time(using: &generator),
            body: body,
            photoSize: photo, replies: count(using: &generator), reposts: count(using: &generator),
            likes: count(using: &generator), shares: count(using: &generator))
    }

    /// "now", minutes, hours, days, a date this year, or a full date.
    static func time(using generator: inout SplitMix64) -> String {
        let months = [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        ]
        let month = months[Int(generator.next() % 12)]
        let day = 1 + generator.next() % 28
        switch generator.next() % 6 {
        case 0: return "now"
        case 1: return "\(1 + generator.next() % 59)m"
        case 2: return "\(1 + generator.next() % 23)h"
        case 3: return "\(1 + generator.next() % 6)d"
        case 4: return "\(month) \(day)"
        default: return "\(month) \(day), \(2015 + generator.next() % 10)"
        }
    }

    /// 0 a quarter of the time, else log-uniform in 1 ... 5,000,000.
    static func count(using generator: inout SplitMix64) -> Int {
        if generator.nextUnit() < 0.25 { return 0 }
        return Int(_exp(generator.nextUnit() * _log(5_000_000)))
    }

    /// 1 to 14 sentences (most posts are short: the count is the smaller of
    /// two draws), with a paragraph break after a sentence now and then.
    static func body(using generator: inout SplitMix64) -> String {
        let sentences = 1 + Int(min(generator.next() % 14, generator.next() % 14))
        var text = ""
        for index in 0..<sentences {
            if index > 0 { text += generator.next() % 4 == 0 ? "\n\n" : " " }
            text += sentencePool[Int(generator.next() % UInt64(sentencePool.count))]
        }
        return text
    }

    struct Author: Sendable {
        var name: String
        var slug: String
    }

    static let authors: [Author] = [
        Author(name: "Ana", slug: "ana"), Author(name: "Li Wei", slug: "liwei"),
        Author(name: "Bartholomew Featherstonehaugh-Cholmondeley", slug: "bartholomew_fc"),
        Author(name: "Maximiliana Alexandrovna Konstantinopolskaya-Rimskaya", slug: "maxi_kr"),
        Author(name: "Олег Петров", slug: "oleg_petrov"),
        Author(name: "Екатерина Великолепная", slug: "katya"),
        Author(name: "王小明", slug: "xiaoming"), Author(name: "山田太郎", slug: "taro_yamada"),
        Author(name: "김민준", slug: "minjun"), Author(name: "محمد العلي", slug: "m_alali"),
        Author(name: "فاطمة الزهراء بنت عبد الرحمن", slug: "fatima_z"),
        Author(name: "דנה לוי", slug: "dana_levi"),
        Author(name: "Zoë 🌸", slug: "zoe"), Author(name: "🐙🐙🐙", slug: "octopus"),
        Author(name: "Dr. Jean-Baptiste Emmanuel Zorg III", slug: "zorg"),
        Author(name: "Ngozi Okonkwo", slug: "ngozi"),
        Author(name: "José Álvarez", slug: "jose"),
        Author(name: "Αλέξανδρος Παπαδόπουλος", slug: "alexandros"),
        Author(name: "The Daily Almanac of Unusual Weather Events 🌦️", slug: "weather_almanac"),
        Author(name: "Sam", slug: "sam"), Author(name: "Priya Ramanathan", slug: "priya"),
        Author(name: "Łukasz Żółć", slug: "lukasz"),
        Author(name: "Nguyễn Thị Minh Khai", slug: "minhkhai"),
        Author(name: "Ö", slug: "o"),
    ]

    static let instances = [
        "mastodon.social", "hachyderm.io", "fosstodon.org", "social.example-community.net",
    ]

    /// Wide (4:1), 16:9, 4:3, square, portrait (3:4) and tall (1:3, capped
    /// at 300 points at every width the cell is used at).
    static let photoShapes: [Size] = [
        Size(width: 4000, height: 1000), Size(width: 1920, height: 1080),
        Size(width: 1200, height: 900),
        Size(width: 1080, height: 1080), Size(width: 900, height: 1200),
        Size(width: 1000, height: 3000),
    ]

    static let sentencePool: [String] = [
        "Just shipped the new release.", "Coffee first, then code.",
        "Does anyone else think the new train timetable makes no sense at all?",
        "Thread 🧵 on what we learned migrating forty services to a new build system:",
        "Read this: https://example.com/articles/2024/05/the-surprisingly-long-history-of-the-humble-paperclip?utm_source=feed&utm_medium=social",
        "Full notes at https://notes.example.org/a/very/long/path/that/never/seems/to/end/index.html",
        "#SwiftLang #Linux #AutoLayout", "🎉🎉🎉", "lol", "This.", "Sunset over the harbour tonight 🌅",
        "Hot take: tabs are fine, actually.",
        "Supercalifragilisticexpialidocious, as my niece says daily.",
        "Сегодня наконец-то выпал первый снег, и весь город стал белым.",
        "Кто идёт на митап в четверг?",
        "今天天气很好，我们去公园散步吧。", "新しいカメラを買いました！📷", "오늘 점심은 김치찌개입니다.",
        "مرحبا بالجميع، كيف حالكم اليوم؟", "שבת שלום לכולם!",
        "Mixed: Paris → Москва → 東京 → القاهرة, all in one week ✈️",
        "Remember: the quick brown fox jumps over the lazy dog, and then, exhausted, it sleeps for a very long while under the old oak tree at the edge of the meadow.",
        "👩‍👩‍👧‍👦 family photo day", "10/10 would recommend.", "Update: it worked on the second try.",
        "Ελληνικά: καλημέρα σε όλους!", "Zażółć gęślą jaźń.",
    ]
}
