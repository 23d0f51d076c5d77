// Fuzz body for compositional layout files: any text loads or throws a
// `LayoutFileError` at a line and column inside the text; a file that loads
// prepares (or throws a `CollectionLayoutError`), and then every cell's frame
// is finite, a visible-rect query returns exactly the cells whose frames
// meet the rect, and lazy measurement keeps that true.

import TrellisCells
import TrellisGeometry
import TrellisLayoutFiles
import TrellisLists
import TrellisTemplateFiles

enum LayoutFileFuzz {
    static let tokens = _utf8([
        "{", "}", "[", "]", ":", ",", "\"", " ", "\n", "\\", "\\u0041",
        "\"sections\":", "\"items\":", "\"group\":", "\"axis\":", "\"horizontal\"", "\"vertical\"",
        "\"custom\"",
        "\"widthDimension\":", "\"heightDimension\":", "\"subitems\":", "\"item\":", "\"count\":",
        "\"interItemSpacing\":", "\"fixed\":", "\"flexible\":", "\"contentInsets\":",
        "\"edgeSpacing\":",
        "\"leading\":", "\"top\":", "\"trailing\":", "\"bottom\":", "\"interGroupSpacing\":",
        "\"contentInsetsReference\":", "\"readableContent\"", "\"layoutMargins\"",
        "\"orthogonalScrollingBehavior\":", "\"groupPagingCentered\"", "\"continuous\"", "\"none\"",
        "\"boundarySupplementaryItems\":", "\"kind\":", "\"header\"", "\"footer\"",
        "\"alignment\":",
        "\"pinToVisibleBounds\":", "\"decorationItems\":", "\"background\"",
        "\"supplementaryItems\":",
        "\"badge\"", "\"containerAnchor\":", "\"edges\":", "\"fractionalOffset\":", "\"frames\":",
        "{\"absolute\": 44}", "{\"estimated\": 100}", "{\"fractionalWidth\": 1}",
        "{\"fractionalHeight\": 1}",
        "{\"fractionalWidth\": 0.2}", "{\"fractionalHeight\": 0.5}", "[10, 10, 10, 10]",
        "[0, -1, 0, 0]",
        "[0.3, -0.3]", "[0, 0, 50, 50]", "0", "1", "-1", "2", "3", "44", "0.5", "1e400", "1e6",
        "1e7",
        "true", "false", "null", "é",
    ])

    static let seeds = [
        """
        {"sections": [{"items": 7, "interGroupSpacing": 8, "contentInsets": [10, 10, 10, 10],
          "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalWidth": 0.2},
                    "subitems": [{"item": {"widthDimension": {"fractionalWidth": 0.2}, "heightDimension": {"fractionalHeight": 1},
                                           "contentInsets": [5, 5, 5, 5]}}]},
          "boundarySupplementaryItems": [{"kind": "header", "widthDimension": {"fractionalWidth": 1},
                                          "heightDimension": {"estimated": 44}, "alignment": "top", "pinToVisibleBounds": true}],
          "decorationItems": [{"kind": "background", "contentInsets": [5, 5, 5, 5]}]}]}
        """,
        """
        {"sections": [{"items": 6, "orthogonalScrollingBehavior": "groupPagingCentered",
          "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 0.85}, "heightDimension": {"absolute": 200},
                    "subitems": [{"item": {"widthDimension": {"fractionalWidth": 0.7}, "heightDimension": {"fractionalHeight": 1}}},
                                 {"group": {"axis": "vertical", "count": 2, "widthDimension": {"fractionalWidth": 0.3},
                                            "heightDimension": {"fractionalHeight": 1},
                                            "subitems": [{"item": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}}]}}]}},
          {"items": 5, "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 100},
                    "interItemSpacing": {"flexible": 4},
                    "subitems": [{"item": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"estimated": 100},
                       "supplementaryItems": [{"kind": "badge", "widthDimension": {"absolute": 20}, "heightDimension": {"absolute": 20},
                                               "containerAnchor": {"edges": ["top", "trailing"], "fractionalOffset": [0.3, -0.3]}}]}}]}}]}
        """,
        #"{"sections": [{"items": 3, "group": {"axis": "custom", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 60}, "frames": [[0, 0, 50, 50], [60, 5, 20, 20]]}}]}"#,
    ]

    /// The most items a fuzzed section is prepared with (files may declare more).
    static let itemLimit = 2_000

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let text = input.text(tokens: tokens, maximumLength: 8192)
        let file: CompositionalLayoutFile
        do {
            file = try CompositionalLayoutFile.parse(text, file: "fuzz.json")
        } catch {
            guard let position = error.position else {
                throw FuzzViolation(
                    target: "layout", message: "error without a position: \(error)", input: text)
            }
            try _checkPosition(position, in: text, target: "layout", message: error.message)
            try _require(
                error.file == "fuzz.json", "layout", "error names file \(error.file)", input: text)
            return .rejected
        }
        var layout = CompositionalLayout(
            sections: file.sections, itemCounts: file.itemCounts.map { min($0, itemLimit) },
            sizing: ClosureCellSizing { path, width in
                Double((path.item * 13) % 70) + width.truncatingRemainder(dividingBy: 7)
            })
        let bounds = Rect(x: 0, y: 0, width: 375, height: 667)
        do {
            try layout.prepare(
                bounds: bounds, layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
                safeAreaInsets: .zero)
        } catch {
            return .rejected
        }
        try check(layout, in: bounds, text: text)
        do {
            _ = try layout.measureItems(in: bounds)
        } catch {
            throw FuzzViolation(
                target: "layout", message: "measuring failed: \(error)", input: text)
        }
        try check(layout, in: bounds, text: text)
        return .accepted
    }

    /// Frames are finite and the query returns exactly the cells meeting the rect.
    static func check<S>(_ layout: CompositionalLayout<S>, in rect: Rect, text: String)
        throws(FuzzViolation)
    {
        try _require(
            layout.contentSize.height.isFinite, "layout", "content height \(layout.contentSize)",
            input: text)
        var expected: [IndexPath] = []
        for (section, count) in layout.itemCounts.enumerated() {
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                guard let frame = layout.frame(ofItem: path) else {
                    throw FuzzViolation(
                        target: "layout", message: "no frame for \(path)", input: text)
                }
                try _require(
                    [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite),
                    "layout",
                    "frame \(frame) of \(path)", input: text)
                if frame.intersects(rect) { expected.append(path) }
            }
        }
        let found = layout.elements(in: rect).filter { $0.category == .cell }.map(\.indexPath)
        try _require(
            found == expected, "layout",
            "query found \(found.count) cells, frames say \(expected.count)", input: text)
    }
}
