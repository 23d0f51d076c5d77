import Foundation
import Testing
@testable import TrellisRender

@Suite struct PNGEncoderTests {
    @Test func checksumsMatchKnownValues() {
        // CRC-32 of "IEND" is the constant every PNG ends with (AE 42 60 82).
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        // Adler-32 of "Wikipedia" (RFC 1950's example value 0x11E60398).
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func pngStartsWithSignatureAndHeader() {
        let png = PNGEncoder.encode(Bitmap(width: 3, height: 2))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        #expect(Array(png[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2])
    }

    @Test func flatImagesCompressWell() {
        var bitmap = Bitmap(width: 300, height: 200)
        bitmap.fill(x0: 10, y0: 10, x1: 110, y1: 60, color: RGBA(255, 204, 0))
        let png = PNGEncoder.encode(bitmap)
        #expect(png.count < 300 * 200 * 4 / 20, "flat picture: \(png.count) bytes")
    }

    @Test func decodesWithPythonZlibWhenAvailable() throws {
        // Round trip through an independent inflater (Python's zlib) when present.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        var bitmap = Bitmap(width: 37, height: 23)
        bitmap.fill(x0: 3, y0: 4, x1: 20, y1: 15, color: RGBA(40, 120, 255))
        bitmap.blend(x: 30, y: 20, color: RGBA(10, 200, 30), coverage: 128)
        let stream = PNGEncoder.zlibStream(PNGEncoder.filteredRows(bitmap))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-png-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("stream.z")
        try Data(stream).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(open(sys.argv[1], 'rb').read()))", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Array(output) == PNGEncoder.filteredRows(bitmap))
    }
}
