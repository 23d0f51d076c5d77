#!/usr/bin/env bash
# Line counts and heights of `trellis measure --fallback system` against Pango
# (../shared/reference/pango_measure.c, hyphens off) on real Russian, German
# and Chinese rows and English ones with emoji (Scripts/real-text-rows.py), at widths 120, 287
# and 500, Inter 17 then the system's fonts in both (Pango with the system's
# fontconfig files). Needs pangocairo, gettext (msgunfmt), fonts-noto-cjk,
# fonts-noto-color-emoji and a built `trellis` (.build/debug, or $TRELLIS).
# Prints, per width, the share of rows whose line counts agree and whose
# heights agree within 0.5 pt, for all rows and per language.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$root/Scripts/pango-setup.sh"
pango_setup
trellis=${TRELLIS:-$root/.build/debug/trellis}
python3 "$root/Scripts/real-text-rows.py" "$work/rows.jsonl" "${ROWS_PER_LANGUAGE:-1000}"
for width in 120 287 500; do
    "$work/pango_measure" Inter 17 "$width" < "$work/rows.jsonl" > "$work/pango-$width.tsv" 2>/dev/null
    "$trellis" measure --font Inter --size 17 --width "$width" --fallback system \
        < "$work/rows.jsonl" > "$work/trellis-$width.jsonl"
done
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
names = ["en", "ru", "de", "zh"]
for width in [120, 287, 500]:
    pango = [line.split("\t") for line in open(f"{work}/pango-{width}.tsv")]
    ours = [json.loads(line) for line in open(f"{work}/trellis-{width}.jsonl")]
    per = len(pango) // 4
    def rates(rows):
        lines = sum(int(pango[i][0]) == ours[i]["lines"] for i in rows) / len(rows) * 100
        heights = sum(abs(float(pango[i][1]) - ours[i]["height"]) <= 0.5 for i in rows) / len(rows) * 100
        return f"lines {lines:.2f}%, heights {heights:.2f}%"
    parts = [f"{name} {rates(range(k * per, (k + 1) * per))}" for k, name in enumerate(names)]
    missing = sum(row["missing"] > 0 for row in ours)
    print(f"width {width}: all {rates(range(len(pango)))}; " + "; ".join(parts) + f"; rows with missing glyphs {missing}")
PY
