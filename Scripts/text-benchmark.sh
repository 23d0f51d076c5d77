#!/bin/sh
# Text measurement benchmark: TrellisText on 10,000 list rows (Inter 17,
# width 287; cold, warm at a new width, parallel, and two HarfBuzz floors:
# each distinct word shaped alone, and each row's new words in one call),
# then Pango (../shared/reference/pango_measure.c) on the same rows.
# docs/text-performance.md explains the numbers.
# Needs libpango1.0-dev for the Pango half (skipped when pkg-config lacks it).
# TRELLIS_TEXT_VOCABULARY=2000 draws the rows from a smaller vocabulary.
# Arguments go to the benchmark command (--filter "Cold layout.*").
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Real text (issue 19): prose from Debian's fortunes (apt-get install
# fortunes), and real rows with emoji, Chinese and markup from the installed
# translations (gettext's msgunfmt); skipped when they are missing.
real=""
if [ -d /usr/share/games/fortunes ] && command -v msgunfmt > /dev/null; then
    real="$work/real"
    mkdir -p "$real"
    python3 "$root/Scripts/real-text-prose.py" "$real/prose.jsonl"
    python3 "$root/Scripts/real-text-rows.py" "$real/rows.jsonl" 2500
    python3 "$root/Scripts/real-text-rows.py" "$real/markup.jsonl" 2500 markup
else
    echo "real-text benchmarks skipped: needs the fortunes package and gettext" >&2
fi

cd "$root/Benchmarks"
TRELLIS_TEXT_ROWS_OUT="$work/rows.jsonl" TRELLIS_TEXT_REAL_DIR="$real" \
    swift package --disable-sandbox benchmark --target TextBenchmarks --no-progress "$@"

if pkg-config --exists pangocairo; then
    . "$root/Scripts/pango-setup.sh"
    pango_setup hyphens  # the reference as published: speed, not line counts
    # pango_measure reports wall-clock time of its layout calls; on a busy
    # machine the process's CPU time (from time(1), startup included) is the
    # steadier number to compare with the benchmarks' "Time (user CPU)".
    echo "Pango on the same $(wc -l < "$work/rows.jsonl") rows (Inter 17, width 287), three runs:"
    for run in 1 2 3; do
        FONTCONFIG_FILE="$work/fonts.conf" /usr/bin/time -f "pango process: %U s user CPU, %S s system" \
            "$work/pango_measure" Inter 17 287 < "$work/rows.jsonl" > /dev/null
    done
    if [ -n "$real" ]; then
        echo "Pango on the $(wc -l < "$real/prose.jsonl") rows of real prose (Inter 17, width 287), three runs:"
        for run in 1 2 3; do
            FONTCONFIG_FILE="$work/fonts.conf" /usr/bin/time -f "pango process: %U s user CPU, %S s system" \
                "$work/pango_measure" Inter 17 287 < "$real/prose.jsonl" > /dev/null
        done
    fi
fi
