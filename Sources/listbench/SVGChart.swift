// `listbench --plot`: an SVG with two charts, cumulative layout time per path
// over the rows, and the histogram of per-frame layout time in the scroll.

import Foundation
import Trellis

struct SVGChart {
    let report: BenchReport

    private static let colors = [
        "frames": "#1b9e77", "constraints_fresh": "#d95f02", "constraints_template": "#7570b3",
    ]

    func svg() -> String {
        let width = 900.0
        let height = 760.0
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        out += cumulativeChart(x: 70, y: 40, width: 800, height: 300)
        out += histogram(x: 70, y: 430, width: 800, height: 260)
        out += "</svg>\n"
        return out
    }

    private func cumulativeChart(x: Double, y: Double, width: Double, height: Double) -> String {
        let series: [(String, PathFigures)] = [
            ("frames", report.frames), ("constraints_fresh", report.constraintsFresh),
            ("constraints_template", report.constraintsTemplate),
        ]
        let maxRows = Double(max(1, report.configuration.rows))
        let maxMs = max(series.map { $0.1.totalMilliseconds }.max() ?? 1, 1e-6)
        var out = title(
            "Cumulative layout time over \(report.configuration.rows) rows (\(report.configuration.templateName), width \(formatPoints(report.configuration.width)))",
            x: x, y: y - 14)
        out += axes(
            x: x, y: y, width: width, height: height, xLabel: "rows", yLabel: "ms", xMax: maxRows,
            yMax: maxMs)
        for (index, (name, figures)) in series.enumerated() {
            let points = figures.cumulative.map { sample in
                "\(fixed(x + Double(sample.row) / maxRows * width, 1)),\(fixed(y + height - sample.milliseconds / maxMs * height, 1))"
            }
            let color = Self.colors[name] ?? "black"
            out +=
                "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            let legendY = y + 16 + Double(index) * 16
            out +=
                "<rect x=\"\(x + 12)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
            out +=
                "<text x=\"\(x + 28)\" y=\"\(legendY)\">\(name): \(fixed(figures.totalMilliseconds, 2)) ms</text>\n"
        }
        return out
    }

    private func histogram(x: Double, y: Double, width: Double, height: Double) -> String {
        var out = title(
            "Scroll: per-frame layout time (120 Hz, \(report.configuration.layout.rawValue))", x: x,
            y: y - 14)
        let paths = report.scroll.sorted { $0.key < $1.key }
        let all = paths.flatMap { $0.value.frameMicroseconds }
        guard let maxValue = all.max(), maxValue > 0 else {
            return out + "<text x=\"\(x)\" y=\"\(y + 20)\">no scroll frames recorded</text>\n"
        }
        let bins = 40
        let binWidth = maxValue / Double(bins)
        var counts: [[Int]] = []
        for (_, figures) in paths {
            var row = [Int](repeating: 0, count: bins)
            for value in figures.frameMicroseconds {
                row[min(bins - 1, Int(value / binWidth))] += 1
            }
            counts.append(row)
        }
        let maxCount = Double(max(1, counts.flatMap { $0 }.max() ?? 1))
        out += axes(
            x: x, y: y, width: width, height: height, xLabel: "µs per frame", yLabel: "frames",
            xMax: maxValue, yMax: maxCount)
        let barWidth = width / Double(bins) / Double(max(1, paths.count))
        for (pathIndex, (name, _)) in paths.enumerated() {
            let color = Self.colors[name == "frames" ? "frames" : "constraints_template"] ?? "gray"
            for bin in 0..<bins where counts[pathIndex][bin] > 0 {
                let barHeight = Double(counts[pathIndex][bin]) / maxCount * height
                let barX = x + Double(bin) * width / Double(bins) + Double(pathIndex) * barWidth
                out +=
                    "<rect x=\"\(fixed(barX, 1))\" y=\"\(fixed(y + height - barHeight, 1))\" width=\"\(fixed(barWidth, 1))\" height=\"\(fixed(barHeight, 1))\" fill=\"\(color)\"/>\n"
            }
            let legendY = y + 16 + Double(pathIndex) * 16
            out +=
                "<rect x=\"\(x + width - 220)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
            out += "<text x=\"\(x + width - 204)\" y=\"\(legendY)\">\(name)</text>\n"
        }
        return out
    }

    private func title(_ text: String, x: Double, y: Double) -> String {
        "<text x=\"\(x)\" y=\"\(y)\" font-size=\"14\" font-weight=\"bold\">\(escape(text))</text>\n"
    }

    private func axes(
        x: Double, y: Double, width: Double, height: Double, xLabel: String, yLabel: String,
        xMax: Double, yMax: Double
    ) -> String {
        var out =
            "<line x1=\"\(x)\" y1=\"\(y + height)\" x2=\"\(x + width)\" y2=\"\(y + height)\" stroke=\"black\"/>"
        out += "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x)\" y2=\"\(y + height)\" stroke=\"black\"/>\n"
        for tick in 0...4 {
            let fraction = Double(tick) / 4
            let tickX = x + fraction * width
            let tickY = y + height - fraction * height
            out +=
                "<text x=\"\(fixed(tickX, 1))\" y=\"\(y + height + 16)\" text-anchor=\"middle\">\(shortNumber(fraction * xMax))</text>"
            out +=
                "<text x=\"\(x - 6)\" y=\"\(fixed(tickY + 4, 1))\" text-anchor=\"end\">\(shortNumber(fraction * yMax))</text>\n"
        }
        out +=
            "<text x=\"\(x + width / 2)\" y=\"\(y + height + 34)\" text-anchor=\"middle\">\(escape(xLabel))</text>"
        out +=
            "<text x=\"\(x - 50)\" y=\"\(y + height / 2)\" transform=\"rotate(-90 \(x - 50) \(y + height / 2))\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"
        return out
    }

    private func shortNumber(_ value: Double) -> String {
        value >= 100 ? fixed(value, 0) : value >= 1 ? fixed(value, 1) : fixed(value, 3)
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "<", with: "&lt;"
        )
        .replacingOccurrences(of: ">", with: "&gt;")
    }
}
