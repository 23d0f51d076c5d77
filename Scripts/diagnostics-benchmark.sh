#!/usr/bin/env bash
# Diagnostics at scale: the wall time and peak memory (GNU time) of
# `trellis layout` (one cell with its conflicts, ambiguity and frames),
# `trellis inspect` and `trellis snapshot` (one row at one width each, with
# the same diagnostics) on a template file holding a vertical stack of N
# one-line labels pinned to the content view (Scripts/label-stack.py), with
# `trellis heights` (layout alone) beside them:
#
#   Scripts/diagnostics-benchmark.sh [N ...]      (default 300 600 1000)
#
# Prints one line per command and N, then the ratios of each command's time
# and memory at the second N to the first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(300 600 1000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
swift build -c release --product trellis >&2
bin=$(swift build -c release --show-bin-path)
echo '{"id": 1}' > "$work/row.jsonl"

measure() { # name n command...
    local name=$1 n=$2
    shift 2
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null
    read -r seconds kilobytes < "$work/time"
    printf '%-9s %5d labels: %7.2f s %8.1f MB\n' "$name" "$n" "$seconds" \
        "$(awk -v k="$kilobytes" 'BEGIN { print k / 1024 }')"
    echo "$name $n $seconds $kilobytes" >> "$work/results"
}

for n in "${counts[@]}"; do
    file="$work/stack$n.json"
    python3 Scripts/label-stack.py "$n" > "$file"
    views=$((n + 10))
    measure layout "$n" "$bin/trellis" layout "$file" --width 320 --max-views "$views"
    measure inspect "$n" "$bin/trellis" inspect --template "$file" --data "$work/row.jsonl" \
        --rows 1 --widths 320 --out "$work/inspect$n.html" --max-views "$views"
    rm -rf "$work/snap$n"
    measure snapshot "$n" "$bin/trellis" snapshot --template "$file" --data "$work/row.jsonl" \
        --rows 1 --widths 320 --out "$work/snap$n" --max-views "$views"
    measure heights "$n" "$bin/trellis" heights --template "$file" --data "$work/row.jsonl" \
        --widths 320 --out "$work/heights$n.jsonl" --max-views "$views"
done

if [ ${#counts[@]} -ge 2 ]; then
    a=${counts[0]} b=${counts[1]}
    echo "== $b labels against $a (time, peak memory)"
    awk -v a="$a" -v b="$b" '
        $2 == a { t[$1, "a"] = $3; m[$1, "a"] = $4 }
        $2 == b { t[$1, "b"] = $3; m[$1, "b"] = $4; names[$1] = 1 }
        END {
            for (name in names)
                printf "%-9s %.2fx time, %.2fx memory\n", name,
                    t[name, "b"] / (t[name, "a"] > 0 ? t[name, "a"] : 0.01), m[name, "b"] / m[name, "a"]
        }' "$work/results"
fi
