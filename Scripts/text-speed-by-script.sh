#!/usr/bin/env bash
# Cold speed per script: `trellis measure --font Inter --size 17 --width 287
# --fallback system` against Pango's whole process (the reference tool
# ../shared/reference/pango_measure.c, built by Scripts/pango-setup.sh: hyphens
# off, 72 dpi, the system's fontconfig with the repository's Fonts/ added, so
# that Pango measures with Inter and falls back as --fallback system does:
# system_fonts_setup in Scripts/pango-setup.sh) on
# real rows of English, Russian, German and Chinese from Debian's fortunes
# packages (Scripts/real-text-prose.py), and on a mixed file taking its rows
# from the four in turn. Each tool runs as a new process per file (cold:
# empty caches, fonts opened, process start-up and exit included), the two
# alternating, RUNS times per file; the table gives each one's median wall
# clock and the ratio of the medians, with user+system CPU time beside it.
# Needs the fortunes packages (Scripts/bootstrap.sh installs them),
# libpango1.0-dev and a release `trellis` (swift build -c release --product
# trellis; or $TRELLIS).
#
# usage: text-speed-by-script.sh [--keep DIR]
#   env: ROWS (5000 per file), RUNS (5), WIDTH (287); TRELLIS_BEFORE, another
#   `trellis` (an earlier build) timed in the same alternation, its ratio
#   printed on a line of its own (before and after from one run).
set -euo pipefail
keep=""
while [ $# -gt 0 ]; do
    case "$1" in
    --keep) keep="$2"; shift ;;
    *) echo "usage: $0 [--keep DIR]" >&2; exit 64 ;;
    esac
    shift
done
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/Scripts/work-dir.sh"
work_dir "$keep"
trellis=${TRELLIS:-$root/.build/release/trellis}
if [ ! -x "$trellis" ]; then
    echo "no $trellis: swift build -c release --product trellis (or set TRELLIS)" >&2
    exit 1
fi
if [ ! -d /usr/share/games/fortunes/ru ] || [ ! -d /usr/share/games/fortunes/de ] ||
    [ ! -f /usr/share/games/fortunes/tang300 ]; then
    "$root/Scripts/bootstrap.sh"
fi
. "$root/Scripts/pango-setup.sh"
pango_setup
# Both tools read the system's fonts and the repository's (Inter), and Pango
# is checked to measure with Inter.
system_fonts_setup
for language in en ru de zh mixed; do
    python3 "$root/Scripts/real-text-prose.py" "$work/$language.jsonl" "${ROWS:-5000}" "$language"
done
python3 - "$work" "$trellis" "${RUNS:-5}" "${WIDTH:-287}" "${TRELLIS_BEFORE:-}" <<'PY'
import os, resource, statistics, subprocess, sys, time
work, trellis, runs, width, before = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
measure = ["measure", "--font", "Inter", "--size", "17", "--width", width, "--fallback", "system"]
commands = {
    "trellis": [trellis] + measure,
    "pango": [f"{work}/pango_measure", "Inter", "17", width],
}
if before:
    commands["before"] = [before] + measure

def run(tool, language):
    """Wall clock and CPU seconds of one whole process measuring the file."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(f"{work}/{language}.jsonl") as rows, open(f"{work}/{tool}-{language}.out", "w") as out:
        subprocess.run(commands[tool], stdin=rows, stdout=out, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu

names = {"en": "English", "ru": "Russian", "de": "German", "zh": "Chinese", "mixed": "mixed"}
print(f"trellis measure --font Inter --size 17 --width {width} --fallback system against Pango's whole process,")
print(f"median of {runs} alternating runs, {sum(1 for _ in open(f'{work}/en.jsonl'))} rows per file:")
print(f"{'file':<16} {'Trellis wall':>12} {'Pango wall':>11} {'ratio':>7}   {'Trellis CPU':>11} {'Pango CPU':>10} {'ratio':>7}")
for language in names:
    times = {tool: [] for tool in commands}
    tools = list(commands)
    for k in range(runs):
        # Alternating, each tool first in turn, so that none always
        # follows another's page cache or frequency state.
        for tool in tools[k % len(tools):] + tools[:k % len(tools)]:
            times[tool].append(run(tool, language))
    wall = {tool: statistics.median(t[0] for t in times[tool]) for tool in times}
    cpu = {tool: statistics.median(t[1] for t in times[tool]) for tool in times}
    for tool in [t for t in ["before", "trellis"] if t in commands]:
        label = names[language] + (" (before)" if tool == "before" else "")
        print(f"{label:<16} {wall[tool] * 1000:>9.1f} ms {wall['pango'] * 1000:>8.1f} ms "
              f"{wall['pango'] / wall[tool]:>6.1f}×   {cpu[tool] * 1000:>8.1f} ms {cpu['pango'] * 1000:>7.1f} ms "
              f"{cpu['pango'] / cpu[tool]:>6.1f}×", flush=True)
PY
