#!/usr/bin/env bash
# Runs the whole test suite from a fresh clone: installs missing system
# packages, builds, and runs every test target. The SnapshotTesting trait
# builds swift-snapshot-testing for the SnapshotTests target's strategies
# (without it those tests compile to nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
swift build --build-tests --traits SnapshotTesting
swift test --skip-build --traits SnapshotTesting "$@"
