// Ambiguity: which attributes of a view the required and optional
// constraints leave free (probed on the solver).

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {
    /// The parts of a view's frame (relative to its superview) that the
    /// constraints do not fix. A part is fixed when the solver reports its
    /// variables determined by required constraints, or when a probe at the
    /// lowest priority (1) asking it to move by one point in either direction
    /// leaves it where it is: it cannot move without breaking something that
    /// matters more. This is the question `hasAmbiguousLayout` answers.
    ///
    /// The probes start from a frame solve made here (`solvingFirst`, unless
    /// the caller has just made one): the solver's tableau after a layout
    /// is not always the vertex whose frames were applied (a reused cell's
    /// later passes may leave it at another vertex of a tie), and a probe
    /// from there missed a tie between two compression resistances at 751
    /// (the reuse long run's seed 24885).
    func ambiguousAttributes(of view: View, solvingFirst: Bool = true) -> [AmbiguousAttribute] {
        if solvingFirst || needsRebuild || needsLayout || pollingHeights || sizeMode != .frame {
            prepare(.frame, size: root._frame.size)
            solve()
            solveAfreshIfDegraded(.frame, size: root._frame.size, updatingAll: true)
            reportsConflictsDirectly = false
        } else {
            solver.updateVariables()
        }
        guard view !== root, let parent = view.superview, view.rootView === root else { return [] }
        let probes: [(AmbiguousAttribute, _Linear)] = [
            (.xPosition, _Linear([(view._minX, 1), (parent._minX, -1)])),
            (.yPosition, _Linear([(view._minY, 1), (parent._minY, -1)])),
            (.width, _Linear([(view._width, 1)])),
            (.height, _Linear([(view._height, 1)])),
        ]
        var missing: [AmbiguousAttribute] = []
        for (attribute, expression) in probes where !isFixed(expression) {
            missing.append(attribute)
        }
        if !missing.isEmpty {
            // Probes may have left open variables elsewhere; start afresh so
            // that asking does not change the next layout.
            hierarchyDidChange()
        }
        return missing
    }

    func isFixed(_ expression: _Linear) -> Bool {
        if expression.terms.allSatisfy({ solver.isDetermined($0.0) }) { return true }
        let current = value(of: expression)
        for offset in [1.0, -1.0] {
            let probe = _makeSolverConstraint(
                expression, .equal, _Linear(constant: current + offset), priority: 1,
                identifier: "Ambiguity-Probe")
            do {
                structuralChanges &+= 2
                _ = try solver.add(probe)
                solver.updateVariables()
                let moved = abs(value(of: expression) - current) > 1e-6
                try solver.remove(probe)
                solver.updateVariables()
                if moved { return false }
            } catch {
                return true
            }
        }
        return true
    }

    func value(of expression: _Linear) -> Double {
        expression.terms.reduce(expression.constant) { $0 + $1.0.value * $1.1 }
    }
}
