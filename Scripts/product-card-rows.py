#!/usr/bin/env python3
"""Rows for Templates/ProductCard.json: a title of 2-18 words and a price.

usage: product-card-rows.py OUT.jsonl [ROWS] [SEED]   (10,000 rows, seed 7)

The card's price sits on the title's first baseline
(`price.firstBaseline == title.firstBaseline`), the shape docs/benchmarks.md
times against the same card with `price.top` (see "A baseline constraint in
a reused cell").
"""
import json
import random
import sys

WORDS = (
    "red fox small carnivore lives northern forests leather wallet cotton shirt ceramic mug "
    "wireless headphones stainless steel bottle organic green tea garden hose kids backpack"
).split()


def main():
    out = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    generator = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
    with open(out, "w", encoding="utf-8") as handle:
        for _ in range(rows):
            words = [generator.choice(WORDS) for _ in range(generator.randint(2, 18))]
            price = f"${generator.randint(1, 999)}.{generator.randint(0, 99):02d}"
            handle.write(json.dumps({"title": " ".join(words).capitalize(), "price": price}) + "\n")


if __name__ == "__main__":
    main()
