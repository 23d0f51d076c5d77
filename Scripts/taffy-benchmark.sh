#!/usr/bin/env bash
# Stacks of plain boxes, Trellis against Taffy (the Rust flexbox engine) in
# one run:
#
#   Scripts/taffy-benchmark.sh [RUNS] [SECONDS]     (defaults 7 and 0.3)
#
# The trees are TrellisSamples' `BoxTrees` (a feed cell of 13 nodes at
# widths 320/375/414 in turn; columns of 100, 1,000 and 10,000 boxes 300 × 20
# aligned leading; 100 rows of 5 boxes filling equally), written again as
# flexbox nodes in Scripts/taffy-trees.py. The script installs Taffy's Python
# package (`stretchable` from PyPI) if python3 lacks it (nothing of Taffy is
# in the repository), builds Benchmarks' StackTreesLoop (release), and
#   1. checks that every frame of the Trellis paths (direct, the solver on
#      a new hierarchy, the engine's own calls on a new hierarchy, and the
#      solver re-laying out one hierarchy at each width in turn)
#      equals Taffy's to the pixel: each edge, in the content view's
#      coordinates, within half a pixel at scale 3 (Trellis rounds edges
#      there to the pixel grid; Taffy's are unrounded), and every cell height
#      (Trellis rounds it up to the grid);
#   2. alternates the two programs RUNS times (each prints the median of 5
#      rounds of about SECONDS / 5 per tree and path) and prints the median
#      of the runs per tree and path, and each Trellis path's ratio to Taffy.
# Paths: Trellis direct (DirectStackLayout); a hierarchy laid out as a table
# sizes a self-sizing cell, by its own calls (`systemLayoutSizeFitting`, the
# frame, `layoutIfNeeded()`: the engine lays out a hierarchy it reads as a
# stack tree directly), one hierarchy re-laid out at a new width ("re-layout")
# and a new hierarchy each layout ("new hierarchy"); the same through the
# solver alone (`StackTree.layOutCell`, "solver"); Taffy with every node
# marked dirty (a full layout), timing its compute call only.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-7}
seconds=${2:-0.3}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/taffy-benchmark.sh [RUNS] [SECONDS]" >&2; exit 64; }
cd "$root"
Scripts/bootstrap.sh
if ! python3 -c "import stretchable" 2> /dev/null; then
    python3 -m pip install -q "stretchable==1.1.8" >&2 ||
        { echo "taffy-benchmark: could not install stretchable (Taffy) from PyPI" >&2; exit 1; }
fi
swift build -c release --package-path Benchmarks --product StackTreesLoop >&2
loop=$(swift build -c release --package-path Benchmarks --show-bin-path)/StackTreesLoop
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$loop" --frames > "$work/trellis-frames.jsonl"
python3 Scripts/taffy-trees.py --frames > "$work/taffy-frames.jsonl"
python3 - "$work/trellis-frames.jsonl" "$work/taffy-frames.jsonl" << 'EOF'
import json, sys
half_pixel = 0.5 / 3 + 1e-9
taffy = {}
for line in open(sys.argv[2]):
    record = json.loads(line)
    taffy[(record["tree"], record["width"])] = record
worst, compared, differing = 0.0, 0, []
for line in open(sys.argv[1]):
    ours = json.loads(line)
    theirs = taffy[(ours["tree"], ours["width"])]
    where = f'{ours["tree"]} at {ours["width"]:g}, {ours["path"]}'
    if len(ours["frames"]) != len(theirs["frames"]):
        differing.append(f"{where}: {len(ours['frames'])} frames, Taffy {len(theirs['frames'])}")
        continue
    if ours["parents"] != theirs["parents"]:
        differing.append(f"{where}: the trees differ in shape")
        continue
    if not 0 <= ours["height"] - theirs["height"] < 1 / 3 + 1e-9:
        differing.append(f"{where}: height {ours['height']}, Taffy {theirs['height']}")
    # Edges in the content view's coordinates, where Trellis rounds them.
    def edges(record):
        result = []
        for frame, parent in zip(record["frames"], record["parents"]):
            x, y = frame[0], frame[1]
            if parent >= 0:
                x, y = x + result[parent][0], y + result[parent][1]
            result.append((x, y, x + frame[2], y + frame[3]))
        return result
    for index, (a, b) in enumerate(zip(edges(ours), edges(theirs))):
        delta = max(abs(x - y) for x, y in zip(a, b))
        worst = max(worst, delta)
        compared += 1
        if delta > half_pixel:
            differing.append(f"{where}: node {index} edges {a}, Taffy {b}")
if differing:
    print("taffy-benchmark: frames differ from Taffy's:", *differing[:20], sep="\n  ", file=sys.stderr)
    sys.exit(1)
print(f"frames: {compared} compared with Taffy's (every Trellis path, tree and width), "
      f"every edge within half a pixel at scale 3 (largest difference {worst:.4f} pt)")
EOF

for _ in $(seq "$runs"); do
    "$loop" "$seconds" >> "$work/times"
    python3 Scripts/taffy-trees.py "$seconds" >> "$work/times"
done
python3 - "$work/times" "$runs" << 'EOF'
import statistics, sys
times = {}
for line in open(sys.argv[1]):
    tree, path, value = line.split()
    times.setdefault((tree, path), []).append(float(value))
median = {key: statistics.median(values) for key, values in times.items()}
trees = list(dict.fromkeys(tree for tree, _ in times))
print(f"µs per layout, median of {sys.argv[2]} alternating runs (ratio to Taffy):")
paths = ("direct", "reengine", "engine", "relayout", "fresh")
titles = ("direct", "re-layout", "new hierarchy", "solver re-layout", "solver new")
print(f"  {'tree':<13}" + "".join(f"{title:>21}" for title in titles) + f"{'Taffy':>11}")
for tree in trees:
    taffy = median[(tree, "taffy")]
    cells = [f"{median[(tree, path)]:.1f} ({median[(tree, path)] / taffy:.2f}×)"
             for path in paths]
    print(f"  {tree:<13}" + "".join(f"{cell:>21}" for cell in cells) + f"{taffy:>11.1f}")
EOF
