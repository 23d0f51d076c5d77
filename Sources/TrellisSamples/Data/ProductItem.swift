// The row of the product card: a title and a price, read from and written
// to data files as `{"title": ..., "price": ...}`, and generated from a seed.

import TrellisCells
import TrellisData
import TrellisSupport

/// One product: a title of any length and a price as the shop writes it.
public struct ProductItem: Hashable, Sendable {
    public var title: String
    public var price: String

    public init(title: String, price: String) {
        self.title = title
        self.price = price
    }
}

extension ProductItem {
    /// The row as a data file holds it: `title` and `price`.
    public var jsonRow: JSONRow {
        JSONRow(["title": .string(title), "price": .string(price)])
    }

    /// A data file's row: `title` and `price` strings, one at least (the
    /// other is empty when missing or null).
    public init(row: JSONRow) throws(JSONRowError) {
        let title = try row.string(at: Self.titlePath)
        let price = try row.string(at: Self.pricePath)
        guard title != nil || price != nil else {
            throw JSONRowError(
                path: Self.titlePath,
                message: "is missing, and so is \"price\" (a row needs one)")
        }
        self.init(title: title ?? "", price: price ?? "")
    }

    private static let titlePath = JSONKeyPath("title")!
    private static let pricePath = JSONKeyPath("price")!
}

/// Generates `ProductItem`s from a seed; the same seed gives the same rows
/// on every machine.
///
/// Per row: a title of 1 to 18 words from a shop's vocabulary (a tenth of
/// the titles in German, Russian, Greek or Chinese, 2% empty), and a price
/// in one of six currencies' formats from 0.10 to 9,999.99, 2%
/// empty (a product without a price yet) and 1% a long note such as "Free
/// shipping on orders over $50".
public struct ProductDataGenerator: Sendable {
    public var seed: UInt64

    public init(seed: UInt64 = 1) {
        self.seed = seed
    }

    /// The first `count` rows for this seed.
    /// - Complexity: O(count).
    public func items(count: Int) -> [ProductItem] {
        var generator = SplitMix64(seed: seed)
        return (0..<max(0, count)).map { _ in Self.item(using: &generator) }
    }

    static func item(using generator: inout SplitMix64) -> ProductItem {
        func pick<T>(_ list: [T]) -> T { list[Int(generator.next() % UInt64(list.count))] }
        let title: String
        let roll = generator.nextUnit()
        if roll < 0.02 {
            title = ""
        } else if roll < 0.12 {
            title = pick(Self.foreignTitles)
        } else {
            let count = 1 + Int(generator.next() % 18)
            let chosen = (0..<count).map { _ in pick(Self.words) }.joined(separator: " ")
            title = chosen.prefix(1).uppercased() + chosen.dropFirst()
        }
        let price: String
        let priceRoll = generator.nextUnit()
        if priceRoll < 0.02 {
            price = ""
        } else if priceRoll < 0.03 {
            price = pick(Self.notes)
        } else {
            // 2 to 6 digits of cents, each length as likely: 0.10 to 9,999.99.
            var low = 10
            for _ in 0..<(generator.next() % 5) { low *= 10 }
            let cents = low + Int(generator.next() % UInt64(9 * low))
            price = Self.format(cents: cents, style: Int(generator.next() % 6))
        }
        return ProductItem(title: title, price: price)
    }

    /// `cents` in one of six shops' formats.
    static func format(cents: Int, style: Int) -> String {
        let units = cents / 100
        let fraction = cents % 100
        let two = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        func grouped(_ separator: String) -> String {
            var digits = String(units)
            var groups: [String] = []
            while digits.count > 3 {
                groups.insert(String(digits.suffix(3)), at: 0)
                digits.removeLast(3)
            }
            groups.insert(digits, at: 0)
            return groups.joined(separator: separator)
        }
        switch style {
        case 0: return "$\(grouped(",")).\(two)"
        case 1: return "\(grouped("\u{202F}")),\(two)\u{00A0}€"
        case 2: return "£\(grouped(",")).\(two)"
        case 3: return "¥\(grouped(","))"
        case 4: return "\(grouped("\u{00A0}"))\u{00A0}₽"
        default: return "CHF\u{00A0}\(grouped("’")).\(two)"
        }
    }

    static let words = """
        red fox small carnivore lives northern forests leather wallet cotton shirt ceramic mug \
        wireless headphones stainless steel bottle organic green tea garden hose kids backpack \
        waterproof hiking boots with extra-wide toe box and recycled laces 2-pack USB-C cable \
        noise-cancelling over-ear Bluetooth 5.3 (black) 1.5L electric kettle cast-iron skillet
        """.split(separator: " ").map(String.init)

    static let foreignTitles = [
        "Wasserdichte Wanderschuhe mit Zehenschutzkappe und Schnürsenkeln aus Recyclingmaterial",
        "Edelstahl-Trinkflasche 750 ml",
        "Беспроводные наушники с шумоподавлением и футляром для зарядки",
        "Керамическая кружка",
        "Κεραμική κούπα καφέ 350 ml",
        "无线降噪耳机，带充电盒，续航三十小时",
        "有机绿茶 250克",
    ]

    static let notes = [
        "Free shipping on orders over $50", "Sold out", "From $9.99/month",
        "Preis auf Anfrage",
    ]
}
