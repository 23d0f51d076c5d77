// `trellis heights` on a cluster: Scripts/dask-heights.py on a local Dask
// cluster gives the records of one process byte for byte, survives a worker
// killed once and a shard failing once, and stops naming a shard that always
// fails, leaving nothing; Scripts/merge-heights.py merges the parts of
// Examples/cluster/heights-job.yaml's indexed Job (its command run for each
// completion index) into one process's records, and refuses parts that do
// not add up.

import Foundation
import Testing
import TrellisTestSupport

/// python3 with the packages the cluster scripts need, checked once.
enum ClusterPython {
    static let ready: Bool = {
        let result = try? ClusterRun.python(["-c", "import dask, distributed, yaml"])
        return result?.status == 0
    }()
}

/// Runs the cluster scripts, their output in files (a pipe left unread
/// would stall a chatty process).
enum ClusterRun {
    static func script(_ name: String) -> String {
        TestPaths.repository.appendingPathComponent("Scripts/\(name)").path
    }

    static func python(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
    ) throws -> Tool.Result {
        try run("/usr/bin/env", ["python3"] + arguments, environment: environment, in: directory)
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        in directory: URL? = nil
    ) throws -> Tool.Result {
        let outputs = try folder("run")
        let out = outputs.appendingPathComponent("stdout")
        let err = outputs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return Tool.Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// A new empty folder of its own.
    static func folder(_ name: String) throws -> URL {
        try TestScratch.folder("cluster/\(name)-\(UUID().uuidString.prefix(8))")
    }

    /// The debug `trellis` the other CLI tests run.
    static var trellis: String { Tool.directory.appendingPathComponent("trellis").path }

    /// One process's heights of `data`.
    static func single(_ data: String, _ options: [String], out: String) throws {
        let result = try run(
            trellis,
            ["heights", "--template", "AnimalTableViewCell", "--data", data] + options + [
                "--out", out,
            ])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// `merged` is `single` but for its header, which says it holds the whole
    /// input merged from `shards` parts.
    static func expectSameRecords(_ merged: String, _ single: String, shards: Int) throws {
        let ours = try Data(contentsOf: URL(fileURLWithPath: merged))
        let theirs = try Data(contentsOf: URL(fileURLWithPath: single))
        let split = { (data: Data) -> (String, Data) in
            let end = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            return (String(decoding: data[..<end], as: UTF8.self), data[end...])
        }
        let (ourHeader, ourRecords) = split(ours)
        let (theirHeader, theirRecords) = split(theirs)
        #expect(theirRecords.count > 1000)
        // Compared as a flag (Swift Testing would diff megabytes byte by
        // byte), the first line that differs shown.
        let same = ourRecords == theirRecords
        var firstDifference = ""
        if !same {
            let ourLines = String(decoding: ourRecords, as: UTF8.self).split(separator: "\n")
            let theirLines = String(decoding: theirRecords, as: UTF8.self).split(separator: "\n")
            if let k = zip(ourLines, theirLines).enumerated().first(where: { $1.0 != $1.1 })?.offset
            {
                firstDifference = "line \(k + 2): \(ourLines[k])\nagainst \(theirLines[k])"
            } else {
                firstDifference = "\(ourLines.count) lines against \(theirLines.count)"
            }
        }
        #expect(same, "records differ from one process's: \(merged): \(firstDifference)")
        let said = theirHeader.replacingOccurrences(
            of: "\"shard\":\"0/1\"", with: "\"shard\":\"0/1\",\"mergedFrom\":\(shards)")
        #expect(theirHeader.hasPrefix("{\"header\":"))
        #expect(ourHeader == said, "\(ourHeader)\nagainst\n\(theirHeader)")
    }
}

@Suite(
    .serialized,
    .enabled(
        if: ClusterPython.ready,
        "python3 lacks dask, distributed or PyYAML: python3 -m pip install -r Scripts/requirements-cluster.txt (Scripts/bootstrap.sh runs it)"
    ))
struct DaskHeightsCLITests {
    static let widths = ["--widths", "320,375,414"]

    /// 5,000 rows (20,000 under Scripts/soak.sh) and 1,500 (4,000) for the
    /// runs that fail, and one process's heights of them at three widths.
    static let rowCount = Soak.count("TRELLIS_DASK_ROWS", quick: 5_000, soak: 20_000)
    static let reference = reference(rows: rowCount)
    static let small = reference(rows: Soak.count("TRELLIS_DASK_SMALL", quick: 1_500, soak: 4_000))

    static func reference(rows: Int) -> (data: String, single: String) {
        let folder = try! ClusterRun.folder("reference")
        let data = folder.appendingPathComponent("rows.jsonl").path
        try! HeightsCLITests.rows(rows).write(toFile: data, atomically: true, encoding: .utf8)
        let single = folder.appendingPathComponent("single.jsonl").path
        try! ClusterRun.single(data, widths, out: single)
        return (data, single)
    }

    static func dask(
        _ data: String, out: String, shards: Int, trellis: String = ClusterRun.trellis,
        _ options: [String] = widths
    ) throws -> Tool.Result {
        try ClusterRun.python(
            [
                ClusterRun.script("dask-heights.py"), "--trellis", trellis, "--workers", "2",
                "--shards", "\(shards)", "--retries", "1", "--template", "AnimalTableViewCell",
                "--data", data, "--out", out,
            ] + options)
    }

    /// A `trellis` that runs the real one, but first does each rule's
    /// action to its shard: on its first run only (a marker file
    /// `once-<shard>` records it), or on every run.
    static func faulty(_ folder: URL, _ rules: [(shard: Int, action: String, always: Bool)])
        throws -> String
    {
        let path = folder.appendingPathComponent("faulty-trellis").path
        let cases = rules.map { rule in
            let marker = folder.appendingPathComponent("once-\(rule.shard)").path
            let condition = rule.always ? "true" : "mkdir '\(marker)' 2>/dev/null"
            return "    \(rule.shard)/*) if \(condition); then \(rule.action); fi ;;"
        }
        let script = """
            #!/bin/sh
            shard=
            previous=
            for argument in "$@"; do
                [ "$previous" = --shard ] && shard=$argument
                previous=$argument
            done
            case "$shard" in
            \(cases.joined(separator: "\n"))
            esac
            exec '\(ClusterRun.trellis)' "$@"
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func eightShardsOnTwoWorkersAreOneProcessByteForByte() throws {
        let (data, single) = Self.reference
        let folder = try ClusterRun.folder("eight")
        let out = folder.appendingPathComponent("merged.jsonl").path
        let result = try Self.dask(data, out: out, shards: 8)
        #expect(result.status == 0, "\(result.stderr)")
        try ClusterRun.expectSameRecords(out, single, shards: 8)
        #expect(result.stderr.contains("8 shards on 2 workers"), "\(result.stderr)")
        #expect(result.stderr.contains("8/8 shards, \(Self.rowCount) rows, "), "\(result.stderr)")
        #expect(result.stderr.contains("rows/s"), "\(result.stderr)")
        // The parts are gone; only the merged file is left.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["merged.jsonl"])

        // Another shard count, a template file named relative to the
        // client's folder (the shards run there: the header, which names it
        // as given, and its cache key are one process's), two content sizes.
        let options = [
            "--template", "Templates/AnimalTableViewCell.json", "--data", Self.small.data,
            "--widths", "320,375", "--content-sizes", "large,accessibilityLarge",
        ]
        let repository = TestPaths.repository
        let single5 = folder.appendingPathComponent("single-5.jsonl").path
        let one = try ClusterRun.run(
            ClusterRun.trellis, ["heights"] + options + ["--out", single5], in: repository)
        #expect(one.status == 0, "\(one.stderr)")
        let merged5 = folder.appendingPathComponent("merged-5.jsonl").path
        let five = try ClusterRun.python(
            [
                ClusterRun.script("dask-heights.py"), "--trellis", ClusterRun.trellis,
                "--workers", "2", "--shards", "5", "--out", merged5,
            ] + options, in: repository)
        #expect(five.status == 0, "\(five.stderr)")
        try ClusterRun.expectSameRecords(merged5, single5, shards: 5)
    }

    @Test func aWorkerKilledOnceAndAShardFailingOnceGiveTheSameRecords() throws {
        let (data, single) = Self.small
        let folder = try ClusterRun.folder("killed")
        // Shard 3's first run kills the worker running it (its parent);
        // shard 6's first run exits with an error.
        let faulty = try Self.faulty(
            folder,
            [
                (3, "kill -9 $PPID; exit 1", false),
                (6, "echo 'shard six: a disk hiccup' >&2; exit 5", false),
            ])
        let out = folder.appendingPathComponent("merged.jsonl").path
        let result = try Self.dask(data, out: out, shards: 8, trellis: faulty)
        #expect(result.status == 0, "\(result.stderr)")
        for shard in [3, 6] {
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("once-\(shard)").path))
        }
        try ClusterRun.expectSameRecords(out, single, shards: 8)
    }

    @Test func aShardThatAlwaysFailsStopsTheRunNamingItAndLeavesNothing() throws {
        let (data, _) = Self.small
        let folder = try ClusterRun.folder("always")
        let failing = try Self.faulty(
            folder, [(5, "echo 'rows.jsonl:77: shard five is broken' >&2; exit 3", true)])
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        let out = outputs.appendingPathComponent("merged.jsonl").path
        let result = try Self.dask(data, out: out, shards: 8, trellis: failing)
        #expect(result.status == 3, "\(result.stderr)")
        // The shard, its worker's host, trellis's exit status and stderr.
        #expect(result.stderr.contains("shard 5/8 failed on "), "\(result.stderr)")
        #expect(
            result.stderr.contains(": trellis heights exited with status 3\n"), "\(result.stderr)")
        #expect(result.stderr.contains("rows.jsonl:77: shard five is broken"), "\(result.stderr)")
        #expect(result.stderr.contains("stopped: no output written"), "\(result.stderr)")
        // No output, no part, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: outputs.path) == [])
    }
}

@Suite(
    .enabled(
        if: ClusterPython.ready,
        "python3 lacks dask, distributed or PyYAML: python3 -m pip install -r Scripts/requirements-cluster.txt (Scripts/bootstrap.sh runs it)"
    ))
struct MergeHeightsCLITests {
    /// The Job file, read by PyYAML: its Job's completions, completion mode
    /// and the shell script each pod runs.
    static func job() throws -> [String: Any] {
        let file = TestPaths.repository.appendingPathComponent(
            "Examples/cluster/heights-job.yaml"
        ).path
        let result = try ClusterRun.python([
            "-c",
            """
            import json, sys, yaml
            documents = list(yaml.safe_load_all(open(sys.argv[1])))
            job = next(d for d in documents if d["kind"] == "Job")
            pod = job["spec"]["template"]["spec"]
            container = pod["containers"][0]
            print(json.dumps({"completions": job["spec"]["completions"],
                "parallelism": job["spec"]["parallelism"],
                "completionMode": job["spec"]["completionMode"],
                "restartPolicy": pod["restartPolicy"],
                "command": container["command"] + container["args"],
                "mounts": [m["mountPath"] for m in container["volumeMounts"]],
                "env": {e["name"]: e["value"] for e in container["env"]},
                "claims": [v["persistentVolumeClaim"]["claimName"] for v in pod["volumes"]],
                "pvcs": [d["metadata"]["name"] for d in documents
                         if d["kind"] == "PersistentVolumeClaim"]}))
            """,
            file,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The Job's pods, run here one completion index after another on the
    /// test rows, and their parts merged: one process's records.
    @Test func theIndexedJobsPartsMergeIntoOneProcesssRecords() throws {
        let job = try Self.job()
        let completions = try #require(job["completions"] as? Int)
        #expect(job["completionMode"] as? String == "Indexed")
        #expect(job["parallelism"] as? Int == completions)
        #expect(job["restartPolicy"] as? String == "Never")
        #expect(job["claims"] as? [String] == job["pvcs"] as? [String])
        let command = try #require(job["command"] as? [String])
        #expect(command.prefix(2) == ["/bin/sh", "-c"])
        let script = try #require(command.last)
        // Every pod takes its shard of N = completions.
        #expect(script.contains("--shard \"$JOB_COMPLETION_INDEX/\(completions)\""), "\(script)")
        // The rows and the parts are on the shared volume.
        let mounts = try #require(job["mounts"] as? [String])
        let environment = try #require(job["env"] as? [String: String])
        for name in ["DATA", "PARTS"] {
            let value = try #require(environment[name])
            #expect(mounts.contains { value.hasPrefix($0 + "/") }, "\(name)=\(value)")
            #expect(script.contains("\"$\(name)\""), "\(script)")
        }

        let folder = try ClusterRun.folder("job")
        let data = folder.appendingPathComponent("rows.jsonl").path
        try HeightsCLITests.rows(1_500).write(toFile: data, atomically: true, encoding: .utf8)
        let parts = folder.appendingPathComponent("parts").path
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("trellis").path,
            withDestinationPath: ClusterRun.trellis)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for index in (0..<completions).reversed() {
            let pod = try ClusterRun.run(
                "/bin/sh", ["-c", script],
                environment: [
                    "JOB_COMPLETION_INDEX": "\(index)", "DATA": data, "PARTS": parts, "PATH": path,
                ])
            #expect(pod.status == 0, "index \(index): \(pod.stderr)")
        }
        // The shell's order of part-10 before part-2 does not matter.
        let names = try FileManager.default.contentsOfDirectory(atPath: parts).sorted()
        #expect(names.count == completions)
        let merged = folder.appendingPathComponent("heights.jsonl").path
        let merge = try ClusterRun.python(
            [ClusterRun.script("merge-heights.py"), "--out", merged]
                + names.map { parts + "/" + $0 })
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(
            merge.stderr.contains("1500 rows, 9000 records from \(completions) parts"),
            "\(merge.stderr)")
        // The pods' options: widths 320,375,414 at scales 2 and 3.
        let single = folder.appendingPathComponent("single.jsonl").path
        try ClusterRun.single(data, ["--widths", "320,375,414", "--scales", "2,3"], out: single)
        try ClusterRun.expectSameRecords(merged, single, shards: completions)
    }

    /// Shards run with --expect carry their own summaries; merged, they are
    /// the summary one process writes; CSV parts merge too, by their rows.
    @Test func expectSummariesAndCSVPartsMergeAsOneProcessWritesThem() throws {
        let folder = try ClusterRun.folder("expect")
        let data = folder.appendingPathComponent("rows.jsonl").path
        try HeightsCLITests.rows(900).write(toFile: data, atomically: true, encoding: .utf8)
        let options = ["--widths", "320,375.5", "--scales", "2,3"]
        // A device's heights: one process's, some rows moved by a little or a lot.
        let plain = folder.appendingPathComponent("plain.jsonl").path
        try ClusterRun.single(data, options, out: plain)
        var lines = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n").map(
            String.init)
        for (k, line) in lines.enumerated() where k > 0 && k % 37 == 0 {
            var record = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let delta = k % 74 == 0 ? 0.25 : Double(k % 9 + 1)
            record["height"] = (record["height"] as! NSNumber).doubleValue + delta
            lines[k] = String(
                decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        }
        let device = folder.appendingPathComponent("device.jsonl").path
        try lines.joined(separator: "\n").write(toFile: device, atomically: true, encoding: .utf8)
        let single = folder.appendingPathComponent("single.jsonl").path
        // Some heights are worse than a pixel: one process and the merge both
        // exit 1 past --max-worse (0 unless given), so both are given room here.
        let room = ["--max-worse", "100000"]
        try ClusterRun.single(data, options + ["--expect", device] + room, out: single)

        for format in ["jsonl", "csv"] {
            var parts: [String] = []
            for shard in 0..<5 {
                let part = folder.appendingPathComponent("part-\(shard).\(format)").path
                let expect = format == "jsonl" ? ["--expect", device] + room : []
                try ClusterRun.single(
                    data, options + expect + ["--format", format, "--shard", "\(shard)/5"],
                    out: part)
                parts.append(part)
            }
            let merged = folder.appendingPathComponent("merged.\(format)").path
            if format == "jsonl" {
                // Without room the merged count fails the run as one process's does.
                let strict = try ClusterRun.python(
                    [ClusterRun.script("merge-heights.py"), "--out", merged] + parts.reversed())
                #expect(strict.status == 1, "\(strict.stderr)")
                #expect(
                    strict.stderr.contains("'s by more than a pixel, more than --max-worse 0"),
                    "\(strict.stderr)")
            }
            let merge = try ClusterRun.python(
                [ClusterRun.script("merge-heights.py"), "--out", merged]
                    + (format == "jsonl" ? room : []) + parts.reversed())
            #expect(merge.status == 0, "\(merge.stderr)")
            if format == "jsonl" {
                try ClusterRun.expectSameRecords(merged, single, shards: 5)
                #expect(merge.stderr.contains("3600 heights, "), "\(merge.stderr)")
            } else {
                let csv = folder.appendingPathComponent("single.csv").path
                try ClusterRun.single(data, options + ["--format", "csv"], out: csv)
                let ours = try String(contentsOfFile: merged, encoding: .utf8)
                let theirs = try String(contentsOfFile: csv, encoding: .utf8)
                let first = try #require(theirs.split(separator: "\n").first)
                #expect(
                    ours
                        == theirs.replacingOccurrences(
                            of: first, with: first + ", merged from 5 shards"))
            }
        }
    }

    @Test func partsThatDoNotAddUpAreRefusedNamingThePartAndLine() throws {
        let folder = try ClusterRun.folder("refused")
        let data = folder.appendingPathComponent("rows.jsonl").path
        try HeightsCLITests.rows(200).write(toFile: data, atomically: true, encoding: .utf8)
        var parts: [String] = []
        for shard in 0..<4 {
            let part = folder.appendingPathComponent("part-\(shard).jsonl").path
            try ClusterRun.single(
                data, ["--widths", "320,375,414", "--shard", "\(shard)/4"], out: part)
            parts.append(part)
        }
        let out = folder.appendingPathComponent("merged.jsonl").path
        func merge(_ given: [String]) throws -> Tool.Result {
            let result = try ClusterRun.python(
                [ClusterRun.script("merge-heights.py"), "--out", out] + given)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
            return result
        }
        var result = try merge(Array(parts.prefix(3)))
        #expect(result.stderr.contains("shard 0/4, but 3 parts were given"), "\(result.stderr)")
        result = try merge(parts.prefix(3) + [parts[1]])
        #expect(
            result.stderr.contains("shard 1/4 is given twice; shard 3/4 missing"),
            "\(result.stderr)")

        // Part 2 loses a record (row 10 at width 375), then row 14 whole.
        let original = try String(contentsOfFile: parts[2], encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        let record = try #require(
            lines.firstIndex { $0.hasPrefix("{\"row\": 10,") && $0.contains("\"width\": 375,") })
        lines.remove(at: record)
        try lines.joined(separator: "\n").write(toFile: parts[2], atomically: true, encoding: .utf8)
        result = try merge(parts)
        #expect(
            result.stderr.contains(
                "part-2.jsonl:\(record + 1): row 10: width 414 scale 3 large where width 375 scale 3 large was due"
            ),
            "\(result.stderr)")
        lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeAll { $0.hasPrefix("{\"row\": 14,") }
        try lines.joined(separator: "\n").write(toFile: parts[2], atomically: true, encoding: .utf8)
        result = try merge(parts)
        #expect(
            result.stderr.contains("row 18 where row 14 was due (shard 2/4: row 14 missing)"),
            "\(result.stderr)")
        // A part of another run (other widths) is not merged either.
        try ClusterRun.single(data, ["--widths", "320,375", "--shard", "2/4"], out: parts[2])
        result = try merge(parts)
        #expect(result.stderr.contains("made with other options than"), "\(result.stderr)")
    }
}
