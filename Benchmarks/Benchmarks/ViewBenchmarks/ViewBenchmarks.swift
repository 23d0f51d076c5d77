// ViewBenchmarks: filled in by the module's issue.
import Benchmark
import Trellis

let benchmarks: @Sendable () -> Void = {
}
