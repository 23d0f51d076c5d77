// The direct stack path against the constraint engine on random stack trees
// (see FuzzBodies/StackTreeDifferential.swift): equal frames, or refused.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StackTreeDifferentialTests {
    @Test func directFramesEqualTheEnginesOnRandomTrees() {
        // 5,000 trees under Scripts/soak.sh, 1,000 in the test command.
        let count = Soak.count("TRELLIS_STACKTREE_CASES", quick: 1000, soak: 5000)
        // TRELLIS_STACKTREE_FIRST replays from a seed a run printed.
        let first = Soak.count("TRELLIS_STACKTREE_FIRST", quick: 0x57AC_7EE0, soak: 0x57AC_7EE0)
        let run = StackTreeDifferentialRun.run(first: UInt64(first), count: count)
        print("stack tree differential: \(run.summary)")
        for (reason, number) in run.unsupportedReasons.sorted(by: { $0.value > $1.value }) {
            print("  unsupported \(number): \(reason)")
        }
        for (reason, number) in run.refusedReasons.sorted(by: { $0.value > $1.value }) {
            print("  refused \(number): \(reason)")
        }
        for case_ in run.engineFittingDiffers.prefix(3) {
            print("engine fitting differs: \(case_)")
        }
        let failed = run.failures.count
        for failure in run.failures.prefix(5) { print("FAILURE \(failure)") }
        #expect(failed == 0, "\(failed) failed; first: \(run.failures.first ?? "")")
        // Most trees must be laid out, or the property says little.
        #expect(run.agreed * 2 > run.total, "\(run.summary)")
    }
}

extension StackTreeDifferentialTests {
    static func label(
        _ text: String, size: Double, lines: Int, lineSpacing: Double = 0,
        mode: LineBreakMode = .byTruncatingTail, hugging: (Float, Float) = (250, 250),
        compression: (Float, Float) = (750, 750)
    ) -> StackTree.Node {
        var style = ReuseCase.styles.first { $0.size == size }!
        style.lineSpacing = lineSpacing
        var label = StackTree.LabelNode(text: .plain(text), style: style, numberOfLines: lines)
        label.lineBreakMode = mode
        label.horizontalHugging = LayoutPriority(hugging.0)
        label.verticalHugging = LayoutPriority(hugging.1)
        label.horizontalCompressionResistance = LayoutPriority(compression.0)
        label.verticalCompressionResistance = LayoutPriority(compression.1)
        return .label(label)
    }

    /// Trees the fuzzer found the direct path getting wrong, now laid out
    /// equal to the engine or refused:
    /// - a label of required height in a row on last baselines, in a cell
    ///   of fixed height: the engine broke a baseline constraint while its
    ///   labels were measured again (it now judges a conflict met on the
    ///   way on the final constraints, and the two agree);
    /// - a label whose height is capped, shorter than its row in the
    ///   engine's first pass;
    /// - equal centring with negative spacing;
    /// - a two-line label squeezed to a negative width beside a row whose
    ///   fixed box makes it wider than the cell: the running minimum of a
    ///   view best at its lower bound kept slopes below the bound, and the
    ///   cell fitted 44 high instead of the label's 79.
    @Test func treesTheFuzzerFoundAgreeOrAreRefused() throws {
        let baselineRow = StackTree(
            root: .init(
                axis: .horizontal, alignment: .lastBaseline,
                children: [
                    Self.label(
                        "A su", size: 13, lines: 0, hugging: (248, 250), compression: (748, 750)),
                    Self.label(
                        "С", size: 17, lines: 1, mode: .byCharWrapping, hugging: (249, 1000),
                        compression: (749, 1000)),
                    Self.label(
                        "Lorem i", size: 17, lines: 2, lineSpacing: 2, mode: .byCharWrapping),
                ]),
            pinning: .layoutMargins(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)))
        let squeezed = StackTree(
            root: .init(
                axis: .horizontal, alignment: .center,
                children: [
                    .stack(
                        .init(
                            axis: .horizontal, distribution: .fillEqually,
                            children: [
                                .fixed(width: 44, height: 44),
                                Self.label("", size: 13, lines: 1, lineSpacing: 2),
                                Self.label("", size: 13, lines: 0, lineSpacing: 2),
                            ])),
                    Self.label(
                        "12:45", size: 13, lines: 0, mode: .byCharWrapping, hugging: (249, 750),
                        compression: (749, 250)),
                ]),
            scale: 1)
        // A label of required height cap (vertical hugging) beside a fixed
        // 44-high box in a row that fills: measured on one line first, it is
        // shorter than the row, a conflict the engine breaks a constraint
        // for (it then fits 831 high); refused at that width.
        let capped = StackTree(
            root: .init(
                axis: .horizontal,
                children: [
                    Self.label(
                        "ok https://exam", size: 22, lines: 0, lineSpacing: 2, mode: .byClipping,
                        hugging: (248, 1000), compression: (748, 750)),
                    .fixed(width: 44, height: 44),
                ]))
        #expect {
            try capped.directLayout(width: 161.25)
        } throws: { error in
            (error as? DirectStackLayoutError)?.kind == .conflict
        }
        // Equal centring with negative spacing: the centres' distance may
        // be negative, and its spanning fit pulls it to 0, not to the least
        // the spacing allows (the direct path put the second label 2 high).
        let centred = StackTree(
            root: .init(
                axis: .horizontal,
                children: [
                    .stack(
                        .init(
                            axis: .horizontal, alignment: .leading,
                            children: [
                                .stack(
                                    .init(
                                        axis: .vertical, distribution: .equalCentering, spacing: -2,
                                        children: [
                                            Self.label("", size: 13, lines: 1),
                                            Self.label("", size: 17, lines: 0),
                                        ]))
                            ]))
                ]),
            scale: 1)
        #expect(try centred.directLayout(width: 203.25) == centred.constraintsLayout(width: 203.25))
        for width in [120.0, 161.25, 203.25, 320] {
            let verdict = StackTreeDifferential.check(
                StackTreeCase(tree: baselineRow, width: width))
            if case .agreed = verdict { continue }
            Issue.record("width \(width): \(verdict)")
        }
        let direct = try squeezed.directLayout(width: 120)
        #expect(direct == squeezed.constraintsLayout(width: 120))
        #expect(direct.height == 79)
    }
}

extension StackTreeDifferentialTests {
    /// A row on first baselines whose first view, hidden, is a label of
    /// three lines (measured at width 0, 80 high), beside a filling row of
    /// an empty label and "h": the engine fits the cell 21.333 high with
    /// every required constraint kept, as the direct path does, and its
    /// frame pass at that height breaks one (the nested row's
    /// `UISV-canvas-connection`), each pass measuring the hidden label at
    /// its own width: the frames are the engine's recovery, counted with
    /// the engine's fitting issue, not as a failure of the direct path
    /// (rows differential seed 3839607187, row 1).
    @Test func aFramePassBreakingWhatItsFittingKeptIsTheEnginesIssue() throws {
        let text =
            "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill. مرحبا بالعالم A subtitle long enough to wrap onto a second line at most widths."
        let hidden = StackTreeRowsBeyondTests.label(
            text, StackTreeRowsBeyondTests.inter22, lines: 3, .byCharWrapping)
        var empty = StackTree.LabelNode("", style: StackTreeRowsBeyondTests.inter17)
        empty.numberOfLines = 0
        let h = StackTreeRowsBeyondTests.label(
            "h", StackTreeRowsBeyondTests.roboto13, lines: 0, .byCharWrapping)
        let tree = StackTree(
            root: StackTree.Stack(
                axis: .horizontal, alignment: .firstBaseline,
                children: [
                    .label(hidden, isHidden: true),
                    .stack(
                        StackTree.Stack(axis: .horizontal, children: [.label(empty), .label(h)])),
                ]),
            scale: 3)
        let direct = try tree.directLayout(width: 500)
        let engine = tree.constraintsLayout(width: 500)
        #expect(direct.height == engine.height)
        #expect(direct != engine)
        let broken = StackTreeDifferential.frameConflictAfterCleanFit(tree, width: 500)
        #expect(broken?.contains("UISV-canvas-connection") == true, "\(broken ?? "none")")
        let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: 500))
        guard case .engineFittingDiffers(let message) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(message.contains("its frame pass broke"))
    }
}
