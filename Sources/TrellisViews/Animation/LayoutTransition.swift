// Animated constraint changes: the frames before and after a change, and the
// frames in between at any time, as UIKit's animation would show them.

import TrellisGeometry

/// Every view's frame in a subtree at one moment, keyed by view identity.
public struct FrameSnapshot: Sendable {
    var frames: [ObjectIdentifier: Rect]

    /// The frames of `view` and all its descendants as they are now.
    public init(of view: View) {
        var frames: [ObjectIdentifier: Rect] = [:]
        func visit(_ current: View) {
            frames[ObjectIdentifier(current)] = current.frame
            for subview in current.subviews { visit(subview) }
        }
        visit(view)
        self.frames = frames
    }

    /// The frame recorded for a view, nil when the view was not in the subtree.
    public func frame(of view: View) -> Rect? { frames[ObjectIdentifier(view)] }
}

/// A transition between two layouts of the same views, sampled at any time,
/// as what `UIView.animate(withDuration:) { view.layoutIfNeeded() }` shows on
/// screen. Each view's frame (in its superview's coordinates, as each layer
/// animates its own position and bounds) moves from its old to its new value
/// along `curve`; the model frames are the new ones from the start.
///
///     let transition = LayoutTransition.animate(cell, duration: 0.5, curve: .easeInOut) {
///         top.isActive = false
///         centerY.isActive = true
///     }
///     transition.frame(of: cover, atTime: 0.25)   // halfway
public struct LayoutTransition: Sendable {
    /// Frames before the change.
    public let start: FrameSnapshot
    /// Frames after the change.
    public let end: FrameSnapshot
    /// Length in seconds (a non-positive or non-finite duration jumps to the end).
    public let duration: Double
    /// How progress advances.
    public let curve: TimingCurve

    /// A transition between two snapshots.
    public init(
        from start: FrameSnapshot, to end: FrameSnapshot, duration: Double,
        curve: TimingCurve = .easeInOut
    ) {
        self.start = start
        self.end = end
        self.duration = duration
        self.curve = curve
    }

    /// Records the frames of `view`'s subtree, runs `changes`, lays the
    /// hierarchy out, and returns the transition between the two layouts.
    public static func animate(
        _ view: View, duration: Double, curve: TimingCurve = .easeInOut, changes: () -> Void
    ) -> LayoutTransition {
        view.layoutIfNeeded()
        let before = FrameSnapshot(of: view)
        changes()
        view.layoutIfNeeded()
        return LayoutTransition(
            from: before, to: FrameSnapshot(of: view), duration: duration, curve: curve)
    }

    /// The animation's progress at a time in seconds (0 before the start, 1
    /// after the end; a spring may pass 1 on the way).
    public func progress(atTime time: Double) -> Double {
        guard duration.isFinite, duration > 0 else { return 1 }
        return curve.progress(atFraction: time / duration, duration: duration)
    }

    /// A view's frame at a time in seconds: start + progress × (end − start) for
    /// origin and size. A view present at only one end keeps that frame; nil
    /// for views in neither snapshot.
    /// - Complexity: O(1).
    public func frame(of view: View, atTime time: Double) -> Rect? {
        let from = start.frame(of: view)
        let to = end.frame(of: view)
        guard let from, let to else { return to ?? from }
        let p = progress(atTime: time)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        return Rect(
            x: mix(from.minX, to.minX), y: mix(from.minY, to.minY),
            width: mix(from.width, to.width), height: mix(from.height, to.height))
    }
}
