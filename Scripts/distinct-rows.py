#!/usr/bin/env python3
"""Writes N rows of distinct texts as JSON Lines (for Scripts/heights-benchmark.sh).

usage: distinct-rows.py N > rows.jsonl

Each row has an "id", a two-word "title" and a "subtitle" of 3 to 30 words
drawn from a 200,000-word vocabulary of made-up words with a heavy tail
(Pareto, alpha 0.8: a few words are common, most are rare), ending in a
number unique to the row, so no two texts are the same and the word cache
keeps meeting new words however many rows there are. Deterministic.
"""
import json
import random
import sys

SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "ve", "sol", "dar", "pin",
             "gre", "fos", "ul", "ith", "an", "ber", "cor", "del", "fen", "gal"]
VOCABULARY_SIZE = 200_000


def word(index):
    pick = random.Random(index)
    return "".join(pick.choice(SYLLABLES) for _ in range(1 + pick.randint(0, 3)))


def main():
    count = int(sys.argv[1])
    vocabulary = [word(i) for i in range(VOCABULARY_SIZE)]
    draw = random.Random(7)
    out = sys.stdout
    for row in range(count):
        words = [vocabulary[min(int(draw.paretovariate(0.8)), VOCABULARY_SIZE - 1)]
                 for _ in range(draw.randint(3, 30))]
        out.write(json.dumps({
            "id": row,
            "title": " ".join(words[:2]).title(),
            "subtitle": " ".join(words) + f" {row}.",
        }) + "\n")


if __name__ == "__main__":
    main()
