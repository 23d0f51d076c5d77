#!/usr/bin/env python3
# Rows of real English, Russian, German and Chinese text with emoji inserted,
# for the Pango agreement check (Scripts/real-text-check.sh). The text is the
# strings of the translations Debian installs under /usr/share/locale (read
# with gettext's msgunfmt): English from the German catalogs' msgids, the
# others from their msgstrs; format directives, markup and control characters
# are blanked, and runs of whitespace become one space in every language.
# English, Russian and German rows are 8-25 consecutive words, one word in
# five followed by an emoji; Chinese rows are 8-60 consecutive characters
# with an emoji after about one in sixteen. The generator is seeded: the same
# installed translations give the same rows.
#
# With "markup", each row is written as Pango markup instead, with one to
# four of its words (or, in Chinese, runs of two to six characters) in
# <b>, <span weight="600">, <span weight="medium">, <span size="22pt">,
# <span size="13pt"> or <span weight="bold" size="20pt">, and &, < and >
# escaped: the attributed rows of the check (Pango reads them at 72 dpi,
# Scripts/pango-setup.sh, so a markup point is a Trellis point).
#
# With "keep-spaces", runs of spaces stay as the translations have them
# (between the words of a row, and in Chinese text): the same windows of
# words for English, Russian and German, their spacing unchanged.
#
# usage: real-text-rows.py OUT.jsonl [ROWS_PER_LANGUAGE] [markup] [keep-spaces]
import glob, json, random, re, subprocess, sys

EMOJI = ["😀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "🎉", "🙈", "👩🏿‍💻", "🔥"]


def msgstrs(locale, field="msgstr"):
    strings = []
    for path in sorted(glob.glob(f"/usr/share/locale/{locale}/LC_MESSAGES/*.mo")):
        po = subprocess.run(["msgunfmt", path], capture_output=True, text=True, errors="replace").stdout
        current = None
        for line in po.splitlines():
            if line.startswith(field + " ") or line.startswith(field + "["):
                current = [line.split('"', 1)[1].rsplit('"', 1)[0]] if '"' in line else None
            elif line.startswith('"') and current is not None:
                current.append(line[1:].rsplit('"', 1)[0])
            else:
                if current:
                    strings.append("".join(current))
                current = None
    return [clean(s) for s in strings]


def clean(text):
    text = text.replace("\\n", " ").replace("\\t", " ").replace('\\"', '"').replace("\\\\", "\\")
    return re.sub(r"%[-#0-9.]*[a-zA-Z]|[\x00-\x1f]|[&_~]|<[^>]*>", " ", text)


TAGS = [
    ("<b>", "</b>"),
    ('<span weight="600">', "</span>"),
    ('<span weight="medium">', "</span>"),
    ('<span size="22pt">', "</span>"),
    ('<span size="13pt">', "</span>"),
    ('<span weight="bold" size="20pt">', "</span>"),
]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def marked_up(row, rnd, chinese):
    """The row as markup: one to four words (or runs of characters) in a tag."""
    if chinese:
        # Characters, an inserted emoji sequence counting as one.
        units = [m.span() for m in re.finditer("|".join(map(re.escape, EMOJI)) + "|.", row)]
        spans = []
        for _ in range(rnd.randint(1, 4)):
            n = rnd.randint(2, 6)
            if len(units) > n:
                first = rnd.randrange(0, len(units) - n)
                spans.append((units[first][0], units[first + n - 1][1]))
    else:
        words = [m.span() for m in re.finditer(r"\S+", row)]
        spans = rnd.sample(words, min(len(words), rnd.randint(1, 4)))
    spans.sort()
    out, at = [], 0
    for start, end in spans:
        if start < at:
            continue
        opening, closing = rnd.choice(TAGS)
        out += [escape(row[at:start]), opening, escape(row[start:end]), closing]
        at = end
    out.append(escape(row[at:]))
    return "".join(out)


def main():
    out = sys.argv[1]
    per_language = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    options = sys.argv[3:]
    keep_spaces = "keep-spaces" in options
    rnd = random.Random(19)
    rows = []
    for locale, field in [("de", "msgid"), ("ru", "msgstr"), ("de", "msgstr")]:
        strings = msgstrs(locale, field)
        words = [w for s in strings for w in s.split()]
        # The words' places in the strings joined, for keep-spaces.
        joined = " ".join(s.strip() for s in strings)
        spans = [m.span() for m in re.finditer(r"\S+", joined)] if keep_spaces else []
        for _ in range(per_language):
            n = rnd.randint(8, 25)
            start = rnd.randrange(0, len(words) - n)
            row = []
            for k, word in enumerate(words[start:start + n]):
                if keep_spaces and k > 0:
                    # The spaces between this word and the one before, as they are.
                    row.append(joined[spans[start + k - 1][1]:spans[start + k][0]])
                elif k > 0:
                    row.append(" ")
                row.append(word)
                if rnd.random() < 0.2:
                    row.append(" " + rnd.choice(EMOJI))
            rows.append("".join(row))
    # Without keep-spaces, runs of whitespace become one space, as the other
    # languages' words are joined (the catalogs' runs are terminal column
    # layouts and blanked directives).
    text = "".join(s.strip() for s in msgstrs("zh_CN"))
    text = text if keep_spaces else re.sub(r"\s+", " ", text)
    chinese = 0
    while chinese < per_language:
        n = rnd.randint(8, 60)
        start = rnd.randrange(0, len(text) - n)
        piece = list(text[start:start + n])
        for i in range(len(piece) - 1, 0, -1):
            if rnd.random() < 0.06:
                piece.insert(i, rnd.choice(EMOJI))
        row = "".join(piece).strip()
        # A blank row is no text (UIKit sizes it to zero, Pango to one line).
        if row:
            rows.append(row)
            chinese += 1
    if "markup" in options:
        mark = random.Random(1919)
        rows = [marked_up(row, mark, k >= 3 * per_language) for k, row in enumerate(rows)]
    with open(out, "w") as f:
        for row in rows:
            f.write(json.dumps({"subtitle": row}, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows, {len(set(w for r in rows for w in r.split()))} distinct words", file=sys.stderr)


main()
