// Height sources for collection items: a fixed height (the column flow
// sample's 70-point cells) and the waterfall's aspect-ratio-plus-caption input.

/// A `CellSizing` that gives every item the same height, as a flow layout's
/// `itemSize.height`.
public struct FixedCellSizing: CellSizing, Hashable, Sendable {
    public var height: Double

    public init(height: Double) {
        self.height = height
    }

    public func height(at indexPath: IndexPath, width: Double) -> Double { height }
}

/// What a waterfall item's height is made of: media of a known aspect ratio
/// scaled to the column width, plus a caption measured at that width (a
/// self-sizing label, such as the bird cell's name and details).
///
/// Item height = column width / aspect ratio + caption height, rounded up to
/// the pixel grid. Layouts reject an aspect ratio that is not positive and
/// finite, and a caption height that is negative or not finite, naming the item.
public protocol WaterfallItemSizing {
    /// The media's width divided by its height (a 4:3 photo is 4/3).
    func aspectRatio(at indexPath: IndexPath) -> Double
    /// The caption's height at the item's width; 0 for no caption.
    func captionHeight(at indexPath: IndexPath, width: Double) -> Double
}

/// A `WaterfallItemSizing` from stored aspect ratios (one array per section)
/// and any `CellSizing` for the caption, which is where a cell template's
/// self-sizing label plugs in.
///
/// An index path outside `aspectRatios` answers `.nan`, which the layout
/// reports as an invalid aspect ratio for that item.
public struct AspectRatioCaptionSizing<Caption: CellSizing>: WaterfallItemSizing {
    public var aspectRatios: [[Double]]
    public var caption: Caption

    public init(aspectRatios: [[Double]], caption: Caption) {
        self.aspectRatios = aspectRatios
        self.caption = caption
    }

    public func aspectRatio(at indexPath: IndexPath) -> Double {
        guard indexPath.section >= 0, indexPath.section < aspectRatios.count,
            indexPath.item >= 0, indexPath.item < aspectRatios[indexPath.section].count
        else { return .nan }
        return aspectRatios[indexPath.section][indexPath.item]
    }

    public func captionHeight(at indexPath: IndexPath, width: Double) -> Double {
        caption.height(at: indexPath, width: width)
    }
}

extension AspectRatioCaptionSizing where Caption == FixedCellSizing {
    /// Media only, or media with a caption of one fixed height.
    public init(aspectRatios: [[Double]], captionHeight: Double = 0) {
        self.init(aspectRatios: aspectRatios, caption: FixedCellSizing(height: captionHeight))
    }
}

extension AspectRatioCaptionSizing: Sendable where Caption: Sendable {}
