import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

/// A hierarchy measured again and again at one target with only label texts
/// changing takes the engine's refit path (solver handles, deferred labels
/// not told of new texts, the width check skipped while no constant
/// changed). Every answer must be the one a new hierarchy gives.
@Suite struct RefitTests {
    static let texts = [
        "Short.", "A subtitle long enough to wrap onto a second line at this width, and on.",
        "",
        "Three lines at least: the quick brown fox jumps over the lazy dog, again and again, and then once more.",
        "שלום עולם, a mixed line", "One",
    ]

    /// A cell: a one-line title pinned left, right and to a fixed height, and a
    /// multi-line subtitle below it whose bottom sets the height at 750.
    final class Cell {
        let content = View()
        let title: Label
        let subtitle: Label
        let subtitleRight: LayoutConstraint
        let titleHeight: LayoutConstraint

        init(_ makeSubtitle: (TextStyle) -> Label = { Label(style: $0) }) throws {
            let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
            title = Label(style: style)
            subtitle = makeSubtitle(style)
            subtitle.numberOfLines = 0
            for view in [title, subtitle] {
                view.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(view)
            }
            subtitleRight = subtitle.rightAnchor.constraint(
                equalTo: content.rightAnchor, constant: -16)
            titleHeight = title.heightAnchor.constraint(equalToConstant: 16)
            let bottom = subtitle.bottomAnchor.constraint(
                equalTo: content.bottomAnchor, constant: -16)
            bottom.priority = .defaultHigh
            LayoutConstraint.activate([
                title.leftAnchor.constraint(equalTo: content.leftAnchor, constant: 16),
                title.rightAnchor.constraint(equalTo: content.rightAnchor, constant: -16),
                title.topAnchor.constraint(equalTo: content.topAnchor, constant: 16), titleHeight,
                subtitle.leftAnchor.constraint(equalTo: content.leftAnchor, constant: 16),
                subtitleRight,
                subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8), bottom,
            ])
        }

        func height(width: Double = 300) -> Double { fittingHeight(of: content, width: width) }

        func show(_ title: String, _ subtitle: String) {
            self.title.text = title
            self.subtitle.text = subtitle
        }
    }

    /// The height a new cell gives (no refit: its first measurement).
    func freshHeight(
        _ title: String, _ subtitle: String, width: Double = 300, right: Double = -16,
        titleHeight: Double = 16
    ) throws -> Double {
        let cell = try Cell()
        cell.subtitleRight.constant = right
        cell.titleHeight.constant = titleHeight
        cell.show(title, subtitle)
        return cell.height(width: width)
    }

    @Test func reusedCellAgreesWithNewCellsRowAfterRow() throws {
        let cell = try Cell()
        for round in 0..<3 {
            for (k, text) in Self.texts.enumerated() {
                let title = "Title \(k) \(round)"
                cell.show(title, text)
                #expect(
                    close(cell.height(), try freshHeight(title, text)), "row \(k), round \(round)")
            }
        }
    }

    @Test func constantChangeBetweenRowsMovesTheWidthTheSubtitleWrapsAt() throws {
        let cell = try Cell()
        for text in Self.texts { cell.show("T", text); _ = cell.height() }
        // Same target, same texts' kind: only a required constant changes,
        // which moves the subtitle's fixed width.
        cell.subtitleRight.constant = -120
        let long = Self.texts[3]
        cell.show("T", long)
        let narrow = cell.height()
        #expect(close(narrow, try freshHeight("T", long, right: -120)))
        #expect(narrow > (try freshHeight("T", long)))
        cell.show("T", Self.texts[1])
        #expect(close(cell.height(), try freshHeight("T", Self.texts[1], right: -120)))
    }

    @Test func subtitleMeasuredAloneInBetweenIsMeasuredAgainAtItsCellWidth() throws {
        let cell = try Cell()
        for text in Self.texts { cell.show("T", text); _ = cell.height() }
        // Measuring the subtitle alone gives it another engine and another width.
        cell.subtitle.text = Self.texts[3]
        _ = cell.subtitle.systemLayoutSizeFitting(
            Size(width: 90, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        cell.subtitle.text = Self.texts[1]
        #expect(close(cell.height(), try freshHeight("T", Self.texts[1])))
    }

    @Test func titleDeferredWhileFixedCountsOnceItsHeightIsFree() throws {
        let cell = try Cell()
        for k in 0..<4 { cell.show("Title \(k)", Self.texts[1]); _ = cell.height() }
        // The title's size is fixed, so its text changes were not even passed
        // on; freeing its height must bring in the text it shows now.
        cell.title.numberOfLines = 0
        cell.title.text = Self.texts[3]
        cell.titleHeight.isActive = false
        let height = cell.height()
        let fresh = try Cell()
        fresh.titleHeight.isActive = false
        fresh.title.numberOfLines = 0
        fresh.show(Self.texts[3], Self.texts[1])
        #expect(close(height, fresh.height()))
        #expect(height > (try freshHeight("T", Self.texts[1])) + 20)
    }

    @Test func titleFreedByAConstraintChangeFollowsItsLaterTexts() throws {
        let cell = try Cell()
        for k in 0..<4 { cell.show("Title \(k)", Self.texts[0]); _ = cell.height() }
        cell.titleHeight.isActive = false  // the title's height now comes from its text
        cell.show("Title", Self.texts[0])
        let withTitle = cell.height()
        cell.title.text = ""  // an empty label is 0 × 0
        let withoutTitle = cell.height()
        let fresh = try Cell()
        fresh.titleHeight.isActive = false
        fresh.show("", Self.texts[0])
        #expect(close(withoutTitle, fresh.height()))
        #expect(withoutTitle < withTitle - 10)
    }

    /// A subclass overriding `intrinsicContentSize` never takes the refit's
    /// shortcut for `Label` itself.
    final class PaddedLabel: Label {
        override var intrinsicContentSize: Size {
            let size = super.intrinsicContentSize
            return Size(width: size.width + 10, height: size.height + 10)
        }
    }

    @Test func labelSubclassKeepsItsOverride() throws {
        let cell = try Cell { PaddedLabel(style: $0) }
        var heights: [Double] = []
        for text in Self.texts {
            cell.show("T", text)
            heights.append(cell.height())
        }
        for (text, height) in zip(Self.texts, heights) {
            let fresh = try Cell { PaddedLabel(style: $0) }
            fresh.show("T", text)
            #expect(close(height, fresh.height()))
            let plain = try freshHeight("T", text)
            #expect(close(height, plain + 10))
        }
    }

    @Test func widthChangeAndBackAgree() throws {
        let cell = try Cell()
        for width in [300.0, 300, 180, 180, 300, 420, 300] {
            for text in Self.texts.prefix(4) {
                cell.show("T", text)
                #expect(close(cell.height(width: width), try freshHeight("T", text, width: width)))
            }
        }
    }

    // The subtitle is polled while its cell is refitted (it does not tell
    // the engine of new texts): every other way of reading the layout must
    // still see what it shows now.

    /// The subtitle's frame after laying out at the height the cell fits.
    /// A reused cell remembers the size each subtitle height gave and tells
    /// the solver a height it has seen only when something reads the solver:
    /// answers, frames and later changes must not see the difference.
    @Test func rememberedSizesAgreeAndPendingHeightsReachTheSolver() throws {
        let cell = try Cell()
        let short = Self.texts[0]
        let long = Self.texts[3]
        for round in 0..<4 {
            for text in [short, long, long, short] {
                cell.show("T", text)
                #expect(close(cell.height(), try freshHeight("T", text)), "\(round) \(text)")
            }
        }
        let engine = try #require(cell.content._membership.engine)
        #expect(engine.pollingHeights)
        // The last height came from memory; reading the solver suggests it.
        cell.show("T", long)
        let height = cell.height()
        let subtitleHeight = cell.subtitle.intrinsicContentSize.height
        engine.solver.updateVariables()
        #expect(close(cell.subtitle._height.value, subtitleHeight))
        // Frames after a remembered size are a new cell's.
        let fresh = try Cell()
        fresh.show("T", long)
        #expect(close(height, fresh.height()))
        #expect(laidOutSubtitle(cell) == laidOutSubtitle(fresh))
        // A constant change that moves no width: remembered sizes are dropped.
        cell.titleHeight.constant = 40
        for text in [short, long, short] {
            cell.show("T", text)
            #expect(close(cell.height(), try freshHeight("T", text, titleHeight: 40)), "\(text)")
        }
    }

    func laidOutSubtitle(_ cell: Cell, width: Double = 300) -> Rect {
        cell.content.frame = Rect(x: 0, y: 0, width: width, height: cell.height(width: width))
        cell.content.layoutIfNeeded()
        return cell.subtitle.frame
    }

    @Test func polledSubtitleTextReachesLayoutIfNeeded() throws {
        let cell = try Cell()
        for text in Self.texts { cell.show("T", text); _ = cell.height() }
        for text in Self.texts.reversed() {
            _ = cell.height()
            #expect(cell.content._membership.engine?.pollingHeights == true)
            cell.show("T", text)
            let fresh = try Cell()
            fresh.show("T", text)
            // Laid out at a fixed frame, without measuring first.
            cell.content.frame = Rect(x: 0, y: 0, width: 300, height: 400)
            fresh.content.frame = cell.content.frame
            cell.content.layoutIfNeeded()
            fresh.content.layoutIfNeeded()
            #expect(cell.subtitle.frame == fresh.subtitle.frame, "\(text)")
            // Then measured and laid out at the fitting height.
            #expect(laidOutSubtitle(cell) == laidOutSubtitle(fresh), "\(text)")
            #expect(cell.subtitle.frame.height > 0 || text.isEmpty)
        }
    }

    @Test func polledSubtitleStyleAndScaleChangesCount() throws {
        let cell = try Cell()
        for text in Self.texts { cell.show("T", text); _ = cell.height() }
        let large = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 30)
        cell.show("T", Self.texts[1])
        let before = cell.height()
        #expect(cell.content._membership.engine?.pollingHeights == true)
        cell.subtitle.style = large
        let after = cell.height()
        let fresh = try Cell()
        fresh.subtitle.style = large
        fresh.show("T", Self.texts[1])
        #expect(close(after, fresh.height()))
        #expect(after > before + 10)
        // A new pixel grid: the subtitle's height is rounded up to it.
        cell.show("T", Self.texts[3])
        _ = cell.height()
        cell.subtitle.contentScaleFactor = 1
        fresh.subtitle.contentScaleFactor = 1
        fresh.show("T", Self.texts[3])
        let scaled = cell.height()
        #expect(close(scaled, fresh.height()))
        #expect(scaled == scaled.rounded(.up), "\(scaled) is on the 1× grid")
    }

    @Test func polledSubtitleMovedToAnotherHierarchyIsToldAgain() throws {
        let cell = try Cell()
        for text in Self.texts { cell.show("T", text); _ = cell.height() }
        let subtitle = cell.subtitle
        #expect(cell.content._membership.engine?.pollingHeights == true)
        subtitle.removeFromSuperview()
        let other = View()
        subtitle.translatesAutoresizingMaskIntoConstraints = false
        other.addSubview(subtitle)
        pinEdges(subtitle, to: other)
        var heights: [Double] = []
        for text in Self.texts.prefix(4) {
            subtitle.text = text
            heights.append(fittingHeight(of: other, width: 200))
            // The cell it left no longer holds it.
            #expect(close(cell.height(), try freshHeightWithoutSubtitle()))
        }
        for (text, height) in zip(Self.texts.prefix(4), heights) {
            let alone = Label(text: text, style: subtitle.style)
            alone.numberOfLines = 0
            #expect(
                height == alone.sizeThatFits(Size(width: 200, height: .infinity)).height, "\(text)")
        }
    }

    func freshHeightWithoutSubtitle() throws -> Double {
        let cell = try Cell()
        cell.subtitle.removeFromSuperview()
        return cell.height()
    }
}
