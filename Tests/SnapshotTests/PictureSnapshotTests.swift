// Golden pictures of what a view hierarchy holds besides plain labels:
// image views in three content modes, an attributed label (bold, larger,
// raised and letter-spaced runs), a right-to-left label truncated at its
// tail, a button too narrow for its title, and color emoji.

#if SnapshotTesting
    import SnapshotTesting
    import Testing
    import TrellisGeometry
    import TrellisSnapshotTesting
    import TrellisText
    import TrellisViews

    let pictureEmojiInstalled = (try? Font.colorEmoji()) != nil

    /// A view at `frame` under `root`, named.
    @discardableResult
    func place<V: View>(_ view: V, _ name: String, _ frame: Rect, in root: View) -> V {
        view.name = name
        view.frame = frame
        root.addSubview(view)
        return view
    }

    /// The scene: three 2:1 images in 90 × 60 views (fit, fill, stretch),
    /// an attributed label, a truncated Hebrew label and a narrow button.
    func picturesScene(fonts: FontCollection) throws -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 250))
        root.name = "root"
        let modes: [(String, ContentMode)] = [
            ("fit", .scaleAspectFit), ("fill", .scaleAspectFill), ("stretch", .scaleToFill),
        ]
        for (index, (name, mode)) in modes.enumerated() {
            let imageView = place(
                ImageView(image: Image(size: Size(width: 120, height: 60))), name,
                Rect(x: 10 + Double(index) * 105, y: 10, width: 90, height: 60), in: root)
            imageView.contentMode = mode
        }
        let style = TextStyle(fonts: fonts, size: 17)
        let bold = try FontCollection.bundled("Inter", weight: .bold)
        var text = AttributedText(
            "Ada replied: on my way, see you at 10² 🦊", attributes: TextAttributes(style))
        try text.setAttributes(TextAttributes(fonts: bold, size: 24), range: 0..<3)
        try text.setAttributes(
            TextAttributes(fonts: fonts, size: 17, letterSpacing: 3), range: 13..<22)
        try text.setAttributes(
            TextAttributes(fonts: fonts, size: 11, baselineOffset: 7), range: 37..<39)
        let rich = place(
            Label(text: "", style: style), "message", Rect(x: 10, y: 80, width: 300, height: 60),
            in: root)
        rich.attributedText = text
        rich.numberOfLines = 0
        place(
            Label(text: "שלום עולם, מה שלומך היום? זהו משפט ארוך מאוד", style: style), "hebrew",
            Rect(x: 10, y: 150, width: 200, height: 30), in: root)
        place(
            Button(title: "Subscribe to the newsletter", style: style), "subscribe",
            Rect(x: 10, y: 195, width: 150, height: 40), in: root)
        return root
    }

    @Suite struct PictureSnapshotTests {
        @Test func imagesAttributedTextAndTruncation() throws {
            let root = try picturesScene(fonts: try .bundled("Inter"))
            assertSnapshot(of: root, as: .image(scale: 2), named: "scene")
        }

        @Test(
            .enabled(
                if: pictureEmojiInstalled, "needs fonts-noto-color-emoji (Scripts/bootstrap.sh)"))
        func colorEmoji() throws {
            let root = try picturesScene(
                fonts: try FontCollection.bundled("Inter").addingColorEmoji())
            assertSnapshot(of: root, as: .image(scale: 3), named: "scene")
        }
    }
#endif
