// The code of docs/your-own-cell.md, compiled and run: a cell of the
// reader's own, over a row type of its own (not AnimalItem), a chat message
// bubble written with anchors, laid out through `TableLayout` by
// `ConstraintTemplate` and `TemplateSizing`, compared row by row with frame
// code written against the same TextMeasurer, and the same cell as a
// template file. Each `// guide: NAME` … `// guide: end` region is a code
// block of the guide; `guideShowsThisCode` checks they are the same.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisLists
import TrellisSamples
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText
import TrellisViews

// guide: row
/// A row of the app: nothing like AnimalItem.
struct ChatMessage: Hashable {
    var sender: String
    var body: String
    var isOutgoing: Bool
}
// guide: end

// guide: anchors
/// The cell's numbers, shared by both implementations.
enum ChatMessageCell {
    static let inset = 12.0
    static let padding = 8.0
    static let gap = 2.0
    static let bubbleFraction = 0.75
}

/// A bubble at most 75% of the cell wide, hugging its text: the multi-line
/// labels get their width from the solve (the case the reuse fix is about).
final class ChatMessageCellView: ConstraintCellView {
    typealias Item = ChatMessage

    let templateName = "ChatMessageCell"
    let minimumWidth = 2 * ChatMessageCell.inset + 2 * ChatMessageCell.padding
    let contentView = View()
    let scale = 2.0
    let bubble = View()
    let sender: Label
    let body: Label
    private let leading: LayoutConstraint
    private let trailing: LayoutConstraint

    init(senderStyle: TextStyle, bodyStyle: TextStyle) {
        sender = Label(text: "", style: senderStyle)
        body = Label(text: "", style: bodyStyle)
        body.numberOfLines = 0
        sender.numberOfLines = 0
        contentView.contentScaleFactor = scale
        contentView.name = "contentView"
        bubble.name = "bubble"
        sender.name = "sender"
        body.name = "body"
        for view in [bubble, sender, body] {
            view.translatesAutoresizingMaskIntoConstraints = false
        }
        contentView.addSubview(bubble)
        bubble.addSubview(sender)
        bubble.addSubview(body)
        let c = ChatMessageCell.self
        leading = bubble.leadingAnchor.constraint(
            equalTo: contentView.leadingAnchor, constant: c.inset)
        trailing = bubble.trailingAnchor.constraint(
            equalTo: contentView.trailingAnchor, constant: -c.inset)
        LayoutConstraint.activate([
            bubble.topAnchor.constraint(equalTo: contentView.topAnchor, constant: c.inset),
            bubble.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -c.inset),
            bubble.widthAnchor.constraint(
                lessThanOrEqualTo: contentView.widthAnchor, multiplier: c.bubbleFraction),
            leading,
            sender.topAnchor.constraint(equalTo: bubble.topAnchor, constant: c.padding),
            sender.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: c.padding),
            sender.trailingAnchor.constraint(
                lessThanOrEqualTo: bubble.trailingAnchor, constant: -c.padding),
            body.topAnchor.constraint(equalTo: sender.bottomAnchor, constant: c.gap),
            body.leadingAnchor.constraint(equalTo: bubble.leadingAnchor, constant: c.padding),
            body.trailingAnchor.constraint(
                lessThanOrEqualTo: bubble.trailingAnchor, constant: -c.padding),
            body.bottomAnchor.constraint(equalTo: bubble.bottomAnchor, constant: -c.padding),
        ])
        // The bubble hugs the wider of its two labels.
        let hug = bubble.widthAnchor.constraint(equalToConstant: 0)
        hug.priority = LayoutPriority(rawValue: 249)
        hug.isActive = true
    }

    func configure(with item: ChatMessage) {
        sender.text = item.sender
        body.text = item.body
        // Outgoing bubbles sit at the trailing edge.
        if item.isOutgoing != trailing.isActive {
            leading.isActive = !item.isOutgoing
            trailing.isActive = item.isOutgoing
        }
    }

    /// Frames in the content view's coordinates, as `CellLayout` has them:
    /// the labels' frames offset by the bubble's origin.
    var subviewFrames: [NamedFrame] {
        [bubble, sender, body].map { view in
            let frame =
                view === bubble
                ? view.frame : view.frame.offsetBy(dx: bubble.frame.minX, dy: bubble.frame.minY)
            return NamedFrame(name: view.name ?? "", frame: frame)
        }
    }

    var labels: [Label] { [sender, body] }
}
// guide: end

// guide: frames
/// The same cell as frame code: measure both labels at the widest the
/// bubble may be, and size the bubble around the wider.
struct ChatMessageFrames: CellTemplate {
    typealias Item = ChatMessage
    let senderStyle: TextStyle
    let bodyStyle: TextStyle
    let measurer: TextMeasurer
    let scale = 2.0
    var name: String { "ChatMessageCell" }
    var path: LayoutPath { .frames }

    func layout(_ item: ChatMessage, width: Double) throws(CellError) -> CellLayout {
        let c = ChatMessageCell.self
        try checkWidth(width, minimum: 2 * c.inset + 2 * c.padding, template: name)
        // UIKit's multiplier arithmetic: the bubble is at most 0.75 × width,
        // and each label at most that less the padding on both sides.
        let maximumText = max(0, min(width * c.bubbleFraction, width - 2 * c.inset) - 2 * c.padding)
        let sender: Size
        let body: Size
        do {
            sender = try measurer.sizeThatFits(
                item.sender, style: senderStyle, size: Size(width: maximumText, height: .infinity),
                numberOfLines: 0, scale: scale)
            body = try measurer.sizeThatFits(
                item.body, style: bodyStyle, size: Size(width: maximumText, height: .infinity),
                numberOfLines: 0, scale: scale)
        } catch {
            throw CellError(template: name, message: "\(error)")
        }
        // The bubble hugs the wider label, but never passes its maximum
        // (a measured width is rounded up to the pixel grid, so it can).
        let maximumBubble = min(width * c.bubbleFraction, width - 2 * c.inset)
        let bubbleWidth = min(max(sender.width, body.width) + 2 * c.padding, maximumBubble)
        let textWidth = bubbleWidth - 2 * c.padding
        let bubbleHeight = c.padding + sender.height + c.gap + body.height + c.padding
        let x = item.isOutgoing ? width - c.inset - bubbleWidth : c.inset
        let height = PixelGrid.ceil(bubbleHeight + 2 * c.inset, scale: scale)
        // Frames snap to the pixel grid in the cell's coordinates, then
        // become relative to their superview's snapped origin, as the
        // engine's frames do, and are given in the cell's coordinates again
        // (the content view's, as `CellLayout` has them).
        func snapped(_ rect: Rect) -> Rect {
            let minX = PixelGrid.round(rect.minX, scale: scale)
            let minY = PixelGrid.round(rect.minY, scale: scale)
            let maxX = PixelGrid.round(rect.maxX, scale: scale)
            let maxY = PixelGrid.round(rect.maxY, scale: scale)
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        let bubble = snapped(Rect(x: x, y: c.inset, width: bubbleWidth, height: bubbleHeight))
        func inBubble(_ rect: Rect) -> Rect {
            snapped(rect.offsetBy(dx: x, dy: c.inset)).offsetBy(dx: -bubble.minX, dy: -bubble.minY)
                .offsetBy(dx: bubble.minX, dy: bubble.minY)
        }
        let senderFrame = Rect(
            x: c.padding, y: c.padding, width: min(sender.width, textWidth), height: sender.height)
        let bodyFrame = Rect(
            x: c.padding, y: c.padding + sender.height + c.gap, width: min(body.width, textWidth),
            height: body.height)
        return CellLayout(
            width: width, height: height,
            frames: [
                NamedFrame(name: "bubble", frame: bubble),
                NamedFrame(name: "sender", frame: inBubble(senderFrame)),
                NamedFrame(name: "body", frame: inBubble(bodyFrame)),
            ])
    }
}
// guide: end

@Suite struct YourOwnCellGuideTests {
    static func messages(_ count: Int, seed: UInt64) -> [ChatMessage] {
        var random = SplitMix64(seed: seed)
        let words = [
            "ok", "see", "you", "tomorrow", "at", "the", "station", "🙂", "Съешь", "ещё", "булок",
            "supercalifragilistic", "a", "long", "message", "that", "wraps", "onto", "several",
            "lines",
        ]
        let senders = ["Ana", "Bartholomew Featherstonehaugh", "李雷", "me"]
        return (0..<count).map { _ in
            let length = Int(random.next() % 40)
            let body = (0..<length).map { _ in words[Int(random.next() % UInt64(words.count))] }
                .joined(separator: " ")
            return ChatMessage(
                sender: senders[Int(random.next() % UInt64(senders.count))], body: body,
                isOutgoing: random.next() % 2 == 0)
        }
    }

    static func styles() throws -> (TextStyle, TextStyle) {
        let inter = try FontCollection.bundled("Inter")
        return (TextStyle(fonts: inter, size: 13), TextStyle(fonts: inter, size: 17))
    }

    /// 1,000 rows of the test's own type through `TableLayout`, heights
    /// from a reused constraints template; every row also checked against a
    /// fresh hierarchy and against the frame code.
    @Test func aThousandRowsOfItsOwnTypeThroughATable() throws {
        let (senderStyle, bodyStyle) = try Self.styles()
        let items = Self.messages(1_000, seed: 7)
        let template = ConstraintTemplate(reusingEngine: true) {
            ChatMessageCellView(senderStyle: senderStyle, bodyStyle: bodyStyle)
        }
        let sizing = TemplateSizing(template: template, items: items)
        let width = 375.0
        var table = try TableLayout(
            sections: [TableSection(rowCount: items.count)], estimate: .uniform(60), sizing: sizing,
            width: width, viewportHeight: 700)
        // Lay out at the top, then scroll to the end a viewport at a time,
        // so every row comes into view and is measured.
        _ = try table.scroll(toOffset: 0)
        while table.contentOffset < table.maximumContentOffset {
            _ = try table.scroll(
                toOffset: min(table.contentOffset + 700, table.maximumContentOffset))
        }
        #expect(sizing.error == nil)
        #expect(table.measuredRowCount == items.count)

        var fresh = ConstraintTemplate(reusingEngine: false) {
            ChatMessageCellView(senderStyle: senderStyle, bodyStyle: bodyStyle)
        }
        let frames = ChatMessageFrames(
            senderStyle: senderStyle, bodyStyle: bodyStyle, measurer: .shared)
        var reused = ConstraintTemplate(reusingEngine: true) {
            ChatMessageCellView(senderStyle: senderStyle, bodyStyle: bodyStyle)
        }
        var total = 0.0
        for (row, item) in items.enumerated() {
            let height = try table.heightForRow(at: IndexPath(row: row, section: 0))
            #expect(height == (try fresh.height(for: item, width: width)), "row \(row)")
            let byFrames = try frames.layout(item, width: width)
            #expect(height == byFrames.height, "row \(row): \(item)")
            let byConstraints = try reused.layout(item, width: width)
            #expect(
                byConstraints.frames == byFrames.frames,
                "row \(row): \(byConstraints) vs \(byFrames)")
            total += height
        }
        #expect(abs(table.contentHeight - total) < 1e-6)
    }

    /// The guide's walk-through: the anchors cell in a table, compared with
    /// its frame code, then the same cell as a template file.
    @Test func theGuidesCodeRuns() throws {
        let (senderStyle, bodyStyle) = try Self.styles()
        let messages = Self.messages(300, seed: 11)
        // guide: table
        // The anchors cell, one hierarchy reused for every row, sizes a table's rows.
        let cell = ConstraintTemplate(reusingEngine: true) {
            ChatMessageCellView(senderStyle: senderStyle, bodyStyle: bodyStyle)
        }
        let sizing = TemplateSizing(template: cell, items: messages)
        var table = try TableLayout(
            sections: [TableSection(rowCount: messages.count)], estimate: .uniform(60),
            sizing: sizing,
            width: 375, viewportHeight: 812)
        _ = try table.scroll(toOffset: 0)  // the first screen is measured
        let firstRow = try table.rectForRow(at: IndexPath(row: 0, section: 0))

        // Frame code against constraints, every row, heights and frames,
        // at three widths: listbench's agreement check.
        var frames = ChatMessageFrames(
            senderStyle: senderStyle, bodyStyle: bodyStyle, measurer: .shared)
        var constraints = ConstraintTemplate(reusingEngine: true) {
            ChatMessageCellView(senderStyle: senderStyle, bodyStyle: bodyStyle)
        }
        let agreement = try TemplateAgreement.compare(
            &frames, &constraints, items: messages, widths: [320, 375, 414])
        print(agreement)  // 900 of 900 rows agree, max |Δheight| 0.0
        // guide: end
        #expect(firstRow.minY == 0 && firstRow.height > 0)
        #expect(agreement.comparisons == 900)
        #expect(agreement.disagreements == 0, "\(agreement)")

        // guide: file
        // The same cell as a template file, on JSON rows: incoming messages
        // (a file's constraints are fixed, so the outgoing side is not in it).
        let file = try TemplateFile.parse(Self.chatTemplate, file: "ChatMessageCell.json")
        var fromFile = try TemplateFileCell(file: file, scale: 2)  // the Swift cell's scale
        let incoming = messages.filter { !$0.isOutgoing }
        var fromFileOnMessages = MappedTemplate(fromFile) { (message: ChatMessage) in
            JSONRow(["sender": .string(message.sender), "body": .string(message.body)])
        }
        let fileAgreement = try TemplateAgreement.compare(
            &frames, &fromFileOnMessages, items: incoming, widths: [320, 375, 414])
        // the bubble's free width: constraints only
        print(file.stackTreeProblem ?? "a tree of stacks")
        // guide: end
        #expect(fileAgreement.disagreements == 0, "\(fileAgreement)")
        #expect(fileAgreement.comparisons == 3 * incoming.count && !incoming.isEmpty)
        #expect(file.stackTreeProblem != nil)
        _ = try fromFile.height(for: JSONRow(["sender": .string("Ana")]), width: 375)
    }

    /// The template file of the guide (shown there verbatim).
    static let chatTemplate = """
        {"name": "ChatMessageCell",
         "views": [
           {"id": "bubble", "kind": "view"},
           {"id": "sender", "kind": "label", "parent": "bubble", "field": "sender", "textStyle": {"size": 13, "lines": 0}},
           {"id": "body", "kind": "label", "parent": "bubble", "field": "body", "textStyle": {"size": 17, "lines": 0}}
         ],
         "constraints": [
           "bubble.top == contentView.top + 12", "bubble.bottom == contentView.bottom - 12",
           "bubble.leading == contentView.leading + 12", "bubble.width <= contentView.width * 0.75",
           "bubble.width == 0 @249",
           "sender.top == bubble.top + 8", "sender.leading == bubble.leading + 8",
           "sender.trailing <= bubble.trailing - 8",
           "body.top == sender.bottom + 2", "body.leading == bubble.leading + 8",
           "body.trailing <= bubble.trailing - 8", "body.bottom == bubble.bottom - 8"
         ]}
        """

    /// Every Swift block of docs/your-own-cell.md is a `// guide:` region of
    /// this file, and its JSON block is `chatTemplate`: the guide shows code
    /// that compiles and runs.
    @Test func guideShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let guide = try String(
            contentsOfFile: TestPaths.repository("docs/your-own-cell.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        func dedented(_ lines: [Substring]) -> String {
            let indent =
                lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.prefix { $0 == " " }.count }.min() ?? 0
            return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
        }
        var regions: [String: String] = [:]
        var current: (String, [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// guide: ") {
                let name = String(trimmed.dropFirst("// guide: ".count))
                if name == "end", let (open, lines) = current {
                    regions[open] = dedented(lines)
                    current = nil
                } else {
                    current = (name, [])
                }
            } else if current != nil {
                current!.1.append(line)
            }
        }
        var blocks: [(language: String, text: String)] = []
        var block: (String, [Substring])?
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let (language, lines) = block {
                    blocks.append((language, lines.joined(separator: "\n")))
                    block = nil
                } else {
                    block = (String(line.dropFirst(3)), [])
                }
            } else if block != nil {
                block!.1.append(line)
            }
        }
        let swiftBlocks = blocks.filter { $0.language == "swift" }
        #expect(
            swiftBlocks.count == regions.count,
            "guide blocks \(swiftBlocks.count), regions \(regions.keys.sorted())")
        for block in swiftBlocks {
            let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
            let name = lines.first.map { $0.replacingOccurrences(of: "// guide: ", with: "") } ?? ""
            #expect(
                regions[name] == lines.dropFirst().joined(separator: "\n"),
                "block \(name) differs from the test's region")
        }
        let json = blocks.filter { $0.language == "json" }.map(\.text)
        #expect(json.count == 1)
        #expect(
            json.first.map { dedented($0.split(separator: "\n", omittingEmptySubsequences: false)) }
                == dedented(
                    Self.chatTemplate.split(separator: "\n", omittingEmptySubsequences: false)))
    }
}
