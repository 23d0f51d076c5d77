#!/usr/bin/env bash
# Measures `trellis heights` at scale and `trellis measure` against Pango:
#
#   Scripts/heights-benchmark.sh [ROWS] [RUNS]     (defaults 1000000 and 5)
#
# 1. Generates ROWS rows of distinct texts (Scripts/distinct-rows.py: a
#    200,000-word vocabulary drawn with a heavy tail, and a number unique to
#    each row, so the word cache keeps meeting new words).
# 2. Runs `trellis heights --template AnimalTableViewCell --widths
#    320,375,414` on the first 100,000 rows and on all of them, on 2 threads:
#    wall time, rows per second and peak RSS of each (GNU time).
# 3. Alternates 1 and 2 threads RUNS times on the first 200,000 rows and
#    reports the median wall times and the speed-up (run it on a quiet
#    machine: the figure means nothing while other jobs compete for cores).
# 4. Checks that the heights equal `listbench --dump-heights` at each width
#    on the first 100,000 rows.
# 5. With Pango installed (libpango1.0-dev), alternates `trellis measure` and
#    Pango's reference tool on the first 10,000 rows, RUNS times each, and
#    reports the median whole-process wall times and their ratio.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rows=${1:-1000000}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
Scripts/bootstrap.sh
swift build -c release --product trellis >&2
swift build -c release --product listbench >&2
bin=$(swift build -c release --show-bin-path)

python3 Scripts/distinct-rows.py "$rows" > "$work/rows.jsonl"
head -n 100000 "$work/rows.jsonl" > "$work/rows-100k.jsonl"
head -n 200000 "$work/rows.jsonl" > "$work/rows-200k.jsonl"
head -n 10000 "$work/rows.jsonl" > "$work/rows-10k.jsonl"

heights() { # data threads out
    "$bin/trellis" heights --template AnimalTableViewCell --data "$1" \
        --widths 320,375,414 --threads "$2" --out "$3"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "== heights, 2 threads, widths 320,375,414"
for data in rows-100k rows; do
    n=$(wc -l < "$work/$data.jsonl")
    /usr/bin/time -f "%e %M" -o "$work/time" "$bin/trellis" heights \
        --template AnimalTableViewCell --data "$work/$data.jsonl" --widths 320,375,414 \
        --threads 2 --out "$work/$data.out"
    read -r seconds kilobytes < "$work/time"
    awk -v n="$n" -v s="$seconds" -v k="$kilobytes" \
        'BEGIN { printf "%d rows: %.2f s, %.0f rows/s, peak RSS %.1f MB\n", n, s, n / s, k / 1024 }'
    echo "$kilobytes" > "$work/$data.rss"
done
awk -v a="$(cat "$work/rows-100k.rss")" -v b="$(cat "$work/rows.rss")" \
    'BEGIN { printf "peak RSS, all rows / 100,000 rows: %.2f\n", b / a }'

echo "== threads: 200,000 rows, $runs runs each, alternating"
for run in $(seq "$runs"); do
    for threads in 1 2; do
        start=$(date +%s.%N)
        heights "$work/rows-200k.jsonl" "$threads" /dev/null
        end=$(date +%s.%N)
        awk -v a="$end" -v b="$start" 'BEGIN { print a - b }' >> "$work/threads-$threads"
    done
done
one=$(median < "$work/threads-1")
two=$(median < "$work/threads-2")
awk -v a="$one" -v b="$two" \
    'BEGIN { printf "median wall: 1 thread %.2f s, 2 threads %.2f s, speed-up %.2fx\n", a, b, a / b }'

echo "== heights against listbench --dump-heights (100,000 rows)"
for width in 320 375 414; do
    "$bin/listbench" --data "$work/rows-100k.jsonl" --rows 100000 --width "$width" \
        --repeat 1 --dump-heights "$work/listbench-$width" > /dev/null
    python3 - "$work/rows-100k.out" "$width" "$work/listbench-$width" <<'PY'
import json, sys
records, width, dumped = sys.argv[1], float(sys.argv[2]), sys.argv[3]
ours = [json.loads(line)["height"] for line in open(records)
        if '"row"' in line and json.loads(line)["width"] == width]
theirs = [float(line) for line in open(dumped) if line.strip()]
# listbench writes heights to 3 decimals: compare at that precision.
differ = sum(1 for a, b in zip(ours, theirs) if abs(a - b) > 0.0005)
print(f"width {width:g}: {len(ours)} heights, {len(theirs)} from listbench "
      f"(3 decimals), {differ} differ")
sys.exit(1 if differ or len(ours) != len(theirs) else 0)
PY
done

if pkg-config --exists pangocairo 2>/dev/null; then
    echo "== trellis measure against Pango, 10,000 rows, $runs runs each, alternating"
    . "$root/Scripts/pango-setup.sh"
    pango_setup
    for run in $(seq "$runs"); do
        start=$(date +%s.%N)
        "$bin/trellis" measure --font Inter --size 17 --width 287 \
            < "$work/rows-10k.jsonl" > /dev/null
        middle=$(date +%s.%N)
        FONTCONFIG_FILE="$work/fonts.conf" "$work/pango_measure" Inter 17 287 \
            < "$work/rows-10k.jsonl" > /dev/null 2>&1
        end=$(date +%s.%N)
        awk -v a="$middle" -v b="$start" 'BEGIN { print a - b }' >> "$work/measure-trellis"
        awk -v a="$end" -v b="$middle" 'BEGIN { print a - b }' >> "$work/measure-pango"
    done
    ours=$(median < "$work/measure-trellis")
    pango=$(median < "$work/measure-pango")
    awk -v a="$ours" -v b="$pango" \
        'BEGIN { printf "median wall: trellis measure %.3f s, Pango %.3f s: %.1fx faster\n", a, b, b / a }'
else
    echo "== Pango not installed (apt-get install libpango1.0-dev): measure comparison skipped"
fi
