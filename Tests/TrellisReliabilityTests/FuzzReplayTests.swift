// The fuzz bodies run on a few thousand fixed-seed inputs: the suite's short
// version of `Scripts/fuzz.sh`. Each input either succeeds with a well-formed
// result or fails with an error that says where (see each body's invariants).

import Testing
import TrellisData

@Suite("Fuzz bodies on fixed-seed inputs")
struct FuzzReplayTests {
    /// Runs `body` on `count` inputs from `seed` and checks that none broke an
    /// invariant and that the inputs were neither all valid nor all refused
    /// (so both paths were exercised).
    private func replay(
        _ body: ([UInt8]) throws(FuzzViolation) -> FuzzOutcome, seeds: [String] = [], seed: UInt64,
        count: Int,
        maximumLength: Int = 160
    ) {
        var found: [FuzzViolation] = []
        var outcomes: [FuzzOutcome: Int] = [:]
        var inputs = SeededInputs(seed: seed, count: count, maximumLength: maximumLength)
        inputs.seeds = seeds
        for bytes in inputs {
            do throws(FuzzViolation) { outcomes[try body(bytes), default: 0] += 1 } catch {
                found.append(error)
            }
        }
        #expect(found.isEmpty, "\(found.count) broken: \(found.prefix(3))")
        #expect(
            outcomes[.accepted, default: 0] > 0 && outcomes[.rejected, default: 0] > 0,
            "\(outcomes)")
    }

    @Test func visualFormatParserErrorsPointInsideTheFormat() {
        replay(VisualFormatFuzz.run, seeds: VisualFormatFuzz.seeds, seed: 0x7F1, count: 4000)
    }

    @Test func constraintParserErrorsPointInsideTheString() {
        replay(
            ConstraintStringFuzz.run, seeds: ConstraintStringFuzz.seeds, seed: 0x7F2, count: 4000)
    }

    @Test func templateFileErrorsNameALineAndColumnOfTheFile() {
        replay(
            TemplateFileFuzz.run, seeds: TemplateFileFuzz.seeds, seed: 0x7F3, count: 3000,
            maximumLength: 300)
    }

    @Test func jsonLinesErrorsNameALineOfTheData() {
        replay(
            JSONLinesFuzz.run, seeds: JSONLinesFuzz.seeds, seed: 0x7F4, count: 3000,
            maximumLength: 300)
    }

    @Test func measureLinesReadWithoutNodesAsTheParserReadsThem() {
        replay(
            JSONStringMemberFuzz.run, seeds: JSONStringMemberFuzz.seeds, seed: 0x7FB, count: 4000,
            maximumLength: 200)
    }

    @Test func dataRowsOfAnyKeysLoadOrNameALineAndColumn() {
        replay(
            JSONRowFuzz.run, seeds: JSONRowFuzz.seeds, seed: 0x7F7, count: 3000, maximumLength: 300)
    }

    @Test func goldenFrameFilesReadBackOrNameALineAndColumn() {
        replay(
            FrameTreeFuzz.run, seeds: FrameTreeFuzz.seeds, seed: 0x7F9, count: 3000,
            maximumLength: 300)
    }

    @Test func compositionalLayoutFilesLayOutOrNameALineAndColumn() {
        replay(
            LayoutFileFuzz.run, seeds: LayoutFileFuzz.seeds, seed: 0x7FA, count: 3000,
            maximumLength: 300)
    }

    @Test func pngFilesDecodeToWellFormedBitmapsOrAreRefused() {
        replay(PNGDecoderFuzz.run, seed: 0x7F8, count: 2000, maximumLength: 64)
    }

    @Test func reusedRandomCellsLayOutAsFreshOnes() {
        replay(ReuseDifferentialFuzz.run, seed: 0x7F6, count: 120, maximumLength: 400)
    }

    @Test func randomStackTreeTemplateFilesLayOutDirectlyAsTheirConstraintsDo() {
        replay(StackFileDifferentialFuzz.run, seed: 0x7F9, count: 150, maximumLength: 400)
    }

    @Test func textMeasurementOfHostileUnicodeGivesWellFormedLayouts() {
        replay(TextMeasurementFuzz.run, seed: 0x7F5, count: 2000, maximumLength: 200)
    }

    @Test func damagedFontTablesAreRefusedOrMeasuredAsHarfBuzzShapes() {
        replay(FontTablesFuzz.run, seed: 0x7FA, count: 400, maximumLength: 48)
    }

    @Test func damagedFontCacheFilesAreRefusedOrMeasureToWellFormedLayouts() {
        replay(FontCacheFuzz.run, seed: 0xCAC4E, count: 300, maximumLength: 32)
    }

    /// Inputs the `fonts` target found (docs/reliability.md, bugs 12 to 16 and 18).
    @Test func damagedFontTablesTheFuzzerFound() throws {
        // Inter, GPOS byte 56,219 set to 0x00FF: a class definition's range
        // record with its first glyph after its last.
        try FontTablesFuzz.run([0x24, 0x0A, 0x26, 0x7E, 0x0A, 0x2E])
        // Bug 14: Inter with its cmap cut to 24,619 bytes, GDEF bytes 508
        // and 838 set to 97 and 0 (two glyph class range records out of
        // order), a GSUB word at 5,879 set to 0xFFFF: HarfBuzz's two readings
        // of the glyph classes disagreed, and the kern-only model took "ν"
        // for a letter where shaping made it a zero-width mark ("Ἀθῆναι"
        // 55.54 wide, HarfBuzz 46.03).
        try FontTablesFuzz.run([
            0xB8, 0x9D, 0x14, 0xFF, 0xFF, 0xFF, 0xFF, 0x48, 0x75, 0x61, 0x54, 0x69, 0x61, 0x6E,
            0x4B, 0x61, 0x69, 0x54, 0x69, 0x3F, 0x2A, 0x2E,
        ])
        // Bug 15: Inter with GPOS byte 156,604 set to 104 (lookup 0's
        // subtable count becomes 26,625): HarfBuzz's sanitizer dropped every
        // lookup, so HarfBuzz kerned nothing, while the kern-only model read
        // the pair lookup as it is in the file ("AVATAR Wave To Ty" 159.54
        // wide, HarfBuzz 168.62).
        try FontTablesFuzz.run([
            0x40, 0x40, 0x00, 0x00, 0x70, 0x73, 0x68, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x28,
        ])
        // Bug 16: Inter with its cmap's record count set from 4 to 48 (and
        // an OS/2 and a GSUB byte changed): HarfBuzz's sanitizer refused
        // more of the garbage records' subtables than it mends and dropped
        // the cmap, so HarfBuzz mapped nothing, while the format 12 reader
        // took the groups of the (3, 10) record ("AVATAR Wave To Ty" 159.54
        // wide, HarfBuzz 287.36 of missing-glyph boxes).
        try FontTablesFuzz.run([
            0x2E, 0x41, 0x0A, 0xBA, 0x43, 0x00, 0x00, 0x03, 0x00, 0xE6, 0x97, 0xE8, 0x2B, 0x43,
            0x00, 0x00, 0x03, 0x0B, 0x30, 0x49,
        ])
        // Bug 18: Inter with GSUB bytes 8,272 and 8,273 set to 0 (lookup
        // 8's context subtable of format 3 then has no input glyph, which
        // HarfBuzz's sanitizer refuses): the kern-only analysis read the
        // first input's coverage past the end of an empty list (a crash).
        try FontTablesFuzz.run([0x7A, 0x53, 0xCA, 0xAD, 0xAD, 0xAD])
    }

    @Test func markupParsesToItsNaiveTextOrIsRefusedWithAnOffset() {
        replay(MarkupFuzz.run, seed: 0x7F9, count: 2000, maximumLength: 120)
    }
}
