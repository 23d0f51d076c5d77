// Templates/CommentCell.json (a 48-point avatar beside a column of a
// name/time row, a 0-line body, a photo and a likes label, issue 36): its
// frames worked out by hand from UIKit's constraint set, where a compression
// tie drives the avatar down to 0 and no further.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisTemplateFiles
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct CommentCellTests {
    static let file = TestPaths.repository.appendingPathComponent(
        "Templates/CommentCell.json"
    ).path

    /// The body's label as the file makes it (Inter 15, line spacing 2,
    /// any number of lines).
    static func bodyLabel(_ text: String) throws -> Label {
        var style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 15)
        style.lineSpacing = 2
        let label = Label(text: text, style: style)
        label.numberOfLines = 0
        return label
    }

    /// A body of 610 points on one line, at width 375 (UIKit's constraints,
    /// worked out):
    ///
    /// - The root's margins are 16 each side and its spacing 12: avatar +
    ///   column = 375 − 32 − 12 = 331 (required).
    /// - Horizontally at 750: the avatar's compression resistance
    ///   (`width >= 48`) and the body's (`width >= ` its intrinsic width;
    ///   the column is as wide as its views, alignment fill). Pass 1
    ///   measures the body on one line, 610: whatever the split of the 331
    ///   points, 48 + 610 − 331 points of error at 750, a tie. UIKit:
    ///   "If there's any ambiguity, the stack view resizes the arranged
    ///   views based on their index in the arrangedSubviews array": the
    ///   avatar, first, shrinks first, down to 0 (the floor), not to
    ///   331 − 610 = −279. The column gets 331.
    /// - Pass 2 measures the body at 331: it wraps, its widest line W. The
    ///   same tie with 48 + W − 331 points: the avatar 331 − W wide, the
    ///   column W. Pass 3 measures the body at W: the same lines, done.
    /// - Vertically: the column is 12 below the top, the name/time row,
    ///   4, the body, 4, the likes; the avatar 48 high (alignment top);
    ///   the cell 12 + max(48, column) + 12.
    ///
    /// With a 1200 × 800 photo (no intrinsic width: its intrinsic height is
    /// the width the layout gives it × 2/3, at 999 both ways, at most 240)
    /// the photo is as wide as the column and W × 2/3 high, between the
    /// body and the likes; an 800 × 1600 one is as wide and 240 high (the
    /// required cap wins over the ratio at 999; the width stays, as
    /// `scaleAspectFill` crops). The direct path gives the same frames.
    ///
    /// Broken (no floors): the avatar −279 wide (drawn 0 wide), the column
    /// 610 wide at x −251 and the body on one line (watched).
    @Test(arguments: [nil, Size(width: 1200, height: 800), Size(width: 800, height: 1600)])
    func theAvatarShrinksToZeroAtMostThenTheBodyWraps(photo: Size?) throws {
        let body =
            "A short body that is long enough to wrap onto a second line in this comment cell here."
        let json =
            #"{"name": "Ana", "time": "2h", "body": "\#(body)", "likes": "12 likes""#
            + (photo.map { #", "photo": [\#($0.width), \#($0.height)]}"# } ?? "}")
        let label = try Self.bodyLabel(body)
        let oneLine = label.sizeThatFits(Size(width: .infinity, height: .infinity)).width
        #expect(oneLine > 331 + 48)  // the avatar alone could not make the room
        let wrapped = label.sizeThatFits(Size(width: 331, height: .infinity))
        let widest = wrapped.width
        #expect(widest > 331 - 48 && widest < 331)  // so the tie is met again in pass 2
        #expect(label.sizeThatFits(Size(width: widest, height: .infinity)) == wrapped)

        let file = try TemplateFile.load(path: Self.file)
        var constraints = try TemplateFileCell(file: file)
        var direct = try TemplateFileDirectCell(file: file)
        let row = try TemplateFileStackTreeTests.row(json)
        // Both paths, each against the frames worked out below.
        let layouts = [try constraints.layout(row, width: 375), try direct.layout(row, width: 375)]
        for layout in layouts {
            try Self.expectWorkedOut(layout, photo: photo, wrapped: wrapped)
        }
    }

    /// The frames of the row of `theAvatarShrinksToZeroAtMostThenTheBodyWraps`
    /// from UIKit's constraints, worked out in its comment.
    static func expectWorkedOut(_ layout: CellLayout, photo ratio: Size?, wrapped: Size) throws {
        let widest = wrapped.width
        // One-line labels: heights as measured (on the pixel grid already).
        let header = try #require(layout.frame(of: "header")).height
        let likes = try #require(layout.frame(of: "likes")).height
        // The solver's lengths, then each edge rounded to the pixel grid
        // (scale 3) as the engine rounds frames.
        let avatar = 331 - widest
        let column = 16 + avatar + 12
        let bodyTop = 12 + header + 4
        let photo = ratio.map { min(widest * $0.height / $0.width, 240) } ?? 0
        let photoTop = bodyTop + wrapped.height + 4
        let likesTop = photoTop + (ratio != nil ? photo + 4 : 0)
        func pixels(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
            func grid(_ value: Double) -> Double { (value * 3).rounded() / 3 }
            return Rect(
                x: grid(x), y: grid(y), width: grid(x + width) - grid(x),
                height: grid(y + height) - grid(y))
        }
        #expect(layout.frame(of: "avatar") == pixels(16, 12, avatar, 48))
        #expect(layout.frame(of: "column") == pixels(column, 12, widest, likesTop + likes - 12))
        #expect(layout.frame(of: "body") == pixels(column, bodyTop, widest, wrapped.height))
        if ratio != nil {
            #expect(layout.frame(of: "photo") == pixels(column, photoTop, widest, photo))
        }
        #expect(layout.frame(of: "likes") == pixels(column, likesTop, widest, likes))
        // The cell's height is rounded up to the grid.
        #expect(layout.height == ((likesTop + likes + 12) * 3).rounded(.up) / 3)
    }

    /// The direct path lays the same rows out with the same frames, with
    /// and without a photo (its height follows the width it gets, as the
    /// view's `aspectRatio` at 999 both ways, capped at 240).
    @Test(arguments: [false, true])
    func theDirectPathGivesTheSameFrames(withPhoto: Bool) throws {
        let file = try TemplateFile.load(path: Self.file)
        var direct = try TemplateFileDirectCell(file: file)
        var constraints = try TemplateFileCell(file: file)
        let bodies = [
            "", "Short.",
            "A short body that is long enough to wrap onto a second line in this comment cell here.",
        ]
        // A landscape photo (its height follows the width) and a portrait
        // one (capped at 240).
        let photos = withPhoto ? [#", "photo": [1200, 800]}"#, #", "photo": [800, 1600]}"#] : ["}"]
        let rows = try bodies.flatMap { body in
            try photos.map {
                try TemplateFileStackTreeTests.row(
                    #"{"name": "Ana", "time": "2h", "body": "\#(body)", "likes": "12 likes""# + $0)
            }
        }
        let agreement = try TemplateAgreement.compare(
            &direct, &constraints, items: rows, widths: [200, 320, 375, 414])
        #expect(agreement.comparisons == rows.count * 4)
        #expect(agreement.disagreements == 0, "\(agreement)")
    }
}
