// The seeds' view scenarios (issue 4's corners under rotation, cross-view
// buttons, the conflict and the missing constraint) as golden frame trees,
// pictures and diagnostics; and the acceptance check that changing one
// constraint constant fails `.frames` with a message naming the view and
// the numbers.

#if SnapshotTesting
    import SnapshotTesting
    import Testing
    import TrellisGeometry
    import TrellisSnapshotTesting
    import TrellisText
    import TrellisViews

    /// Roboto Regular 17, as the view tests use (labels 20 points tall).
    let sceneStyle = TextStyle(fonts: try! FontCollection.bundled("Roboto"), size: 17)

    func label(_ text: String, _ name: String) -> Label {
        let label = Label(text: text, style: sceneStyle)
        label.name = name
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    func button(_ title: String, _ name: String) -> Button {
        let button = Button(title: title, style: sceneStyle)
        button.name = name
        button.translatesAutoresizingMaskIntoConstraints = false
        return button
    }

    func plain(_ name: String) -> View {
        let view = View()
        view.name = name
        view.translatesAutoresizingMaskIntoConstraints = false
        return view
    }

    func activate(_ formats: [String], options: FormatOptions = [], views: [String: View]) throws {
        for format in formats {
            LayoutConstraint.activate(
                try LayoutConstraint.constraints(
                    withVisualFormat: format, options: options, metrics: [:], views: views))
        }
    }

    /// "Thing 1" top-leading, "Thing 2" bottom-trailing, "Center" centered.
    func corners() throws -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        root.name = "root"
        let thing1 = label("Thing 1", "thing1")
        let thing2 = label("Thing 2", "thing2")
        let center = label("Center", "center")
        for view in [thing1, thing2, center] { root.addSubview(view) }
        try activate(
            ["H:|-[thing1]", "V:|-[thing1]", "H:[thing2]-|", "V:[thing2]-|"],
            views: ["thing1": thing1, "thing2": thing2])
        LayoutConstraint.activate([
            center.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            center.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        return root
    }

    /// Two boxes; a button in the top one, and one in the bottom box whose
    /// left edge is tied to the first button's right edge (across superviews).
    func crossView(boxHeight: Double = 100) throws -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
        root.name = "root"
        let top = plain("top")
        let bottom = plain("bottom")
        let first = button("Button", "first")
        let second = button("Next", "second")
        root.addSubview(top)
        root.addSubview(bottom)
        top.addSubview(first)
        bottom.addSubview(second)
        try activate(
            [
                "H:|-[top]-|", "H:|-[bottom]-|",
                "V:|-[top(==\(formatPoints(boxHeight)))]-[bottom(==100)]", "H:|-[b1]",
            ],
            views: ["top": top, "bottom": bottom, "b1": first])
        LayoutConstraint.activate([
            first.centerYAnchor.constraint(equalTo: top.centerYAnchor),
            second.leftAnchor.constraint(equalTo: first.rightAnchor),
            second.centerYAnchor.constraint(equalTo: bottom.centerYAnchor),
        ])
        return root
    }

    func rotate(_ root: View) {
        root.frame = Rect(x: 0, y: 0, width: root.frame.height, height: root.frame.width)
        root.layoutIfNeeded()
    }

    @Suite struct SceneSnapshotTests {
        @Test func cornersUnderRotation() throws {
            let root = try corners()
            root.layoutIfNeeded()
            assertSnapshot(of: root, as: .frames, named: "portrait")
            assertSnapshot(of: root, as: .image(scale: 2), named: "portrait")
            rotate(root)
            assertSnapshot(of: root, as: .frames, named: "landscape")
            assertSnapshot(of: root, as: .image(scale: 2), named: "landscape")
            assertSnapshot(of: root, as: .diagnostics, named: "landscape")
        }

        @Test func crossViewButtons() throws {
            let root = try crossView()
            root.layoutIfNeeded()
            assertSnapshot(of: root, as: .frames, named: "portrait")
            assertSnapshot(of: root, as: .layoutJSON, named: "portrait")
            assertSnapshot(of: root, as: .image(scale: 2), named: "portrait")
            rotate(root)
            assertSnapshot(of: root, as: .frames, named: "landscape")
            assertSnapshot(of: root, as: .diagnostics, named: "landscape")
        }

        @Test func missingCenterXIsReportedAsAmbiguity() throws {
            let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
            root.name = "root"
            let center = label("Center", "center")
            root.addSubview(center)
            center.centerYAnchor.constraint(equalTo: root.centerYAnchor).isActive = true
            root.layoutIfNeeded()
            assertSnapshot(of: root, as: .diagnostics, named: "portrait")
        }

        /// A picture compares pixel by pixel: one label's text changed
        /// fails `.image` with the number of pixels, and passes when that
        /// many pixels are allowed to differ.
        @Test func aChangedLabelFailsImageUnlessTheDifferenceIsAllowed() throws {
            let root = try corners()
            (root.subviews[0] as? Label)?.text = "Thing 7"
            root.layoutIfNeeded()
            let message = try #require(
                verifySnapshot(
                    of: root, as: .image(scale: 2), named: "portrait", record: .never,
                    testName: "cornersUnderRotation()"))
            #expect(message.contains("pixels differ by more than 0"))
            #expect(
                verifySnapshot(
                    of: root, as: .image(scale: 2, maximumDifferentPixels: 5_000),
                    named: "portrait", record: .never,
                    testName: "cornersUnderRotation()") == nil)
        }

        /// The acceptance check: the same scene with the top box 110 points
        /// tall instead of 100 fails the recorded portrait frames, and the
        /// message says which views moved and by how much.
        @Test func changingOneConstantFailsFramesNamingTheViewAndTheNumbers() throws {
            let root = try crossView(boxHeight: 110)
            root.layoutIfNeeded()
            let message = try #require(
                verifySnapshot(
                    of: root, as: .frames, named: "portrait", record: .never,
                    testName: "crossViewButtons()"))
            // top grows by 10; bottom moves down 10; the first button stays
            // centered in top: y = (110 − 20) / 2 = 45, 5 lower than 40.
            #expect(message.contains("3 views changed:"))
            #expect(
                message.contains(
                    "root/top: resized by (0, +10): (20, 20, 280, 100) → (20, 20, 280, 110)"))
            #expect(
                message.contains(
                    "root/top/first: moved by (0, +5): (20, 40, 50.333, 20) → (20, 45, 50.333, 20)")
            )
            #expect(
                message.contains(
                    "root/bottom: moved by (0, +10): (20, 128, 280, 100) → (20, 138, 280, 100)"))
        }
    }
#endif
