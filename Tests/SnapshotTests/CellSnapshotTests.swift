// Golden frames, pictures and diagnostics of the built-in cells at the
// widths of the common iPhones in portrait (320, 375, 414 points), for the
// first rows of the generated data (seed 1), through each template's frame
// code and its constraints. The two paths have their own frame files: they
// agree on every cell height, but BirdCollectionViewCell's and FeedCell's
// constraints place some labels a third of a pixel apart from the frame
// code (the golden files show where).

#if SnapshotTesting
    import SnapshotTesting
    import Testing
    import TrellisCells
    import TrellisSamples
    import TrellisTemplateFiles
    import TrellisSnapshotTesting

    @Suite struct CellSnapshotTests {
        static let widths: [Double] = [320, 375, 414]
        static let items = AnimalDataGenerator(seed: 1).items(count: 3)

        /// Frames of rows 0–2 at each width through both paths; a picture,
        /// the JSON and the diagnostics of row 0 at each width.
        static func check<T: CellTemplate & LabelDescribing, C: ConstraintCellView>(
            frames: inout T, constraints: inout ConstraintTemplate<C>, name: String
        ) throws where T.Item == AnimalItem, C.Item == AnimalItem {
            for width in widths {
                for (row, item) in items.enumerated() {
                    let label = "\(Int(width))-row\(row)"
                    let drawn = try CellSnapshot(template: &frames, item: item, width: width)
                    let solved = try CellSnapshot(template: &constraints, item: item, width: width)
                    assertSnapshot(of: drawn, as: .frames, named: label, testName: name + "-frames")
                    assertSnapshot(
                        of: solved, as: .frames, named: label, testName: name + "-constraints")
                    if row == 0 {
                        assertSnapshot(
                            of: drawn, as: .image, named: label, testName: name + "-frames")
                        assertSnapshot(
                            of: solved, as: .diagnostics, named: label,
                            testName: name + "-constraints")
                        assertSnapshot(
                            of: solved, as: .layoutJSON, named: label,
                            testName: name + "-constraints")
                    }
                }
            }
        }

        @Test func animalTableViewCell() throws {
            var frames = AnimalTableViewCellFrames(style: try .classic())
            var constraints = AnimalTableViewCellConstraints(style: try .classic())
            try Self.check(
                frames: &frames, constraints: &constraints, name: AnimalTableViewCell.name)
        }

        @Test func birdCollectionViewCell() throws {
            var frames = BirdCollectionViewCellFrames(style: try .standard())
            var constraints = BirdCollectionViewCellConstraints(style: try .standard())
            try Self.check(
                frames: &frames, constraints: &constraints, name: BirdCollectionViewCell.name)
        }

        @Test func feedCell() throws {
            var frames = FeedCellFrames(style: try .standard())
            var constraints = FeedCellConstraints(style: try .standard())
            try Self.check(frames: &frames, constraints: &constraints, name: FeedCell.name)
        }
    }
#endif
