// `trellis measure` counts its threads with CTrellisMemory's
// `trellis_active_processor_count`, which reads the cgroup's files as
// FoundationEssentials' `ProcessInfo.activeProcessorCount` does on Linux.
// The rules below restate FoundationEssentials' (ProcessInfo.swift,
// `fsCoreCount`: "Support for CFS quotas for cpu count as used by Docker"),
// and the C parsers must agree with them on any file text.
import CTrellisMemory
import Foundation
import Testing
import TrellisTestSupport

@Suite struct ProcessorCountTests {
    /// FoundationEssentials' first line of a file: `split(separator: "\n").first`.
    static func firstLine(_ text: String) -> Substring {
        text.split(separator: "\n").first ?? ""
    }

    /// FoundationEssentials' `coreCount(quota:period:)`.
    static func quotaCount(_ quotaText: String, _ periodText: String) -> Int? {
        guard let quota = Int(firstLine(quotaText)), quota > 0 else { return nil }
        guard let period = Int(firstLine(periodText)), period > 0 else { return nil }
        return (quota - 1 + period) / period
    }

    /// FoundationEssentials' `coreCount(cpuset:)` with its `countCoreIds`.
    static func cpusetCount(_ text: String) -> Int? {
        let cpuset = firstLine(text).split(separator: ",")
        guard let first = cpuset.first else { return nil }
        let ids = first.split(separator: "-", maxSplits: 1)
        guard let low = ids.first.flatMap({ Int($0, radix: 10) }),
            let high = ids.last.flatMap({ Int($0, radix: 10) }), high >= low
        else { return nil }
        return 1 + high - low
    }

    /// A file text of up to 12 characters that are mostly the ones the
    /// rules read (digits, "-", ",", "+", newlines), with spaces and letters.
    static func text(_ generator: inout SeededGenerator) -> String {
        let alphabet = Array("0123456789--,,++\n\n a9")
        let length = Int.random(in: 0...12, using: &generator)
        var text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
        if Bool.random(using: &generator) {
            text = String(Int.random(in: 0...99, using: &generator)) + text
        }
        return text
    }

    @Test func theCountIsFoundationsOnThisMachine() {
        #expect(trellis_active_processor_count() == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func quotasReadAsFoundationReadsThem() {
        var generator = SeededGenerator(seed: 38)
        let fixed = [
            ("-1\n", "100000\n"), ("150000\n", "100000\n"), ("200000", "100000"),
            ("\n\n50000\n", "100000"),
            ("+7", "3"), ("9223372036854775807", "1"), ("9223372036854775808", "1"), ("0", "5"),
            ("5", "0"),
        ]
        for (quota, period) in fixed {
            #expect(
                trellis_quota_count(quota, period) == Self.quotaCount(quota, period) ?? 0,
                "\(quota) \(period)")
        }
        for _ in 0..<20_000 {
            let quota = Self.text(&generator), period = Self.text(&generator)
            #expect(
                trellis_quota_count(quota, period) == Self.quotaCount(quota, period) ?? 0,
                "\(quota) \(period)")
        }
    }

    @Test func cpusetsReadAsFoundationReadsThem() {
        var generator = SeededGenerator(seed: 38)
        let fixed = [
            "0-1\n", "0-3,6\n", "5", "-5-6", "0--1", "0-", "-", ",,2-4", "3-1", "\n0-7\n", "1-2-3",
            "+1-+2",
        ]
        for text in fixed {
            #expect(trellis_cpuset_count(text) == Self.cpusetCount(text) ?? 0, "\(text)")
        }
        for _ in 0..<20_000 {
            let text = Self.text(&generator)
            #expect(trellis_cpuset_count(text) == Self.cpusetCount(text) ?? 0, "\(text)")
        }
    }
}
