#!/usr/bin/env bash
# Builds every module's DocC catalog (`swift package generate-documentation`,
# swift-docc-plugin) and fails if DocC or the symbol-graph build reports a
# warning in the project's own files (an unresolved symbol link, a curated
# symbol that does not exist, a malformed catalog).
#
#   Scripts/docs.sh        (archives in .build/plugins/Swift-DocC/outputs)
#
# It takes about 3 minutes of CPU on 2 cores; CI does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package --disable-sandbox generate-documentation > "$log" 2>&1 || status=$?
# The static Foundation archive's linker note on mktemp is not ours.
if grep -E "(warning|error):" "$log" | grep -v "the use of \`mktemp' is dangerous" > "$log.found"; then
    cat "$log.found" >&2
    echo "docs: $(wc -l < "$log.found") warnings or errors (above)" >&2
    rm -f "$log.found"
    exit 1
fi
rm -f "$log.found"
if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    echo "docs: generate-documentation failed with status $status" >&2
    exit "$status"
fi
count=$(grep -c "^Finished building documentation for" "$log" || true)
echo "docs: $count modules documented, no warnings"
