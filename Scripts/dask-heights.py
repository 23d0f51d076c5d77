#!/usr/bin/env python3
"""Runs `trellis heights` in shards on a Dask cluster and merges them into one file.

usage: dask-heights.py --template T --data ROWS.jsonl --widths 320,375,414 --out FILE
                       [any other option of `trellis heights`]
                       [--shards N] [--scheduler ADDRESS | --workers N]
                       [--trellis PATH] [--retries N] [--parts-dir DIR]

Needs `pip install -r Scripts/requirements-cluster.txt` (dask, distributed;
Scripts/bootstrap.sh installs them). Without --scheduler it starts a Dask
LocalCluster of --workers worker processes (default: one per core) with one
thread each.

Each of the N shards is one Dask task: on a worker, `trellis heights … --shard
I/N --out PARTS/part-I` (the --trellis binary: by default the release build
in .build of this checkout, see docs/heights-at-scale.md for the binary a
cluster runs), then the part is checked there (its rows I, I+N, … each with
every width, scale and content size once, in order). The client gathers the
parts' summaries and merges the parts in input order (Scripts/merge-heights.py)
into --out: the records one `trellis heights` process writes, byte for byte,
under a header that says `"shard":"0/1","mergedFrom":N` (CSV: ", merged from N
shards"). The --data file, the --trellis binary and the parts folder must be
at the same paths on every worker (a shared volume) when the cluster spans
machines; the parts folder defaults to a hidden folder beside --out and is
removed at the end.

A shard that fails (trellis exits with an error, or its worker dies) is run
again, up to --retries times (Dask's `retries`, and the scheduler's
`allowed-failures` for a worker that dies, in a LocalCluster). A shard that
fails once more stops the run: the other shards are cancelled, the message
names the shard with its stderr and exit status, and nothing is left under
--out (the merged file is written beside it and renamed when complete).
Progress on stderr: shards done of all, rows, rows per second.

Exit status: 0 done; 64 bad options (of this script, or of trellis, which
checks them on no rows before any shard runs); 2 a bad template or --data
file; a failed shard's trellis exit status (2 a bad row); 1 a shard whose
worker kept dying, or parts that did not merge.
"""
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "merge_heights", os.path.join(HERE, "merge-heights.py"))
merge_heights = importlib.util.module_from_spec(_spec)
sys.modules["merge_heights"] = merge_heights
_spec.loader.exec_module(merge_heights)

DEFAULT_TRELLIS = os.path.join(os.path.dirname(HERE), ".build", "release", "trellis")

# The options of `trellis heights` passed through to every shard, as (flag,
# repeatable); --shard and --out are the script's own.
PASSED = [
    ("--template", False), ("--data", False), ("--widths", False), ("--scales", False),
    ("--content-sizes", False), ("--path", False), ("--threads", False), ("--format", False),
    ("--expect", False), ("--font-dir", True), ("--max-text-length", False),
    ("--max-views", False), ("--max-constraints", False), ("--batch-size", False),
]


def parse(argv):
    parser = merge_heights.Parser(
        prog="dask-heights.py",
        description="Run `trellis heights` in shards on a Dask cluster and merge them.")
    for flag, repeatable in PASSED:
        required = flag in ("--template", "--data", "--widths")
        parser.add_argument(flag, required=required, action="append" if repeatable else "store",
                            help="As `trellis heights " + flag + "`.")
    parser.add_argument("--out", required=True, help="The merged file, or - for standard output.")
    parser.add_argument("--shards", type=int,
                        help="How many shards (default: 4 per worker thread of the cluster).")
    parser.add_argument("--scheduler", help="A Dask scheduler's address (default: a LocalCluster).")
    parser.add_argument("--workers", type=int,
                        help="LocalCluster worker processes (default: one per core).")
    parser.add_argument("--trellis", default=DEFAULT_TRELLIS,
                        help="The trellis binary the workers run (default: %(default)s).")
    parser.add_argument("--retries", type=int, default=2,
                        help="Runs of a failed shard after the first (default: %(default)s).")
    parser.add_argument("--max-worse", type=int,
                        help="With --expect: exit 1 when more merged heights than this are worse "
                             "than a pixel, as trellis heights does (default 0). The shards "
                             "themselves never fail on it: the merged count decides.")
    parser.add_argument("--parts-dir",
                        help="Where the shards write their parts (default: beside --out).")
    args = parser.parse_args(argv)
    problems = []
    if args.shards is not None and not 1 <= args.shards <= 100_000:
        problems.append(f"--shards must be 1...100000, got {args.shards}")
    if args.workers is not None and not 1 <= args.workers <= 1024:
        problems.append(f"--workers must be 1...1024, got {args.workers}")
    if args.workers is not None and args.scheduler:
        problems.append("--workers starts a LocalCluster; a --scheduler has its own workers")
    if args.threads is not None and not (args.threads.isdigit() and 1 <= int(args.threads) <= 256):
        problems.append(f"--threads must be 1...256, got '{args.threads}'")
    if args.max_worse is not None and (args.expect is None or args.max_worse < 0):
        problems.append("--max-worse needs --expect and a count of 0 or more")
    if not 0 <= args.retries <= 100:
        problems.append(f"--retries must be 0...100, got {args.retries}")
    if args.out != "-" and os.path.isdir(args.out):
        problems.append(f"--out {args.out} is a folder")
    elif args.out != "-" and not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        problems.append(f"--out {args.out}: its folder does not exist")
    if problems:
        parser.error("; ".join(problems))
    if os.sep in args.trellis:
        args.trellis = os.path.abspath(args.trellis)
    return args


def trellis_arguments(args, data):
    """The `trellis heights` options every shard gets (all but --shard, --out, --threads)."""
    command = [args.trellis, "heights"]
    for flag, repeatable in PASSED:
        value = getattr(args, flag[2:].replace("-", "_"))
        if flag in ("--data", "--threads") or value is None:
            continue
        for item in (value if repeatable else [value]):
            command += [flag, item]
    if args.expect is not None:
        # A shard's own count is part of the whole: only the merged count is
        # held against --max-worse (below), so no shard fails on it.
        command += ["--max-worse", str(2**62)]
    return command + ["--data", data]


def run_shard(shard, shards, command, part, threads_by_host, threads, cwd):
    """On a worker: one shard's `trellis heights` (in the client's folder,
    where it exists: relative paths, and the header that names the template
    as given, are the same as one process's), then its part checked. Raises
    ShardFailed (Dask retries it) when trellis exits with an error."""
    from distributed import get_worker
    from distributed.comm import get_address_host

    try:
        host = get_address_host(get_worker().address)
    except ValueError:
        host = "?"
    if threads is None:
        threads = threads_by_host.get(host, 1)
    started = time.monotonic()
    result = subprocess.run(
        command + ["--threads", str(threads), "--shard", f"{shard}/{shards}", "--out", part],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        cwd=cwd if os.path.isdir(cwd) else None)
    seconds = time.monotonic() - started
    stderr = result.stderr.decode("utf-8", "replace")
    if result.returncode != 0:
        raise merge_heights.ShardFailed(shard, shards, result.returncode, stderr[-4000:], host)
    summary = merge_heights.check_part(part, shard, shards)
    summary.update(seconds=seconds, host=host, stderr=stderr[-4000:])
    return summary


def threads_per_host(client):
    """Threads for each shard's trellis on each host: the host's cores shared
    by the tasks its workers run at once."""
    workers = client.scheduler_info(n_workers=-1)["workers"]
    cores = client.run(lambda: len(os.sched_getaffinity(0)))
    slots, counts = {}, {}
    for address, info in workers.items():
        host = info["host"]
        slots[host] = slots.get(host, 0) + info["nthreads"]
        counts[host] = cores.get(address, 1)
    return {host: max(1, counts[host] // slots[host]) for host in slots}


def say(text, end="\n"):
    sys.stderr.write(f"dask-heights: {text}{end}")
    sys.stderr.flush()


def preflight(args, data, scratch):
    """The options and template checked once here by the same binary on the
    input's first row, before any shard runs (a bad option is not retried N
    times; an input without rows is refused as one process refuses it)."""
    if not os.access(args.trellis, os.X_OK):
        return None
    first = os.path.join(scratch, "preflight-rows.jsonl")
    with open(data, "rb") as source, open(first, "wb") as sample:
        for line in source:
            sample.write(line)
            if line.strip():
                break
    command = trellis_arguments(args, first)
    result = subprocess.run(
        command + ["--threads", "1", "--out", os.path.join(scratch, "preflight")],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0:
        return result
    return None


def failure_message(future, error, shards):
    """What a shard that failed for good says: its stderr and exit status."""
    import distributed

    shard = future.key.rsplit("-", 1)[-1] if isinstance(future.key, str) else future.key
    if isinstance(error, merge_heights.ShardFailed):
        how = (f"was killed by signal {-error.status}" if error.status < 0
               else f"exited with status {error.status}")
        return (f"shard {error.shard}/{error.shards} failed on {error.host}: trellis heights "
                f"{how}\n{error.stderr.rstrip()}"), error.status
    if isinstance(error, distributed.KilledWorker):
        return (f"shard {shard}/{shards}: its worker died each time it ran it ({error})"), 1
    return f"shard {shard}/{shards} failed: {type(error).__name__}: {error}", 1


def run(args):
    import dask
    import distributed
    from distributed import Client, LocalCluster

    out_dir = os.path.dirname(os.path.abspath(args.out)) if args.out != "-" else os.getcwd()
    if args.parts_dir:
        os.makedirs(args.parts_dir, exist_ok=True)
        parts_dir = tempfile.mkdtemp(prefix="heights-parts-", dir=args.parts_dir)
    else:
        name = os.path.basename(args.out) if args.out != "-" else "stdout"
        parts_dir = tempfile.mkdtemp(prefix=f".{name}.parts-", dir=out_dir)
    cluster = client = None
    try:
        data = args.data
        if data == "-":
            data = os.path.join(parts_dir, "rows.jsonl")
            with open(data, "wb") as file:
                shutil.copyfileobj(sys.stdin.buffer, file)
        elif not os.path.isfile(data):
            say(f"--data {data}: no such file")
            return 2
        data = os.path.abspath(data)
        failed = preflight(args, data, parts_dir)
        if failed is not None:
            sys.stderr.write(failed.stderr.decode("utf-8", "replace"))
            return failed.returncode

        started = time.monotonic()
        # A worker that dies while running a shard counts as one of its runs.
        dask.config.set({"distributed.scheduler.allowed-failures": args.retries})
        if args.scheduler:
            client = Client(args.scheduler)
            client.wait_for_workers(1)
        else:
            workers = args.workers or len(os.sched_getaffinity(0))
            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=50)
            client = Client(cluster)
        info = client.scheduler_info(n_workers=-1)["workers"]
        total_threads = sum(worker["nthreads"] for worker in info.values())
        shards = args.shards or 4 * max(1, total_threads)
        threads = int(args.threads) if args.threads is not None else None
        by_host = threads_per_host(client) if threads is None else {}
        say(f"{shards} shards on {len(info)} workers ({total_threads} threads), "
            f"cluster ready in {time.monotonic() - started:.1f} s")

        # The merge module travels with the task (it is not installed on the workers).
        import cloudpickle
        cloudpickle.register_pickle_by_value(merge_heights)
        command = trellis_arguments(args, data)
        ext = "csv" if args.format == "csv" else "jsonl"
        parts = [os.path.join(parts_dir, f"part-{i}.{ext}") for i in range(shards)]
        submitted = time.monotonic()
        futures = [
            client.submit(run_shard, i, shards, command, parts[i], by_host, threads, os.getcwd(),
                          key=f"trellis-heights-shard-{i}", retries=args.retries, pure=False)
            for i in range(shards)
        ]
        summaries = [None] * shards
        rows = 0
        for future in distributed.as_completed(futures):
            error = future.exception()
            if error is not None:
                client.cancel(futures)
                message, status = failure_message(future, error, shards)
                say(message)
                say("stopped: no output written")
                return status if 0 < status < 256 else 1
            summary = future.result()
            summaries[summary["shard"]] = summary
            rows += summary["rows"]
            done = sum(s is not None for s in summaries)
            seconds = time.monotonic() - submitted
            say(f"{done}/{shards} shards, {rows} rows, {rows / max(seconds, 1e-9):,.0f} rows/s")
        computed = time.monotonic()

        target = args.out if args.out != "-" else os.path.join(parts_dir, "merged")
        total, records, table, comparison = merge_heights.merge_parts(
            parts, target, summaries=summaries)
        if args.out == "-":
            with open(target, "rb") as file:
                shutil.copyfileobj(file, sys.stdout.buffer)
            sys.stdout.flush()
        if table:
            sys.stderr.write(table + "\n")
        finished = time.monotonic()
        say(f"{total} rows, {records} records from {shards} shards in "
            f"{finished - started:.2f} s ({total / max(finished - started, 1e-9):,.0f} rows/s; "
            f"cluster {submitted - started:.2f} s, shards {computed - submitted:.2f} s, "
            f"merge {finished - computed:.2f} s) -> {args.out}")
        failed = merge_heights.worse_than_allowed(comparison, args.max_worse or 0)
        if failed:
            say(failed)
            return 1
        return 0
    except merge_heights.MergeError as error:
        say(f"the parts did not merge: {error}")
        say("stopped: no output written")
        return 1
    finally:
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
        shutil.rmtree(parts_dir, ignore_errors=True)


def main(argv=None):
    args = parse(argv)
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError as error:
        requirements = os.path.join(HERE, "requirements-cluster.txt")
        say(f"{error.name} is missing: python3 -m pip install -r {requirements}")
        return 1
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
