#!/usr/bin/env python3
# Rows of real prose for the cold-speed benchmarks on real vocabulary
# (Scripts/text-benchmark.sh, Scripts/text-speed-by-script.sh), from Debian's
# fortunes packages (quotations, jokes, literature):
#   en  fortunes and fortunes-min (/usr/share/games/fortunes; 40,000 distinct
#       words over the default 10,000 rows)
#   ru  fortunes-ru (/usr/share/games/fortunes/ru)
#   de  fortunes-de (/usr/share/games/fortunes/de)
#   zh  fortunes-zh (chinese, song100, tang300: Debian's guidelines, Tang and
#       Song poems)
#   mixed  row k taken from the rows of the four above, in turn en, ru, de, zh
# An English, Russian or German row is 15-45 consecutive words of its
# package's files; a Chinese row is 20-80 consecutive characters, a line
# break between two Chinese characters joined without a space (Chinese
# does not put spaces between words). The "%" lines between fortunes and
# terminal colour escapes (fortunes-zh's) are left out; other runs of
# whitespace become one space. Seeded: the same package versions give the
# same rows.
#
# usage: real-text-prose.py OUT.jsonl [ROWS] [en|ru|de|zh|mixed]
import json, os, random, re, subprocess, sys

PACKAGES = {
    "en": ["fortunes", "fortunes-min"],
    "ru": ["fortunes-ru"],
    "de": ["fortunes-de"],
    "zh": ["fortunes-zh"],
}
ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def files(language):
    """The fortune files (not the .dat indexes, not the .u8 links) of the
    language's packages."""
    listed = subprocess.run(
        ["dpkg-query", "-L"] + PACKAGES[language], capture_output=True, text=True
    ).stdout.split("\n")
    found = []
    for path in sorted(set(listed)):
        if not path.startswith("/usr/share/games/fortunes/") or path.endswith(".dat"):
            continue
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        found.append(path)
    return found


def text(path):
    raw = ESCAPE.sub("", open(path, errors="replace").read())
    return "\n".join(line for line in raw.split("\n") if line.strip() != "%")


def is_han(char):
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or "\u3000" <= char <= "\u303f" or "\uff00" <= char <= "\uffef"


def chinese_text(paths):
    """The files' text, lines joined without a space between Chinese
    characters and with one elsewhere."""
    out = []
    for path in paths:
        for line in text(path).split("\n"):
            line = re.sub(r"\s+", " ", line).strip()
            if not line:
                continue
            if out and not (is_han(out[-1][-1]) or is_han(line[0])):
                out.append(" ")
            out.append(line)
        out.append(" ")
    return "".join(out)


def rows_of(language, count):
    paths = files(language)
    if not paths:
        sys.exit(f"no fortunes for {language}: apt-get install {' '.join(PACKAGES[language])} (Scripts/bootstrap.sh)")
    rnd = random.Random(19)
    rows = []
    if language == "zh":
        chars = chinese_text(paths)
        while len(rows) < count:
            n = rnd.randint(20, 80)
            start = rnd.randrange(0, len(chars) - n)
            row = chars[start:start + n].strip()
            if row:
                rows.append(row)
        return rows
    words = []
    for path in paths:
        words += text(path).split()
    for _ in range(count):
        n = rnd.randint(15, 45)
        start = rnd.randrange(0, len(words) - n)
        rows.append(" ".join(words[start:start + n]))
    return rows


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    language = sys.argv[3] if len(sys.argv) > 3 else "en"
    if language == "mixed":
        each = {name: rows_of(name, count) for name in ["en", "ru", "de", "zh"]}
        rows = [each[["en", "ru", "de", "zh"][k % 4]][k] for k in range(count)]
    elif language in PACKAGES:
        rows = rows_of(language, count)
    else:
        sys.exit(f"unknown language {language!r}: en, ru, de, zh or mixed")
    with open(out, "w") as f:
        for row in rows:
            f.write(json.dumps({"subtitle": row}, ensure_ascii=False) + "\n")
    print(f"{language}: {len(rows)} rows, {len(set(w for r in rows for w in r.split()))} distinct words", file=sys.stderr)


main()
