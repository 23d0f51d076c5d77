#!/usr/bin/env bash
# A fresh solver per row, Trellis against Kiwi's C++ in one run:
#
#   Scripts/kiwi-benchmark.sh [RUNS] [KIWI_VERSION]    (defaults 9 and 1.5.1)
#
# Both programs build the AnimalTableViewCell system from scratch for each of
# 10,000 rows (variables, constraints, solver, the width and the subtitle's
# height as edit variables, one update; Benchmarks/KiwiComparison) and print
# the median time per row of 5 rounds. The script downloads the kiwisolver
# source package from PyPI into a temporary folder (Kiwi is never part of
# the repository), compiles kiwi_animal_cell.cpp against its headers with
# g++ -O2, builds FreshSolverLoop (release, as an app builds the library)
# twice, with the Swift runtime as shared libraries (Linux's default) and
# linked in (`--static-swift-stdlib`, as Kiwi's headers are compiled in),
# alternates the three RUNS times and prints the medians and their ratios.
# Run it on a quiet machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-9}
version=${2:-1.5.1}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: Scripts/kiwi-benchmark.sh [RUNS] [KIWI_VERSION]" >&2; exit 64; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
Scripts/bootstrap.sh
command -v g++ > /dev/null || { echo "kiwi-benchmark: g++ is needed (apt-get install g++)" >&2; exit 1; }
if ! python3 -m pip download --quiet --no-deps --no-binary :all: \
    "kiwisolver==$version" -d "$work" > "$work/pip.log" 2>&1; then
    echo "kiwi-benchmark: could not download kiwisolver $version from PyPI:" >&2
    cat "$work/pip.log" >&2
    exit 1
fi
tar -xzf "$work/kiwisolver-$version.tar.gz" -C "$work"
g++ -O2 -std=c++17 -I "$work/kiwisolver-$version" \
    Benchmarks/KiwiComparison/kiwi_animal_cell.cpp -o "$work/kiwi_animal_cell"
swift build -c release --package-path Benchmarks --product FreshSolverLoop >&2
trellis_loop=$(swift build -c release --package-path Benchmarks --show-bin-path)/FreshSolverLoop
static=(--package-path Benchmarks --scratch-path Benchmarks/.build-static --static-swift-stdlib)
swift build -c release "${static[@]}" --product FreshSolverLoop >&2
static_loop=$(swift build -c release "${static[@]}" --show-bin-path)/FreshSolverLoop
for _ in $(seq "$runs"); do
    "$trellis_loop" 5 | cut -d' ' -f1 >> "$work/trellis"
    "$static_loop" 5 | cut -d' ' -f1 >> "$work/static"
    "$work/kiwi_animal_cell" 5 | cut -d' ' -f1 >> "$work/kiwi"
done
median() { sort -g "$1" | awk '{v[NR]=$1} END {print (NR%2)?v[(NR+1)/2]:(v[NR/2]+v[NR/2+1])/2}'; }
t=$(median "$work/trellis")
s=$(median "$work/static")
k=$(median "$work/kiwi")
echo "fresh solver per row, AnimalTableViewCell, 10,000 rows, median of $runs runs (each the median of 5 rounds):"
echo "  Trellis, Swift runtime shared: $t µs/row"
echo "  Trellis, Swift runtime linked in: $s µs/row"
echo "  Kiwi $version (C++, g++ -O2): $k µs/row"
awk -v t="$t" -v s="$s" -v k="$k" \
    'BEGIN {printf "  Trellis / Kiwi: %.3f shared, %.3f linked in\n", t / k, s / k}'
