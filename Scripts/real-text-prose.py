#!/usr/bin/env python3
# Rows of real prose for the cold-speed benchmark on real vocabulary
# (Scripts/text-benchmark.sh): 10,000 rows of 15-45 consecutive words of
# Debian's fortunes package (/usr/share/games/fortunes: quotations, jokes,
# literature), over 40,000 distinct words. Seeded: the same package version
# gives the same rows.
#
# usage: real-text-prose.py OUT.jsonl [ROWS]
import glob, json, os, random, sys


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    words = []
    for path in sorted(glob.glob("/usr/share/games/fortunes/*")):
        if path.endswith(".dat") or os.path.islink(path) or os.path.isdir(path):
            continue
        # "%" lines separate the fortunes.
        words += open(path, errors="replace").read().replace("%", " ").split()
    if not words:
        sys.exit("no fortunes: apt-get install fortunes")
    rnd = random.Random(19)
    rows = []
    for _ in range(count):
        n = rnd.randint(15, 45)
        start = rnd.randrange(0, len(words) - n)
        rows.append(" ".join(words[start:start + n]))
    with open(out, "w") as f:
        for row in rows:
            f.write(json.dumps({"subtitle": row}, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows, {len(set(w for r in rows for w in r.split()))} distinct words", file=sys.stderr)


main()
