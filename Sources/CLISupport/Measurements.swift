// Timing and memory readings for listbench: monotonic clock, medians,
// percentiles, and the process's resident set size from /proc.

#if canImport(Glibc)
    import Glibc
#endif

/// Nanoseconds from a monotonic clock.
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` and returns its result with the elapsed milliseconds.
@inline(__always)
public func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = monotonicNanoseconds()
    let result = try body()
    return (result, Double(monotonicNanoseconds() - start) / 1e6)
}

/// The median of a non-empty list (mean of the middle two for even counts).
public func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The p-th percentile (0...100) by the nearest-rank method.
public func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

/// Resident memory figures of this process, read from /proc/self/status.
public struct MemoryReading {
    /// Current resident set size in bytes (VmRSS).
    public var residentBytes: Int
    /// Peak resident set size in bytes (VmHWM).
    public var peakResidentBytes: Int

    public static func current() -> MemoryReading {
        var reading = MemoryReading(residentBytes: 0, peakResidentBytes: 0)
        guard let file = fopen("/proc/self/status", "r") else { return reading }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(cString: buffer)
            if line.hasPrefix("VmRSS:") {
                reading.residentBytes = kilobytes(line) * 1024
            } else if line.hasPrefix("VmHWM:") {
                reading.peakResidentBytes = kilobytes(line) * 1024
            }
        }
        return reading
    }

    private static func kilobytes(_ line: String) -> Int {
        Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
}

/// True when standard error is a terminal (progress is shown only then).
public let stderrIsTerminal = isatty(2) == 1

/// Writes a progress line to standard error, overwriting the previous one.
public func showProgress(_ text: String) {
    guard stderrIsTerminal else { return }
    fputs("\r\u{1B}[K\(text)", stderr)
}

public func endProgress() {
    guard stderrIsTerminal else { return }
    fputs("\r\u{1B}[K", stderr)
}
