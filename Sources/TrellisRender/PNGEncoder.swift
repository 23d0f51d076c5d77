// PNG files through libpng: what every tool trusts, with real deflate
// compression, and settings fixed so that the same pixels always give the
// same bytes (golden pictures compare byte for byte).

import CPNG

/// Encodes bitmaps as PNG (ISO/IEC 15948), truecolor with alpha, 8 bits.
public enum PNGEncoder {
    /// The PNG file of `bitmap`: chunks IHDR, IDAT and IEND only (no time,
    /// gamma or text chunk), compression level 9, filters chosen row by row
    /// by libpng's deterministic heuristic. Same pixels, same bytes, on any
    /// machine with the same libpng and zlib.
    ///
    /// ```swift
    /// let png = PNGEncoder.encode(Bitmap(width: 3, height: 2))
    /// png.prefix(4)   // [0x89, 0x50, 0x4E, 0x47]
    /// ```
    /// - Complexity: O(width × height).
    public static func encode(_ bitmap: Bitmap) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            trellis_png_encode(
                pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height),
                { context, bytes, count in
                    // Safe: `sink` outlives the call, and libpng calls back only inside it.
                    let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        // libpng refuses only what a `Bitmap` cannot be (a zero-sized image,
        // more than 2³¹ pixels a side) or a failed allocation.
        precondition(
            status == 0, "libpng could not encode a \(bitmap.width)×\(bitmap.height) bitmap")
        return sink.bytes
    }
}

/// Decodes PNG files into bitmaps (to compare pictures in tests and
/// `trellis snapshot --check`).
public enum PNGDecoder {
    /// The pixels of a PNG file of any color type and depth, as 8-bit RGBA
    /// (libpng's simplified reader: palettes expanded, gray made RGB, 16-bit
    /// channels reduced, missing alpha opaque).
    /// - Parameters:
    ///   - bytes: the PNG file's bytes.
    ///   - maximumPixels: larger pictures are refused before any pixel
    ///     memory is allocated (a header can claim 2³¹ × 2³¹ pixels).
    /// - Throws: `RenderError` naming libpng's complaint when `bytes` is not
    ///   a PNG file libpng can read, or the picture is too large.
    /// - Complexity: O(width × height).
    public static func decode(_ bytes: [UInt8], maximumPixels: Int = 1 << 26) throws(RenderError)
        -> Bitmap
    {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes {
            png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
        }
        guard began != 0 else { throw RenderError("not a readable PNG: \(message(of: image))") }
        defer { png_image_free(&image) }
        image.format = trellis_png_format_rgba
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0,
            width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels,
            width <= maximumPixels, height <= maximumPixels
        else {
            throw RenderError(
                "a PNG of \(width)×\(height) pixels is larger than the \(maximumPixels) pixels allowed"
            )
        }
        var bitmap = Bitmap(width: width, height: height)
        let finished = bitmap.pixels.withUnsafeMutableBytes {
            png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else { throw RenderError("PNG data is damaged: \(message(of: image))") }
        return bitmap
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
