// What the inspector tests share: pages of the sample cell and of the
// conflicting fixture, and a headless chromium to open them in.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisInspector
import TrellisSamples
import TrellisTemplateFiles
import TrellisTemplateSource
import TrellisTestSupport

enum Pages {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// AnimalTableViewCell's constraints on the generated rows (seed 1),
    /// its frame code as the second path.
    static func animalCells(rows: Int, widths: [Double]) throws -> [InspectedCell] {
        let style = try AnimalCellStyle.classic(scale: 3, measurer: .shared)
        var constraints = AnimalTableViewCellConstraints(style: style, reusingEngine: false)
        var frames = AnimalTableViewCellFrames(style: style)
        let items = AnimalDataGenerator(seed: 1).items(count: rows)
        var cells: [InspectedCell] = []
        for width in widths {
            for (row, item) in items.enumerated() {
                let other = Result { () throws(CellError) in try frames.layout(item, width: width) }
                cells.append(
                    try CellInspector.inspect(
                        &constraints, item: item, row: row, width: width, other: ("frames", other)))
            }
        }
        return cells
    }

    /// The fixture whose `cover.width == 60 (too-wide)` conflicts with `cover.width == 40`.
    static func conflictingCells(width: Double = 320) throws -> [InspectedCell] {
        let file = try TemplateFile.load(
            path: fixtures.appendingPathComponent("ConflictingCell.json").path)
        var cell = try TemplateFileCell(file: file, scale: 3, reusingEngine: false)
        let rows = try RowFormat<JSONRow>.json.rows(
            fromFile: fixtures.appendingPathComponent("rows.jsonl").path, limit: 10)
        return try rows.enumerated().map { row, item in
            try CellInspector.inspect(&cell, item: item, row: row, width: width)
        }
    }

    /// Writes `page` to a new temporary folder and returns its path.
    static func write(_ page: InspectorPage, name: String) throws -> String {
        let directory = try TestScratch.folder("inspector")
        let path = directory.appendingPathComponent(name).path
        try page.html().write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Debian's `chromium`, headless (Scripts/bootstrap.sh installs it).
enum Chromium {
    static let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]

    /// The browser's path; records an issue saying how to install it when missing.
    static func path() -> String? {
        if let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) {
            return found
        }
        Issue.record(
            "chromium is not installed: these tests open inspector pages in a real browser. Run Scripts/bootstrap.sh (apt-get install chromium)."
        )
        return nil
    }

    struct Run {
        var stdout: String
        var seconds: Double
    }

    /// Runs chromium headless on `url` with `arguments` (`--dump-dom`,
    /// `--screenshot=…`), with a profile of its own so parallel runs do not clash.
    static func run(_ arguments: [String], url: String) throws -> Run? {
        guard let path = path() else { return nil }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-chromium-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(profile.path)", "--force-device-scale-factor=1",
            ] + arguments + [url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        // A page that never finishes loading (one that reloads forever) is
        // stopped after a minute, with what it printed so far.
        let watchdog = DispatchWorkItem {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: data, as: UTF8.self),
            seconds: Date().timeIntervalSince(start))
    }

    /// The DOM after the page's script ran, opened at `fragment`.
    static func dom(_ file: String, fragment: String = "") throws -> String? {
        try run(["--dump-dom"], url: "file://\(file)\(fragment)")?.stdout
    }
}

extension String {
    /// How many times `text` occurs.
    func occurrences(of text: String) -> Int {
        components(separatedBy: text).count - 1
    }
}
