#!/usr/bin/env bash
# Line counts and heights of `trellis measure --fallback system` against Pango
# (../shared/reference/pango_measure.c, hyphens off) on real Russian, German
# and Chinese rows and English ones with emoji (Scripts/real-text-rows.py), at widths 120, 287
# and 500, Inter 17 then the system's fonts in both (fontconfig's system
# configuration with the repository's Fonts/ added: system_fonts_setup in
# Scripts/pango-setup.sh). Needs pangocairo, gettext (msgunfmt), fonts-noto-cjk,
# fonts-noto-color-emoji and a built `trellis` (.build/debug, or $TRELLIS).
# Prints, per width, the share of rows whose line counts agree and whose
# heights agree within 0.5 pt, for all rows and per language.
#
# usage: real-text-check.sh [--markup] [--keep-spaces] [--keep DIR]
#   --markup  the same rows with words in <b> and <span weight=… size=…> (Pango
#             markup; `trellis measure --markup`, and Pango given the row
#             inside <span insert_hyphens="false">, since markup replaces the
#             attributes that turn hyphens off)
#   --keep    leave the rows and both tools' outputs in DIR, and list the
#             rows that differ
#   --keep-spaces  rows whose runs of spaces are kept as the translations
#             have them (real-text-rows.py keep-spaces); otherwise each run
#             is one space
set -euo pipefail
markup=""
spaces=""
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
    --markup) markup=markup ;;
    --keep-spaces) spaces=keep-spaces ;;
    --keep) keep="$2"; shift ;;
    *) echo "usage: $0 [--markup] [--keep-spaces] [--keep DIR]" >&2; exit 64 ;;
    esac
    shift
done
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/Scripts/work-dir.sh"
work_dir "$keep"
. "$root/Scripts/pango-setup.sh"
pango_setup
trellis=${TRELLIS:-$root/.build/debug/trellis}
# Both tools read the system's fonts and the repository's (Inter), and Pango
# is checked to measure with Inter.
system_fonts_setup
python3 "$root/Scripts/real-text-rows.py" "$work/rows.jsonl" "${ROWS_PER_LANGUAGE:-1000}" $markup $spaces
if [ -n "$markup" ]; then
    python3 - "$work/rows.jsonl" > "$work/pango-rows.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    row = json.loads(line)["subtitle"]
    print(json.dumps({"subtitle": '<span insert_hyphens="false">' + row + "</span>"}, ensure_ascii=False))
PY
else
    cp "$work/rows.jsonl" "$work/pango-rows.jsonl"
fi
for width in 120 287 500; do
    env ${markup:+PANGO_MARKUP=1} "$work/pango_measure" Inter 17 "$width" \
        < "$work/pango-rows.jsonl" > "$work/pango-$width.tsv" 2>/dev/null
    "$trellis" measure --font Inter --size 17 --width "$width" --fallback system ${markup:+--markup} \
        < "$work/rows.jsonl" > "$work/trellis-$width.jsonl"
done
python3 - "$work" "$keep" <<'PY'
import json, sys
work, listing = sys.argv[1], sys.argv[2] != ""
texts = [json.loads(line)["subtitle"] for line in open(f"{work}/rows.jsonl")]
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
    if listing:
        for i in range(len(pango)):
            if int(pango[i][0]) != ours[i]["lines"] or abs(float(pango[i][1]) - ours[i]["height"]) > 0.5:
                print(f"  row {i}: Pango {pango[i][0]} lines {float(pango[i][1]):.3f}, Trellis {ours[i]['lines']} lines {ours[i]['height']:.3f}: {json.dumps(texts[i], ensure_ascii=False)}")
PY
