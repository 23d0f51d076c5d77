// libFuzzer's entry point: runs the fuzz body named by TRELLIS_FUZZ_TARGET on
// each input and aborts (which libFuzzer reports as a crash, saving the input)
// when the body finds a broken invariant.

#if canImport(Glibc)
    import Glibc
#endif

/// The fuzz bodies by the names `Scripts/fuzz.sh` uses.
let fuzzTargets: [String: ([UInt8]) throws(FuzzViolation) -> FuzzOutcome] = [
    "vfl": VisualFormatFuzz.run,
    "constraint": ConstraintStringFuzz.run,
    "template": TemplateFileFuzz.run,
    "jsonl": JSONLinesFuzz.run,
    "jsonmember": JSONStringMemberFuzz.run,
    "rows": JSONRowFuzz.run,
    "text": TextMeasurementFuzz.run,
    "markup": MarkupFuzz.run,
    "reuse": ReuseDifferentialFuzz.run,
    "frames": FrameTreeFuzz.run,
    "png": PNGDecoderFuzz.run,
    "stacktree": StackTreeDifferentialFuzz.run,
    "stackfile": StackFileDifferentialFuzz.run,
    "layout": LayoutFileFuzz.run,
    "fonts": FontTablesFuzz.run,
    "fontcache": FontCacheFuzz.run,
]

let selectedTarget: ([UInt8]) throws(FuzzViolation) -> FuzzOutcome = {
    let name = getenv("TRELLIS_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let body = fuzzTargets[name] else {
        let names = fuzzTargets.keys.sorted().joined(separator: ", ")
        fputs("TRELLIS_FUZZ_TARGET must be one of: \(names) (got \"\(name)\")\n", stderr)
        exit(2)
    }
    return body
}()

/// Valid inputs per target, written into the corpus before fuzzing starts.
let fuzzSeeds: [String: [String]] = [
    "vfl": VisualFormatFuzz.seeds,
    "constraint": ConstraintStringFuzz.seeds,
    "template": TemplateFileFuzz.seeds,
    "jsonl": JSONLinesFuzz.seeds,
    "jsonmember": JSONStringMemberFuzz.seeds,
    "rows": JSONRowFuzz.seeds,
    "frames": FrameTreeFuzz.seeds,
    "markup": MarkupFuzz.seeds,
    "layout": LayoutFileFuzz.seeds,
]

/// libFuzzer calls this once before fuzzing: writes the selected target's
/// seeds into $TRELLIS_FUZZ_SEEDS_DIR (the corpus) when that is set.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?)
    -> CInt
{
    let name = getenv("TRELLIS_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let directory = getenv("TRELLIS_FUZZ_SEEDS_DIR").map({ String(cString: $0) }) else {
        return 0
    }
    for (number, seed) in (fuzzSeeds[name] ?? []).enumerated() {
        guard let file = fopen("\(directory)/seed-\(number)", "wb") else { continue }
        let bytes = _seedInput(seed)
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        _ = try selectedTarget(bytes)
    } catch {
        fputs("invariant broken: \(error)\n", stderr)
        abort()
    }
    return 0
}
