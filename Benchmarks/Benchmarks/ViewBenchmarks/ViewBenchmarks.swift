// ViewBenchmarks: Auto Layout of a feed-like cell of 15 views: the first
// layout (building the solver), a layout after changing one constant (the
// solver updated in place), and measuring rows of a reused cell the way
// TrellisCells does (new texts, `systemLayoutSizeFitting` at the row's width).
//
//   cd Benchmarks && swift package benchmark --target ViewBenchmarks

import Benchmark
import Trellis
import TrellisSamples

/// A social-feed cell: avatar, name, handle, time, menu button, body text
/// (multi-line), media image, four action buttons with a count, a badge and a
/// separator, all in one content view (15 views with it). The separator
/// keeps to the bottom with `>= 0`, so the cell lays out without conflicts in
/// a 400-point frame and still measures its content height when fitted.
final class FeedCell {
    let contentView = View(frame: Rect(x: 0, y: 0, width: 375, height: 400))
    let avatar = ImageView(image: Image(size: Size(width: 48, height: 48)))
    let name: Label
    let handle: Label
    let time: Label
    let menu: Button
    let body: Label
    let media = ImageView(image: Image(size: Size(width: 300, height: 170)))
    let actions: [Button]
    let likeCount: Label
    let badge = ImageView(image: Image(size: Size(width: 16, height: 16)))
    let separator = View()
    /// The avatar's top inset, the constant the "after one change" benchmark toggles.
    var avatarTop: LayoutConstraint!

    init(style: TextStyle, small: TextStyle) {
        name = Label(text: "Ada Lovelace", style: style)
        handle = Label(text: "@ada", style: small)
        time = Label(text: "2h", style: small)
        menu = Button(title: "…", style: small)
        body = Label(text: "", style: style)
        body.numberOfLines = 0
        actions = ["Reply", "Repost", "Like", "Share"].map { Button(title: $0, style: small) }
        likeCount = Label(text: "1,024", style: small)
        let views: [String: View] = [
            "avatar": avatar, "name": name, "handle": handle, "time": time, "menu": menu,
            "body": body,
            "media": media, "reply": actions[0], "repost": actions[1], "like": actions[2],
            "share": actions[3],
            "count": likeCount, "badge": badge, "separator": separator,
        ]
        for (_, view) in views.sorted(by: { $0.key < $1.key }) {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        contentView.translatesAutoresizingMaskIntoConstraints = false
        do {
            for format in [
                "H:|-16-[avatar(48)]-12-[name]-4-[badge(16)]-4-[handle]-(>=8)-[time]-8-[menu]-16-|",
                "H:[avatar]-12-[body]-16-|", "H:[avatar]-12-[media]-16-|",
                "H:[avatar]-12-[reply]-24-[repost(==reply)]-24-[like(==reply)]-4-[count]-(>=8)-[share(==reply)]-16-|",
                "H:|[separator]|",
                "V:[avatar(48)]",
                "V:[name]-4-[body]-12-[media(170)]-12-[reply]-12-[separator(1)]-(>=0)-|",
                "V:[media]-12-[repost]", "V:[media]-12-[like]", "V:[media]-12-[share]",
            ] {
                LayoutConstraint.activate(
                    try LayoutConstraint.constraints(withVisualFormat: format, views: views))
            }
            LayoutConstraint.activate(
                try LayoutConstraint.constraints(
                    withVisualFormat: "H:[name]-4-[badge]-4-[handle]-(>=8)-[time]-8-[menu]",
                    options: .alignAllCenterY, views: views))
            LayoutConstraint.activate(
                try LayoutConstraint.constraints(
                    withVisualFormat: "H:[like]-4-[count]", options: .alignAllCenterY, views: views)
            )
        } catch {
            fatalError("Feed cell formats are valid: \(error)")
        }
        avatarTop = avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12)
        LayoutConstraint.activate([avatarTop, name.topAnchor.constraint(equalTo: avatar.topAnchor)])
    }
}

let bodies = [
    "Just shipped the new layout engine. Cells size themselves the way UIKit does, on Linux.",
    "Short one.",
    "A longer post that goes on for a while, about constraints, solvers and the joy of watching a table view scroll without a single dropped frame on an old phone.",
    "Two lines, maybe three, depending on how wide the screen is today.",
]

let benchmarks: @Sendable () -> Void = {
    let style: TextStyle
    let small: TextStyle
    do {
        style = TextStyle(fonts: try FontCollection.bundled("Roboto"), size: 17)
        small = TextStyle(fonts: try FontCollection.bundled("Roboto"), size: 15)
    } catch {
        fatalError("Bundled Roboto must load: \(error)")
    }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal], maxDuration: .seconds(3),
        maxIterations: 100_000)

    Benchmark("Feed cell: first layout (15 views, builds the solver)") { benchmark in
        let cells = benchmark.scaledIterations.map { index -> FeedCell in
            let cell = FeedCell(style: style, small: small)
            cell.body.text = bodies[index % bodies.count]
            return cell
        }
        benchmark.startMeasurement()
        for cell in cells {
            cell.contentView.layoutIfNeeded()
        }
        benchmark.stopMeasurement()
        blackHole(cells.last?.body.frame)
    }

    // Cells built and laid out once, outside the measured closures: each run
    // of these measures only the change and the layout that follows.
    let changing = FeedCell(style: style, small: small)
    changing.body.text = bodies[0]
    changing.contentView.layoutIfNeeded()
    let changeCounter = Counter()
    Benchmark("Feed cell: layout after one constant change") { benchmark in
        for _ in benchmark.scaledIterations {
            changing.avatarTop.constant = changeCounter.next() % 2 == 0 ? 13 : 12
            changing.contentView.layoutIfNeeded()
        }
        blackHole(changing.body.frame)
    }

    let reused = FeedCell(style: style, small: small)
    _ = reused.contentView.systemLayoutSizeFitting(Size(width: 375, height: 0))
    let rowCounter = Counter()
    Benchmark("Feed cell: fitting height of a reused cell (new body text per row)") { benchmark in
        var total = 0.0
        for _ in benchmark.scaledIterations {
            reused.body.text = bodies[rowCounter.next() % bodies.count]
            total +=
                reused.contentView.systemLayoutSizeFitting(
                    Size(width: 375, height: 0), withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height
        }
        blackHole(total)
    }

    // Chat rows alternating incoming and outgoing at random (seeded): one
    // reused cell per direction (two reuse identifiers, as on iOS) against
    // one cell flipped by swapping its constraint sets. The difference per
    // row is the cost of a flip; the first is the cost of a cell whose
    // label's width comes from the solve.
    var random = SplitMix64(seed: 0xC4A7)
    let directions = (0..<1024).map { _ in random.next() % 2 == 0 }
    let pair = (
        incoming: ChatBubbleCell(outgoing: false, style: style, small: small),
        outgoing: ChatBubbleCell(outgoing: true, style: style, small: small)
    )
    let chatCounter = Counter()
    Benchmark("Chat bubble: height per row, one reused cell per direction") { benchmark in
        var total = 0.0
        for _ in benchmark.scaledIterations {
            let row = chatCounter.next()
            let cell = directions[row % directions.count] ? pair.outgoing : pair.incoming
            total += cell.height(bodies[row % bodies.count], width: 375)
        }
        blackHole(total)
    }
    // A vertical stack of many labels: the stack's constraints are a chain
    // of equalities (`UISV-spacing`), which the solver must keep near
    // linear. Each run builds the stack and lays it out once. The solver
    // keeps each link as written (a definition, Solver+Definitions.swift)
    // instead of a row of every height above it, so the chain costs O(n)
    // (docs/stack-direct-path.md, "Long stacks in the solver").
    for count in [100, 500, 1000, 2000, 4000] {
        Benchmark(
            "Vertical stack of \(count) labels: build and first layout",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
                maxDuration: .seconds(10),
                maxIterations: 5)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let root = View(frame: Rect(x: 0, y: 0, width: 375, height: 100_000))
                let stack = StackView(
                    arrangedSubviews: (0..<count).map {
                        Label(text: bodies[$0 % bodies.count], style: style)
                    })
                stack.axis = .vertical
                stack.spacing = 4
                stack.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(stack)
                LayoutConstraint.activate([
                    stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                    stack.topAnchor.constraint(equalTo: root.topAnchor),
                ])
                root.layoutIfNeeded()
                blackHole(stack.frame)
            }
        }
    }

    let flipping = ChatBubbleCell(outgoing: false, style: style, small: small)
    let flippingSide = Counter()  // 1 while outgoing
    let flipCounter = Counter()
    Benchmark("Chat bubble: height per row, one cell flipped between directions") { benchmark in
        var total = 0.0
        for _ in benchmark.scaledIterations {
            let row = flipCounter.next()
            let outgoing = directions[row % directions.count]
            if outgoing != (flippingSide.value == 1) {
                flipping.flip(toOutgoing: outgoing)
                flippingSide.value = outgoing ? 1 : 0
            }
            total += flipping.height(bodies[row % bodies.count], width: 375)
        }
        blackHole(total)
    }

    stackTreeBenchmarks(style: style, small: small)  // StackTreeFeed.swift
}

/// A counter shared by the runs of one benchmark, so consecutive runs alternate.
/// `@unchecked`: a benchmark's runs are sequential, never concurrent.
final class Counter: @unchecked Sendable {
    var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
