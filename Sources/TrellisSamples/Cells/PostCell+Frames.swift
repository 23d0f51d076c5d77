// PostCell, a social feed post as apps build it, written as frame code: its
// metrics (shared with the constraint twin in `PostCell+Constraints.swift`),
// its style, and measuring-and-placing code that reproduces the stack views'
// arithmetic and the engine's pixel snapping, frame for frame.

import TrellisCells
import TrellisGeometry
import TrellisText

/// Fonts and scale of `PostCell`.
public struct PostCellStyle: Sendable {
    /// Author name: Inter SemiBold 15, one line, tail truncation.
    public var name: TextStyle
    /// Handle: Inter Regular 15, one line, tail truncation (drawn in a
    /// secondary color, which layout does not see).
    public var handle: TextStyle
    /// Time: Inter Regular 15, one line.
    public var time: TextStyle
    /// Body: Inter Regular 17, any number of lines, word wrapped, 2 points
    /// between lines.
    public var body: TextStyle
    /// Action button titles (the counts): Inter Medium 13, one line.
    public var button: TextStyle
    public var scale: Double
    public var measurer: TextMeasurer

    public init(
        name: TextStyle, handle: TextStyle, time: TextStyle, body: TextStyle, button: TextStyle,
        scale: Double,
        measurer: TextMeasurer = .shared
    ) {
        self.name = name
        self.handle = handle
        self.time = time
        self.body = body
        self.button = button
        self.scale = scale
        self.measurer = measurer
    }

    /// The cell's fonts from the bundled Inter (falling back to Noto Sans
    /// Hebrew and Arabic), at `scale` (3 by default).
    public static func standard(scale: Double = 3, measurer: TextMeasurer = .shared)
        throws(CellError) -> PostCellStyle
    {
        do {
            let regular = try FontCollection.bundled("Inter", weight: .regular)
            let name = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .semibold), size: 15,
                lineBreakMode: .byTruncatingTail)
            let handle = TextStyle(fonts: regular, size: 15, lineBreakMode: .byTruncatingTail)
            let time = TextStyle(fonts: regular, size: 15, lineBreakMode: .byTruncatingTail)
            let body = TextStyle(fonts: regular, size: 17, lineSpacing: PostCell.bodyLineSpacing)
            let button = TextStyle(
                fonts: try FontCollection.bundled("Inter", weight: .medium), size: 13,
                lineBreakMode: .byTruncatingTail)
            return PostCellStyle(
                name: name, handle: handle, time: time, body: body, button: button, scale: scale,
                measurer: measurer)
        } catch {
            throw CellError(template: PostCell.name, message: "\(error)")
        }
    }
}

/// Names and metrics of `PostCell`, written once for both paths:
///
///     |-16-[avatar 40×40]-12-[stack]-16-|          stack, top at 16:
///                                                   [name]-4-[handle]-4-[time]   header row
///                                                   6
///                                                   [body]                       hidden when empty
///                                                   6
///                                                   [photo]                      hidden without a photo
///                                                   6
///                                                   [reply]-8-[repost]-8-[like]-8-[share]   32 high
///     height = max(avatar bottom, stack bottom) + 16, rounded up to the pixel grid
///
/// The text column is `W − 84` wide (16 + 40 + 12 on the left, 16 on the right).
public enum PostCell {
    public static let name = "PostCell"
    /// Every subview's name, in the order `CellLayout.frames` lists them;
    /// `body` and `photo` are left out of a layout while hidden.
    public static let subviewNames =
        ["avatar", "name", "handle", "time", "body", "photo"] + buttonNames
    /// The action buttons, left to right.
    public static let buttonNames = ["reply", "repost", "like", "share"]

    /// Between the content view's edges and the content, on all four sides.
    public static let margin = 16.0
    public static let avatarSide = 40.0
    /// Between the avatar and the text column.
    public static let avatarToText = 12.0
    /// The text column's left edge: 16 + 40 + 12 = 68.
    public static let textX = margin + avatarSide + avatarToText
    /// W − 84 is the text column's width.
    public static let textWidthReduction = textX + margin
    /// Between the rows of the text column (header, body, photo, action bar).
    public static let rowSpacing = 6.0
    /// Between name, handle and time.
    public static let headerSpacing = 4.0
    /// The body's `lineSpacing`.
    public static let bodyLineSpacing = 2.0
    /// The photo is as wide as the text column and at most this tall
    /// (cropped as `scaleAspectFill` does beyond it).
    public static let photoMaximumHeight = 300.0
    public static let actionBarHeight = 32.0
    /// Between the four equally wide action buttons.
    public static let actionSpacing = 8.0

    /// Header priorities (horizontal). With room to spare the handle
    /// stretches (it hugs least), so the name keeps its width and the time
    /// sits at the trailing edge; short of room the name gives way first
    /// (lowest compression resistance), then the handle; the time never
    /// grows (required hugging) and gives way last.
    public static let nameCompression: Float = 250
    public static let handleHugging: Float = 249
    public static let handleCompression: Float = 749
    public static let timeHugging: Float = 1000
    /// The photo's aspect ratio gives way to its height cap (required),
    /// never to the column's width (required through the stack's fill
    /// alignment): the width is kept and the height capped.
    public static let photoAspectPriority: Float = 999

    /// What an action button shows for a count, the same in every path:
    /// nothing for 0 (the button shows its icon alone), the number up to
    /// 999, then thousands and millions with one decimal below ten and
    /// none above, truncated, never rounded up ("1.2K", "12K", "999K",
    /// "1.5M", "12M"); negative counts show as 0.
    public static func countText(_ count: Int) -> String {
        guard count > 0 else { return "" }
        // Every count below a billion shows one of 3,160 texts, made once:
        // a feed sets four of them per row.
        if let index = countTextIndex(count) { return countTexts[index] }
        return formattedCount(count)
    }

    /// The place in `countTexts` of the text for `count` (1 or more), nil
    /// from a billion up. Counts that show the same text share a place.
    static func countTextIndex(_ count: Int) -> Int? {
        switch count {
        case ..<1_000: count  // 1 … 999
        case ..<10_000: 990 + count / 100  // 1K, 1.1K … 9.9K: 1,000 …
        case ..<1_000_000: 1_080 + count / 1_000  // 10K … 999K: 1,090 …
        case ..<10_000_000: 2_070 + count / 100_000  // 1M … 9.9M: 2,080 …
        case ..<1_000_000_000: 2_160 + count / 1_000_000  // 10M … 999M: 2,170 …
        default: nil
        }
    }

    /// The texts of `countTextIndex`, each formatted from the smallest count
    /// it stands for.
    static let countTexts: [String] = {
        var texts = [String](repeating: "", count: 3_160)
        var firsts = Array(1..<1_000)
        firsts += (10..<100).map { $0 * 100 }
        firsts += (10..<1_000).map { $0 * 1_000 }
        firsts += (10..<100).map { $0 * 100_000 }
        firsts += (10..<1_000).map { $0 * 1_000_000 }
        for count in firsts { texts[countTextIndex(count)!] = formattedCount(count) }
        return texts
    }()

    /// `countText` for a count of 1 or more, written out.
    static func formattedCount(_ count: Int) -> String {
        // The figure shown, its tenths (nil: none shown) and its unit.
        var whole = count
        var tenths: Int?
        var suffix: UInt8?
        if count >= 1_000 {
            let unit = count < 1_000_000 ? 1_000 : 1_000_000
            suffix = count < 1_000_000 ? UInt8(ascii: "K") : UInt8(ascii: "M")
            if count < 10 * unit {
                let inTenths = count / (unit / 10)
                whole = inTenths / 10
                if inTenths % 10 != 0 { tenths = inTenths % 10 }
            } else {
                whole = count / unit
            }
        }
        // Written as bytes into a small string's storage (at most 15 bytes,
        // so none is allocated: 13 digits and a unit at most), without
        // interpolation's buffer.
        return String(unsafeUninitializedCapacity: 15) { bytes in
            var length = 0
            var rest = whole
            repeat {
                length += 1
                rest /= 10
            } while rest > 0
            rest = whole
            for index in stride(from: length - 1, through: 0, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            if let tenths {
                bytes[length] = UInt8(ascii: ".")
                bytes[length + 1] = UInt8(ascii: "0") + UInt8(tenths)
                length += 2
            }
            if let suffix {
                bytes[length] = suffix
                length += 1
            }
            return length
        }
    }

    /// The four counts, in `buttonNames` order.
    public static func counts(of item: PostItem) -> [Int] {
        [item.replies, item.reposts, item.likes, item.shares]
    }

    /// The photo's aspect ratio (height / width), nil when the row shows no
    /// photo: none, or a size that has no shape (not finite, not positive).
    public static func photoAspectRatio(_ item: PostItem) -> Double? {
        guard let size = item.photoSize, size.width.isFinite, size.height.isFinite, size.width > 0,
            size.height > 0
        else { return nil }
        let ratio = size.height / size.width
        return ratio.isFinite && ratio > 0 ? ratio : nil
    }
}

/// PostCell as frame code: what the stack views' constraints come to,
/// written out (A = W − 84, the text column's width):
///
///     avatar   (16, 16, 40, 40)
///     header   (68, 16, A, h)      h = the tallest of name, handle, time (fill alignment)
///       time   t wide, at the trailing edge (required hugging; gives way last)
///       handle max(handle's width, A − 8 − t − name's width)   (hugs least, stretches)
///       name   the rest, A − 8 − t − handle (truncates first)
///     body     (68, y, A, body height at A)        y = previous bottom + 6; skipped when empty
///     photo    (68, y, A, min(A × h/w, 300))        skipped without a photo
///     buttons  (A − 24) / 4 wide, 8 apart, 32 high
///     height   max(56, buttons' bottom) + 16, rounded up to the pixel grid
///
/// Frames are in content-view coordinates, put together as the engine's
/// are: every edge snapped to the pixel grid in the cell's coordinates,
/// made relative to its superview's snapped origin (header, action bar,
/// column), then offset back by those superviews' frames.
public struct PostCellFrames: CellTemplate {
    public var style: PostCellStyle
    public var name: String { PostCell.name }
    public var path: LayoutPath { .frames }

    public init(style: PostCellStyle) {
        self.style = style
    }

    public mutating func layout(_ item: PostItem, width: Double) throws(CellError) -> CellLayout {
        let g = try geometry(item, width: width)
        let scale = style.scale
        func snapped(_ rect: Rect) -> Rect {
            let minX = PixelGrid.round(rect.minX, scale: scale)
            let minY = PixelGrid.round(rect.minY, scale: scale)
            let maxX = PixelGrid.round(rect.maxX, scale: scale)
            let maxY = PixelGrid.round(rect.maxY, scale: scale)
            return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
        }
        // The column's frame in the content view, and a frame within a
        // superview that is itself in the column (header, action bar).
        let column = snapped(g.column)
        func inColumn(_ rect: Rect) -> Rect {
            snapped(rect).offsetBy(dx: -column.minX, dy: -column.minY).offsetBy(
                dx: column.minX, dy: column.minY)
        }
        func inRow(_ rect: Rect, of row: Rect) -> Rect {
            let rowSnapped = snapped(row)
            let rowInColumn = rowSnapped.offsetBy(dx: -column.minX, dy: -column.minY)
            return snapped(rect).offsetBy(dx: -rowSnapped.minX, dy: -rowSnapped.minY)
                .offsetBy(dx: rowInColumn.minX, dy: rowInColumn.minY).offsetBy(
                    dx: column.minX, dy: column.minY)
        }
        let m = PostCell.margin
        let x = PostCell.textX
        var frames = [
            NamedFrame(
                name: "avatar",
                frame: snapped(
                    Rect(x: m, y: m, width: PostCell.avatarSide, height: PostCell.avatarSide))),
            NamedFrame(
                name: "name",
                frame: inRow(
                    Rect(x: x, y: m, width: g.nameWidth, height: g.headerHeight), of: g.header)),
            NamedFrame(
                name: "handle",
                frame: inRow(
                    Rect(
                        x: x + g.nameWidth + PostCell.headerSpacing, y: m, width: g.handleWidth,
                        height: g.headerHeight),
                    of: g.header)),
            NamedFrame(
                name: "time",
                frame: inRow(
                    Rect(
                        x: g.header.maxX - g.timeWidth, y: m, width: g.timeWidth,
                        height: g.headerHeight), of: g.header)),
        ]
        if let body = g.body { frames.append(NamedFrame(name: "body", frame: inColumn(body))) }
        if let photo = g.photo { frames.append(NamedFrame(name: "photo", frame: inColumn(photo))) }
        let buttonWidth = (g.actionBar.width - 3 * PostCell.actionSpacing) / 4
        for (index, buttonName) in PostCell.buttonNames.enumerated() {
            let button = Rect(
                x: x + Double(index) * (buttonWidth + PostCell.actionSpacing), y: g.actionBar.minY,
                width: buttonWidth,
                height: PostCell.actionBarHeight)
            frames.append(NamedFrame(name: buttonName, frame: inRow(button, of: g.actionBar)))
        }
        return CellLayout(width: width, height: g.height, frames: frames)
    }

    public mutating func height(for item: PostItem, width: Double) throws(CellError) -> Double {
        try geometry(item, width: width).height
    }

    /// The cell's rectangles before snapping, in content-view coordinates.
    private struct _Geometry {
        var header: Rect
        var nameWidth: Double
        var handleWidth: Double
        var timeWidth: Double
        var headerHeight: Double
        var body: Rect?
        var photo: Rect?
        var actionBar: Rect
        var column: Rect
        var height: Double
    }

    private func geometry(_ item: PostItem, width: Double) throws(CellError) -> _Geometry {
        try checkWidth(width, minimum: PostCell.textWidthReduction, template: name)
        let m = PostCell.margin
        let x = PostCell.textX
        let columnWidth = width - PostCell.textWidthReduction
        let nameSize = try lineSize(item.authorName, style.name, "name")
        let handleSize = try lineSize(item.handle, style.handle, "handle")
        let timeSize = try lineSize(item.time, style.time, "time")
        // The header's widths (see the header priorities on `PostCell`): the
        // time keeps its width, the handle takes what the name leaves, the
        // name what the others leave (negative when even the handle does
        // not fit: the engine allows it, and its frame is then 0 wide).
        let shared = columnWidth - 2 * PostCell.headerSpacing - timeSize.width
        let handleWidth = max(handleSize.width, shared - nameSize.width)
        let headerHeight = max(nameSize.height, handleSize.height, timeSize.height)
        let header = Rect(x: x, y: m, width: columnWidth, height: headerHeight)
        var bottom = header.maxY
        var body: Rect?
        if !item.body.isEmpty {
            let height = try labelHeight(
                item.body, style: style.body, width: columnWidth, lines: 0, scale: style.scale,
                measurer: style.measurer,
                template: name, label: "body")
            body = Rect(x: x, y: bottom + PostCell.rowSpacing, width: columnWidth, height: height)
            bottom += PostCell.rowSpacing + height
        }
        var photo: Rect?
        if let ratio = PostCell.photoAspectRatio(item) {
            let height = min(columnWidth * ratio, PostCell.photoMaximumHeight)
            photo = Rect(x: x, y: bottom + PostCell.rowSpacing, width: columnWidth, height: height)
            bottom += PostCell.rowSpacing + height
        }
        let actionBar = Rect(
            x: x, y: bottom + PostCell.rowSpacing, width: columnWidth,
            height: PostCell.actionBarHeight)
        bottom = actionBar.maxY
        let height = PixelGrid.ceil(max(bottom, m + PostCell.avatarSide) + m, scale: style.scale)
        return _Geometry(
            header: header, nameWidth: shared - handleWidth, handleWidth: handleWidth,
            timeWidth: timeSize.width,
            headerHeight: headerHeight, body: body, photo: photo, actionBar: actionBar,
            column: Rect(x: x, y: m, width: columnWidth, height: bottom - m), height: height)
    }

    /// A one-line label's intrinsic size, as `Label` measures it: the
    /// text's width and height on one line, rounded up to the pixel grid;
    /// 0 × 0 for no text.
    private func lineSize(_ text: String, _ textStyle: TextStyle, _ label: String) throws(CellError)
        -> Size
    {
        if text.isEmpty { return .zero }
        do {
            return try style.measurer.sizeThatFits(
                text, style: textStyle, size: Size(width: .infinity, height: .infinity),
                numberOfLines: 1,
                scale: style.scale)
        } catch {
            throw CellError(template: name, message: "\(label): \(error)")
        }
    }
}

extension PostCellFrames: LabelDescribing {
    public func labels(for item: PostItem) -> [LabelContent] {
        var labels = [
            LabelContent(name: "name", text: item.authorName, style: style.name, numberOfLines: 1),
            LabelContent(name: "handle", text: item.handle, style: style.handle, numberOfLines: 1),
            LabelContent(name: "time", text: item.time, style: style.time, numberOfLines: 1),
        ]
        if !item.body.isEmpty {
            labels.append(
                LabelContent(name: "body", text: item.body, style: style.body, numberOfLines: 0))
        }
        for (buttonName, count) in zip(PostCell.buttonNames, PostCell.counts(of: item)) {
            labels.append(
                LabelContent(
                    name: buttonName, text: PostCell.countText(count), style: style.button,
                    numberOfLines: 1))
        }
        return labels
    }

    public var measurer: TextMeasurer { style.measurer }
    public var scale: Double { style.scale }
}
