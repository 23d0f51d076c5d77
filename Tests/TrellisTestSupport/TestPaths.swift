// Where the tests' files are: the repository's root and each test target's
// Fixtures folder, found from this file's path (Tests/TrellisTestSupport/).

import Foundation

/// Paths of files the tests read.
public enum TestPaths {
    /// The repository's root directory.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TrellisTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A file below the repository's root: `repository("Layouts/List.json")`.
    public static func repository(_ relativePath: String) -> String {
        repository.appendingPathComponent(relativePath).path
    }

    /// A fixture of a test target: `Tests/<target>/Fixtures/<name>`.
    public static func fixture(_ name: String, of target: String) -> String {
        repository("Tests/\(target)/Fixtures/\(name)")
    }
}
