#!/usr/bin/env python3
"""Writes a template file: a vertical stack of N one-line labels, the stack
pinned to the content view on all four edges (the file the diagnostics
scaling benchmark, Scripts/diagnostics-benchmark.sh, lays out).

    Scripts/label-stack.py N > FILE
"""
import json
import sys


def template(count):
    views = [{"id": "stack", "kind": "stack", "axis": "vertical", "spacing": 4}]
    for i in range(count):
        views.append({
            "id": f"label{i}", "kind": "label", "parent": "stack",
            "text": f"Label {i}",
            "textStyle": {"font": "Inter", "size": 15, "lines": 1, "lineBreakMode": "truncateTail"},
        })
    return {
        "name": f"LabelStack{count}",
        "views": views,
        "constraints": [
            "stack.leading == contentView.leading", "stack.trailing == contentView.trailing",
            "stack.top == contentView.top", "stack.bottom == contentView.bottom",
        ],
    }


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: label-stack.py N (N >= 1 labels)")
    file = template(int(sys.argv[1]))
    # One view per line.
    lines = ['{"name": %s,' % json.dumps(file["name"]), ' "views": [']
    lines.append(",\n".join("  " + json.dumps(view) for view in file["views"]))
    lines.append(' ],')
    lines.append(' "constraints": %s' % json.dumps(file["constraints"]))
    lines.append('}')
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
