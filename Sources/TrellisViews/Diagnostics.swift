// What the layout can tell about itself: unsatisfiable constraints (logged as
// UIKit logs them), ambiguity, misplaced views, compressed labels and views
// that stick out of their superview.

import TrellisGeometry

/// A set of required constraints that cannot all hold, and the one the engine
/// left out to recover, as in UIKit's "Unable to simultaneously satisfy constraints" log.
public struct UnsatisfiableConstraints: Hashable, Sendable, CustomStringConvertible {
    /// Descriptions of the constraints that conflict (including the broken one).
    public var conflicting: [String]
    /// Description of the constraint left out.
    public var broken: String
    /// Where each of `conflicting` was written (`LayoutConstraint.sourcePlace`),
    /// nil for constraints made in code or by the engine; empty when none is known.
    public var places: [String?] = []

    public init(conflicting: [String], broken: String, places: [String?] = []) {
        self.conflicting = conflicting
        self.broken = broken
        self.places = places
    }

    /// What tells this conflict from another, the same for every row that
    /// has it: the constraints written in a file, by their places (the
    /// engine's own, such as the fitting size's, left out: a fitting solve
    /// and a frame solve meet one conflict); without places, every
    /// constraint by its description with its numbers left out (an
    /// intrinsic size's constant changes with the row's text).
    public var key: String {
        let written = places.compactMap { $0 }
        if !written.isEmpty { return written.joined(separator: "\n") }
        return conflicting.map { description in
            String(description.map { $0.isNumber || $0 == "." ? "#" : $0 })
        }.joined(separator: "\n")
    }

    private func quoted(_ index: Int) -> String {
        let place = index < places.count ? places[index].map { " (\($0))" } ?? "" : ""
        return "    \"\(conflicting[index])\"\(place)"
    }

    /// The log, in UIKit's shape.
    public var description: String {
        var text = """
            Unable to simultaneously satisfy constraints.
                At least one of the constraints below is probably not wanted. Look at each one for \
            the one you do not expect and remove it where it is made. Constraints marked \
            Autoresizing come from a frame: set translatesAutoresizingMaskIntoConstraints to \
            false on views you position with constraints.
            (

            """
        text += conflicting.indices.map(quoted).joined(separator: ",\n")
        // The broken constraint is listed last among the conflicting ones.
        let brokenPlace = places.last.flatMap { $0 }.map { " (\($0))" } ?? ""
        text +=
            "\n)\n\nWill attempt to recover by breaking constraint\n    \"\(broken)\"\(brokenPlace)\n"
        return text
    }
}

/// A part of a view's frame the constraints do not fix.
public enum AmbiguousAttribute: String, Hashable, Sendable, CustomStringConvertible {
    case xPosition = "X position"
    case yPosition = "Y position"
    case width
    case height

    public var description: String { rawValue }
}

/// Something wrong or suspicious in a solved layout.
public enum LayoutIssue: Hashable, Sendable, CustomStringConvertible {
    /// Required constraints that conflict, and the one left out.
    case unsatisfiable(UnsatisfiableConstraints)
    /// Parts of a view's frame that several solutions would satisfy equally well.
    case ambiguous(view: String, missing: [AmbiguousAttribute])
    /// A view whose current frame differs from the one its constraints give.
    case misplaced(view: String, frame: Rect, expected: Rect)
    /// A label laid out shorter than its text needs at its width.
    case compressedLabel(view: String, height: Double, needed: Double)
    /// A view whose frame reaches outside its superview's bounds.
    case outsideSuperview(view: String, superview: String, frame: Rect, bounds: Rect)

    public var description: String {
        switch self {
        case .unsatisfiable(let report):
            return report.description
        case .ambiguous(let view, let missing):
            return
                "\(view): needs constraints for: \(missing.map(\.description).joined(separator: ", "))"
        case .misplaced(let view, let frame, let expected):
            return "\(view): misplaced, frame \(frame) but its constraints give \(expected)"
        case .compressedLabel(let view, let height, let needed):
            return
                "\(view): compressed to height \(formatPoints(height)), its text needs \(formatPoints(needed))"
        case .outsideSuperview(let view, let superview, let frame, let bounds):
            return "\(view): frame \(frame) extends outside \(superview)'s bounds \(bounds)"
        }
    }
}

extension View {
    /// True when the constraints leave this view's position or size open
    /// (several frames satisfy them equally well), as `hasAmbiguousLayout`.
    public var hasAmbiguousLayout: Bool {
        !rootView._engineCreatingIfNeeded().ambiguousAttributes(of: self).isEmpty
    }

    /// What the constraints leave open in this view's frame (empty when its
    /// layout is unambiguous).
    public var ambiguousAttributes: [AmbiguousAttribute] {
        rootView._engineCreatingIfNeeded().ambiguousAttributes(of: self)
    }

    /// The conflicts found in this view's hierarchy so far (each also logged once).
    public var unsatisfiableConstraints: [UnsatisfiableConstraints] {
        rootView._membership.engine?.unsatisfiable ?? []
    }

    /// Everything suspicious in the layout of this view's subtree: conflicts,
    /// ambiguity ("label: needs constraints for: X position"), misplaced views,
    /// labels compressed below their text's height, and views reaching outside
    /// their superview. Frames are not changed.
    /// - Complexity: one solve; for ambiguity, one reading of the solver's
    ///   optimal face, then per view its position and size written in the
    ///   tableau's parametric symbols (the probes' up to eight solver
    ///   changes only where that reading leaves the answer open).
    public func layoutIssues() -> [LayoutIssue] {
        let engine = rootView._engineCreatingIfNeeded()
        let solved = engine.solvedFrames()
        var issues = engine.unsatisfiable.map(LayoutIssue.unsatisfiable)
        var frameOfView: [ObjectIdentifier: Rect] = [:]
        for (view, frame) in zip(engine.views, solved.views) {
            frameOfView[ObjectIdentifier(view)] = frame
        }
        let scale = rootView.contentScaleFactor

        var subtree: [View] = []
        // Hidden views and their subviews are not drawn: as in UIKit, where
        // a hidden arranged view is left 0 long (and a stack holding only
        // hidden views has no size of its own), their ambiguity and their
        // reaching outside their superview are not reported.
        var shown: [Bool] = []
        func visit(_ view: View, hidden: Bool) {
            let hidden = hidden || view.isHidden
            subtree.append(view)
            shown.append(!hidden)
            for subview in view.subviews { visit(subview, hidden: hidden) }
        }
        visit(self, hidden: false)

        var ambiguous = Set<ObjectIdentifier>()
        // The tableau's optimal face, read once for every view unless a
        // probe or a solve changes the tableau.
        var face = _FaceReading.unread
        for (view, shown) in zip(subtree, shown) where shown {
            // The frame solve above is the one the probes start from; a view
            // found ambiguous makes the next call solve afresh by itself.
            let missing = engine.ambiguousAttributes(of: view, solvingFirst: false, face: &face)
            guard !missing.isEmpty else { continue }
            ambiguous.insert(ObjectIdentifier(view))
            issues.append(.ambiguous(view: view.layoutName, missing: missing))
        }
        if !ambiguous.isEmpty { engine.startAfreshAfterAmbiguity() }
        // An ambiguous view's solved frame is one of many, so it is not "the" place.
        for view in subtree
        where view.superview != nil && !ambiguous.contains(ObjectIdentifier(view)) {
            guard let frame = frameOfView[ObjectIdentifier(view)] else { continue }
            if !_nearlyEqual(view._frame, frame, tolerance: 0.5 / scale) {
                issues.append(
                    .misplaced(view: view.layoutName, frame: view._frame, expected: frame))
            }
        }
        for (view, shown) in zip(subtree, shown) where shown {
            guard let frame = frameOfView[ObjectIdentifier(view)] else { continue }
            if let label = view as? Label, !label.text.isEmpty {
                let needed = label.sizeThatFits(Size(width: frame.width, height: .infinity)).height
                if frame.height < needed - 0.5 / scale {
                    issues.append(
                        .compressedLabel(
                            view: view.layoutName, height: frame.height, needed: needed))
                }
            }
            if let superview = view.superview,
                let parentFrame = frameOfView[ObjectIdentifier(superview)]
            {
                let bounds = Rect(origin: .zero, size: parentFrame.size)
                let tolerance = 0.5 / scale
                if frame.minX < -tolerance || frame.minY < -tolerance
                    || frame.maxX > bounds.maxX + tolerance || frame.maxY > bounds.maxY + tolerance
                {
                    issues.append(
                        .outsideSuperview(
                            view: view.layoutName, superview: superview.layoutName, frame: frame,
                            bounds: bounds))
                }
            }
        }
        return issues
    }
}

func _nearlyEqual(_ a: Rect, _ b: Rect, tolerance: Double) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
