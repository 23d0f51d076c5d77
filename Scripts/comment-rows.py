#!/usr/bin/env python3
# Comment rows of real text for Templates/CommentCell.json: a name, a time,
# a body, now and then a photo ([w, h]) and a likes count. Bodies are the
# real-text rows of Scripts/real-text-rows.py (Debian's installed
# translations in four languages, with emoji), one to three of them joined,
# a few empty; names are the titles of the real-text fixture
# (Tests/TrellisCellsTests/Fixtures/user-rows.jsonl) and words of the
# bodies. Seeded: the same installed translations give the same rows.
#
# usage: comment-rows.py OUT.jsonl [ROWS] [REAL_TEXT_ROWS.jsonl]
#   (without REAL_TEXT_ROWS, Scripts/real-text-rows.py makes them first)
import json, os, random, subprocess, sys, tempfile

out = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
here = os.path.dirname(os.path.abspath(__file__))
if len(sys.argv) > 3:
    texts_path = sys.argv[3]
else:
    texts_path = os.path.join(tempfile.mkdtemp(), "real-text.jsonl")
    subprocess.run([sys.executable, os.path.join(here, "real-text-rows.py"), texts_path, "800"],
                   check=True, stdout=subprocess.DEVNULL)
texts = [json.loads(line)["subtitle"] for line in open(texts_path, encoding="utf-8")]
fixture = os.path.join(here, "..", "Tests", "TrellisCellsTests", "Fixtures", "user-rows.jsonl")
names = [json.loads(line).get("title", "") for line in open(fixture, encoding="utf-8")]
names = [name for name in names if name.strip()]

rng = random.Random(36)
times = ["now", "1m", "12m", "59m", "2h", "23h", "3d", "6w", "Mar 14", "Dec 31, 2025"]
with open(out, "w", encoding="utf-8") as f:
    for _ in range(count):
        if rng.random() < 0.5:
            name = rng.choice(names)
        else:
            words = rng.choice(texts).split()
            name = " ".join(words[: rng.randint(1, 3)])
        parts = rng.choices(texts, k=rng.choice([1, 1, 1, 2, 3]))
        body = "" if rng.random() < 0.05 else " ".join(parts)
        row = {"name": name, "time": rng.choice(times), "body": body}
        if rng.random() < 0.3:
            row["photo"] = [rng.choice([640, 1080, 1200, 800]), rng.choice([480, 1080, 1600, 600])]
        if rng.random() < 0.6:
            row["likes"] = f"{rng.choice([1, 2, 7, 12, 48, 130, 1024, 25000])} likes"
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
print(f"{count} rows", file=sys.stderr)
