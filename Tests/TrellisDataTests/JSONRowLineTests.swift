// `JSONRowLoader.parseLine` reads a line's bytes in place when they are
// contiguous and through the collection otherwise: both ways must give the
// same row, and refuse the same bytes, as the standard library's
// `String(validating:as:)` judges UTF-8 (the reference).

import Foundation
import Testing
import TrellisData

@Suite struct JSONRowLineTests {
    static let valid = Array(#"{"title": "Żółw", "price": "$3.50", "n": 2}"#.utf8)
    /// A line whose title holds 0xC3 0x28 (a lead byte, then no continuation byte).
    static let invalid =
        Array(#"{"title": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)

    @Test func contiguousAndNonContiguousBytesGiveTheSameRow() throws {
        let bytes = Self.valid
        let fromArray = try JSONRowLoader.parseLine(bytes, file: "rows.jsonl", line: 3)
        // The CLI's case: a slice of a buffer.
        let fromSlice = try bytes.withUnsafeBufferPointer { buffer in
            try JSONRowLoader.parseLine(buffer[...], file: "rows.jsonl", line: 3)
        }
        // No contiguous storage: read through the collection.
        let lazy = bytes.lazy.map { $0 }
        #expect(lazy.withContiguousStorageIfAvailable { _ in true } == nil)
        let fromLazy = try JSONRowLoader.parseLine(lazy, file: "rows.jsonl", line: 3)
        #expect(fromArray == fromSlice)
        #expect(fromArray == fromLazy)
        #expect(fromArray.fields["title"] == .string("Żółw"))
        #expect(fromArray.line == 3)
    }

    @Test func invalidUTF8IsRefusedEitherWay() {
        #expect(String(validating: Self.invalid, as: UTF8.self) == nil)
        let error = DataFileError(file: "rows.jsonl", line: 7, message: "invalid UTF-8")
        #expect(throws: error) {
            try JSONRowLoader.parseLine(Self.invalid, file: "rows.jsonl", line: 7)
        }
        #expect(throws: error) {
            try Self.invalid.withUnsafeBufferPointer { buffer in
                try JSONRowLoader.parseLine(buffer[...], file: "rows.jsonl", line: 7)
            }
        }
        #expect(throws: error) {
            try JSONRowLoader.parseLine(
                Self.invalid.lazy.map { $0 }, file: "rows.jsonl", line: 7)
        }
    }

    /// The buffer form (what `trellis heights` calls, decoding and comparing
    /// rather than validating) accepts exactly what `String(validating:as:)`
    /// accepts, U+FFFD itself included.
    @Test func bufferFormAgreesWithTheStandardLibrary() throws {
        let insides: [[UInt8]] = [
            Array("Żółw 中文 😀".utf8), [0xEF, 0xBF, 0xBD], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
            [0xE4, 0xB8], [0xFF], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xF0, 0x9F, 0x98],
            [0xC3, 0x28], [],
        ]
        for inside in insides {
            let line = Array(#"{"title": ""#.utf8) + inside + Array(#""}"#.utf8)
            let reference = try? JSONRowLoader.parseLine(
                line.lazy.map { $0 }, file: "rows.jsonl", line: 1)
            let buffer = line.withUnsafeBufferPointer { bytes in
                try? JSONRowLoader.parseLine(bytes, file: "rows.jsonl", line: 1)
            }
            #expect((String(validating: line, as: UTF8.self) != nil) == (reference != nil))
            #expect(buffer == reference, "\(inside)")
        }
    }
}
