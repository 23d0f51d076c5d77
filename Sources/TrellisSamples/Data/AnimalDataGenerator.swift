// Deterministic sample data: animal rows in English and Russian whose subtitle
// lengths spread like real list content (median about 70 characters, a long
// tail up to 600, a few empty), so benchmarks exercise short and long cells.

import TrellisCells
import TrellisGeometry
import TrellisSupport

/// Generates `AnimalItem`s from a seed; the same seed gives the same rows on
/// every machine.
///
/// Subtitle lengths follow a log-normal distribution (median 70 characters,
/// σ = 0.75, so about 4% exceed 250), capped at 600; 2% of subtitles are
/// empty; a quarter of the rows are in Russian. Text is made of whole
/// sentences built from phrase lists and cut at a word boundary at the drawn
/// length.
public struct AnimalDataGenerator: Sendable {
    public var seed: UInt64

    /// Median subtitle length in characters.
    public static let medianLength = 70.0
    /// Longest subtitle in characters.
    public static let maximumLength = 600
    /// Fraction of rows with an empty subtitle.
    public static let emptyFraction = 0.02
    /// Fraction of rows in Russian.
    public static let russianFraction = 0.25

    public init(seed: UInt64 = 1) {
        self.seed = seed
    }

    /// The first `count` rows for this seed.
    ///
    /// - Complexity: O(count × mean subtitle length).
    public func items(count: Int) -> [AnimalItem] {
        var generator = SplitMix64(seed: seed)
        var items: [AnimalItem] = []
        items.reserveCapacity(max(0, count))
        for _ in 0..<max(0, count) {
            items.append(Self.item(using: &generator))
        }
        return items
    }

    static func item(using generator: inout SplitMix64) -> AnimalItem {
        let russian = generator.nextUnit() < russianFraction
        let language = russian ? Phrases.russian : Phrases.english
        let animal = language.animals[Int(generator.next() % UInt64(language.animals.count))]
        let imageWidth = Double(200 + generator.next() % 1800)
        let imageHeight = Double(200 + generator.next() % 1800)
        let imageSize = Size(width: imageWidth, height: imageHeight)
        if generator.nextUnit() < emptyFraction {
            return AnimalItem(title: animal.name, subtitle: "", imageSize: imageSize)
        }
        let drawn = medianLength * _exp(0.75 * generator.nextGaussian())
        let target = min(maximumLength, max(1, Int(drawn.rounded())))
        return AnimalItem(
            title: animal.name,
            subtitle: subtitle(about: animal, in: language, length: target, using: &generator),
            imageSize: imageSize)
    }

    /// Whole sentences about the animal until `length` characters are
    /// reached, then cut back to the last word boundary.
    static func subtitle(
        about animal: Phrases.Animal, in language: Phrases, length: Int,
        using generator: inout SplitMix64
    ) -> String {
        var text = ""
        var characters = 0
        var first = true
        while characters < length {
            let sentence = language.sentence(about: animal, first: first, using: &generator)
            first = false
            if !text.isEmpty {
                text.append(" ")
                characters += 1
            }
            text.append(sentence)
            characters += sentence.count
        }
        guard characters > length else { return text }
        // Cut at the last space at or before `length` characters; a single long
        // first word is kept whole.
        var cut = text.startIndex
        var lastSpace: String.Index?
        var count = 0
        for index in text.indices {
            if count == length { break }
            if text[index] == " " { lastSpace = index }
            count += 1
            cut = text.index(after: index)
        }
        if count == length, cut < text.endIndex, text[cut] == " " {
            return String(text[..<cut])
        }
        if let lastSpace { return String(text[..<lastSpace]) }
        return String(text[..<cut])
    }
}

/// Phrase lists for one language.
struct Phrases: Sendable {
    struct Animal: Sendable {
        var name: String
        var noun: String
    }

    var animals: [Animal]
    var openers: [String]
    var habits: [String]
    var places: [String]
    var details: [String]

    func sentence(about animal: Animal, first: Bool, using generator: inout SplitMix64) -> String {
        func pick(_ list: [String]) -> String {
            list[Int(generator.next() % UInt64(list.count))]
        }
        switch generator.next() % 3 {
        case 0 where first:
            return "\(animal.name) \(pick(openers)) \(pick(places))."
        case 0, 1:
            return "\(capitalized(animal.noun)) \(pick(habits)) \(pick(places))."
        default:
            return pick(details)
        }
    }

    private func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static let english = Phrases(
        animals: [
            Animal(name: "Red Fox", noun: "the fox"),
            Animal(name: "Snow Leopard", noun: "the leopard"),
            Animal(name: "Emperor Penguin", noun: "the penguin"),
            Animal(name: "Giant Panda", noun: "the panda"),
            Animal(name: "Gray Wolf", noun: "the wolf"),
            Animal(name: "Sea Otter", noun: "the otter"),
            Animal(name: "Barn Owl", noun: "the owl"),
            Animal(name: "African Elephant", noun: "the elephant"),
            Animal(name: "Humpback Whale", noun: "the whale"),
            Animal(name: "Koala", noun: "the koala"),
            Animal(name: "Red Panda", noun: "the red panda"),
            Animal(name: "Arctic Hare", noun: "the hare"),
            Animal(name: "Bald Eagle", noun: "the eagle"),
            Animal(name: "Hedgehog", noun: "the hedgehog"),
            Animal(name: "Bengal Tiger", noun: "the tiger"),
            Animal(name: "Platypus", noun: "the platypus"),
        ],
        openers: [
            "is found", "lives", "can be seen", "has been recorded", "is most common",
            "was first described", "spends the winter",
        ],
        habits: [
            "hunts at dawn and dusk", "feeds mostly on small mammals", "travels long distances",
            "raises its young", "rests during the hottest hours", "marks its territory",
            "builds a shelter", "is rarely seen", "forages alone", "gathers in small groups",
        ],
        places: [
            "in the northern forests", "across the open tundra", "along rocky coastlines",
            "in mountain valleys above the tree line", "near rivers and lakes",
            "on the edges of farmland", "in dense bamboo thickets", "throughout the year",
            "in the cold waters of the Southern Ocean", "in grasslands and savannas",
        ],
        details: [
            "Its thick fur keeps it warm in winter.",
            "Populations have recovered in recent decades.",
            "Cubs stay with their mother for up to two years.",
            "It can run at more than fifty kilometres per hour.",
            "Scientists track individuals with lightweight collars.",
            "Its hearing is sharp enough to locate prey under snow.",
            "Habitat loss remains the main threat to the species.",
            "Adults weigh between four and eight kilograms.",
            "Local names for it differ from valley to valley.",
            "Photographers wait for hours to capture a single glimpse.",
        ])

    static let russian = Phrases(
        animals: [
            Animal(name: "Рыжая лиса", noun: "лиса"), Animal(name: "Снежный барс", noun: "барс"),
            Animal(name: "Императорский пингвин", noun: "пингвин"),
            Animal(name: "Большая панда", noun: "панда"), Animal(name: "Серый волк", noun: "волк"),
            Animal(name: "Калан", noun: "калан"), Animal(name: "Сипуха", noun: "сипуха"),
            Animal(name: "Африканский слон", noun: "слон"),
            Animal(name: "Горбатый кит", noun: "кит"),
            Animal(name: "Бурый медведь", noun: "медведь"), Animal(name: "Ёж", noun: "ёж"),
            Animal(name: "Амурский тигр", noun: "тигр"),
        ],
        openers: [
            "встречается", "живёт", "обитает", "чаще всего попадается на глаза", "зимует",
        ],
        habits: [
            "охотится на рассвете и в сумерках", "питается в основном мелкими грызунами",
            "проходит большие расстояния", "выращивает потомство", "отдыхает в самые жаркие часы",
            "метит свою территорию", "строит укрытие", "редко показывается людям",
        ],
        places: [
            "в северных лесах", "в открытой тундре", "вдоль скалистых берегов",
            "в горных долинах выше границы леса", "у рек и озёр", "на окраинах полей",
            "круглый год", "в холодных водах Южного океана", "в степях и саваннах",
        ],
        details: [
            "Густой мех защищает его от зимних морозов.",
            "За последние десятилетия численность восстановилась.",
            "Детёныши остаются с матерью до двух лет.",
            "Он может бежать со скоростью более пятидесяти километров в час.",
            "Учёные отслеживают отдельных особей с помощью лёгких ошейников.",
            "Главной угрозой для вида остаётся утрата мест обитания.",
            "Взрослые особи весят от четырёх до восьми килограммов.",
        ])
}

#if canImport(Glibc)
    import Glibc
    @inline(__always) func _exp(_ x: Double) -> Double { Glibc.exp(x) }
#else
    import Foundation
    @inline(__always) func _exp(_ x: Double) -> Double { Foundation.exp(x) }
#endif
