// A list section, as UICollectionLayoutListConfiguration builds one:
// full-width self-sizing rows, an optional header and footer, and the
// appearance's insets.

import TrellisGeometry

/// A list's look, as `UICollectionLayoutListConfiguration.Appearance`.
public enum ListAppearance: String, Hashable, Sendable, CaseIterable {
    /// Rows edge to edge, sections one after the other.
    case plain
    /// Rows edge to edge, sections `sectionSpacing` apart.
    case grouped
    /// Rows inset to the layout margins, sections `sectionSpacing` apart.
    case insetGrouped
}

/// How a list section shows a header or footer, as
/// `UICollectionLayoutListConfiguration.HeaderMode` / `.FooterMode` (the
/// `.supplementary` mode; `.firstItemInSection` is a cell, which needs no
/// layout support).
public enum ListSupplementaryMode: String, Hashable, Sendable, CaseIterable {
    case none
    case supplementary
}

/// `UICollectionLayoutListConfiguration` as a value: `section()` is the
/// `NSCollectionLayoutSection.list(using:layoutEnvironment:)` it stands for.
///
/// Rows are full width and self-sizing (estimated `estimatedRowHeight`,
/// measured through the layout's sizing, a template's cell for each row).
/// Headers and footers span the rows' width and are self-sizing too
/// (estimated `estimatedHeaderHeight`). `.plain` lists have no insets;
/// `.grouped` ones put `sectionSpacing` above each section without a
/// header (a header is the gap itself); `.insetGrouped`
/// ones also take their rows in to the layout margins
/// (`contentInsetsReference = .layoutMargins`).
public struct ListConfiguration: Hashable, Sendable {
    public var appearance: ListAppearance
    public var headerMode: ListSupplementaryMode = .none
    public var footerMode: ListSupplementaryMode = .none
    /// Pins headers to the visible bounds while their section passes (plain lists' sticky headers).
    public var headersPinToVisibleBounds = false
    public var estimatedRowHeight = 44.0
    public var estimatedHeaderHeight = 38.0
    /// The space above each section of a grouped or inset-grouped list.
    public var sectionSpacing = 35.0
    /// The space between rows (a separator's thickness, when drawn between them).
    public var rowSpacing = 0.0

    public init(appearance: ListAppearance) {
        self.appearance = appearance
    }

    /// The section this configuration describes.
    /// - Complexity: O(1).
    public func section() -> LayoutSection {
        let size = LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimatedRowHeight))
        let group = LayoutGroup(
            axis: .horizontal, layoutSize: size,
            subitems: [.item(CollectionLayoutItem(layoutSize: size))],
            count: 1)
        var section = LayoutSection(group: group, interGroupSpacing: rowSpacing)
        if appearance != .plain { section.contentInsets.top = sectionSpacing }
        if appearance == .insetGrouped { section.contentInsetsReference = .layoutMargins }
        let supplementarySize = LayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimatedHeaderHeight))
        if headerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                LayoutBoundaryItem(
                    kind: "header", layoutSize: supplementarySize, alignment: .top,
                    pinToVisibleBounds: headersPinToVisibleBounds))
            // A grouped header is the gap between sections (UIKit's grouped
            // headers are tall, their text at the bottom): no inset under it.
            section.contentInsets.top = 0
        }
        if footerMode == .supplementary {
            section.boundarySupplementaryItems.append(
                LayoutBoundaryItem(
                    kind: "footer", layoutSize: supplementarySize, alignment: .bottom))
        }
        return section
    }
}
