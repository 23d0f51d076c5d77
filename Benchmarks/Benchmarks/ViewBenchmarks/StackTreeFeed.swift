// A feed cell as a tree of stacks, laid out per row both ways: the direct
// stack path (no solver) and the constraints path (the same tree as views,
// one hierarchy reused, new texts per row). Both give the height and every
// frame; the ratio of the two is the direct path's gain.

import Benchmark
import Trellis

/// The feed cell as a stack tree: 16-point margins, a 40 × 40 avatar, and
/// beside it a column of the name/handle/time row (first baselines), the
/// body, a photo at most 300 high and an equally spaced action bar.
func feedTree(style: TextStyle, small: TextStyle, name: String, body: String) -> StackTree {
    var nameLabel = StackTree.LabelNode(name, style: style)
    nameLabel.horizontalCompressionResistance = 250
    var handle = StackTree.LabelNode("@ada", style: small)
    handle.horizontalHugging = 251
    var time = StackTree.LabelNode("2h", style: small)
    time.horizontalHugging = .required
    let header = StackTree.Stack(
        axis: .horizontal, alignment: .firstBaseline, spacing: 4,
        children: [.label(nameLabel), .label(handle), .label(time)])
    let bar = StackTree.Stack(
        axis: .horizontal, distribution: .equalSpacing,
        children: ["Reply", "Repost", "Like 1,024", "Share"].map { .label(.init($0, style: small)) }
    )
    let column = StackTree.Stack(
        axis: .vertical, spacing: 4,
        children: [
            .stack(header), .label(.init(body, style: style, numberOfLines: 0)),
            .image(.init(aspectRatio: Size(width: 4, height: 3), maxHeight: 300)), .stack(bar),
        ])
    return StackTree(
        root: .init(
            axis: .horizontal, alignment: .top, spacing: 12,
            children: [.fixed(width: 40, height: 40), .stack(column)]),
        pinning: .layoutMargins(EdgeInsets(all: 16)))
}

func stackTreeBenchmarks(style: TextStyle, small: TextStyle) {
    let names = [
        "Ada", "Augusta Ada King, Countess of Lovelace", "Grace Hopper", "Edsger W. Dijkstra",
    ]
    let directCounter = Counter()
    var direct = DirectStackLayout()
    Benchmark("Stack tree feed cell: direct layout per row (height and frames)") { benchmark in
        var total = 0.0
        for _ in benchmark.scaledIterations {
            let row = directCounter.next()
            let tree = feedTree(
                style: style, small: small, name: names[row % names.count],
                body: bodies[row % bodies.count])
            do {
                total += try direct.layout(tree, width: 375).height
            } catch {
                fatalError("The feed tree lays out directly: \(error)")
            }
        }
        blackHole(total)
    }

    let (content, views) = feedTree(style: style, small: small, name: names[0], body: bodies[0])
        .makeViews()
    // Node order: 0 root, 1 avatar, 2 column, 3 header, 4 name, 5 handle, 6 time, 7 body.
    guard let name = views[4] as? Label, let body = views[7] as? Label else {
        fatalError("The feed tree's name and body are labels")
    }
    let constraintsCounter = Counter()
    Benchmark("Stack tree feed cell: constraints per row (reused hierarchy, height and frames)") {
        benchmark in
        var total = 0.0
        for _ in benchmark.scaledIterations {
            let row = constraintsCounter.next()
            name.text = names[row % names.count]
            body.text = bodies[row % bodies.count]
            let layout = StackTree.layOutCell(content, views: views, width: 375, scale: 3)
            total += layout.height + layout.frames[7].height
        }
        blackHole(total)
    }
}
