#!/usr/bin/env python3
"""Merges the parts of a sharded `trellis heights` run into one file.

usage: merge-heights.py --out FILE [--widths W,… --scales S,… --content-sizes C,…] PART…

Each PART is the output of `trellis heights … --shard I/N --out PART`, for
every I from 0 to N-1 (in any order: a JSON Lines part names its shard in its
header; CSV parts are put in order by their first row). The result is what
one `trellis heights` process writes for the same options: one header, then
the records of every row in input order, each row's records in the order one
process writes them (for each scale, for each content size, every width).
The only difference is the header: a JSON Lines header says
`"shard":"0/1","mergedFrom":N` (the whole input, merged from N parts) where
the parts say `"shard":"I/N"`; a CSV header line ends with ", merged from N
shards". Parts made with `--expect` carry a summary record each; the merged
file has one summary of all rows (counts added, the worst rows of all).

Before anything is written each part is checked: the same header (options,
cache key, fonts) as the others, its rows I, I+N, I+2N, … with none missing
or repeated, and each row with exactly one record per width, scale and
content size, in order; the parts together hold every row of the input
exactly once. The merged file is written beside FILE under a temporary name
and renamed over it only when complete: a failed merge leaves nothing.
Exit status: 0 merged, 1 a part is missing, malformed or disagrees (the
message names the part and line), 64 bad options.

`Scripts/dask-heights.py` runs the shards on a Dask cluster and merges them
with this module; `Examples/cluster/heights-job.yaml` runs them as a
Kubernetes indexed Job, and this script merges them afterwards.
"""
import argparse
import json
import math
import os
import re
import sys

JSONL_HEADER = b'{"header":'
CSV_COMMENT = b"# trellis "
CSV_COLUMNS = b"row,id,width,scale,contentSize,height\n"
JSONL_ROW = b'{"row": '
JSONL_TAIL = re.compile(
    rb', "width": ([^,]+), "scale": ([^,]+), "contentSize": "([A-Za-z]+)", "height": ')
SHARD_FIELD = re.compile(rb'"shard":"(\d+)/(\d+)"')


class MergeError(Exception):
    """A part that cannot be merged: what is wrong and where."""


class ShardFailed(Exception):
    """A shard's `trellis heights` that exited with an error (raised on a
    Dask worker, so that Dask retries it, and reported by the client)."""

    def __init__(self, shard, shards, status, stderr, host):
        super().__init__(shard, shards, status, stderr, host)
        self.shard = shard
        self.shards = shards
        self.status = status
        self.stderr = stderr
        self.host = host

    def __str__(self):
        return (f"shard {self.shard}/{self.shards} on {self.host}: trellis heights exited "
                f"with status {self.status}: {self.stderr.strip()}")


def rounded3(value):
    """A number as the header writes it: to thousandths, halves away from zero."""
    scaled = value * 1000
    whole = math.floor(abs(scaled) + 0.5)
    return math.copysign(whole, scaled) / 1000


def numbers(text, name):
    """A comma-separated list of numbers (an option's value)."""
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise MergeError(f"--{name}: '{text}' is not a list of numbers") from None
    return values


def combinations(widths, scales, sizes):
    """The (width, scale, content size) of each record of a row, in the order
    one process writes them: for each scale, for each content size, every width."""
    return [(w, s, c) for s in scales for c in sizes for w in widths]


class Header:
    """The first line(s) of a part: its format, its shard, its combinations."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as file:
            first = file.readline()
            if first.startswith(JSONL_HEADER):
                self.format = "jsonl"
                self.lines = [first]
                try:
                    fields = json.loads(first)["header"]
                    self.combinations = combinations(
                        fields["widths"], fields["scales"], fields["contentSizes"])
                    shard = fields["shard"]
                except (ValueError, KeyError, TypeError) as error:
                    raise MergeError(f"{path}:1: not a trellis heights header ({error})") from None
                found = SHARD_FIELD.findall(first)
                if len(found) != 1 or f"{int(found[0][0])}/{int(found[0][1])}" != shard:
                    raise MergeError(f"{path}:1: the header's shard is not I/N")
                self.shard = (int(found[0][0]), int(found[0][1]))
            elif first.startswith(CSV_COMMENT):
                self.format = "csv"
                second = file.readline()
                if second != CSV_COLUMNS:
                    columns = CSV_COLUMNS.decode().strip()
                    raise MergeError(f"{path}:2: expected the CSV columns {columns}")
                self.lines = [first, second]
                self.combinations = None
                self.shard = None
            else:
                raise MergeError(f"{path}:1: not the output of trellis heights (no header)")

    def merged(self, count):
        """The header of the merged file: this part's, saying it holds the whole input."""
        if self.format == "csv":
            return [self.lines[0].rstrip(b"\n") + b", merged from %d shards\n" % count,
                    self.lines[1]]
        line = SHARD_FIELD.sub(b'"shard":"0/1","mergedFrom":%d' % count, self.lines[0])
        return [line]

    def same_options(self, other):
        """Whether two parts were made with the same options (everything but the shard)."""
        if self.format != other.format:
            return False
        if self.format == "csv":
            return self.lines == other.lines
        return SHARD_FIELD.sub(b"", self.lines[0]) == SHARD_FIELD.sub(b"", other.lines[0])


class Combinations:
    """Maps the constant middle of a record (the bytes between the id and the
    height) to the index of its combination, parsed once per distinct middle."""

    def __init__(self, fmt, expected):
        self.format = fmt
        self.expected = expected
        self.known = {}

    def index(self, middle):
        found = self.known.get(middle)
        if found is not None:
            return found
        if self.format == "jsonl":
            match = JSONL_TAIL.fullmatch(middle)
            if not match:
                return None
            width, scale, size = match.groups()
        else:
            fields = middle.split(b",")
            if len(fields) != 5:
                return None
            width, scale, size = fields[1:4]
        try:
            key = (float(width), float(scale), size.decode())
        except ValueError:
            return None
        for index, (w, s, c) in enumerate(self.expected):
            # The header has numbers to thousandths; the records in full.
            if (rounded3(key[0]) == rounded3(w) and rounded3(key[1]) == rounded3(s)
                    and key[2] == c):
                self.known[middle] = index
                return index
        return None

    def describe(self, index):
        w, s, c = self.expected[index]
        return f"width {w:g} scale {s:g} {c}"


def split_record(fmt, line):
    """A record's row number and its middle (width, scale and content size as
    written), or None when the line is not a record."""
    if fmt == "jsonl":
        if not line.startswith(JSONL_ROW) or not line.endswith(b"}\n"):
            return None
        end = line.find(b",", 8)
        tail = line.rfind(b', "width": ')
        height = line.rfind(b'"height": ')
        if end < 0 or tail < end or height < tail:
            return None
        row, middle = line[8:end], line[tail:height + 10]
    else:
        end = line.find(b",")
        fields = line.rsplit(b",", 4)
        if end < 0 or len(fields) != 5:
            return None
        row = line[:end]
        middle = line[len(fields[0]):len(line) - len(fields[4])]
    if not row.isdigit():
        return None
    return int(row), middle


def records(file, fmt):
    """The records of a part after its header, each with its line break (a
    CSV record whose id is quoted may hold line breaks: it ends where its
    quotes are closed)."""
    for line in file:
        if fmt == "csv":
            while line.count(b'"') % 2:
                more = file.readline()
                if not more:
                    break
                line += more
        yield line if line.endswith(b"\n") else line + b"\n"


class LineSource:
    """The lines of a file (without line breaks), read in large chunks and
    handed out in lists: JSON Lines records are one line each."""

    def __init__(self, file):
        self.file = file
        self.lines = []
        self.position = 0
        self.rest = b""

    def take(self, count):
        while len(self.lines) - self.position < count:
            chunk = self.file.read(1 << 22)
            if not chunk and not self.rest:
                break
            if chunk:
                parts = (self.rest + chunk).split(b"\n")
                self.rest = parts.pop()
            else:
                # The end: a last line without a line break.
                parts, self.rest = [self.rest], b""
            self.lines = self.lines[self.position:] + parts
            self.position = 0
        taken = self.lines[self.position:self.position + count]
        self.position += len(taken)
        return taken


def first_row_combinations(path, header):
    """A CSV part's combinations, as its first row's records give them (CSV
    headers do not list the options)."""
    middles = []
    first = None
    with open(path, "rb") as file:
        for _ in header.lines:
            file.readline()
        for record in records(file, "csv"):
            split = split_record("csv", record)
            if split is None:
                raise MergeError(f"{path}: not a heights record: {record[:120]!r}")
            if first is not None and split[0] != first:
                break
            first = split[0]
            if split[1] in middles:
                raise MergeError(f"{path}: row {first} has the same width, scale and content "
                                 "size twice")
            middles.append(split[1])
    expected = []
    for middle in middles:
        _, width, scale, size, _ = middle.split(b",")
        try:
            expected.append((float(width), float(scale), size.decode()))
        except ValueError:
            raise MergeError(f"{path}: row {first}: {middle!r} is not width,scale,size") from None
    return expected


ROW_NUMBERS = re.compile(rb'\{"row": (\d+)[,}]')
TAILS = re.compile(
    rb'(, "width": [^,\n]+, "scale": [^,\n]+, "contentSize": "[A-Za-z]+", "height": )'
    rb'[^,\n]*\}\n')
BLOCK_ROWS = 1024
# The worst rows `trellis heights --expect` keeps.
WORST_SHOWN = 10


class PartChecker:
    """Checks one part's records as they come: rows shard, shard+shards, …,
    each with one record per combination, in order."""

    def __init__(self, path, fmt, shard, shards, expected, first_line):
        self.path = path
        self.format = fmt
        self.shard = shard
        self.shards = shards
        self.combos = Combinations(fmt, expected)
        self.per_row = len(expected)
        self.middles = [None] * self.per_row
        self.rows = 0
        self.records = 0
        self.row = None
        self.position = 0
        self.next_row = shard
        self.line = first_line - 1

    def fail(self, message):
        raise MergeError(f"{self.path}:{self.line}: {message}")

    def feed(self, record):
        """One record (with its line break)."""
        self.line += record.count(b"\n")
        split = split_record(self.format, record)
        if split is None:
            self.fail(f"not a heights record: {record[:120]!r}")
        number, middle = split
        if self.position == 0:
            if number != self.next_row:
                what = "missing" if number > self.next_row else "out of order or repeated"
                self.fail(f"row {number} where row {self.next_row} was due "
                          f"(shard {self.shard}/{self.shards}: row {self.next_row} {what})")
            self.row = number
        elif number != self.row:
            self.fail(f"row {self.row} has {self.position} records, {self.per_row} expected "
                      f"({self.combos.describe(self.position)} missing)")
        index = self.combos.index(middle)
        if index is not None and self.middles[index] is None:
            self.middles[index] = middle
        if index != self.position:
            found = "an unknown combination" if index is None else self.combos.describe(index)
            self.fail(f"row {self.row}: {found} where "
                      f"{self.combos.describe(self.position)} was due")
        self.records += 1
        self.position += 1
        if self.position == self.per_row:
            self.position = 0
            self.rows += 1
            self.next_row += self.shards

    def feed_block(self, lines):
        """JSON Lines records, one per line (without line breaks), checked a
        block at a time by whole-block searches; a block that does not pass
        is checked record by record, for the message."""
        if not self.block_passes(lines):
            for line in lines:
                self.feed(line + b"\n")

    def block_passes(self, lines):
        k = self.per_row
        count = len(lines)
        if self.position != 0 or count % k or None in self.middles:
            return False
        block = b"\n".join(lines) + b"\n"
        # An id that is an object may hold '{"row": ' (one match too many:
        # checked record by record), but never a tail at the end of a line.
        numbers = ROW_NUMBERS.findall(block)
        tails = TAILS.findall(block)
        if len(numbers) != count or len(tails) != count:
            return False
        firsts = numbers[::k]
        rows = len(firsts)
        step = self.shards
        if any(numbers[j::k] != firsts for j in range(1, k)) or list(map(int, firsts)) != list(
                range(self.next_row, self.next_row + step * rows, step)):
            return False
        if any(tails[j::k].count(self.middles[j]) != rows for j in range(k)):
            return False
        self.rows += rows
        self.records += count
        self.next_row += step * rows
        self.line += count
        return True

    def finish(self):
        if self.position != 0:
            self.fail(f"row {self.row} has {self.position} records, {self.per_row} expected "
                      f"({self.combos.describe(self.position)} missing)")


def check_part(path, shard, shards, expected=None):
    """Checks one part: its rows are shard, shard+shards, … in order with none
    missing or repeated, each with one record per combination, in order.
    `expected`: the combinations (None: from the JSON Lines header, or a CSV
    part's first row). Returns a summary (picklable: this runs on Dask
    workers too)."""
    header = Header(path)
    if expected is None:
        expected = header.combinations or first_row_combinations(path, header)
    checker = PartChecker(path, header.format, shard, shards, expected, len(header.lines) + 1)
    expect_line = None
    with open(path, "rb") as file:
        for _ in header.lines:
            file.readline()
        if header.format == "csv":
            for record in records(file, "csv"):
                checker.feed(record)
        else:
            source = LineSource(file)
            first = True
            while True:
                # The first row record by record: its bytes make the block check.
                lines = source.take(checker.per_row if first else BLOCK_ROWS * checker.per_row)
                first = False
                if not lines:
                    break
                if lines[-1].startswith(b'{"expect":'):
                    expect_line = lines.pop() + b"\n"
                    if source.take(1):
                        raise MergeError(f"{path}: a line after the expect summary")
                checker.feed_block(lines)
    checker.finish()
    return {"path": path, "shard": shard, "shards": shards, "format": header.format,
            "rows": checker.rows, "records": checker.records, "perRow": checker.per_row,
            "combinations": expected, "expect": expect_line}


# MARK: - Expect summaries

def quoted(text):
    """A string as the trellis CLI's JSON writer quotes it."""
    out = ['"']
    for char in text:
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif char == "\n":
            out.append("\\n")
        elif char == "\r":
            out.append("\\r")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20:
            out.append("\\u%04x" % ord(char))
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


class Members(list):
    """A JSON object's members in their order: (key, value) pairs."""


def serialized(value):
    """JSON as the trellis CLI's writer makes it (no spaces; numbers to
    thousandths, whole numbers without a fraction)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "null"
        value = rounded3(value)
        if value == math.floor(value) and abs(value) < 1e15:
            return str(int(value))
        return repr(value)
    if isinstance(value, str):
        return quoted(value)
    if value is None:
        return "null"
    if isinstance(value, Members):
        return "{" + ",".join(quoted(key) + ":" + serialized(item) for key, item in value) + "}"
    return "[" + ",".join(serialized(item) for item in value) + "]"


def merge_expect(lines):
    """One `{"expect": …}` summary from the parts' summaries: the counts added,
    the worst rows of all (largest difference first, then by row, as many as
    one part keeps)."""
    summaries = [json.loads(line, object_pairs_hook=Members)[0][1] for line in lines]
    merged = Members(list(pair) for pair in summaries[0])
    keys = [key for key, _ in merged]
    worst = []
    for summary in summaries:
        fields = dict(summary)
        if fields.get("file") != dict(summaries[0]).get("file"):
            raise MergeError("the parts were compared with different --expect files")
        for position, entry in enumerate(fields["worst"]):
            worst.append((entry, dict(entry), position))
    for pair in merged:
        if pair[0] in ("compared", "exact", "withinPixel", "worse", "missing"):
            pair[1] = sum(dict(summary)[pair[0]] for summary in summaries)
    # Within one row the parts keep their own order (the combinations').
    worst.sort(key=lambda item: (-item[1]["difference"], item[1]["row"], item[2]))
    merged[keys.index("worst")][1] = [entry for entry, _, _ in worst[:WORST_SHOWN]]
    return ('{"expect":' + serialized(merged) + "}\n").encode(), merged


def expect_table(merged):
    """The comparison as `trellis heights --expect` prints it on stderr."""
    fields = dict(merged)
    line = (f"compared with {fields['file']}: {fields['compared']} heights, {fields['exact']} "
            f"exact, {fields['withinPixel']} within 1 pixel, {fields['worse']} worse")
    if fields["missing"] > 0:
        line += f" ({fields['missing']} not in the file)"
    lines = [line]
    for entry in fields["worst"]:
        e = dict(entry)
        lines.append(
            f"  row {e['row']} width {serialized(e['width'])} scale {serialized(e['scale'])} "
            f"{e['contentSize']}: ours {serialized(e['height'])}, theirs "
            f"{serialized(e['expected'])} (Δ {serialized(e['difference'])}): {e['text'][:80]}")
    return "\n".join(lines)


# MARK: - Merging

def order_parts(headers):
    """The parts in shard order, checked to be one shard each of the same run."""
    count = len(headers)
    if headers[0].format == "jsonl":
        indexed = sorted(range(count), key=lambda k: headers[k].shard[0])
        for k in indexed:
            shard, shards = headers[k].shard
            if shards != count:
                raise MergeError(
                    f"{headers[k].path}: shard {shard}/{shards}, but {count} parts were given")
        given = [headers[k].shard[0] for k in indexed]
        twice = sorted({shard for shard in given if given.count(shard) > 1})
        if twice:
            missing = sorted(set(range(count)) - set(given))
            raise MergeError(
                "; ".join(f"shard {shard}/{count} is given twice" for shard in twice) + "; "
                + ", ".join(f"shard {shard}/{count}" for shard in missing) + " missing")
        return indexed
    # CSV: the first row of part I is row I (an empty part: past the last row).
    firsts = []
    for k, header in enumerate(headers):
        with open(header.path, "rb") as file:
            for _ in header.lines:
                file.readline()
            line = next(records(file, "csv"), None)
        split = split_record("csv", line) if line else None
        firsts.append(split[0] if split else math.inf)
    return sorted(range(count), key=lambda k: (firsts[k], k))


def interleave(files, fmt, total, per_row, output):
    """Writes the rows 0..<total in order, row r from part r mod N (checked
    before: each part's next records are its next row's)."""
    count = len(files)
    if fmt == "csv":
        readers = [records(file, "csv") for file in files]
        for row in range(total):
            reader = readers[row % count]
            output.writelines([next(reader) for _ in range(per_row)])
        return
    sources = [LineSource(file) for file in files]
    done = 0
    batch = BLOCK_ROWS
    stride = count * per_row
    # Whole rounds of `batch` rows from every part, put in place by slices.
    while total - done >= count * batch:
        merged = [None] * (count * batch * per_row)
        for shard, source in enumerate(sources):
            lines = source.take(batch * per_row)
            for j in range(per_row):
                merged[shard * per_row + j::stride] = lines[j::per_row]
        output.write(b"\n".join(merged) + b"\n")
        done += count * batch
    for row in range(done, total):
        output.write(b"\n".join(sources[row % count].take(per_row)) + b"\n")


def worse_than_allowed(comparison, max_worse):
    """What `trellis heights --expect` says when more heights than `--max-worse`
    are worse than a pixel (None when within it, or without --expect): the
    merged run exits 1 as one process does."""
    if comparison is None or comparison["worse"] <= max_worse:
        return None
    return (f"{comparison['worse']} heights differ from {comparison['file']}'s by more "
            f"than a pixel, more than --max-worse {max_worse}")


def merge_parts(paths, out, expected=None, summaries=None, progress=None):
    """Checks the parts and writes them merged to `out` (beside it first, then
    renamed). `summaries`: check_part's results already made (on the workers),
    in shard order with `paths`. Returns the rows, the records, and the
    merged --expect comparison as trellis prints it (or None)."""
    if not paths:
        raise MergeError("no parts to merge")
    headers = [Header(path) for path in paths]
    for header in headers[1:]:
        if not headers[0].same_options(header):
            raise MergeError(
                f"{header.path}: made with other options than {headers[0].path} "
                "(the headers differ in more than the shard)")
    if summaries is None:
        order = order_parts(headers)
        headers = [headers[k] for k in order]
        paths = [paths[k] for k in order]
        count = len(paths)
        summaries = []
        for shard, path in enumerate(paths):
            summaries.append(check_part(path, shard, count, expected))
            if progress:
                progress(f"checked {shard + 1}/{count} parts")
    count = len(paths)
    expected = next((s["combinations"] for s in summaries if s["rows"] > 0),
                    summaries[0]["combinations"])
    for summary in summaries:
        if summary["rows"] and summary["combinations"] != expected:
            raise MergeError(
                f"{summary['path']}: other widths, scales or content sizes than "
                f"{summaries[0]['path']}")
    total = sum(s["rows"] for s in summaries)
    for shard, summary in enumerate(summaries):
        due = len(range(shard, total, count))
        if summary["rows"] != due:
            raise MergeError(
                f"{summary['path']}: shard {shard}/{count} has {summary['rows']} rows; "
                f"{total} rows in all need {due} (a part is cut short or from another input)")
    expects = [s["expect"] for s in summaries]
    if any(expects) and not all(expects):
        raise MergeError("some parts have an expect summary and some have none")
    per_row = len(expected) if expected else 0

    staging = os.path.join(os.path.dirname(os.path.abspath(out)),
                           f".{os.path.basename(out)}.partial-{os.getpid()}")
    try:
        with open(staging, "wb") as output:
            output.writelines(headers[0].merged(count))
            files = [open(header.path, "rb") for header in headers]
            try:
                for header, file in zip(headers, files):
                    for _ in header.lines:
                        file.readline()
                interleave(files, headers[0].format, total, per_row, output)
            finally:
                for file in files:
                    file.close()
            table = comparison = None
            if all(expects):
                line, merged = merge_expect(expects)
                output.write(line)
                table = expect_table(merged)
                comparison = dict(merged)
        os.replace(staging, out)
    except BaseException:
        try:
            os.unlink(staging)
        except FileNotFoundError:
            pass
        raise
    return total, total * per_row, table, comparison


class Parser(argparse.ArgumentParser):
    """Bad options exit 64, as `trellis heights`' do."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(64, f"{self.prog}: error: {message}\n")


def main(argv=None):
    parser = Parser(
        description="Merge the parts of a sharded `trellis heights` run into one file.")
    parser.add_argument("--out", required=True, help="The merged file.")
    parser.add_argument("--widths", help="CSV parts: the widths they were made with.")
    parser.add_argument("--scales", default=None, help="CSV parts: the scales (default 3).")
    parser.add_argument("--content-sizes", default=None,
                        help="CSV parts: the content sizes (default large).")
    parser.add_argument("--max-worse", type=int, default=0,
                        help="Parts made with --expect: exit 1 when more merged heights than "
                             "this are worse than a pixel, as trellis heights does (default 0).")
    parser.add_argument("parts", nargs="+", help="Every shard's output, in any order.")
    args = parser.parse_args(argv)
    if args.max_worse < 0:
        parser.error(f"--max-worse must be 0 or more, got {args.max_worse}")
    expected = None
    try:
        if args.widths is not None:
            expected = combinations(
                numbers(args.widths, "widths"), numbers(args.scales or "3", "scales"),
                (args.content_sizes or "large").split(","))
        elif args.scales is not None or args.content_sizes is not None:
            raise MergeError("--scales and --content-sizes need --widths")
    except MergeError as error:
        print(f"merge-heights: {error}", file=sys.stderr)
        return 64
    try:
        for path in args.parts:
            if not os.path.isfile(path):
                raise MergeError(f"{path}: no such file")
        rows, records, table, comparison = merge_parts(
            args.parts, args.out, expected,
            progress=lambda text: print(f"merge-heights: {text}", file=sys.stderr))
    except (MergeError, OSError) as error:
        print(f"merge-heights: {error}", file=sys.stderr)
        return 1
    if table:
        print(table, file=sys.stderr)
    print(f"merge-heights: {rows} rows, {records} records from {len(args.parts)} parts "
          f"-> {args.out}", file=sys.stderr)
    failed = worse_than_allowed(comparison, args.max_worse)
    if failed:
        print(f"merge-heights: {failed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
