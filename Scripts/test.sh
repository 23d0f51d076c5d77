#!/usr/bin/env bash
# Runs the whole test suite from a fresh clone: installs missing system
# packages, checks the format and builds the sources strictly (Scripts/lint.sh),
# builds the tests (failing on any warning in the project's own files, and on
# a target importing a module it does not declare), and runs every test
# target. The SnapshotTesting trait builds swift-snapshot-testing for the
# SnapshotTests target's strategies (without it those tests compile to
# nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
Scripts/lint.sh

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests --traits SnapshotTesting \
    --explicit-target-dependency-import-check error 2>&1 | tee "$log"
here=$(pwd)
if grep -E "^($here/)?(Sources|Tests|Benchmarks|Fuzz)/[^:]+:[0-9]+:[0-9]+: warning:|^warning: '" "$log"; then
    echo "test.sh: the build above warned (warnings are errors here)" >&2
    exit 1
fi
swift test --skip-build --traits SnapshotTesting "$@"
