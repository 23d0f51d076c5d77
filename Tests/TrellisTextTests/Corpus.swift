// A deterministic corpus for the Pango agreement test: English, Russian,
// Hebrew, Arabic and mixed rows of 1 to 600 characters, from a seeded
// generator (SplitMix64), so the test and Scripts/pango-reference.sh see the
// same rows.

import TrellisTestSupport

enum Corpus {
    static let english = """
        the a an of and to in is was for on with as by at from this that it be are or not have has \
        animal otter badger heron fox lynx walrus pelican gecko weasel owl salmon beaver marten \
        lives near rivers forests mountains coasts and hunts fish insects small mammals during night \
        morning winter summer season population declining stable protected habitat wetland \
        extraordinarily characteristically internationally photosynthesis counterintuitive \
        remarkable behaviour observed researchers found 12 2024 3.5 kilometres 1,200 (approximately) \
        — don't it's well-known state-of-the-art e-mail
        """
    static let russian = """
        и в не на с что как по это из у за от о для же мы вы они животное выдра барсук цапля лиса \
        рысь морж пеликан геккон ласка сова лосось бобр куница живёт возле рек лесов гор побережий \
        охотится на рыбу насекомых мелких млекопитающих ночью зимой летом популяция сокращается \
        охраняемый вид среда обитания болото достопримечательность высокопревосходительство \
        исследователи наблюдали 12 2024 километров (примерно) — «цитата»
        """
    static let hebrew = """
        של את על עם זה הוא היא לא כי גם אבל בעל חיים לוטרה גירית אנפה שועל חתול מים ינשוף סלמון \
        בונה חי ליד נהרות יערות הרים חופים צד דגים חרקים בלילה בחורף בקיץ אוכלוסייה מוגן בית גידול \
        ביצה חוקרים צפו 12 2024 קילומטרים
        """
    static let arabic = """
        في من على إلى عن مع هذا هذه هو هي لا حيوان ثعلب بومة سلمون قندس بجع يعيش قرب الأنهار \
        الغابات الجبال السواحل يصطاد الأسماك الحشرات ليلا شتاء صيفا السكان محمي موطن الأراضي الرطبة \
        الباحثون لاحظوا 12 2024 كيلومتر
        """
    static let urls = [
        "https://example.org/animals/otters/river-otter-habitat-survey-2024.html",
        "photosynthesis-and-counterintuitive-behaviour-of-marine-animals",
        "internationalization",
    ]

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// `count` rows; the same for a given count and seed on every machine.
    static func rows(count: Int = 3000, seed: UInt64 = 0x7472_656c_6c69_73) -> [String] {
        var random = SeededGenerator(seed: seed)
        let languages = [words(english), words(russian), words(hebrew), words(arabic)]
        var result: [String] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            // Languages: 45% English, 30% Russian, 10% Hebrew, 8% Arabic, 7% mixed.
            let pick = Int.random(in: 0..<100, using: &random)
            let language: [Int] =
                pick < 45
                ? [0] : pick < 75 ? [1] : pick < 85 ? [2] : pick < 93 ? [3] : [0, 2, 1, 3]
            // Lengths 1…600: most rows short, some long.
            let bucket = Int.random(in: 0..<10, using: &random)
            let length =
                bucket < 6
                ? Int.random(in: 1...150, using: &random)
                : bucket < 9
                    ? Int.random(in: 151...400, using: &random)
                    : Int.random(in: 401...600, using: &random)
            var row = ""
            var sentenceStart = true
            while row.count < length {
                let list = languages[language[Int.random(in: 0..<language.count, using: &random)]]
                var word =
                    Int.random(in: 0..<200, using: &random) == 0
                    ? urls[Int.random(in: 0..<urls.count, using: &random)]
                    : list[Int.random(in: 0..<list.count, using: &random)]
                if sentenceStart, let first = word.first, first.isLowercase {
                    word = first.uppercased() + word.dropFirst()
                }
                if !row.isEmpty {
                    row += Int.random(in: 0..<150, using: &random) == 0 ? "\n" : " "
                }
                row += word
                sentenceStart = false
                let punctuation = Int.random(in: 0..<12, using: &random)
                if punctuation == 0 {
                    row += "."
                    sentenceStart = true
                } else if punctuation == 1 {
                    row += ","
                }
            }
            var trimmed = String(row.prefix(length))
            while trimmed.last == " " || trimmed.last == "\n" { trimmed.removeLast() }
            result.append(trimmed.isEmpty ? "a" : trimmed)
        }
        return result
    }

    /// The JSON Lines form Scripts/pango-reference.sh feeds to pango_measure:
    /// `{"subtitle": "…"}` with `\n` escaped (the corpus has no `"` or `\`).
    static func jsonLines(_ rows: [String]) -> String {
        rows.map { "{\"subtitle\": \"" + $0.replacingNewlines() + "\"}\n" }.joined()
    }

    /// FNV-1a of the UTF-8 bytes: lets the fixture say which row it measured.
    static func fingerprint(_ row: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in row.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        var result = ""
        for character in self {
            if character == "\n" { result += "\\n" } else { result.append(character) }
        }
        return result
    }
}
