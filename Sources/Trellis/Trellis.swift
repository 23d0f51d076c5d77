// Umbrella module: `import Trellis` brings in every layer an app lays out
// with; the solver (TrellisConstraints) stays behind the views' engine.
@_exported import TrellisCells
@_exported import TrellisData
@_exported import TrellisGeometry
@_exported import TrellisLayoutFiles
@_exported import TrellisLists
@_exported import TrellisRender
@_exported import TrellisTemplateFiles
@_exported import TrellisText
@_exported import TrellisViews

/// This version of Trellis (part of `trellis heights`' cache key: heights
/// computed by another version may differ).
public enum TrellisVersion {
    public static let string = "0.9.0"
}
