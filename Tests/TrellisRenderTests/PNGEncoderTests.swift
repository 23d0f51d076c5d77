import Foundation
import Testing

@testable import TrellisRender

@Suite struct PNGEncoderTests {
    @Test func pngStartsWithSignatureAndHeader() {
        let png = PNGEncoder.encode(Bitmap(width: 3, height: 2))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        // Width 3, height 2, depth 8, color type 6 (RGBA), deflate, filter 0, no interlace.
        #expect(Array(png[16..<29]) == [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
    }

    @Test func onlyCriticalChunksAreWritten() {
        // No tIME, gAMA, sRGB or tEXt: nothing that depends on when or where.
        var bitmap = Bitmap(width: 40, height: 30)
        bitmap.fill(x0: 3, y0: 4, x1: 20, y1: 15, color: RGBA(40, 120, 255))
        #expect(Self.chunkTypes(PNGEncoder.encode(bitmap)) == ["IHDR", "IDAT", "IEND"])
    }

    @Test func flatImagesCompressWell() {
        var bitmap = Bitmap(width: 300, height: 200)
        bitmap.fill(x0: 10, y0: 10, x1: 110, y1: 60, color: RGBA(255, 204, 0))
        let png = PNGEncoder.encode(bitmap)
        // 240,000 bytes of pixels; zlib level 9 makes this a few hundred bytes.
        #expect(png.count < 1_000, "flat picture: \(png.count) bytes")
    }

    @Test func theSamePixelsGiveTheSameBytes() {
        var bitmap = Bitmap(width: 64, height: 48)
        bitmap.blend(x: 30, y: 20, color: RGBA(10, 200, 30), coverage: 128)
        #expect(PNGEncoder.encode(bitmap) == PNGEncoder.encode(bitmap))
    }

    @Test func decodingGivesBackWhatWasEncoded() throws {
        var bitmap = Bitmap(width: 37, height: 23)
        bitmap.fill(x0: 3, y0: 4, x1: 20, y1: 15, color: RGBA(40, 120, 255))
        bitmap.blend(x: 30, y: 20, color: RGBA(10, 200, 30), coverage: 128)
        bitmap.blend(x: 0, y: 0, color: RGBA(200, 10, 30, 100))
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(bitmap))
        #expect(decoded.width == 37)
        #expect(decoded.height == 23)
        #expect(decoded.pixels == bitmap.pixels)
    }

    @Test func decodesWithAnIndependentEncoderWhenAvailable() throws {
        // A file Python's zlib wrote by hand (2×1, RGBA: red, half-transparent blue).
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let script = """
            import struct, sys, zlib
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
            raw = b'\\x00' + bytes([255, 0, 0, 255, 0, 0, 255, 128])
            sys.stdout.buffer.write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 2, 1, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let bitmap = try PNGDecoder.decode(Array(output))
        #expect(bitmap.pixel(x: 0, y: 0) == RGBA(255, 0, 0, 255))
        #expect(bitmap.pixel(x: 1, y: 0) == RGBA(0, 0, 255, 128))
    }

    @Test func damagedFilesAreRefusedWithLibpngsReason() {
        var png = PNGEncoder.encode(Bitmap(width: 8, height: 8))
        #expect(throws: RenderError.self) { try PNGDecoder.decode(Array(png.prefix(20))) }
        png[1] = 0x51  // "QNG"
        do {
            _ = try PNGDecoder.decode(png)
            Issue.record("a file without the PNG signature was decoded")
        } catch {
            #expect(error.message.hasPrefix("not a readable PNG: "))
        }
    }

    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
