#!/usr/bin/env bash
# The format lint and the strict build that CI runs before the tests.
#
# - `swift format lint --strict` with the committed .swift-format over every
#   Swift file of the package, its manifests and the Benchmarks and Fuzz
#   packages: any finding fails.
# - The library and executable targets build with warnings as errors and with
#   SwiftPM's explicit target dependency import check (a target that imports a
#   module it does not declare fails), in their own build directory.
# - Scripts/import-check.py: the imports SwiftPM's check lets through (a
#   module reachable through another dependency but not declared), declared
#   dependencies no source imports, and the layers Package.swift's header
#   states, for every target, test targets included.
#
# Test targets are built by Scripts/test.sh, which fails on any warning in the
# project's own files: `-warnings-as-errors` cannot be passed to them, because
# with it the swift-testing macros of Swift 6.3 (`@Test`, `@Suite`) report
# their own expansion code ("'@const' value should be initialized with a
# compile-time value") as errors.
set -euo pipefail
cd "$(dirname "$0")/.."

swift format lint --strict --recursive \
    Package.swift Sources Tests \
    Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/KiwiComparison Benchmarks/TaffyComparison \
    Fuzz/Package.swift Fuzz/Sources

python3 Scripts/import-check.py

swift build --build-path .build-strict --traits SnapshotTesting \
    -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error
