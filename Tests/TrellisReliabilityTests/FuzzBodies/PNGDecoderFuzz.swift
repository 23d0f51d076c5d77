// Fuzz body for the PNG reader (libpng's simplified API, behind
// `PNGDecoder.decode`): any bytes decode to a well-formed bitmap that
// encodes and decodes to the same pixels, or throw a `RenderError`.

import TrellisRender

enum PNGDecoderFuzz {
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        // Half the inputs start from a real PNG with a few bytes changed, so
        // the fuzzer gets past the signature and the header's checksum.
        var data = Array(bytes.dropFirst())
        if input.byte() & 1 == 1 {
            var bitmap = Bitmap(width: 7, height: 5)
            bitmap.fill(x0: 1, y0: 1, x1: 5, y1: 4, color: RGBA(200, 30, 90, 180))
            data = PNGEncoder.encode(bitmap)
            while !input.isAtEnd {
                let position = (Int(input.byte()) << 8 | Int(input.byte())) % data.count
                data[position] = input.byte()
            }
        }
        let shown = data.prefix(64).map { String($0, radix: 16) }.joined(separator: " ")
        let bitmap: Bitmap
        do {
            bitmap = try PNGDecoder.decode(data, maximumPixels: 1 << 20)
        } catch {
            return .rejected
        }
        try _require(
            bitmap.width > 0 && bitmap.height > 0
                && bitmap.pixels.count == bitmap.width * bitmap.height * 4,
            "png", "a \(bitmap.width)×\(bitmap.height) bitmap with \(bitmap.pixels.count) bytes",
            input: shown)
        do {
            let again = try PNGDecoder.decode(PNGEncoder.encode(bitmap), maximumPixels: 1 << 20)
            try _require(
                again.pixels == bitmap.pixels, "png", "re-encoding changed the pixels", input: shown
            )
        } catch {
            throw FuzzViolation(
                target: "png", message: "its own encoding is refused: \(error)", input: shown)
        }
        return .accepted
    }
}
