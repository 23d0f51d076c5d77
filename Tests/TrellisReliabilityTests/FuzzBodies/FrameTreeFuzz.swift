// Fuzz body for the golden-file reader (`FrameTree(parsing:)`, what
// `trellis snapshot --check` and the `.frames` diff read): any text reads to
// a tree that prints and reads back to itself, or throws an error whose line
// and column lie inside the text.

import TrellisGeometry
import TrellisSnapshots

enum FrameTreeFuzz {
    static let tokens = _utf8([
        "cell", "cover", "title", "row [0, 5]", "Label[2]", "a (b)", " ", "  ", "    ", "\t", "\n",
        "\r\n",
        "(", ")", ",", ", ", " (", "0", "16", "-3", "20.333", "1e400", "-0", "nan", "inf", "1e-320",
        ".5",
        "(0, 0, 375, 84.667)", "(16, 16, 40, 40)", "é", "🦊", "\u{0}",
    ])

    static let seeds = [
        "cell (0, 0, 375, 84.667)\n  cover (16, 16, 40, 40)\n  title (72, 16, 287, 20.333)\n",
        "list (0, 23599, 375, 812)\n  row [0, 500] (0, 23599, 375, 84.667)\n    cover (16, 16, 40, 40)\n",
        // Numbers too large to have thousandths (they printed rounded, off
        // by their last bit, and 1e306 as "inf").
        "list (0, 8888888888888888888888888888888888888888"
            + "888888888888888888888888888888888888888823599, 375, 812)\n"
            + "  row [0, 500] (0, 1e306, 375, 84.667)\n",
    ]

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let text =
            input.byte() & 1 == 0
            ? String(decoding: bytes.dropFirst(), as: UTF8.self)
            : input.text(tokens: tokens, maximumLength: 4096)
        let tree: FrameTree
        do {
            tree = try FrameTree(parsing: text, file: "fuzz.frames.txt")
        } catch {
            // Every frame-tree error has a place (a line, or 1:1 for a text without frames).
            guard let position = error.position else {
                throw FuzzViolation(
                    target: "frames", message: "error without a position: \(error)", input: text)
            }
            try _checkPosition(position, in: text, target: "frames", message: error.message)
            return .rejected
        }
        var nodes = [tree]
        while let node = nodes.popLast() {
            let frame = node.frame
            try _require(
                [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite)
                    && frame.width >= 0 && frame.height >= 0 && !node.name.isEmpty,
                "frames", "node \(node.name) \(frame) accepted", input: text)
            nodes += node.children
        }
        // What it prints reads back to the same text, and to no difference.
        let printed = tree.description
        do {
            let again = try FrameTree(parsing: printed, file: "printed")
            try _require(
                again.description == printed, "frames", "printing is not stable:\n\(printed)",
                input: text)
            try _require(
                again.differences(from: tree).isEmpty, "frames",
                "a re-read tree differs from itself", input: text)
        } catch let error as FrameTreeSyntaxError {
            throw FuzzViolation(
                target: "frames", message: "its own output is refused: \(error)", input: text)
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation(target: "frames", message: "\(error)", input: text)
        }
        return .accepted
    }
}
