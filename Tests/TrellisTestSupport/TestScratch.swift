// One folder per test process for the files tests write (data, pages,
// snapshots, a cluster's shards), removed when the process exits, so that
// test runs leave nothing in the temporary folder.

import Foundation

/// The folder of files a test process writes.
public enum TestScratch {
    /// `trellis-tests-PID` in the temporary folder, made on first use and
    /// removed with everything in it when the process exits.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trellis-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "trellis-tests-\(getpid())")
            try? FileManager.default.removeItem(at: url)
        }
        return url
    }()

    /// Folder `name` under `root`, made with its parents.
    public static func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
