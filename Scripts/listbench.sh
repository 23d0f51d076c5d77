#!/usr/bin/env bash
# Builds listbench in release mode (installing missing system packages first)
# and runs it with the given arguments, e.g. `Scripts/listbench.sh --rows 10000`.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
swift build -c release --product listbench >&2
exec .build/release/listbench "$@"
