// The box trees of `BoxTrees` (TrellisSamples) laid out by Trellis in
// several ways, for Scripts/taffy-benchmark.sh, which runs Taffy on the same
// trees beside it (Scripts/taffy-trees.py):
//
//   StackTreesLoop [SECONDS]      one line per tree and path: "TREE PATH µs"
//   StackTreesLoop --frames       one JSON line per tree, width and path:
//                                 {"tree", "width", "path", "height", "frames"};
//                                 paths `direct`, `constraints` (a new
//                                 hierarchy, the solver), `engine` (a new
//                                 hierarchy by its own calls) and `relayout`
//                                 (one hierarchy laid out at the widths in
//                                 turn, twice round, so each width follows
//                                 another)
//   StackTreesLoop --run TREE PATH COUNT
//                                 COUNT layouts of one tree by one path and
//                                 nothing else, for a profiler (callgrind);
//                                 PATH also `views`: a new hierarchy each
//                                 layout, laid out by the direct path from
//                                 its views (`DirectStackLayout.layOutCell`)
//   StackTreesLoop --add-arranged COUNT
//                                 a vertical stack of COUNT one-line labels
//                                 (Roboto 17) built two ways, each then laid
//                                 out: `addArrangedSubview` one label at a
//                                 time, and `StackView(arrangedSubviews:)`;
//                                 prints the milliseconds of each (median of
//                                 5 runs, alternating)
//
// Paths: `direct` (DirectStackLayout, one kept from layout to layout);
// through the solver (`StackTree.layOutCell`): `relayout` (the constraints
// of one hierarchy laid out again at a new width) and `fresh` (a new
// hierarchy each layout); through the views' own calls
// (`systemLayoutSizeFitting`, the frame, `layoutIfNeeded()`, where the
// engine lays out a hierarchy it reads as a stack tree directly):
// `reengine` (one hierarchy) and `engine` (a new hierarchy each layout).
// Each layout takes the next of the tree's widths (BoxTrees.widths), so
// none is a cache hit. Each path runs for about SECONDS (default 0.3) after
// one warm-up layout; the time printed is the median of 5 such rounds
// divided by their layouts.

import Foundation
import Trellis
import TrellisSamples

func now() -> Double {
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    return Double(clock.tv_sec) + Double(clock.tv_nsec) * 1e-9
}

/// Runs `layout` with the tree's widths in turn for about `seconds`; µs a layout.
func time(_ widths: [Double], seconds: Double, _ layout: (Double) -> Double) -> Double {
    var sink = layout(widths[0])
    var rounds: [Double] = []
    for _ in 0..<5 {
        var count = 0
        let start = now()
        var elapsed = 0.0
        repeat {
            sink += layout(widths[count % widths.count])
            count += 1
            elapsed = now() - start
        } while elapsed < seconds / 5
        rounds.append(elapsed / Double(count) * 1e6)
    }
    if sink.isNaN { print("") }
    return rounds.sorted()[2]
}

func direct(_ tree: StackTree) -> (Double) -> Double {
    var layout = DirectStackLayout()
    return { width in
        do {
            return try layout.layout(tree, width: width).height
        } catch {
            FileHandle.standardError.write(Data("StackTreesLoop: direct path: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// Lays out views made by `makeViews()` as a table sizes a self-sizing cell,
/// by the views' own calls (`systemLayoutSizeFitting`, the frame,
/// `layoutIfNeeded()`): the engine lays a hierarchy it reads as a stack tree
/// out directly, and solves the rest.
func layOutByEngine(_ contentView: View, views: [View], width: Double, scale: Double)
    -> StackTreeLayout
{
    StackTree.layOutCell(contentView, views: views, width: width, scale: scale, bySolver: false)
}

/// Each node's parent's number (-1 for the root stack), in node order.
func parents(_ stack: StackTree.Stack, parent: Int, into list: inout [Int]) {
    list.append(parent)
    let number = list.count - 1
    for child in stack.children {
        if case .stack(let inner) = child.content {
            parents(inner, parent: number, into: &list)
        } else {
            list.append(number)
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--frames"] {
    for name in BoxTrees.names {
        let tree = BoxTrees.tree(name)!
        var parentList: [Int] = []
        parents(tree.root, parent: -1, into: &parentList)
        let parentText = parentList.map(String.init).joined(separator: ",")
        let widths = BoxTrees.widths(name)
        let (contentView, views) = tree.makeViews()
        for (turn, width) in (widths + widths).enumerated() {
            var results: [(String, StackTreeLayout)] = []
            if turn < widths.count {
                var directLayout = DirectStackLayout()
                results.append(("direct", try directLayout.layout(tree, width: width)))
                results.append(("constraints", tree.constraintsLayout(width: width)))
            }
            let (newContent, newViews) = tree.makeViews()
            results.append(
                (
                    "engine",
                    layOutByEngine(newContent, views: newViews, width: width, scale: tree.scale)
                ))
            results.append(
                (
                    "relayout",
                    StackTree.layOutCell(
                        contentView, views: views, width: width, scale: tree.scale)
                ))
            for (path, result) in results {
                let frames = result.frames.map {
                    "[\($0.minX),\($0.minY),\($0.width),\($0.height)]"
                }
                print(
                    "{\"tree\":\"\(name)\",\"width\":\(width),\"path\":\"\(path)\","
                        + "\"height\":\(result.height),\"parents\":[\(parentText)],"
                        + "\"frames\":[\(frames.joined(separator: ","))]}")
            }
        }
    }
    exit(0)
}
if arguments.count == 4, arguments[0] == "--run", let tree = BoxTrees.tree(arguments[1]),
    let count = Int(arguments[3]), count > 0
{
    let widths = BoxTrees.widths(arguments[1])
    let layout: (Double) -> Double
    switch arguments[2] {
    case "direct": layout = direct(tree)
    case "relayout":
        let (contentView, views) = tree.makeViews()
        layout = {
            StackTree.layOutCell(contentView, views: views, width: $0, scale: tree.scale).height
        }
    case "fresh": layout = { tree.constraintsLayout(width: $0).height }
    case "engine":
        layout = { width in
            let (contentView, views) = tree.makeViews()
            return layOutByEngine(contentView, views: views, width: width, scale: tree.scale)
                .height
        }
    case "reengine":
        let (contentView, views) = tree.makeViews()
        layout = {
            layOutByEngine(contentView, views: views, width: $0, scale: tree.scale).height
        }
    case "views":
        // A new hierarchy each layout, laid out by the direct path from
        // its views (`DirectStackLayout.layOutCell(_:width:)`).
        var direct = DirectStackLayout()
        layout = { width in
            let (contentView, _) = tree.makeViews()
            return (try? direct.layOutCell(contentView, width: width)) ?? .nan
        }
    default:
        FileHandle.standardError.write(Data("StackTreesLoop: no path \(arguments[2])\n".utf8))
        exit(64)
    }
    var sink = 0.0
    for i in 0..<count { sink += layout(widths[i % widths.count]) }
    print("\(arguments[1]) \(arguments[2]) \(count) layouts, heights \(sink)")
    exit(0)
}
if arguments.count == 2, arguments[0] == "--add-arranged", let count = Int(arguments[1]), count > 0
{
    let style = TextStyle(fonts: try FontCollection.bundled("Roboto"), size: 17)
    /// Builds and lays out the stack; milliseconds for (adding, layout).
    func build(oneAtATime: Bool) -> (Double, Double) {
        let labels = (0..<count).map {
            Label(text: $0 % 2 == 0 ? "Thing 1" : "Thing 2", style: style)
        }
        let start = now()
        let stack: StackView
        if oneAtATime {
            stack = StackView()
            stack.axis = .vertical
            stack.spacing = 4
            for label in labels { stack.addArrangedSubview(label) }
        } else {
            stack = StackView(arrangedSubviews: labels)
            stack.axis = .vertical
            stack.spacing = 4
        }
        let built = now()
        stack.translatesAutoresizingMaskIntoConstraints = false
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 24 * Double(count)))
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            stack.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        let laidOut = now()
        if labels[count - 1].frame.minY != Double(24 * (count - 1)) {
            FileHandle.standardError.write(
                Data("StackTreesLoop: the last label is misplaced\n".utf8))
            exit(1)
        }
        return ((built - start) * 1e3, (laidOut - start) * 1e3)
    }
    var results: [[(Double, Double)]] = [[], []]
    for _ in 0..<5 {
        results[0].append(build(oneAtATime: true))
        results[1].append(build(oneAtATime: false))
    }
    for (name, runs) in zip(["addArrangedSubview", "init(arrangedSubviews:)"], results) {
        let adding = runs.map(\.0).sorted()[2]
        let total = runs.map(\.1).sorted()[2]
        print(
            String(
                format: "%@ × %d: %.2f ms to arrange, %.2f ms with the layout", name, count, adding,
                total))
    }
    exit(0)
}
guard arguments.count <= 1, let seconds = Double(arguments.first ?? "0.3"), seconds > 0 else {
    FileHandle.standardError.write(
        Data(
            "usage: StackTreesLoop [SECONDS] | --frames | --run TREE PATH COUNT | --add-arranged COUNT\n"
                .utf8))
    exit(64)
}
for name in BoxTrees.names {
    let tree = BoxTrees.tree(name)!
    let widths = BoxTrees.widths(name)
    let (contentView, views) = tree.makeViews()
    let paths: [(String, (Double) -> Double)] = [
        ("direct", direct(tree)),
        (
            "relayout",
            { StackTree.layOutCell(contentView, views: views, width: $0, scale: tree.scale).height }
        ),
        ("fresh", { tree.constraintsLayout(width: $0).height }),
        (
            "reengine",
            {
                layOutByEngine(contentView, views: views, width: $0, scale: tree.scale).height
            }
        ),
        (
            "engine",
            { width in
                let (content, views) = tree.makeViews()
                return layOutByEngine(content, views: views, width: width, scale: tree.scale)
                    .height
            }
        ),
    ]
    for (path, layout) in paths {
        let µs = time(widths, seconds: seconds, layout)
        print("\(name) \(path) \(String(format: "%.2f", µs))")
    }
}
