// swift-tools-version: 6.1
// Trellis fuzz targets, a nested package (like Benchmarks/) so library users
// never build them. One libFuzzer executable holds every target; the
// TRELLIS_FUZZ_TARGET environment variable picks one. Build and run through
// the script at the package root:
//   Scripts/fuzz.sh vfl 600        # one target for ten minutes
//   Scripts/fuzz.sh all 600        # each target in turn
// The fuzz bodies live in Tests/TrellisReliabilityTests/FuzzBodies (linked
// here), so the test suite replays the same checks with a fixed seed.
import PackageDescription

let package = Package(
    name: "TrellisFuzz",
    dependencies: [
        .package(name: "Trellis", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "TrellisFuzz",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisSnapshots", package: "Trellis"),
                .product(name: "TrellisSamples", package: "Trellis"),
            ],
            // libFuzzer supplies `main`; this module only defines the entry point.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The long run of the reuse property (random cells reused against
        // fresh), in release mode: Scripts/reuse-check.sh CELLS [SEED].
        .executableTarget(
            name: "TrellisReuseCheck",
            dependencies: [
                .product(name: "Trellis", package: "Trellis"),
                .product(name: "TrellisSnapshots", package: "Trellis"),
                .product(name: "TrellisSamples", package: "Trellis"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
