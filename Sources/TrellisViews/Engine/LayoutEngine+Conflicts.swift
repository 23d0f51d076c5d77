// Conflicts: reporting unsatisfiable constraints as UIKit logs them, and
// the violated optional constraints of a solution (for diagnostics).

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    /// Writes the intrinsic sizes held in edit variables into the constants
    /// of their content constraints, which only describe them (a row's
    /// update leaves them, see `updateContent`); done before describing.
    func syncContentConstants() {
        for content in intrinsic.contents where content.width != nil || content.height != nil {
            var offset = 0
            for (edit, value) in [
                (content.width, content.size.width), (content.height, content.size.height),
            ] where value >= 0 {
                if edit != nil {
                    content.constraints[offset]._setConstant(value)
                    content.constraints[offset + 1]._setConstant(value)
                }
                offset += 2
            }
        }
    }

    func report(_ conflict: ConstraintConflict) {
        guard loop.reportsConflictsDirectly || loop.solvingAfresh else {
            // Found while updating the solver in place: the rest of the row's
            // changes may resolve it, so it is judged by building the solver
            // afresh at the next layout (`solveAfreshIfNeeded`).
            loop.sawTransientConflict = true
            return
        }
        let report = self.report(describing: conflict)
        guard !unsatisfiable.contains(report) else { return }
        unsatisfiable.append(report)
        LayoutLog.emit(report, row: root.logRow)
    }

    func report(describing conflict: ConstraintConflict) -> UnsatisfiableConstraints {
        syncContentConstants()
        let describe: (Constraint) -> String = { [store] constraint in
            store.owner(of: constraint)?.description ?? "(unknown constraint)"
        }
        // The solver lists the installed constraints the broken one conflicts
        // with; UIKit's log lists the broken one among them, last.
        let listed = conflict.conflicting + [conflict.broken]
        let places = listed.map { [store] in store.owner(of: $0)?.sourcePlace }
        // Constraints made in code have no places: the report is then the
        // one a view made in code always gave.
        return UnsatisfiableConstraints(
            conflicting: listed.map(describe),
            broken: describe(conflict.broken),
            places: places.contains { $0 != nil } ? places : [])
    }

    /// Tells the conflict handler (`LayoutLog.setConflictHandler`) which
    /// conflicts the row now shown still has: a reused hierarchy finds a
    /// conflict once, when its constraints are installed, and keeps the
    /// broken constraint out for every row after. Once per row (the root's
    /// `logRow`); nothing without a row or a handler, and never a log message.
    @inline(__always)
    func tellConflictsInForce() {
        // The conflicts first, inline: a cell without any (nearly every
        // row) reads nothing else and makes no call (19 instructions a row
        // on the Animal cell as a call, callgrind).
        if !unsatisfiable.isEmpty { tellConflictsInForceNow() }
    }

    /// The body of `tellConflictsInForce` for a hierarchy with conflicts
    /// (the root's `logRow` is read under a dynamic exclusivity check).
    func tellConflictsInForceNow() {
        guard let row = root.logRow, row != conflictsHeardRow else { return }
        conflictsHeardRow = row
        for conflict in solver.brokenConstraints {
            LayoutLog.tellConflictHandler(report(describing: conflict), row: row)
        }
    }
}

extension LayoutEngine {
    /// Every installed constraint with how far the current solution misses
    /// it (0 when it holds), most important first: what tells two solutions
    /// of one hierarchy apart (the better one has the smaller errors at the
    /// highest priority where they differ). For diagnostics and tests.
    func _violations() -> [(constraint: LayoutConstraint, error: Double)] {
        syncContentConstants()
        solver.updateVariables()
        var result: [(constraint: LayoutConstraint, error: Double)] = []
        for constraint in store.installedConstraints {
            guard let (lhs, relation, rhs) = linearForm(constraint) else { continue }
            let difference = value(of: lhs) - value(of: rhs)
            let error: Double
            switch relation {
            case .equal: error = abs(difference)
            case .lessThanOrEqual: error = max(0, difference)
            case .greaterThanOrEqual: error = max(0, -difference)
            }
            result.append((constraint, error))
        }
        // Each description is made once (in the comparison, a sort of n
        // constraints made 2·n·log n of them: most of `trellis inspect`'s
        // time on a stack of 1,000 labels).
        let keys = result.map { ($0.constraint.priority, $0.constraint.description) }
        return result.indices.sorted { keys[$0] > keys[$1] }.map { result[$0] }
    }
}
