// swift-snapshot-testing strategies for Trellis layouts, compiled only with
// the package's SnapshotTesting trait (so the core library never builds
// swift-snapshot-testing): `.frames`, `.layoutJSON`, `.image` and
// `.diagnostics` of a cell (`CellSnapshot`), a view hierarchy (`View`) and a
// list's visible range (`VisibleListSnapshot`).
//
//     assertSnapshot(of: try CellSnapshot(template: &template, item: item, width: 375), as: .frames)

import TrellisData
@_exported import TrellisSnapshots

#if SnapshotTesting
    import Foundation
    import SnapshotTesting
    import TrellisGeometry
    import TrellisRender
    import TrellisViews

    extension Diffing where Value == String {
        /// Frame trees in their text form, compared view by view: the
        /// failure names each view that moved or changed size and by how
        /// much (`FrameTree.differenceReport`), then the lines that differ.
        public static let frameTree = Diffing.diff(
            toData: { Data($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diffV2: { old, new in
                guard old != new else { return nil }
                let lines = Diffing<String>.lines.diffV2(old, new)?.0 ?? ""
                do {
                    let before = try FrameTree(parsing: old, file: "reference")
                    let after = try FrameTree(parsing: new, file: "snapshot")
                    let report =
                        after.differenceReport(from: before)
                        ?? "the frames are equal; the text differs"
                    return (report + "\n\n" + lines, [])
                } catch {
                    return ("the reference is not a frame tree (\(error))\n\n" + lines, [])
                }
            })
    }

    extension Diffing where Value == Bitmap {
        /// Pictures stored as PNG (byte-identical for identical pixels) and
        /// compared pixel by pixel: equal when at most `maximumDifferentPixels`
        /// pixels have a channel more than `tolerance` apart.
        public static func picture(tolerance: UInt8 = 0, maximumDifferentPixels: Int = 0) -> Diffing
        {
            .diff(
                toData: { Data(PNGEncoder.encode($0)) },
                fromData: { (try? PNGDecoder.decode(Array($0))) ?? Bitmap(width: 0, height: 0) },
                diffV2: { old, new in
                    guard
                        let message = pictureDifference(
                            old, new, tolerance: tolerance,
                            maximumDifferentPixels: maximumDifferentPixels)
                    else { return nil }
                    return (message, [.data(Data(PNGEncoder.encode(new)), name: "actual.png")])
                })
        }
    }

    /// Why two pictures differ, or nil when they match within the tolerance.
    func pictureDifference(
        _ old: Bitmap, _ new: Bitmap, tolerance: UInt8, maximumDifferentPixels: Int
    ) -> String? {
        guard old.width == new.width, old.height == new.height else {
            return
                "the picture is \(new.width)×\(new.height) pixels, the reference \(old.width)×\(old.height)"
        }
        var different = 0
        var first: (x: Int, y: Int)?
        var largest = 0
        for index in 0..<(old.width * old.height) {
            var gap = 0
            for channel in 0..<4 {
                gap = max(
                    gap,
                    abs(Int(old.pixels[index * 4 + channel]) - Int(new.pixels[index * 4 + channel]))
                )
            }
            guard gap > Int(tolerance) else { continue }
            different += 1
            largest = max(largest, gap)
            if first == nil { first = (index % old.width, index / old.width) }
        }
        guard different > maximumDifferentPixels, let first else { return nil }
        return
            "\(different) of \(old.width * old.height) pixels differ by more than \(tolerance) (up to \(largest)), the first at (\(first.x), \(first.y)); \(maximumDifferentPixels) allowed"
    }

    extension Snapshotting where Format == String {
        static func frames(_ tree: @escaping (Value) -> FrameTree) -> Snapshotting {
            Snapshotting(pathExtension: "frames.txt", diffing: .frameTree) { tree($0).description }
        }

        static func layoutJSON(_ tree: @escaping (Value) -> FrameTree) -> Snapshotting {
            Snapshotting(pathExtension: "json", diffing: .lines) { tree($0).json }
        }

        static func diagnostics(_ report: @escaping (Value) -> String) -> Snapshotting {
            Snapshotting(pathExtension: "diagnostics.txt", diffing: .lines, snapshot: report)
        }
    }

    extension Snapshotting where Format == Bitmap {
        static func image(
            tolerance: UInt8, maximumDifferentPixels: Int,
            _ picture: @escaping (Value) throws -> Bitmap
        ) -> Snapshotting {
            Snapshotting(
                pathExtension: "png",
                diffing: .picture(
                    tolerance: tolerance, maximumDifferentPixels: maximumDifferentPixels)
            ) { value in
                do {
                    return try picture(value)
                } catch {
                    // An empty picture never matches a reference; the failure says why.
                    fputs("TrellisSnapshotTesting: cannot draw the picture: \(error)\n", stderr)
                    return Bitmap(width: 0, height: 0)
                }
            }
        }
    }

    // MARK: Cells and lists

    extension Snapshotting where Value: LayoutSnapshotSubject, Format == String {
        /// The frame tree (a cell and its subviews; a list's viewport, rows
        /// and cells) as indented text on the pixel grid; a failure names the
        /// views that moved and by how much.
        public static var frames: Snapshotting { .frames(\.frameTree) }
        /// The frame tree as JSON.
        public static var layoutJSON: Snapshotting { .layoutJSON(\.frameTree) }
        /// The conflicts, ambiguity and other issues, or "no issues".
        public static var diagnostics: Snapshotting { .diagnostics(\.diagnostics) }
    }

    extension Snapshotting where Value: LayoutSnapshotSubject, Format == Bitmap {
        /// The picture at the subject's scale, compared exactly.
        public static var image: Snapshotting { .image() }
        /// The picture at `scale` (the subject's by default), equal when at
        /// most `maximumDifferentPixels` pixels differ by more than `tolerance`.
        public static func image(
            scale: Double? = nil, tolerance: UInt8 = 0, maximumDifferentPixels: Int = 0
        )
            -> Snapshotting
        {
            .image(tolerance: tolerance, maximumDifferentPixels: maximumDifferentPixels) {
                try $0.picture(scale: scale)
            }
        }
    }

    // MARK: View hierarchies

    extension Snapshotting where Value == View, Format == String {
        /// Every view's frame under the root at scale 3 (lay it out first).
        public static var frames: Snapshotting { .frames(scale: 3) }
        /// Every view's frame under the root on the pixel grid of `scale`.
        public static func frames(scale: Double) -> Snapshotting {
            .frames { FrameTree(view: $0, scale: scale) }
        }
        /// The frame tree as JSON, at scale 3.
        public static var layoutJSON: Snapshotting { .layoutJSON { FrameTree(view: $0, scale: 3) } }
        /// `layoutIssues()` of the hierarchy, or "no issues".
        public static var diagnostics: Snapshotting { .diagnostics(diagnosticsReport(of:)) }
    }

    extension Snapshotting where Value == View, Format == Bitmap {
        /// The hierarchy drawn at scale 3, compared exactly.
        public static var image: Snapshotting { .image() }
        /// The hierarchy drawn at `scale`, with a pixel tolerance.
        public static func image(
            scale: Double = 3, tolerance: UInt8 = 0, maximumDifferentPixels: Int = 0
        )
            -> Snapshotting
        {
            .image(tolerance: tolerance, maximumDifferentPixels: maximumDifferentPixels) {
                try ViewPicture.render($0, scale: scale)
            }
        }
    }

#endif
