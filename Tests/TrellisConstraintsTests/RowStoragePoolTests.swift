// A solver's rows take their term arrays from a pool that freed solvers
// fill (Solver+RowStorage.swift): a row on a kept array must hold what a
// row on a new one holds, so a system solves to the same bits either way.

import Testing

@testable import TrellisConstraints

@Suite struct RowStoragePoolTests {
    /// A stack-like system of `count` boxes (tops chained 8 apart, heights
    /// 20 to 22, leading edges equal to the first's, widths at most the
    /// container's and wanting 280 to 286 at 750), the container's width
    /// an edit at 500 suggested `width`. Past 128 rows it keeps columns and
    /// definitions; its first rows have room for 32 terms, the later ones
    /// for 8 (both classes of the pool). Returns every variable's value
    /// and whether the tableau's invariants hold.
    static func layOut(count: Int, width: Double, pool: _RowStoragePool) throws -> (
        values: [Double], consistent: Bool
    ) {
        let solver = Solver()
        solver._rowStoragePool = pool
        let top = (0..<count).map { Variable("top\($0)") }
        let height = (0..<count).map { Variable("height\($0)") }
        let left = (0..<count).map { Variable("left\($0)") }
        let boxWidth = (0..<count).map { Variable("width\($0)") }
        let container = Variable("container")
        try solver.add(top[0] == 0)
        try solver.add(left[0] == 16)
        for i in 0..<count {
            try solver.add(height[i] == Double(20 + i % 3))
            if i > 0 {
                try solver.add(top[i] == top[i - 1] + height[i - 1] + 8)
                try solver.add(left[i] == Expression(left[0]))
            }
            try solver.add(left[i] + boxWidth[i] <= Expression(container))
            try solver.add(
                Constraint(
                    Expression(boxWidth[i]), .equal, Expression(Double(280 + i % 7)),
                    priority: .defaultHigh))
        }
        try solver.addEditVariable(container, priority: Priority(rawValue: 500))
        try solver.suggestValue(width, for: container)
        solver.updateVariables()
        let values = (top + height + left + boxWidth + [container]).map(\.value)
        return (values, invariantViolations(solver).isEmpty)
    }

    @Test func rowsOnKeptArraysSolveAsOnNewOnes() throws {
        let reference = try Self.layOut(count: 300, width: 320, pool: _RowStoragePool())
        #expect(reference.consistent)
        // Another system's rows, given back as its solver is freed.
        let pool = _RowStoragePool()
        _ = try Self.layOut(count: 400, width: 375, pool: pool)
        let kept = pool.count
        #expect(kept.small > 0 && kept.large > 0)
        let reused = try Self.layOut(count: 300, width: 320, pool: pool)
        #expect(reused.consistent)
        #expect(reused.values.map(\.bitPattern) == reference.values.map(\.bitPattern))
    }

    @Test func poolKeepsShortEmptyArraysUpToItsLimits() {
        let pool = _RowStoragePool()
        let term = _Term(symbol: 0, coefficient: 1)
        func arrays(_ n: Int, capacity: Int) -> [_Row] {
            (0..<n).map { _ in
                var row = _Row()
                row.terms.reserveCapacity(capacity)
                return row
            }
        }
        var small = arrays(_RowStoragePool.smallLimit + 5, capacity: 8)
        var large = arrays(3, capacity: 32)
        pool.give(small: &small, large: &large)
        #expect(small.isEmpty && large.isEmpty)
        #expect(pool.count.small == _RowStoragePool.smallLimit && pool.count.large == 3)
        var spare: [_Row] = []
        #expect(pool.take(large: true, 2, into: &spare))
        #expect(spare.count == 2 && pool.count.large == 1)
        #expect(spare.allSatisfy { $0.terms.isEmpty && $0.terms.capacity >= 32 })
        spare.removeAll()
        #expect(pool.take(large: true, 5, into: &spare))
        #expect(spare.count == 1 && pool.count.large == 0)
        #expect(!pool.take(large: true, 5, into: &spare))
        // A solver gives back its rows emptied, and frees the long ones.
        do {
            let solver = Solver()
            solver._rowStoragePool = pool
            solver._rows.append(_Row())
            solver._rows[0].terms = Array(repeating: term, count: 100)
            solver._rows.append(_Row())
            solver._rows[1].terms = [term, term]
            solver._rows[1].terms.reserveCapacity(40)
        }
        #expect(pool.count.small == _RowStoragePool.smallLimit && pool.count.large == 1)
        spare.removeAll()
        #expect(pool.take(large: true, 1, into: &spare))
        #expect(spare.count == 1 && spare[0].terms.isEmpty && spare[0].terms.capacity >= 40)
    }
}
