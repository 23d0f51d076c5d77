// The AnimalTableViewCell system of issue 3 (W and ih enter as edit
// variables) and the rows' inputs, shared by SolverBenchmarks and
// FreshSolverLoop (KiwiComparison/, the loop Scripts/kiwi-benchmark.sh runs
// against Kiwi's C++ in KiwiComparison/kiwi_animal_cell.cpp).
import Trellis
import TrellisConstraints
import TrellisSamples

/// The rows' inputs: a few device widths, and one to four lines of 20.5 pt.
public let rowCount = 10_000
public let rowWidths: [Double] = (0..<rowCount).map { [320.0, 375, 390, 414, 768][$0 % 5] }
public let rowIntrinsicHeights: [Double] = (0..<rowCount).map { 20.5 * Double(1 + ($0 * 7) % 4) }

/// The cell's variables and constraints (W and ih enter as edit variables).
public final class AnimalCellSystem {
    public let width = Variable("W"), height = Variable("H"), intrinsicHeight = Variable("ih")
    public let constraints: [Constraint]

    public init() {
        let coverLeft = Variable("cover.left"), coverTop = Variable("cover.top")
        let coverWidth = Variable("cover.width"), coverHeight = Variable("cover.height")
        let titleLeft = Variable("title.left"), titleTop = Variable("title.top")
        let titleRight = Variable("title.right"), titleHeight = Variable("title.height")
        let subtitleLeft = Variable("subtitle.left"), subtitleTop = Variable("subtitle.top")
        let subtitleRight = Variable("subtitle.right")
        let subtitleHeight = Variable("subtitle.height")
        let coverRight = coverLeft + coverWidth
        constraints = [
            coverLeft == 16, coverTop == 16, coverWidth == 40, coverHeight == 40,
            titleLeft == coverRight + 16, titleTop == 16, titleRight == width - 16,
            titleHeight == 16,
            subtitleLeft == coverRight + 16,
            subtitleTop == titleTop + titleHeight + 16,
            subtitleRight == width - 16,
            Constraint(
                subtitleTop + subtitleHeight, .equal, height - 16, priority: .defaultHigh),
            Constraint(
                Expression(subtitleHeight), .greaterThanOrEqual, Expression(intrinsicHeight),
                priority: .defaultHigh),
            Constraint(
                Expression(subtitleHeight), .lessThanOrEqual, Expression(intrinsicHeight),
                priority: .defaultLow),
            Constraint(Expression(height), .equal, Expression(0), priority: .fittingSizeLevel),
        ]
    }

    /// A solver holding the system, W and ih as edit variables at 999.
    public func makeSolver() -> Solver {
        let solver = Solver()
        for constraint in constraints { _ = try? solver.add(constraint) }
        try? solver.addEditVariable(width, priority: 999)
        try? solver.addEditVariable(intrinsicHeight, priority: 999)
        return solver
    }

    /// Lays out one row and returns H (= 64 + ih).
    public func height(in solver: Solver, width: Double, intrinsicHeight ih: Double) -> Double {
        try? solver.suggestValue(width, for: self.width)
        try? solver.suggestValue(ih, for: intrinsicHeight)
        solver.updateVariables()
        return height.value
    }
}
