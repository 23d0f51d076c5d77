// The chat-bubble cell that found the reuse bug: a message in a bubble at
// most 75% of the cell wide, shrinking to fit its text, written with anchors.
// Reused, fresh and hand-written frame code must give the same layout.

import Testing
import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct ChatBubbleReuseTests {
    static let messageStyle = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)
    static let timeStyle = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 12)

    /// Avatar 32 × 32 at 8 from the leading and top edges (incoming only);
    /// the bubble 8 from the avatar (incoming) or the trailing edge
    /// (outgoing), at most 75% of the cell wide, its message and timestamp
    /// 12 inside it, the timestamp 4 below the message at the bubble's
    /// trailing side; the cell is 8 taller than the bubble or the avatar.
    final class BubbleCell {
        let content = View()
        let avatar = ImageView(image: Image(size: Size(width: 32, height: 32)))
        let bubble = View()
        let message = Label(style: ChatBubbleReuseTests.messageStyle)
        let time = Label(style: ChatBubbleReuseTests.timeStyle)
        let incoming: [LayoutConstraint]
        let outgoing: [LayoutConstraint]

        init(outgoing isOutgoing: Bool) {
            message.numberOfLines = 0
            for view in [avatar, bubble] {
                view.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(view)
            }
            for view in [message, time] {
                view.translatesAutoresizingMaskIntoConstraints = false
                bubble.addSubview(view)
            }
            LayoutConstraint.activate([
                avatar.widthAnchor.constraint(equalToConstant: 32),
                avatar.heightAnchor.constraint(equalToConstant: 32),
                avatar.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
                content.bottomAnchor.constraint(
                    greaterThanOrEqualTo: avatar.bottomAnchor, constant: 8),
                bubble.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
                content.bottomAnchor.constraint(
                    greaterThanOrEqualTo: bubble.bottomAnchor, constant: 8),
                bubble.widthAnchor.constraint(
                    lessThanOrEqualTo: content.widthAnchor, multiplier: 0.75),
                message.topAnchor.constraint(equalTo: bubble.topAnchor, constant: 12),
                message.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: 12),
                message.trailingAnchor.constraint(equalTo: bubble.trailingAnchor, constant: -12),
                time.topAnchor.constraint(equalTo: message.bottomAnchor, constant: 4),
                time.trailingAnchor.constraint(equalTo: bubble.trailingAnchor, constant: -12),
                time.leadingAnchor.constraint(
                    greaterThanOrEqualTo: bubble.leadingAnchor, constant: 12),
                time.bottomAnchor.constraint(equalTo: bubble.bottomAnchor, constant: -12),
            ])
            incoming = [
                avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 8),
                bubble.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
                bubble.trailingAnchor.constraint(
                    lessThanOrEqualTo: content.trailingAnchor, constant: -8),
            ]
            outgoing = [
                avatar.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -8),
                bubble.trailingAnchor.constraint(equalTo: avatar.leadingAnchor, constant: -8),
                bubble.leadingAnchor.constraint(
                    greaterThanOrEqualTo: content.leadingAnchor, constant: 8),
            ]
            LayoutConstraint.activate(isOutgoing ? outgoing : incoming)
        }

        /// Flips the cell between incoming and outgoing (a constraint swap).
        func set(outgoing isOutgoing: Bool) {
            LayoutConstraint.deactivate(isOutgoing ? incoming : outgoing)
            LayoutConstraint.activate(isOutgoing ? outgoing : incoming)
        }

        /// Fits the cell at `width` and lays it out; the frames of the
        /// bubble, message and time in the cell's coordinates.
        func layout(_ row: Row, width: Double) -> (height: Double, frames: [Rect]) {
            message.text = row.message
            time.text = row.time
            let height = content.systemLayoutSizeFitting(
                Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
            content.frame = Rect(x: 0, y: 0, width: width, height: PixelGrid.ceil(height, scale: 3))
            content.layoutIfNeeded()
            let bubbleFrame = bubble.frame
            return (
                height,
                [
                    bubbleFrame, message.frame.offsetBy(dx: bubbleFrame.minX, dy: bubbleFrame.minY),
                    time.frame.offsetBy(dx: bubbleFrame.minX, dy: bubbleFrame.minY),
                ]
            )
        }
    }

    struct Row {
        var message: String
        var time: String
        var outgoing: Bool
    }

    /// The same layout written by hand, as frame code would: the message is
    /// measured at the widest it may be (75% of the cell, or what the
    /// avatar and margins leave, less the insets), the bubble is as wide as
    /// the wider of the message and the time, plus the insets.
    static func frames(_ row: Row, width: Double) throws -> (height: Double, frames: [Rect]) {
        let measurer = TextMeasurer.shared
        let available = min(0.75 * width, width - 8 - 32 - 8 - 8)
        let text = try measurer.sizeThatFits(
            row.message, style: messageStyle, size: Size(width: available - 24, height: 0),
            numberOfLines: 0, scale: 3)
        // An empty message has no intrinsic size worth wrapping: 0 × 0.
        let messageSize = row.message.isEmpty ? .zero : text
        let timeSize = try measurer.sizeThatFits(
            row.time, style: timeStyle, size: Size(width: 0, height: 0), numberOfLines: 1, scale: 3)
        // Sizes on the pixel grid may pass the cap by up to a pixel: capped.
        let bubbleWidth = min(max(messageSize.width, timeSize.width) + 24, available)
        let bubbleHeight = 12 + messageSize.height + 4 + timeSize.height + 12
        let bubbleX = row.outgoing ? width - 8 - 32 - 8 - bubbleWidth : 8 + 32 + 8
        let timeX = bubbleX + bubbleWidth - 12 - timeSize.width
        let messageY = 8 + 12.0
        // Edges rounded to the nearest pixel, as UIKit (and the engine) place views.
        func pixels(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
            let minX = PixelGrid.round(x, scale: 3)
            let minY = PixelGrid.round(y, scale: 3)
            return Rect(
                x: minX, y: minY, width: PixelGrid.round(x + width, scale: 3) - minX,
                height: PixelGrid.round(y + height, scale: 3) - minY)
        }
        return (
            max(8 + bubbleHeight + 8, 8 + 32 + 8),
            [
                pixels(bubbleX, 8, bubbleWidth, bubbleHeight),
                pixels(bubbleX + 12, messageY, bubbleWidth - 24, messageSize.height),
                pixels(timeX, messageY + messageSize.height + 4, timeSize.width, timeSize.height),
            ]
        )
    }

    /// 150 messages (1,000 under Scripts/soak.sh): words of several scripts, long words, links, emoji,
    /// hard breaks, empty ones; times of one to five characters.
    static func rows(seed: UInt64) -> [Row] {
        var random = SplitMix64(seed: seed)
        let words = [
            "ok", "yes", "see", "you", "at", "the", "station", "tomorrow", "morning,", "bring",
            "umbrella!", "Съешь", "ещё", "мягких", "французских", "булок", "שלום", "漢字かな",
            "Supercalifragilisticexpialidocious", "https://example.com/a/very/long/path", "🙂",
            "👍🏽", "—", "(really)", "12:45", "\n",
        ]
        return (0..<Soak.count("TRELLIS_CHAT_ROWS", quick: 150, soak: 1000)).map { _ in
            let count = Int(random.next() % 40)
            let message = (0..<count).map { _ in words[random.below(words.count)] }
                .joined(separator: " ")
            let time = ["9:41", "12:45", "Now", "Yesterday", "1d"][Int(random.next() % 5)]
            return Row(message: message, time: time, outgoing: random.next() % 2 == 0)
        }
    }

    @Test(arguments: [320.0, 414.0])
    func reusedFreshAndFrameCodeAgreeOnManyMessages(width: Double) throws {
        let reused = (
            incoming: BubbleCell(outgoing: false), outgoing: BubbleCell(outgoing: true),
            flipping: BubbleCell(outgoing: false)
        )
        var flippingIsOutgoing = false
        var disagreements: [String] = []
        for (index, row) in Self.rows(seed: 0xB0BB1E).enumerated() {
            let expected = try Self.frames(row, width: width)
            let fresh = BubbleCell(outgoing: row.outgoing).layout(row, width: width)
            // One reused cell per direction (two reuse identifiers, as on
            // iOS) and one cell flipped between them by a constraint swap.
            if row.outgoing != flippingIsOutgoing {
                reused.flipping.set(outgoing: row.outgoing)
                flippingIsOutgoing = row.outgoing
            }
            let sameDirection = row.outgoing ? reused.outgoing : reused.incoming
            let results = [
                ("fresh", fresh), ("reused", sameDirection.layout(row, width: width)),
                ("flipped", reused.flipping.layout(row, width: width)),
            ]
            for (name, result) in results {
                let heightAgrees = close(result.height, expected.height, tolerance: 1e-6)
                let framesAgree = zip(result.frames, expected.frames).allSatisfy {
                    close($0, $1, tolerance: 1e-6)
                }
                if !heightAgrees || !framesAgree {
                    disagreements.append(
                        "row \(index) \(name): \(result) against frame code \(expected) for \(row)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(3))")
    }
}
