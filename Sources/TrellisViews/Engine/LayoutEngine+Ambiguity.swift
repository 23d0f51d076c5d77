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
    func ambiguousAttributes(
        of view: View, solvingFirst: Bool = true, probing: Bool = false,
        face: inout _FaceReading
    ) -> [AmbiguousAttribute] {
        if solvingFirst || needsRebuild || needsLayout || plan.polling || loop.sizeMode != .frame {
            prepare(.frame, size: root._frame.size)
            solve()
            solveAfreshIfDegraded(.frame, size: root._frame.size, updatingAll: true)
            loop.reportsConflictsDirectly = false
            face = .unread
        }
        guard view !== root, let parent = view.superview, view.rootView === root else { return [] }
        let probes: [(AmbiguousAttribute, _Linear)] = [
            (.xPosition, _Linear([(view._minX, 1), (parent._minX, -1)])),
            (.yPosition, _Linear([(view._minY, 1), (parent._minY, -1)])),
            (.width, _Linear([(view._width, 1)])),
            (.height, _Linear([(view._height, 1)])),
        ]
        if face == .unread && !probing {
            face = solver._prepareMovability() ? .read : .unreadable
        }
        var missing: [AmbiguousAttribute] = []
        var probed = false
        for (attribute, expression) in probes {
            if face == .read {
                // A determined expression reads as staying both ways.
                let (up, down) = solver._movability(of: expression.terms)
                if up == .moves || down == .moves {
                    missing.append(attribute)
                    continue
                }
                if up == .stays && down == .stays { continue }
            }
            if !probed {
                // The probes read solved values.
                solver.updateVariables()
                probed = true
            }
            if !isFixed(expression) { missing.append(attribute) }
            // The probe may have left the tableau at another vertex.
            if !probing { face = solver._prepareMovability() ? .read : .unreadable }
        }
        if probed && !missing.isEmpty {
            // Probes may have left open variables elsewhere; start afresh so
            // that asking does not change the next layout.
            hierarchyDidChange()
            face = .unread
        }
        // Otherwise the caller starts afresh once it has asked about every
        // view (`startAfreshAfterAmbiguity`).
        return missing
    }

    /// `ambiguousAttributes(of:solvingFirst:probing:face:)` for one view.
    func ambiguousAttributes(of view: View, solvingFirst: Bool = true, probing: Bool = false)
        -> [AmbiguousAttribute]
    {
        var face = _FaceReading.unread
        let missing = ambiguousAttributes(
            of: view, solvingFirst: solvingFirst, probing: probing, face: &face)
        if !missing.isEmpty { startAfreshAfterAmbiguity() }
        return missing
    }

    /// The next layout after ambiguity was found builds the solver afresh,
    /// as it did when every answer came from probes: an ambiguous layout's
    /// frames are one of several, and the next layout picks the ones a
    /// fresh solver does.
    func startAfreshAfterAmbiguity() {
        hierarchyDidChange()
    }

    func isFixed(_ expression: _Linear) -> Bool {
        if expression.terms.allSatisfy({ solver.isDetermined($0.0) }) { return true }
        let current = value(of: expression)
        for offset in [1.0, -1.0] {
            let probe = _makeSolverConstraint(
                expression, .equal, _Linear(constant: current + offset), priority: 1,
                identifier: "Ambiguity-Probe")
            do {
                store.structuralChanges &+= 2
                ambiguityProbes &+= 1
                plan.invalidate()  // the solver's membership changes
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

/// Whether the solver's optimal face has been read for the ambiguity
/// questions since the tableau last changed (one reading serves every view
/// of a `layoutIssues()` call).
enum _FaceReading: Equatable {
    /// Not read since the last solve or probe.
    case unread
    /// Read (`Solver._prepareMovability`): answers come from the tableau.
    case read
    /// The tableau is not in a state to be read: every question is probed.
    case unreadable
}
