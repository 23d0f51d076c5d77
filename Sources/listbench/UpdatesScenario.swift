// `--scenario updates`: flinging down the list and back while, every 30
// frames, a snapshot changes 1% of the rows (inserted, deleted, moved or
// reloaded, chosen by a seeded generator); the first row on screen that the
// change keeps in order must not move.

import Trellis
import TrellisSupport

struct UpdatesScenario<Item> {
    let items: [Item]
    let width: Double
    let seed: UInt64
    static var everyFrames: Int { 30 }
    static var flingVelocity: Double { 5000.0 }

    func run<T: CellTemplate>(_ template: T) throws -> ScenarioFigures where T.Item == Item {
        var ids = Array(0..<items.count)
        var nextID = items.count
        var driver = try ScenarioDriver(
            template: template, items: items, ids: ids, width: width, anchoring: .top)
        var random = SplitMix64(seed: seed)
        let options = ScrollSimulationOptions()
        let changes = max(1, items.count / 100)

        for direction in [1.0, -1.0] {
            var atEdge = false
            while !atEdge {
                for distance in options.flingDistances(
                    velocity: direction * Self.flingVelocity, until: options.restartSpeed)
                {
                    if driver.figures.frames % Self.everyFrames == 0 {
                        var touched = Set<Int>()
                        var reloads: [Int] = []
                        for _ in 0..<changes where !ids.isEmpty {
                            switch random.next() % 4 {
                            case 0:
                                ids.insert(nextID, at: Int(random.next() % UInt64(ids.count + 1)))
                                touched.insert(nextID)
                                nextID += 1
                            case 1:
                                touched.insert(
                                    ids.remove(at: Int(random.next() % UInt64(ids.count))))
                            case 2:
                                let id = ids.remove(at: Int(random.next() % UInt64(ids.count)))
                                ids.insert(id, at: Int(random.next() % UInt64(ids.count + 1)))
                                touched.insert(id)
                            default:
                                let id = ids[Int(random.next() % UInt64(ids.count))]
                                if touched.insert(id).inserted { reloads.append(id) }
                            }
                        }
                        // A row reloaded, then deleted by a later change of the batch, is gone.
                        let present = Set(ids)
                        try driver.apply(ids, reloading: reloads.filter { present.contains($0) })
                    }
                    if !(try driver.scroll(by: distance)) {
                        atEdge = true
                        break
                    }
                }
            }
        }
        try driver.checkHeights()
        return driver.figures
    }
}
