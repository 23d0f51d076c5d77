// Reads the text form of a frame tree back (golden files of
// `trellis snapshot`, old snapshots to compare): errors name the file, line
// and column.

import TrellisData
import TrellisGeometry

/// Why a frame tree's text could not be read, and where
/// (`file:line:column: message`).
public typealias FrameTreeSyntaxError = SourceError

extension FrameTree {
    /// Reads what `description` writes: one node a line, `name (x, y, width,
    /// height)`, two spaces of indentation per level below the single root.
    /// Empty lines are ignored.
    ///
    /// - Parameters:
    ///   - text: the frame tree as `description` writes it.
    ///   - file: names the text in errors (a path, "old snapshot").
    /// - Throws: `FrameTreeSyntaxError` at the first line that is not a
    ///   node, is indented by an odd number of spaces or more than one level
    ///   below the line before it, has a number that is not finite or a
    ///   negative size, or is a second root; and for a text without nodes.
    /// - Complexity: O(length of the text).
    public init(parsing text: String, file: String = "frame tree") throws(FrameTreeSyntaxError) {
        var stack: [FrameTree] = []  // the open path from the root
        var root: FrameTree?
        func close(to depth: Int) {
            while stack.count > depth {
                let node = stack.removeLast()
                if stack.isEmpty {
                    root = node
                } else {
                    stack[stack.count - 1].children.append(node)
                }
            }
        }
        // Lines end at a line feed, as `SourcePosition` counts them: "\r\n" is
        // one Character, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            var line = Substring(rawLine)
            if line.last == "\r" { line.removeLast() }
            if line.allSatisfy({ $0 == " " }) { continue }
            func failure(_ column: Int, _ message: String) -> FrameTreeSyntaxError {
                FrameTreeSyntaxError(
                    file: file, position: SourcePosition(line: lineNumber, column: column),
                    message: message)
            }
            let spaces = line.prefix { $0 == " " }.count
            guard !line.dropFirst(spaces).hasPrefix("\t") else {
                throw failure(spaces + 1, "tabs are not indentation; use two spaces per level")
            }
            guard spaces % 2 == 0 else {
                throw failure(1, "indented by \(spaces) spaces; use two per level")
            }
            let depth = spaces / 2
            guard depth <= stack.count else {
                throw failure(1, "indented \(depth) levels, more than one below the line before")
            }
            if depth == 0 && (root != nil || !stack.isEmpty) {
                throw failure(1, "a second root; a frame tree has one node at the left margin")
            }
            let content = line.dropFirst(spaces)
            guard content.hasSuffix(")"), let open = content.lastFrameOpening else {
                throw failure(spaces + 1, "expected 'name (x, y, width, height)'")
            }
            let name = String(content[..<open])
            guard !name.isEmpty else {
                throw failure(spaces + 1, "a node needs a name before its frame")
            }
            let fields = content[
                content.index(open, offsetBy: 2)..<content.index(before: content.endIndex)
            ]
            .split(separator: ",", omittingEmptySubsequences: false)
            // At the "(": columns count Unicode scalars, as every position does.
            let frameColumn = spaces + name.unicodeScalars.count + 2
            guard fields.count == 4 else {
                throw failure(
                    frameColumn,
                    "a frame has 4 numbers (x, y, width, height), found \(fields.count)")
            }
            var numbers: [Double] = []
            for (position, field) in fields.enumerated() {
                let trimmed = field.trimmingCharacters(in: " ")
                guard let value = Double(trimmed), value.isFinite else {
                    throw failure(
                        frameColumn,
                        "'\(trimmed)' is not a finite number (\(["x", "y", "width", "height"][position]))"
                    )
                }
                numbers.append(value)
            }
            guard numbers[2] >= 0, numbers[3] >= 0 else {
                throw failure(frameColumn, "width and height must not be negative")
            }
            close(to: depth)
            stack.append(
                FrameTree(
                    name: name,
                    frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                ))
        }
        close(to: 0)
        guard let root else {
            throw FrameTreeSyntaxError(
                file: file, position: .start, message: "no frames in the text")
        }
        self = root
    }
}

extension Substring {
    /// Where the last " (" starts: names may hold " (", frames never do.
    fileprivate var lastFrameOpening: Index? {
        var index = endIndex
        while index > startIndex {
            index = self.index(before: index)
            if self[index] == "(" && index > startIndex && self[self.index(before: index)] == " " {
                return self.index(before: index)
            }
        }
        return nil
    }

    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var result = self
        while result.first == character { result.removeFirst() }
        while result.last == character { result.removeLast() }
        return result
    }
}
