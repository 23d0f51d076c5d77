#!/usr/bin/env bash
# Runs the whole test suite from a fresh clone: installs missing system
# packages, builds, and runs every test target.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
swift build --build-tests
swift test --skip-build "$@"
