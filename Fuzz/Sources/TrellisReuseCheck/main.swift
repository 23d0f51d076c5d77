// The long run of the reuse property: CELLS random cells of 50 rows each,
// reused against fresh (the test suite checks 2,000 of them from one seed).
//   swift run -c release --package-path Fuzz TrellisReuseCheck CELLS [FIRST_SEED] [WORKERS] [stacks]
// `stacks` checks cells built around stack views instead. The run goes on
// past a disagreement and counts them all (the first is shrunk).
// Prints the counts and the time; exits 1 with a shrunk reproduction on a
// disagreement.

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
guard let cells = arguments.first.flatMap({ Int($0) }), cells > 0 else {
    fputs("usage: TrellisReuseCheck CELLS [FIRST_SEED] [WORKERS]\n", stderr)
    exit(2)
}
let firstSeed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 1
let workers = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 2
let stacked = arguments.dropFirst(3).first == "stacks"

var clock = timespec()
clock_gettime(CLOCK_MONOTONIC, &clock)
let start = Double(clock.tv_sec) + Double(clock.tv_nsec) * 1e-9
let run = await ReuseDifferentialRun.run(
    cells: cells, rowsPerCell: 50, firstSeed: firstSeed, workers: workers, stacked: stacked,
    keepGoing: true)
clock_gettime(CLOCK_MONOTONIC, &clock)
let seconds = Double(clock.tv_sec) + Double(clock.tv_nsec) * 1e-9 - start
print(
    "reuse check\(stacked ? " (stacks)" : ""), seeds from \(firstSeed), \(workers) workers: \(run.summary) in \(Int(seconds.rounded())) s"
)
if let failure = run.failure {
    print("\(run.failures.count) disagreements, at seeds \(run.failures.map(\.seed).sorted())")
    for (seed, message) in run.failures.sorted(by: { $0.seed < $1.seed }).prefix(20) {
        print("  seed \(seed): \(message)")
    }
    print("first, shrunk: \(failure)")
    exit(1)
}
print("0 disagreements")
