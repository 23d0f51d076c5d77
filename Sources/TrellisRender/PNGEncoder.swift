// A PNG writer with no zlib dependency: RGBA8 rows, "Up" filtering, and a
// deflate stream of fixed-Huffman blocks whose matches repeat the previous
// byte (distance 1) or the previous pixel (distance 4). Flat-colored layout
// pictures compress to a few percent of their raw size.

/// An RGBA image in memory, 8 bits per channel, rows top to bottom.
public struct Bitmap: Sendable {
    public let width: Int
    public let height: Int
    /// width × height × 4 bytes, RGBA, not premultiplied.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: RGBA = .white) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for i in 0..<(self.width * self.height) {
            pixels[i * 4] = fill.r
            pixels[i * 4 + 1] = fill.g
            pixels[i * 4 + 2] = fill.b
            pixels[i * 4 + 3] = fill.a
        }
    }

    public func pixel(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Blends `color` over the pixel with the given coverage (0...255).
    public mutating func blend(x: Int, y: Int, color: RGBA, coverage: UInt8 = 255) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = UInt32(color.a) * UInt32(coverage) / 255
        guard alpha > 0 else { return }
        let i = (y * width + x) * 4
        let inverse = 255 - alpha
        pixels[i] = UInt8((UInt32(color.r) * alpha + UInt32(pixels[i]) * inverse) / 255)
        pixels[i + 1] = UInt8((UInt32(color.g) * alpha + UInt32(pixels[i + 1]) * inverse) / 255)
        pixels[i + 2] = UInt8((UInt32(color.b) * alpha + UInt32(pixels[i + 2]) * inverse) / 255)
        pixels[i + 3] = UInt8(min(255, alpha + UInt32(pixels[i + 3]) * inverse / 255))
    }

    /// Fills the pixels whose centers lie in the rectangle (pixel units).
    public mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, color: RGBA) {
        let left = max(0, Int((x0 - 0.5).rounded(.up)))
        let right = min(width, Int((x1 - 0.5).rounded(.up)))
        let top = max(0, Int((y0 - 0.5).rounded(.up)))
        let bottom = min(height, Int((y1 - 0.5).rounded(.up)))
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right { blend(x: x, y: y, color: color) }
        }
    }

    /// Strokes the rectangle's outline, `thickness` pixels wide, inside it.
    public mutating func stroke(x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, color: RGBA) {
        fill(x0: x0, y0: y0, x1: x1, y1: y0 + thickness, color: color)
        fill(x0: x0, y0: y1 - thickness, x1: x1, y1: y1, color: color)
        fill(x0: x0, y0: y0 + thickness, x1: x0 + thickness, y1: y1 - thickness, color: color)
        fill(x0: x1 - thickness, y0: y0 + thickness, x1: x1, y1: y1 - thickness, color: color)
    }
}

/// An 8-bit RGBA color.
public struct RGBA: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = RGBA(255, 255, 255)
    public static let black = RGBA(0, 0, 0)
}

/// Encodes bitmaps as PNG (RFC 2083), truecolor with alpha, 8 bits.
public enum PNGEncoder {
    public static func encode(_ bitmap: Bitmap) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(bitmap.width))
        header.appendBigEndian(UInt32(bitmap.height))
        header += [8, 6, 0, 0, 0]  // depth 8, RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header, to: &out)
        appendChunk("IDAT", zlibStream(filteredRows(bitmap)), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// Each row prefixed by its filter type: "Up" (2) for all but the first,
    /// which turns repeated rows into runs of zeros.
    static func filteredRows(_ bitmap: Bitmap) -> [UInt8] {
        let stride = bitmap.width * 4
        var data: [UInt8] = []
        data.reserveCapacity((stride + 1) * bitmap.height)
        for y in 0..<bitmap.height {
            let row = y * stride
            if y == 0 {
                data.append(0)
                data.append(contentsOf: bitmap.pixels[row..<(row + stride)])
            } else {
                data.append(2)
                for i in 0..<stride {
                    data.append(bitmap.pixels[row + i] &- bitmap.pixels[row - stride + i])
                }
            }
        }
        return data
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        out.appendBigEndian(crc32(typeBytes + data))
    }

    /// A zlib stream (RFC 1950) holding one fixed-Huffman deflate block.
    static func zlibStream(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, bits: 1)  // final block
        writer.write(1, bits: 2)  // fixed Huffman codes
        var i = 0
        while i < data.count {
            // Prefer a run repeating the previous pixel (distance 4), then the previous byte.
            var bestLength = 0
            var bestDistance = 0
            for distance in [1, 4] where i >= distance {
                var length = 0
                while length < 258, i + length < data.count, data[i + length] == data[i + length - distance] {
                    length += 1
                }
                if length > bestLength {
                    bestLength = length
                    bestDistance = distance
                }
            }
            if bestLength >= 3 {
                writer.writeLength(bestLength)
                writer.writeDistance(bestDistance)
                i += bestLength
            } else {
                writer.writeLiteral(Int(data[i]))
                i += 1
            }
        }
        writer.writeLiteral(256)  // end of block
        var out: [UInt8] = [0x78, 0x01]
        out += writer.finish()
        out.appendBigEndian(adler32(data))
        return out
    }

    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

/// Writes deflate's bit stream: least significant bit first, Huffman codes
/// most significant bit first (RFC 1951 3.1.1).
struct BitWriter {
    private var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var count: UInt32 = 0

    mutating func write(_ value: Int, bits: Int) {
        for bit in 0..<bits {
            current |= UInt32((value >> bit) & 1) << count
            count += 1
            if count == 8 {
                bytes.append(UInt8(current))
                current = 0
                count = 0
            }
        }
    }

    /// A Huffman code, most significant bit first.
    mutating func writeCode(_ code: Int, bits: Int) {
        var reversed = 0
        for bit in 0..<bits { reversed |= ((code >> bit) & 1) << (bits - 1 - bit) }
        write(reversed, bits: bits)
    }

    /// Fixed literal/length code (RFC 1951 3.2.6).
    mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: writeCode(0x30 + symbol, bits: 8)
        case 144...255: writeCode(0x190 + symbol - 144, bits: 9)
        case 256...279: writeCode(symbol - 256, bits: 7)
        default: writeCode(0xC0 + symbol - 280, bits: 8)
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    mutating func writeLength(_ length: Int) {
        var index = Self.lengthBase.count - 1
        while Self.lengthBase[index] > length { index -= 1 }
        writeLiteral(257 + index)
        write(length - Self.lengthBase[index], bits: Self.lengthExtra[index])
    }

    /// Distances 1 and 4 are codes 0 and 3, with no extra bits (5-bit codes).
    mutating func writeDistance(_ distance: Int) {
        writeCode(distance - 1, bits: 5)
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(current)) }
        return bytes
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}
