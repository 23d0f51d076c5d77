#!/usr/bin/env python3
"""Differential test of TrellisConstraints against kiwisolver (Kiwi, C++).

Both sides build the same random systems from a seed (SplitMix64 with
integer arithmetic, mirrored in Tests/TrellisConstraintsTests/
RandomSystem.swift), so only Kiwi's objectives need to be stored.

Kinds of systems (1-30 variables; required equalities and inequalities that
all hold at a random integer point x0, hence satisfiable):
  single  optional constraints on one priority level (weighted == strict).
  levels  2 or 3 levels; the higher levels hold at x0 too, the lowest is
          random. Kept only when Kiwi's weighted optimum satisfies every
          higher-level constraint: it then also minimises the lowest level
          among the points satisfying the higher ones, i.e. it is the strict
          optimum (the weighted and strict optima provably coincide).

Output, one line per kept system: `kind seed e1 [e2 [e3]]`, the total error
of each level, highest first (Kiwi's solution), or `kind seed kiwi-failed`
when Kiwi aborted ("The objective is unbounded", an InternalSolverError it
raises on some of these systems); those are checked for required
constraints and solver consistency only.

Usage:
  Scripts/kiwi-differential.py --count 1000 --out FILE   # write objectives
  Scripts/kiwi-differential.py --count 10000 --run       # full live run:
      writes a temporary file and runs the Swift test against it
"""
import argparse
import os
import subprocess
import sys
import tempfile

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n


# Priorities of the levels, highest first, and Kiwi's strengths for them.
LEVEL_PRIORITIES = {1: [500], 2: [750, 250], 3: [750, 500, 250]}


def make_system(kind, seed):
    """Returns (variable count, constraints); a constraint is
    (terms [(index, coefficient)], relation '==' | '<=' | '>=', constant,
    level or None for required). Mirrors RandomSystem.swift exactly."""
    rng = SplitMix64(seed * 2 + (1 if kind == "levels" else 0))
    n = 1 + rng.below(30)
    x0 = [rng.below(201) - 100 for _ in range(n)]

    def terms():
        count = 1 + rng.below(min(3, n))
        chosen = []
        while len(chosen) < count:
            v = rng.below(n)
            if any(v == c for c, _ in chosen):
                continue
            coefficient = rng.below(9) - 4
            chosen.append((v, coefficient if coefficient != 0 else 1))
        return chosen

    def holding_at_x0(ts):
        relation = ["==", "<=", ">="][rng.below(3)]
        value = sum(c * x0[v] for v, c in ts)
        if relation == "<=":
            return relation, value + rng.below(20)
        if relation == ">=":
            return relation, value - rng.below(20)
        return relation, value

    constraints = []
    for _ in range(rng.below(n + 5)):
        ts = terms()
        relation, constant = holding_at_x0(ts)
        constraints.append((ts, relation, constant, None))
    levels = 1 if kind == "single" else 2 + rng.below(2)
    for level in range(levels):
        for _ in range(1 + rng.below(n + 1)):
            ts = terms()
            if level < levels - 1:
                relation, constant = holding_at_x0(ts)
            else:
                relation = ["==", "<=", ">="][rng.below(3)]
                constant = rng.below(401) - 200
            constraints.append((ts, relation, constant, level))
    return n, levels, constraints


def violation(ts, relation, constant, values):
    lhs = sum(c * values[v] for v, c in ts)
    d = lhs - constant
    if relation == "==":
        return abs(d)
    if relation == "<=":
        return max(0.0, d)
    return max(0.0, -d)


def solve_with_kiwi(n, levels, constraints):
    import kiwisolver as kiwi

    strengths = {1: [kiwi.strength.strong], 2: [kiwi.strength.strong, kiwi.strength.weak],
                 3: [kiwi.strength.strong, kiwi.strength.medium, kiwi.strength.weak]}[levels]
    variables = [kiwi.Variable("v%d" % i) for i in range(n)]
    solver = kiwi.Solver()
    for ts, relation, constant, level in constraints:
        expression = sum((c * variables[v] for v, c in ts), 0.0) - constant
        if relation == "==":
            constraint = expression == 0
        elif relation == "<=":
            constraint = expression <= 0
        else:
            constraint = expression >= 0
        strength = kiwi.strength.required if level is None else strengths[level]
        solver.addConstraint(constraint | strength)
    solver.updateVariables()
    values = [v.value() for v in variables]
    errors = [0.0] * levels
    for ts, relation, constant, level in constraints:
        e = violation(ts, relation, constant, values)
        if level is None:
            if e > 1e-6:
                raise RuntimeError("Kiwi left a required constraint unsatisfied")
        else:
            errors[level] += e
    return errors


def worker(kind, start, stop):
    """Solves seeds start..<stop, one result line each; Kiwi may abort the
    process (an uncaught C++ InternalSolverError), which the parent notes."""
    for seed in range(start, stop):
        errors = solve_with_kiwi(*make_system(kind, seed))
        print("%s %d %s" % (kind, seed, " ".join(repr(e) for e in errors)), flush=True)


def objectives(count, out):
    """Writes Kiwi's objectives for `count` systems (half of each kind)."""
    stats = {"single": 0, "levels": 0, "skipped": 0, "kiwi-failed": 0}
    half = count // 2
    for kind, stop in (("single", half), ("levels", count - half)):
        start = 0
        while start < stop:
            process = subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--worker", kind, str(start),
                 str(stop)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            for line in process.stdout:
                fields = line.split()
                seed = int(fields[1])
                errors = [float(e) for e in fields[2:]]
                start = seed + 1
                if kind == "levels" and any(e > 1e-7 for e in errors[:-1]):
                    stats["skipped"] += 1  # weighted optimum traded a higher level
                    continue
                stats[kind] += 1
                out.write(line)
            if process.wait() != 0 and start < stop:
                # Kiwi aborted on this seed: the Swift side still checks it
                # (required constraints hold, solver consistent).
                out.write("%s %d kiwi-failed\n" % (kind, start))
                stats["kiwi-failed"] += 1
                start += 1
    return stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10000, help="systems to generate")
    parser.add_argument("--out", help="write Kiwi's objectives here")
    parser.add_argument("--run", action="store_true", help="run the Swift test against them")
    parser.add_argument("--worker", nargs=3, metavar=("KIND", "START", "STOP"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], int(args.worker[1]), int(args.worker[2]))
        return 0
    path = args.out or tempfile.mktemp(suffix=".txt", prefix="kiwi-objectives-")
    with open(path, "w") as out:
        out.write("# kind seed level-errors (Kiwi %s), from Scripts/kiwi-differential.py\n"
                  % __import__("kiwisolver").__version__)
        stats = objectives(args.count, out)
    print("wrote %s: %d single-level and %d multi-level objectives; %d multi-level systems "
          "skipped (Kiwi's weighted optimum violated a higher level); %d systems where Kiwi "
          "aborted (checked for required constraints only)"
          % (path, stats["single"], stats["levels"], stats["skipped"], stats["kiwi-failed"]),
          file=sys.stderr)
    if args.run:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ, TRELLIS_KIWI_OBJECTIVES=path)
        subprocess.check_call(["swift", "build", "--build-tests"], cwd=root)
        return subprocess.call(
            ["swift", "test", "--skip-build", "--filter", "KiwiDifferentialTests"],
            cwd=root, env=env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
