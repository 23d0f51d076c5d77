// The scale benchmarks of issue 7, built once and added to a fresh solver
// per iteration. A table of boxes, five constraints a box (left after the left
// neighbour, top below the box above, a fixed width, a minimum height, a
// target height at 750): compare the 10,000- and 100,000-constraint tables
// for the scaling (both chains grow about 3x too, and the row of a chain's
// last box holds one term per link, so the ideal ratio is above 10). A
// vertical chain of boxes: rows as long as the chain make it quadratic.
import Trellis
import TrellisConstraints

/// The variables and constraints of a `rows × columns` box table (one
/// column: a vertical chain).
struct BoxTableSystem {
    let constraints: [Constraint]
    let lastTop: Variable

    init(rows: Int, columns: Int) {
        var constraints: [Constraint] = []
        var left: [Variable] = [], top: [Variable] = []
        var width: [Variable] = [], height: [Variable] = []
        constraints.reserveCapacity(5 * rows * columns)
        for r in 0..<rows {
            for c in 0..<columns {
                let box = left.count
                left.append(Variable())
                top.append(Variable())
                width.append(Variable())
                height.append(Variable())
                let x = Expression(left[box]), y = Expression(top[box])
                constraints.append(c == 0 ? x == 0 : x == left[box - 1] + width[box - 1] + 8)
                constraints.append(
                    r == 0 ? y == 0 : y == top[box - columns] + height[box - columns] + 8)
                constraints.append(Expression(width[box]) == 40)
                constraints.append(Expression(height[box]) >= 20)
                constraints.append(
                    (Expression(height[box]) == Double(10 + 5 * (r % 4))).withPriority(.defaultHigh)
                )
            }
        }
        self.constraints = constraints
        self.lastTop = top[top.count - 1]
    }

    /// Adds every constraint to a fresh solver and returns the last box's top.
    func solve() -> Double {
        let solver = Solver()
        for constraint in constraints { _ = try? solver.add(constraint) }
        solver.updateVariables()
        return lastTop.value
    }
}
