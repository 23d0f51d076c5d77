#!/usr/bin/env python3
"""The package's module graph against what its sources import.

Swift's explicit-module checks catch an import of a module that is not
reachable at all, but not one that is reachable through another target's
dependencies without being declared, and nothing catches a declared
dependency no source imports. This script reads `swift package dump-package`
and every Swift source of every target (regular, executable, test) and
prints, per target:

  undeclared: a module of this package (or of a package product) that a source
              imports but the target does not list among its dependencies;
  unused:     a dependency the target lists that no source of it imports.

It also checks the layers `Package.swift`'s header states (`// layer N: A, B`):
every library target of Sources/ is in one layer, and depends only on
targets of lower layers (C and system-library targets aside).

A system-library or C target counts as imported when a Swift source imports
its module. Exit status 1 when anything is found, so `Scripts/lint.sh` fails.

usage: import-check.py [PACKAGE_DIR]   (default: the repository root)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# `@testable import X`, `@_exported import struct X.Y`, `internal import X`, …
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_]\w*)",
    re.MULTILINE,
)
# Whole comments out of the way, so that an import in a doc comment does not count.
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
LINE_COMMENT = re.compile(r"//[^\n]*")


def imports_of(directory, excluded):
    found = set()
    for root, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if os.path.join(root, d) not in excluded]
        for name in files:
            if not name.endswith(".swift"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as handle:
                text = handle.read()
            text = LINE_COMMENT.sub("", BLOCK_COMMENT.sub("", text))
            found.update(IMPORT.findall(text))
    return found


def dependency_name(dependency):
    for kind in ("byName", "target", "product"):
        if kind in dependency:
            return dependency[kind][0]
    raise ValueError(f"unknown dependency form {dependency}")


def layer_problems(package, targets):
    with open(os.path.join(package, "Package.swift"), encoding="utf-8") as handle:
        header = handle.read()
    layers = {}
    for number, names in re.findall(r"^// layer (\d+): (.+)$", header, re.MULTILINE):
        for name in names.split(","):
            layers[name.strip()] = int(number)
    by_name = {target["name"]: target for target in targets}
    problems = []
    for name in layers:
        if name not in by_name:
            problems.append(f"Package.swift header: layer names {name}, which is not a target")
    for target in targets:
        name = target["name"]
        if target["type"] != "regular" or target.get("path") or not name.startswith("Trellis"):
            continue  # C targets, the CLI helpers, test support
        if name not in layers:
            problems.append(f"Package.swift header: {name} is in no layer")
            continue
        for dependency in map(dependency_name, target["dependencies"]):
            below = by_name.get(dependency)
            if below is None or below["type"] == "system" or dependency.startswith("C"):
                continue
            if layers.get(dependency, layers[name]) >= layers[name]:
                problems.append(
                    f"{name} (layer {layers[name]}) depends on {dependency} "
                    f"(layer {layers.get(dependency, '?')}), not a lower layer"
                )
    return problems


def main():
    package = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    # A scratch directory of its own, so that a build running in the
    # package's .build (which SwiftPM locks) does not make it wait.
    with tempfile.TemporaryDirectory(prefix="import-check-") as scratch:
        dump = subprocess.run(
            ["swift", "package", "--package-path", package, "--scratch-path", scratch, "dump-package"],
            check=True, capture_output=True, text=True,
        )
    manifest = json.loads(dump.stdout)
    targets = manifest["targets"]
    # Modules a target could import from this package: its targets, and the
    # products of the packages it depends on (named in some target's list).
    local = {target["name"] for target in targets}
    products = {
        dependency["product"][0]
        for target in targets
        for dependency in target["dependencies"]
        if "product" in dependency
    }
    known = local | products
    executables = {target["name"] for target in targets if target["type"] == "executable"}
    problems = []
    for target in targets:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        default = "Tests" if target["type"] == "test" else "Sources"
        directory = os.path.join(package, target.get("path") or os.path.join(default, target["name"]))
        excluded = {os.path.join(directory, e) for e in target.get("exclude", [])}
        swift_sources = any(
            name.endswith(".swift") for _, _, files in os.walk(directory) for name in files
        )
        if not swift_sources:
            continue  # a C target: its headers, not Swift imports
        declared = {dependency_name(d) for d in target["dependencies"]}
        imported = imports_of(directory, excluded) & known
        imported.discard(target["name"])
        for module in sorted(imported - declared):
            problems.append(f"{target['name']}: undeclared: imports {module}, not in its dependencies")
        # A test target may depend on an executable only to have it built
        # before the tests run it (CLITests runs `trellis` and `listbench`).
        if target["type"] == "test":
            declared -= executables
        for module in sorted(declared - imported):
            problems.append(f"{target['name']}: unused: depends on {module}, which none of its sources imports")
    problems += layer_problems(package, targets)
    for line in problems:
        print(line)
    if problems:
        print(f"import-check: {len(problems)} problem(s) in {package}/Package.swift", file=sys.stderr)
        return 1
    print(f"import-check: {sum(1 for t in targets if t['type'] not in ('system',))} targets, every import declared and every dependency imported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
