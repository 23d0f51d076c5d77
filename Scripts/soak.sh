#!/usr/bin/env bash
# The long property runs, which Scripts/test.sh runs short: the same tests
# with TRELLIS_SOAK=1, which makes them check many more cases.
#
#   reuse differential        2,000 random cells × 50 rows, 500 stack cells × 30 rows
#                             (test.sh: 60 × 25 and 40 × 15)
#   stack-tree differential   5,000 random trees (test.sh: 1,000)
#   stack-file differential   400 random template files (test.sh: 100)
#   direct stack reuse        2,000 random trees × 7 rows (test.sh: 300)
#   table stays-put model     20,000 random operation sequences (test.sh: 400)
#   solver differentials      60-200 seeds each (test.sh: a tenth of them)
#   cell agreement runs       120-3,000 generated rows (test.sh: an eighth to a twelfth)
#   text property runs        500-4,000 corpus rows and texts (test.sh: 60-1,500)
#   chat bubbles, conflict log  1,000 messages, 2,000 rows (test.sh: 150, 400)
#   long stacks               500 labels with diagnostics, 2,000 without, 2,000
#                             added one at a time (test.sh: 200, 1,000, 500)
#   Dask shards               20,000 and 4,000 rows (test.sh: 5,000, 1,500)
#   collection rect queries   400 rects a layout (test.sh: 120)
#   ambiguity reading         12 random long stacks read against the probe (test.sh: 3)
#
# The suites are listed in `suites` below; SoakCoverageTests fails when a
# suite that sizes itself with `Soak` is missing from the list.
#
# Run it after Scripts/test.sh (it builds the tests only if they are not
# built). Extra arguments go to swift test. Prints each suite as it ends,
# every failure and swift test's summary line; the tests' own output goes to
# .build/soak-output.txt. .ci/run runs it after the test command.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests --traits SnapshotTesting 2>&1 | grep -E "error|warning: " || true
suites=(
    ReuseDifferentialTests StackTreeDifferentialTests StackTreeReadingTests
    StackTreeEngineDirectTests StackTreeOtherRowsTests
    TemplateFileStackDifferentialTests
    DirectStackReuseTests
    TableStaysPutModelTests ConstantChangeDifferentialTests BatchedSuggestionTests
    SolverPropertyTests DefinitionDifferentialTests PathAgreementTests TemplateFileCellTests
    ConstraintTemplateShapeTests PostCellAgreementTests PostCellHandComputedTests PostItemTests
    ProductCardTests SizeAndBaselinesTests LinesFitTests
    PostDataGeneratorTests ChatBubbleReuseTests SizeOnlyTests PreparedLookupTests
    ConflictLogCLITests LongStackTests KernOnlyShapingTests DaskHeightsCLITests
    MergeHeightsCLITests CollectionQueryTests AmbiguityReadingTests
)
filter=$(IFS='|'; echo "${suites[*]}")
full=.build/soak-output.txt
echo "soak.sh: the long property runs (everything they print: $full)"
set +e
# The font cache files the runs write go where test.sh puts the tests' (not
# the user's cache directory).
TRELLIS_SOAK=1 XDG_CACHE_HOME="$(pwd)/.build/test-cache" \
    swift test --skip-build --traits SnapshotTesting \
    --filter "$filter" \
    "$@" 2>&1 | tee "$full" | awk '
    /^✘/ || /^[[:space:]]*↳/ || /^✔ Suite / { print; fflush(); next }
    /differential: / { print; fflush(); next }
    /error:|Fatal error|Crashed|[Ss]ignal [0-9]+|Segmentation fault/ { print; fflush(); next }
    /Test run with [0-9]+ tests? / { print; fflush(); next }
'
status=${PIPESTATUS[0]}
set -e
exit "$status"
