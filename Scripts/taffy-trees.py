#!/usr/bin/env python3
"""The box trees of TrellisSamples' `BoxTrees` as flexbox nodes, laid out
by Taffy (the Rust flexbox engine, through `stretchable` from PyPI).

    taffy-trees.py [SECONDS]     one line per tree: "TREE taffy µs"
    taffy-trees.py --frames      one JSON line per tree and width, as
                                 StackTreesLoop --frames prints them

Each tree sits in a container node that plays the content view (its width
the cell's, its padding the root stack's margins); frames are the nodes
under it in pre-order, each in its parent's coordinates, unrounded.
Timing calls Taffy's compute function alone (stretchable's Python wrapper
also copies every node's layout back, which is not timed), after marking
every node dirty, so each layout is a full one; each layout takes the next
of the tree's widths. The time is the median of 5 rounds of about
SECONDS / 5 each, divided by their layouts.
"""

import json
import sys
import time

import attrs

from stretchable import Node
from stretchable import taffylib
from stretchable.context import taffy
from stretchable.style import AUTO, PT, AlignItems, FlexDirection, JustifyContent
from stretchable.style.geometry.size import SizeAvailableSpace

NAMES = ["feed", "column100", "column1000", "column10000", "grid100x5"]


def widths(name):
    return [320, 375, 414] if name == "feed" else [375, 414]


def box(width, height, grows=False):
    """A box of fixed height and fixed (or, with `grows`, shared) width."""
    if grows:
        return Node(size=(AUTO, height * PT), flex_grow=1, flex_shrink=1, flex_basis=0 * PT)
    if width is None:
        return Node(size=(AUTO, height * PT), flex_shrink=0)
    return Node(size=(width * PT, height * PT), flex_shrink=0)


def feed():
    row = Node(
        box(60, 18), box(80, 18), box(30, 18),
        flex_direction=FlexDirection.ROW, justify_content=JustifyContent.SPACE_BETWEEN,
        gap=8 * PT)
    equal = Node(
        *[box(None, 32, grows=True) for _ in range(4)],
        flex_direction=FlexDirection.ROW, gap=4 * PT)
    column = Node(
        row, box(None, 60), equal,
        flex_direction=FlexDirection.COLUMN, gap=6 * PT,
        flex_grow=1, flex_shrink=1, flex_basis=0 * PT)
    root = Node(
        box(40, 40), column,
        flex_direction=FlexDirection.ROW, align_items=AlignItems.START, gap=12 * PT)
    return root, 16


def column(count):
    root = Node(
        *[box(300, 20) for _ in range(count)],
        flex_direction=FlexDirection.COLUMN, align_items=AlignItems.START, gap=8 * PT)
    return root, 0


def grid(rows, columns):
    root = Node(
        *[
            Node(
                *[box(None, 20, grows=True) for _ in range(columns)],
                flex_direction=FlexDirection.ROW, gap=4 * PT)
            for _ in range(rows)
        ],
        flex_direction=FlexDirection.COLUMN, gap=4 * PT)
    return root, 0


def tree(name):
    """The container (the content view) and its nodes in pre-order."""
    if name == "feed":
        root, margin = feed()
    elif name.startswith("column"):
        root, margin = column(int(name[len("column"):]))
    else:
        root, margin = grid(100, 5)
    container = Node(root, flex_direction=FlexDirection.COLUMN, padding=margin * PT)
    nodes, parents = [], []

    def visit(node, parent):
        nodes.append(node)
        parents.append(parent)
        number = len(nodes) - 1
        for child in node:
            visit(child, number)

    visit(root, -1)
    return container, nodes, parents


def layout(container, width):
    """Gives the container (the content view) the cell's width."""
    container.style = attrs.evolve(container.style, size=(width * PT, AUTO))


def frames():
    for name in NAMES:
        container, nodes, parents = tree(name)
        for width in widths(name):
            layout(container, width)
            container.compute_layout()
            boxes = [node.get_box() for node in nodes]
            print(json.dumps({
                "tree": name, "width": float(width), "path": "taffy",
                "height": container.get_box().height, "parents": parents,
                "frames": [[round(v, 4) for v in (b.x, b.y, b.width, b.height)] for b in boxes],
            }, separators=(",", ":")))


def timing(seconds):
    space = SizeAvailableSpace.default().to_dict()
    for name in NAMES:
        container, nodes, _ = tree(name)
        ids = [container._node_id] + [node._node_id for node in nodes]
        sizes = widths(name)
        styles = []
        for width in sizes:
            layout(container, width)
            styles.append(container.style.to_dict())

        def once(index):
            taffylib.node_set_style(taffy._ptr, ids[0], styles[index % len(sizes)])
            for node in ids:
                taffylib.node_mark_dirty(taffy._ptr, node)
            start = time.perf_counter()
            taffylib.node_compute_layout(taffy._ptr, ids[0], space)
            return time.perf_counter() - start

        once(0)
        rounds = []
        for _ in range(5):
            spent, count = 0.0, 0
            round_start = time.perf_counter()
            while time.perf_counter() - round_start < seconds / 5:
                spent += once(count)
                count += 1
            rounds.append(spent / count * 1e6)
        print(f"{name} taffy {sorted(rounds)[2]:.2f}", flush=True)


def main():
    arguments = sys.argv[1:]
    if arguments == ["--frames"]:
        frames()
    elif len(arguments) <= 1:
        try:
            seconds = float(arguments[0]) if arguments else 0.3
        except ValueError:
            seconds = -1
        if not seconds > 0:
            sys.exit("usage: taffy-trees.py [SECONDS] | --frames")
        timing(seconds)
    else:
        sys.exit("usage: taffy-trees.py [SECONDS] | --frames")


if __name__ == "__main__":
    main()
