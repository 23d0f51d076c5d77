// `--scenario chat`: a chat list opened at its newest message; older pages of
// 20 rows are prepended whenever flinging up nears the top (50 pages), then
// new messages arrive while at the bottom (they are followed) and while
// scrolled up (nothing moves; they are counted below).

import Trellis

struct ChatScenario<Item> {
    let items: [Item]
    let width: Double
    static var pageSize: Int { 20 }
    static var pages: Int { 50 }
    static var appends: Int { 20 }
    static var flingVelocity: Double { 5000.0 }

    func run<T: CellTemplate>(_ template: T) throws -> ScenarioFigures where T.Item == Item {
        // Row identifiers are the rows' order in time: the chat opens with
        // all but the oldest 50 × 20 rows (at least one page), and the
        // oldest come in 50 pages of 20 as the top nears.
        let total = items.count
        let pages = min(Self.pages, max(0, (total - Self.pageSize) / Self.pageSize))
        var oldest = pages * Self.pageSize
        var ids = Array(oldest..<total)
        var driver = try ScenarioDriver(
            template: template, items: items, ids: ids, width: width, anchoring: .bottom)
        let options = ScrollSimulationOptions()
        let viewport = driver.list.table.viewportHeight

        // Fling up; prepend a page whenever the viewport is within two
        // screens of the top, until every page is in and the top is reached.
        var prepended = 0
        while prepended < pages || driver.list.table.contentOffset > 0 {
            for distance in options.flingDistances(
                velocity: -Self.flingVelocity, until: options.restartSpeed)
            {
                if prepended < pages && driver.list.table.contentOffset < 2 * viewport {
                    oldest -= Self.pageSize
                    ids.insert(contentsOf: oldest..<(oldest + Self.pageSize), at: 0)
                    try driver.apply(ids)
                    prepended += 1
                }
                if !(try driver.scroll(by: distance)) { break }
            }
        }

        // Back to the end in one jump, then new messages while there: each
        // must end at the viewport's bottom (its distance from it is drift).
        try driver.frame(checksDrift: false) { list in
            try list.scroll(toOffset: list.table.maximumContentOffset)
        }
        var next = total
        for _ in 0..<Self.appends {
            ids.append(next)
            try driver.apply(ids, checksDrift: false)
            let table = driver.list.table
            driver.figures.maxAnchorDrift = max(
                driver.figures.maxAnchorDrift, table.maximumContentOffset - table.contentOffset)
            next += 1
            for _ in 0..<10 { try driver.scroll(by: 0) }
        }

        // Two screens up, then new messages: nothing on screen moves.
        try driver.scroll(by: -2 * viewport)
        for _ in 0..<Self.appends {
            ids.append(next)
            try driver.apply(ids)
            next += 1
            for _ in 0..<10 { try driver.scroll(by: 0) }
        }
        driver.figures.newRowsBelow = driver.list.table.newRowsBelow
        try driver.checkHeights()
        return driver.figures
    }
}
