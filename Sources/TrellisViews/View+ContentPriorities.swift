// Content hugging and compression resistance priorities, as UIKit's.

extension View {
    /// The priority with which the view resists growing beyond its intrinsic
    /// size along an axis (250 by default).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? _hugging.horizontal : _hugging.vertical
    }

    /// Sets the content hugging priority for an axis (1...1000; others are refused and logged).
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        _setContentPriority(priority, for: axis, of: \._hugging, name: "content hugging")
    }

    /// The priority with which the view resists shrinking below its intrinsic
    /// size along an axis (750 by default).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? _compression.horizontal : _compression.vertical
    }

    /// Sets the compression resistance priority for an axis (1...1000; others
    /// are refused and logged).
    public func setContentCompressionResistancePriority(
        _ priority: LayoutPriority, for axis: LayoutAxis
    ) {
        _setContentPriority(priority, for: axis, of: \._compression, name: "compression resistance")
    }

    private func _setContentPriority(
        _ priority: LayoutPriority, for axis: LayoutAxis,
        of pair: ReferenceWritableKeyPath<
            View, (horizontal: LayoutPriority, vertical: LayoutPriority)
        >,
        name: String
    ) {
        guard priority.rawValue >= 1, priority.rawValue <= 1000 else {
            LayoutLog.emit(
                "Refused \(name) priority \(priority.rawValue) for \(layoutName): priorities are from 1 to 1000."
            )
            return
        }
        if axis == .horizontal {
            self[keyPath: pair].horizontal = priority
        } else {
            self[keyPath: pair].vertical = priority
        }
        _rootEngine?.contentPrioritiesDidChange(self)
    }
}
