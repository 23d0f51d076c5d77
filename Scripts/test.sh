#!/usr/bin/env bash
# Runs the whole test suite from a fresh clone: installs missing system
# packages, checks the format and builds the sources strictly (Scripts/lint.sh),
# builds the tests (failing on any warning in the project's own files, and on
# a target importing a module it does not declare), and runs every test
# target. The SnapshotTesting trait builds swift-snapshot-testing for the
# SnapshotTests target's strategies (without it those tests compile to
# nothing).
#
# The test run prints what a reader needs: a count of passed tests every
# hundred, each suite as it ends, every failure with its details, crashes,
# and swift test's own summary line last.
# Everything the tests print (the conflict logs they provoke on purpose, the
# property runs' summaries) goes to .build/test-output.txt. The property runs
# are short here; Scripts/soak.sh runs them long (TRELLIS_SOAK=1).
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
full=.build/test-output.txt
# The font cache files the tests write (docs/text-performance.md, "The
# one-time costs kept on disk") go to a directory of the build's own, not
# the user's cache directory.
export XDG_CACHE_HOME="$here/.build/test-cache"
echo "test.sh: running the tests (everything they print: $full)"
set +e
swift test --skip-build --traits SnapshotTesting "$@" 2>&1 | tee "$full" | awk '
    # A failure and its details (swift-testing indents them under "↳").
    /^✘/ || /^[[:space:]]*↳/ { print; fflush(); next }
    /^✔ Suite / || /^Test Suite .All tests. (passed|failed)/ || /Executed [0-9]+ tests?/ {
        print; fflush(); next
    }
    /error:|Fatal error|Crashed|[Ss]ignal [0-9]+|Illegal instruction|Segmentation fault/ {
        print; fflush(); next
    }
    # swift test s own summary line (also printed when it passes).
    /Test run with [0-9]+ tests? / { print; fflush(); next }
    # Progress: the suites end together at the close of a parallel run, so
    # a count of passed tests every hundred shows the run moving.
    /^✔ Test / { if (++passed % 100 == 0) { print "test.sh: " passed " tests passed so far"; fflush() } }
'
status=${PIPESTATUS[0]}
set -e
exit "$status"
