#!/usr/bin/env bash
# The long run of the reuse property outside CI: CELLS random cells of 50 rows,
# each laid out on one reused hierarchy and on a fresh hierarchy per row, in
# release mode (the test suite checks 2,000 cells in debug).
#
#   Scripts/reuse-check.sh CELLS [FIRST_SEED] [WORKERS]    e.g. Scripts/reuse-check.sh 100000
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 1 && "$1" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/reuse-check.sh CELLS [FIRST_SEED] [WORKERS]" >&2; exit 2; }
Scripts/bootstrap.sh
swift build -c release --package-path Fuzz --product TrellisReuseCheck >&2
exec Fuzz/.build/release/TrellisReuseCheck "$@"
