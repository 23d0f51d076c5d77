// Helpers shared by the solver tests.

@testable import TrellisConstraints

/// Expects the solver's internal invariants to hold.
func invariantViolations(_ solver: Solver) -> [String] {
    solver._invariantViolations()
}

/// The AnimalTableViewCell system of issue 3: a 40×40 cover at (16, 16), a
/// title and a subtitle to its right, 16 pt margins, the subtitle's intrinsic
/// height `ih` held by compression resistance (750) and hugging (250), and
/// the cell's height `H` pulled to 0 at the fitting level (50).
struct AnimalCell {
    let width = Variable("W"), height = Variable("H")
    let intrinsicHeight = Variable("ih")
    let coverLeft = Variable("cover.left"), coverTop = Variable("cover.top")
    let coverWidth = Variable("cover.width"), coverHeight = Variable("cover.height")
    let titleLeft = Variable("title.left"), titleTop = Variable("title.top")
    let titleRight = Variable("title.right"), titleHeight = Variable("title.height")
    let subtitleLeft = Variable("subtitle.left"), subtitleTop = Variable("subtitle.top")
    let subtitleRight = Variable("subtitle.right"), subtitleHeight = Variable("subtitle.height")

    /// The constraints; `W` and `ih` enter only through edit variables.
    var constraints: [Constraint] {
        let coverRight = coverLeft + coverWidth
        return [
            coverLeft == 16, coverTop == 16, coverWidth == 40, coverHeight == 40,
            titleLeft == coverRight + 16, titleTop == 16, titleRight == width - 16,
            titleHeight == 16,
            subtitleLeft == coverRight + 16,
            subtitleTop == titleTop + titleHeight + 16,
            subtitleRight == width - 16,
            (subtitleTop + subtitleHeight == height - 16).withPriority(.defaultHigh),
            (subtitleHeight >= Expression(intrinsicHeight)).withPriority(.defaultHigh),
            (subtitleHeight <= Expression(intrinsicHeight)).withPriority(.defaultLow),
            (height == 0).withPriority(.fittingSizeLevel),
        ]
    }

    /// A solver holding the system with `W` and `ih` as required-strength
    /// edit variables (999, the highest optional priority).
    func makeSolver() throws -> Solver {
        let solver = Solver()
        for constraint in constraints { try solver.add(constraint) }
        try solver.addEditVariable(width, priority: 999)
        try solver.addEditVariable(intrinsicHeight, priority: 999)
        return solver
    }
}
