// swift-tools-version: 6.1
// Trellis benchmarks, a nested package so library users never pull in the
// benchmark dependencies. Run from this folder:
//   swift package benchmark                       # every suite
//   swift package benchmark --target SolverBenchmarks
import PackageDescription

let suites = [
    "TextBenchmarks", "SolverBenchmarks", "TableBenchmarks", "CollectionBenchmarks",
    "ViewBenchmarks", "CompositionalBenchmarks",
]

let package = Package(
    name: "TrellisBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Trellis", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: ["MallocInterposer"]),
    ],
    targets: suites.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisConstraints", package: "Trellis"),
                .product(name: "TrellisSamples", package: "Trellis"),
                .product(name: "Benchmark", package: "benchmark"),
            ] + (name == "SolverBenchmarks" ? ["AnimalCellSystem"] : []),
            path: "Benchmarks/\(name)",
            swiftSettings: [.unsafeFlags(["-Ounchecked"])],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    } + [
        // The Animal cell's constraint system, shared by SolverBenchmarks and
        // FreshSolverLoop, the loop Scripts/kiwi-benchmark.sh runs against
        // Kiwi's C++ (KiwiComparison/kiwi_animal_cell.cpp). Built with the
        // library's own optimisation (-O), as an app would build it.
        .target(
            name: "AnimalCellSystem",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisConstraints", package: "Trellis"),
                .product(name: "TrellisSamples", package: "Trellis"),
            ],
            path: "Benchmarks/AnimalCellSystem"),
        .executableTarget(
            name: "FreshSolverLoop",
            dependencies: [
                "AnimalCellSystem", .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisConstraints", package: "Trellis"),
                .product(name: "TrellisSamples", package: "Trellis"),
            ],
            path: "KiwiComparison/FreshSolverLoop"),
        // The box trees of issue 40 laid out three ways, the loop
        // Scripts/taffy-benchmark.sh runs against Taffy (stretchable on PyPI).
        .executableTarget(
            name: "StackTreesLoop",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisSamples", package: "Trellis"),
            ],
            path: "TaffyComparison/StackTreesLoop"),
    ]
)
