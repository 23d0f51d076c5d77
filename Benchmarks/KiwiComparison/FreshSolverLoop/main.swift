// The loop of kiwi_animal_cell.cpp in Trellis: for each of 10,000 rows, the
// AnimalTableViewCell system built and solved from scratch (variables,
// constraints, solver, two edit variables, their suggestions, one update).
// Prints the median time per row over ROUNDS rounds, in microseconds, and
// the rows' height sum, as the C++ program does.
//
// usage: FreshSolverLoop [ROUNDS]
import AnimalCellSystem
import Trellis
import TrellisConstraints
import TrellisSamples

#if canImport(Glibc)
    import Glibc
#endif

func microseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1e6 + Double(now.tv_nsec) / 1e3
}

/// Writes `message` to standard error and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(code)
}

let arguments = CommandLine.arguments
guard let rounds = arguments.count > 1 ? Int(arguments[1]) : 5, rounds >= 1 else {
    fail("usage: FreshSolverLoop [ROUNDS >= 1]", code: 64)
}
var perRow: [Double] = []
var total = 0.0
for _ in 0..<rounds {
    total = 0
    let start = microseconds()
    for row in 0..<rowCount {
        let system = AnimalCellSystem()
        let solver = system.makeSolver()
        let height = system.height(
            in: solver, width: rowWidths[row], intrinsicHeight: rowIntrinsicHeights[row])
        guard abs(height - (64 + rowIntrinsicHeights[row])) < 1e-6 else {
            fail("row \(row): H = \(height), expected \(64 + rowIntrinsicHeights[row])", code: 1)
        }
        total += height
    }
    perRow.append((microseconds() - start) / Double(rowCount))
}
perRow.sort()
// "%.3f %.1f", as the C++ program prints them.
let thousandths = Int((perRow[perRow.count / 2] * 1000).rounded())
let fraction = String(thousandths % 1000)
let tenths = Int((total * 10).rounded())
print(
    "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        + " \(tenths / 10).\(tenths % 10)")
