// Shared helpers for the collection layout tests: a seeded random source,
// the brute-force rect query every index is checked against, and query rects
// of every kind (small, screen-sized, empty, touching, out of bounds).

import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// Every element reached through the per-item and per-header lookups (not the
/// spatial index), in `LayoutAttributes.precedes` order.
func everyElement(
    itemCounts: [Int], header: (Int) -> LayoutAttributes?, item: (IndexPath) -> LayoutAttributes?
) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for (section, count) in itemCounts.enumerated() {
        if let header = header(section) { result.append(header) }
        for index in 0..<count {
            if let attributes = item(IndexPath(item: index, section: section)) {
                result.append(attributes)
            }
        }
    }
    return result
}

/// The brute-force answer: scan every element.
func bruteForce(_ elements: [LayoutAttributes], in rect: Rect) -> [LayoutAttributes] {
    elements.filter { $0.frame.intersects(rect) }
}

/// Query rects over content of `contentSize`: small and screen-sized ones
/// anywhere (and past every edge), thin ones, empty and negative ones, ones
/// whose edges touch element edges exactly, and ones covering everything.
func queryRects(
    count: Int, contentSize: Size, elements: [LayoutAttributes], random: inout SeededGenerator
) -> [Rect] {
    let width = contentSize.width
    let height = contentSize.height
    var rects: [Rect] = [
        Rect(x: 0, y: 0, width: width, height: height),
        Rect(x: -1e6, y: -1e6, width: 3e6 + width, height: 3e6 + height),
        Rect(x: 0, y: -500, width: width, height: 500),  // above the content, touching its top
        Rect(x: 0, y: height, width: width, height: 500),  // below, touching the bottom
        Rect(x: -400, y: 0, width: 400, height: height),  // left of it
        Rect(x: width, y: 0, width: 400, height: height),  // right of it
        Rect(x: 10, y: 10, width: 0, height: 100),  // empty
        Rect(x: 10, y: 10, width: 100, height: 0),  // empty
        Rect(x: 10, y: 10, width: -50, height: 100),  // negative
        Rect(x: .nan, y: 0, width: 100, height: 100),
        Rect(x: 0, y: 0, width: .infinity, height: 100),
    ]
    while rects.count < count {
        let kind = Int.random(in: 0..<6, using: &random)
        let x = Double.random(in: -200...(width + 200), using: &random)
        let y = Double.random(in: -300...(height + 300), using: &random)
        switch kind {
        case 0:  // a screen
            rects.append(Rect(x: 0, y: y, width: width, height: 812))
        case 1:  // a small rect anywhere
            rects.append(
                Rect(
                    x: x, y: y, width: Double.random(in: 0.5...120, using: &random),
                    height: Double.random(in: 0.5...120, using: &random)))
        case 2:  // a thin horizontal line
            rects.append(Rect(x: -10, y: y, width: width + 20, height: 0.25))
        case 3:  // a thin vertical strip a few screens tall
            rects.append(Rect(x: x, y: y, width: 1, height: 2000))
        case 4:  // edges exactly on a random element's edges
            if let element = elements.randomElement(using: &random) {
                let f = element.frame
                rects.append(Rect(x: f.maxX, y: f.minY, width: 50, height: f.height))
                rects.append(Rect(x: f.minX, y: f.maxY, width: f.width, height: 30))
                rects.append(Rect(x: f.minX, y: f.minY - 30, width: f.width, height: 30))
                rects.append(f)
            }
        default:  // a tall band several screens high
            rects.append(Rect(x: x - width, y: y, width: 2 * width, height: 5000))
        }
    }
    return rects
}

/// Random heights in whole and half points, so rows have mixed heights.
func randomHeights(_ count: Int, in range: ClosedRange<Double>, random: inout SeededGenerator)
    -> [Double]
{
    (0..<count).map { _ in (Double.random(in: range, using: &random) * 2).rounded() / 2 }
}

/// A `CellSizing` reading stored heights per section, as a self-sizing
/// source that has measured every cell.
struct StoredHeights: CellSizing {
    var heights: [[Double]]

    func height(at indexPath: IndexPath, width: Double) -> Double {
        heights[indexPath.section][indexPath.item]
    }
}
