// swift-tools-version: 6.1
// Trellis: UIKit-style self-sizing layout for Linux. Its library modules
// in layers, bottom up: a module depends only on modules of lower layers
// (and on the C libraries: CFreeType, CHarfBuzz, CFontconfig, CPNG,
// CTrellisICU, CTrellisMemory, CTrellisUTF8). Scripts/import-check.py
// checks these lines against the targets below; docs/module-contracts.md
// says what each offers.
// layer 0: TrellisSupport, TrellisData, TrellisConstraints
// layer 1: TrellisGeometry
// layer 2: TrellisText, TrellisLists
// layer 3: TrellisViews, TrellisLayoutFiles
// layer 4: TrellisCells
// layer 5: TrellisTemplateFiles, TrellisSamples, TrellisRender
// layer 6: TrellisTemplateSource, TrellisInspector, TrellisSnapshots, Trellis
// layer 7: TrellisSnapshotTesting
// The umbrella `Trellis` re-exports every layer but the solver (product
// TrellisConstraints, behind the views' engine) and the samples (product
// TrellisSamples). The executables `trellis` and `listbench` sit on top,
// with CLISupport and CLIOptions, which no library uses.

import PackageDescription

let package = Package(
    name: "Trellis",
    products: [
        .library(name: "Trellis", targets: ["Trellis"]),
        .library(name: "TrellisData", targets: ["TrellisData"]),
        .library(name: "TrellisGeometry", targets: ["TrellisGeometry"]),
        .library(name: "TrellisText", targets: ["TrellisText"]),
        .library(name: "TrellisConstraints", targets: ["TrellisConstraints"]),
        .library(name: "TrellisViews", targets: ["TrellisViews"]),
        .library(name: "TrellisCells", targets: ["TrellisCells"]),
        .library(name: "TrellisTemplateFiles", targets: ["TrellisTemplateFiles"]),
        .library(name: "TrellisLayoutFiles", targets: ["TrellisLayoutFiles"]),
        .library(name: "TrellisSamples", targets: ["TrellisSamples"]),
        .library(name: "TrellisTemplateSource", targets: ["TrellisTemplateSource"]),
        .library(name: "TrellisLists", targets: ["TrellisLists"]),
        .library(name: "TrellisRender", targets: ["TrellisRender"]),
        .library(name: "TrellisInspector", targets: ["TrellisInspector"]),
        // Issue 23: layout snapshots. The strategies need the SnapshotTesting trait.
        .library(name: "TrellisSnapshots", targets: ["TrellisSnapshots"]),
        .library(name: "TrellisSnapshotTesting", targets: ["TrellisSnapshotTesting"]),
        .executable(name: "listbench", targets: ["listbench"]),
        .executable(name: "trellis", targets: ["trellis"]),
    ],
    // swift-snapshot-testing is compiled only with this trait
    // (`swift build --traits SnapshotTesting`; Scripts/test.sh sets it), so the
    // core library and the CLIs never build it (nor swift-syntax).
    traits: [
        .trait(
            name: "SnapshotTesting",
            description: "TrellisSnapshotTesting's swift-snapshot-testing strategies")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation` (each library's DocC catalog).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries (Debian packages, found through pkg-config).
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // The system's fonts, ranked as Pango ranks them (`--fallback system`).
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // ICU behind a header of our own: ICU's headers must never be imported
        // into Swift on Linux, where they clash with Foundation's _FoundationICU.
        .target(
            name: "CTrellisICU",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),

        // glibc's malloc_trim for `trellis heights`, which streams any number
        // of rows and gives the pages its caches free back after each batch;
        // the heap set-up of `trellis measure` (one arena, huge pages).
        .target(name: "CTrellisMemory"),
        // UTF-8 validation 32 bytes at a time (AVX2, chosen at run time) and
        // the end of a JSON string's plain bytes 16 at a time (SSE2), for
        // TrellisData's line reader.
        .target(name: "CTrellisUTF8"),

        // What several modules share: the one lock, the seeded generator.
        .target(name: "TrellisSupport"),
        // The data formats every layer reads and writes: the JSON reader
        // with positions, the one JSON writer, the JSON Lines line splitter,
        // data rows, `SourcePosition` and the positioned errors. A leaf.
        .target(name: "TrellisData", dependencies: ["CTrellisUTF8"]),
        // Re-exports `SourcePosition` (it lived here first).
        .target(name: "TrellisGeometry", dependencies: ["TrellisData"]),
        .target(
            name: "TrellisText",
            dependencies: [
                "TrellisGeometry", "TrellisSupport", "CFreeType", "CHarfBuzz", "CFontconfig",
                "CTrellisICU",
            ]
        ),
        .target(name: "TrellisConstraints"),
        .target(
            name: "TrellisViews",
            dependencies: [
                "TrellisGeometry", "TrellisConstraints", "TrellisText", "TrellisSupport",
            ]
        ),
        .target(
            name: "TrellisCells",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisConstraints",
                "TrellisViews", "TrellisLists", "TrellisSupport",
            ]
        ),
        // Template files: cells described in JSON, read at run time.
        .target(
            name: "TrellisTemplateFiles",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisCells",
                "TrellisSupport",
            ]
        ),
        // Compositional layout files: sections, groups and items in JSON with
        // UIKit's names, read into TrellisLists' layout (no cells involved).
        .target(
            name: "TrellisLayoutFiles",
            dependencies: ["TrellisData", "TrellisGeometry", "TrellisLists"]
        ),
        // The sample cells (Animal, Bird, Feed, Post), their rows and
        // generators.
        .target(
            name: "TrellisSamples",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisCells",
                "TrellisSupport",
            ]
        ),
        // One template source for every command: an argument resolved once
        // (built-in name, template file, stack tree), the registry of
        // built-in templates, the row format of template files' rows.
        .target(
            name: "TrellisTemplateSource",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisCells",
                "TrellisTemplateFiles", "TrellisSamples",
            ]
        ),
        .target(name: "TrellisLists", dependencies: ["TrellisGeometry"]),
        // Pictures of laid-out cells (`trellis render`): bitmaps, PNG, glyphs
        // rasterized with FreeType. Separate so layout modules never link it.
        .target(
            name: "TrellisRender",
            dependencies: [
                "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisCells", "CFreeType",
                "CPNG",
            ]
        ),
        // The layout inspector (`trellis inspect`): an HTML page of laid-out
        // cells with their constraints, conflicts and diagnostics.
        .target(
            name: "TrellisInspector",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisCells",
                "TrellisRender", "CFreeType",
            ]
        ),
        // PNG through libpng; snapshot formats (frame trees, JSON,
        // diffs, golden files) apart from the swift-snapshot-testing strategies.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(
            name: "TrellisSnapshots",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisCells",
                "TrellisLists", "TrellisRender",
            ]
        ),
        .target(
            name: "TrellisSnapshotTesting",
            dependencies: [
                "TrellisSnapshots", "TrellisData", "TrellisGeometry", "TrellisViews",
                "TrellisRender",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .testTarget(
            name: "SnapshotTests",
            dependencies: [
                "TrellisSnapshotTesting", "TrellisSnapshots", "TrellisSamples",
                "TrellisTemplateFiles", "TrellisCells", "TrellisGeometry", "TrellisLists",
                "TrellisText", "TrellisViews",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["SnapshotTesting"])),
            ],
            exclude: ["__Snapshots__"]
        ),
        .target(
            name: "Trellis",
            dependencies: [
                "TrellisData", "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisCells",
                "TrellisTemplateFiles", "TrellisLayoutFiles",
                "TrellisLists", "TrellisRender",
            ]
        ),

        // Helpers shared by the two executables (timing, failures, progress).
        .target(name: "CLISupport", dependencies: ["TrellisSupport"]),
        // The options both executables take (swift-argument-parser groups),
        // and what they share about reading rows: the data limits, the
        // field check. Apart from CLISupport, so that CLISupport stays free
        // of swift-argument-parser.
        .target(
            name: "CLIOptions",
            dependencies: [
                "CLISupport", "TrellisData", "TrellisText", "TrellisCells", "TrellisTemplateFiles",
                "TrellisTemplateSource", "TrellisViews", "TrellisSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "listbench",
            dependencies: [
                "Trellis", "TrellisData", "TrellisSamples", "CLISupport", "CLIOptions",
                "TrellisSupport", "TrellisTemplateSource",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "trellis",
            dependencies: [
                "Trellis", "TrellisData", "TrellisGeometry", "TrellisText", "TrellisCells",
                "TrellisTemplateFiles", "TrellisSamples", "CLISupport", "CLIOptions",
                "TrellisSnapshots",
                "TrellisSupport", "TrellisTemplateSource",
                "CTrellisMemory", "TrellisInspector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A release `trellis` carries the Swift runtime and
            // FoundationEssentials (it imports no Foundation) instead of
            // loading them: a server can copy the binary alone (it needs the
            // system's FreeType, HarfBuzz, fontconfig, libpng and ICU only),
            // and a process starts faster (an empty `trellis measure` 36.8M ->
            // 18.3M instructions, 10,000 rows 476M -> 437M: dynamic linking
            // and its relocations are gone). `-static-stdlib` alone leaves out
            // the C libraries FoundationEssentials uses, which SwiftPM adds
            // only for `--static-swift-stdlib`, a flag of the whole build.
            // The link repeats glibc's warning about `mktemp`, which
            // FoundationEssentials' temporary files reference (`trellis`
            // does not use them: it names its staging file itself).
            // `--no-export-dynamic` undoes the `-export-dynamic` of
            // `-static-stdlib`: nothing looks the executable's symbols up,
            // and the runtime's start (`dladdr` of itself, for the
            // backtracer) no longer walks 8,844 exported symbols (0.33 M
            // instructions a process). Linked by the toolchain's lld with
            // its relative relocations packed (`-z pack-relative-relocs`,
            // DT_RELR, which glibc 2.36 and later apply): the 47,000 the
            // executable has took 1.1 MB of `.rela.dyn` that every process
            // read and walked, now 9 KB. A process with one Chinese row
            // 7.61 -> 6.92 ms, 5,000 Chinese rows 22.63 -> 22.05 ms from
            // gold's link (lld's without the packing: 7.07 and 22.12 ms;
            // medians of 60 and 30 alternating runs, 2026-12-06).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections",
                        "-Xlinker", "--no-export-dynamic", "-use-ld=lld",
                        "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    ],
                    .when(configuration: .release))
            ]
        ),

        .executableTarget(
            name: "quickstart", dependencies: ["Trellis", "TrellisSamples"],
            path: "Examples/QuickStart"),

        // What several test targets share: the seeded generator, fixture
        // paths, and comparisons of numbers and frames with a tolerance.
        .target(
            name: "TrellisTestSupport", dependencies: ["TrellisGeometry", "TrellisSupport"],
            path: "Tests/TrellisTestSupport"),
        .testTarget(
            name: "TrellisDataTests",
            dependencies: ["TrellisData", "TrellisSupport", "TrellisTestSupport"]),
        .testTarget(name: "TrellisGeometryTests", dependencies: ["TrellisGeometry"]),
        .testTarget(
            name: "TrellisTextTests",
            dependencies: [
                "TrellisText", "TrellisGeometry", "CHarfBuzz", "CFreeType", "CTrellisICU",
                "TrellisTestSupport", "TrellisSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TrellisConstraintsTests",
            dependencies: ["TrellisConstraints", "TrellisTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TrellisViewsTests",
            dependencies: [
                "TrellisViews", "TrellisConstraints", "TrellisGeometry", "TrellisText",
                "TrellisSupport", "TrellisTestSupport",
            ]),
        .testTarget(
            name: "TrellisCellsTests",
            dependencies: [
                "TrellisCells", "TrellisTemplateFiles", "TrellisLayoutFiles", "TrellisSamples",
                "TrellisTemplateSource", "TrellisData", "TrellisGeometry", "TrellisLists",
                "TrellisText",
                "TrellisViews", "TrellisSupport", "TrellisTestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TrellisListsTests",
            dependencies: ["TrellisLists", "TrellisGeometry", "TrellisTestSupport"]),
        .testTarget(
            name: "TrellisRenderTests",
            dependencies: [
                "TrellisRender", "TrellisSamples", "TrellisTemplateFiles", "TrellisCells",
                "TrellisData",
                "TrellisGeometry", "TrellisText", "TrellisViews", "TrellisTestSupport",
            ]),
        // Inspector pages, checked in a headless chromium (Scripts/bootstrap.sh installs it).
        .testTarget(
            name: "TrellisInspectorTests",
            dependencies: [
                "TrellisInspector", "TrellisSamples", "TrellisTemplateFiles",
                "TrellisTemplateSource", "TrellisRender", "TrellisCells", "TrellisData",
                "TrellisGeometry", "TrellisText", "TrellisTestSupport",
            ],
            exclude: ["Fixtures"]),
        // Runs the built `listbench` and `trellis` executables end to end.
        .testTarget(
            name: "CLITests",
            dependencies: ["listbench", "trellis", "TrellisTestSupport", "CTrellisMemory"]),
        // Fuzz bodies (shared with Fuzz/), thread safety, extreme and bad input.
        .testTarget(
            name: "TrellisReliabilityTests",
            dependencies: [
                "Trellis", "TrellisCells", "TrellisConstraints", "TrellisData", "TrellisGeometry",
                "TrellisLayoutFiles", "TrellisLists", "TrellisRender", "TrellisSamples",
                "TrellisTemplateFiles", "TrellisText", "TrellisViews", "TrellisSnapshots",
                "TrellisSupport", "TrellisTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v5]
)
