// TextMeasurer's UIKit-named entry points (boundingRect, sizeThatFits), the
// parallel API and the caches.
import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@Suite struct MeasurerAPITests {
    let measurer = TextMeasurer()
    let string = "The otter lives near rivers and hunts fish at night."

    @Test func boundingRectWithLineFragmentOriginIsTheLayoutSize() throws {
        let style = try interStyle()
        let rect = try measurer.boundingRect(
            string, with: Size(width: 120, height: .infinity),
            options: [.usesLineFragmentOrigin, .usesFontLeading],
            style: style)
        let layout = try measurer.layout(string, style: style, width: 120)
        #expect(rect == Rect(origin: .zero, size: layout.size))
    }

    @Test func usesFontLeadingAddsTheLineGap() throws {
        // Fixture font: typo ascender 2146, descender -555, line gap 205, upem 2048.
        let style = TextStyle(
            font: try Font(path: Fixtures.path("Roboto-UseTypoMetrics.ttf")), size: 20)
        let size = Size(width: 500, height: 0)
        let with = try measurer.boundingRect(
            "Otter", with: size, options: [.usesLineFragmentOrigin, .usesFontLeading], style: style)
        let without = try measurer.boundingRect(
            "Otter", with: size, options: [.usesLineFragmentOrigin], style: style)
        #expect(close(with.height, (2146.0 + 555 + 205) * 20 / 2048))
        #expect(close(without.height, (2146.0 + 555) * 20 / 2048))
    }

    @Test func boundingRectWithoutLineFragmentOriginIsOneLineFromTheBaseline() throws {
        let style = try interStyle()
        let rect = try measurer.boundingRect(
            string, with: Size(width: 50, height: 0), options: [.usesFontLeading], style: style)
        let unlimited = try measurer.layout(string, style: style, width: .infinity)
        #expect(close(rect.minY, -Inter17.ascender))
        #expect(close(rect.height, Inter17.lineHeight))
        #expect(close(rect.width, unlimited.size.width))
    }

    @Test func boundingRectKeepsOnlyLinesThatFitTheHeight() throws {
        // Three lines of 20.57; a height of 45 holds two whole lines.
        let rect = try measurer.boundingRect(
            "one\ntwo\nthree", with: Size(width: 287, height: 45),
            options: [.usesLineFragmentOrigin, .usesFontLeading],
            style: interStyle())
        #expect(close(rect.height, 2 * Inter17.lineHeight))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func sizeThatFitsRoundsUpToThePixelGrid(scale: Double) throws {
        // ceil(x · scale) / scale of the fractional layout size.
        let style = try interStyle()
        let layout = try measurer.layout("Hello, world", style: style, width: 287)
        let size = try measurer.sizeThatFits(
            "Hello, world", style: style, size: Size(width: 287, height: 0), numberOfLines: 0,
            scale: scale)
        #expect(size.width == (layout.size.width * scale).rounded(.up) / scale)
        #expect(size.height == (layout.size.height * scale).rounded(.up) / scale)
    }

    @Test func sizeThatFitsAtScale3OfHelloWorld() throws {
        // 94.7798 → ceil(284.34)/3 = 95; 20.5739 → ceil(61.72)/3 = 62/3.
        let size = try measurer.sizeThatFits(
            "Hello, world", style: interStyle(), size: Size(width: 287, height: 0),
            numberOfLines: 0, scale: 3)
        #expect(size == Size(width: 95, height: 62.0 / 3))
    }

    @Test func sizeThatFitsHonoursNumberOfLines() throws {
        let size = try measurer.sizeThatFits(
            string, style: interStyle(), size: Size(width: 100, height: 0), numberOfLines: 2,
            scale: 2)
        #expect(size.height == (2 * Inter17.lineHeight * 2).rounded(.up) / 2)
    }

    @Test func parallelLayoutsEqualSequentialOnes() throws {
        let rows = Array(Corpus.rows(count: 300))
        let style = try interStyle()
        let parallel = try TextMeasurer().layouts(rows, style: style, width: 200, threads: 4)
        let sequential = try rows.map { try TextMeasurer().layout($0, style: style, width: 200) }
        #expect(parallel == sequential)
    }

    @Test func cachedWidthsEqualFreshlyShapedOnes() throws {
        let style = try interStyle()
        let warm = TextMeasurer()
        _ = try warm.layout(string, style: style, width: 100)
        let again = try warm.layout(string, style: style, width: 100)
        let cold = try TextMeasurer().layout(string, style: style, width: 100)
        #expect(again == cold)
    }

    @Test func wordCacheStaysWithinItsBound() throws {
        // 16 shards × (256 / 16) entries at most.
        let small = TextMeasurer(wordCacheCapacity: 256)
        let rows = Corpus.rows(count: 200)
        let style = try interStyle()
        let layouts = try rows.map { try small.layout($0, style: style, width: 150) }
        #expect(small.cachedWordCount <= 256)
        #expect(
            layouts == (try rows.map { try TextMeasurer().layout($0, style: style, width: 150) }))
    }

    @Test func measurerIsSafeToShareBetweenThreads() async throws {
        let shared = TextMeasurer()
        let style = try interStyle()
        let rows = Corpus.rows(count: 200)
        let expected = try rows.map { try TextMeasurer().layout($0, style: style, width: 180).size }
        try await withThrowingTaskGroup(of: [Size].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try rows.map { try shared.layout($0, style: style, width: 180).size }
                }
            }
            for try await sizes in group { #expect(sizes == expected) }
        }
    }
}
