#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/, release, with AddressSanitizer) and runs
# one target, or each in turn, for a number of seconds; prints how many inputs
# each ran. A crash, a hang (one input over 10 s), a sanitizer report or a
# broken invariant stops that target, saves the input under
# Fuzz/.build/artifacts/ and makes the script exit 1.
#
#   Scripts/fuzz.sh TARGET SECONDS     TARGET: vfl constraint template jsonl jsonmember rows text markup reuse frames png stacktree stackfile layout fonts fontcache all
#
# Corpora persist in Fuzz/.build/corpus/TARGET, so runs add up. Replay one
# saved input with: TRELLIS_FUZZ_TARGET=text Fuzz/.build/release/TrellisFuzz FILE
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(vfl constraint template jsonl jsonmember rows text markup reuse frames png stacktree stackfile layout fonts fontcache)
usage() {
    echo "usage: Scripts/fuzz.sh TARGET SECONDS   (TARGET: ${targets[*]} all)" >&2
    exit 2
}
[[ $# -eq 2 ]] || usage
[[ "$2" =~ ^[1-9][0-9]*$ ]] || usage
case "$1" in
    all) selected=("${targets[@]}") ;;
    vfl | constraint | template | jsonl | jsonmember | rows | text | markup | reuse | frames | png | stacktree | stackfile | layout | fonts | fontcache) selected=("$1") ;;
    *) usage ;;
esac
seconds=$2

# One -sanitize= list: the driver keeps only the last of several -sanitize flags.
# Only the libFuzzer executable: TrellisReuseCheck has a `main` of its own.
swift build -c release --package-path Fuzz --product TrellisFuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
binary=Fuzz/.build/release/TrellisFuzz

# The font cache files a run writes (fonts fuzzed from temporary copies
# each write one) go to a directory of the fuzzer's own.
export XDG_CACHE_HOME="$(pwd)/Fuzz/.build/cache"

status=0
summary=()
for target in "${selected[@]}"; do
    corpus=Fuzz/.build/corpus/$target
    artifacts=Fuzz/.build/artifacts
    log=Fuzz/.build/fuzz-$target.log
    mkdir -p "$corpus" "$artifacts"
    echo "== $target: ${seconds}s (log $log)"
    set +e
    # SWIFT_BACKTRACE: the runtime's crash handler reads memory ASan then flags.
    SWIFT_BACKTRACE=enable=no TRELLIS_FUZZ_TARGET=$target TRELLIS_FUZZ_SEEDS_DIR=$corpus "$binary" "$corpus" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$artifacts/$target-" >"$log" 2>&1
    code=$?
    set -e
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    files=$(find "$corpus" -type f | wc -l)
    if [[ $code -eq 0 ]]; then
        line="$target: ${runs:-?} executions in ${seconds}s (${speed:-?}/s), corpus $files inputs, no crash"
    else
        status=1
        line="$target: FAILED (exit $code) after ${runs:-?} executions; see $log"
        grep -E "^(==[0-9]+==ERROR|invariant broken|SUMMARY|artifact_prefix|Test unit written)" "$log" | head -5 || true
    fi
    echo "$line"
    summary+=("$line")
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
