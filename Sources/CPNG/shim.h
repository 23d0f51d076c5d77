// libpng, as TrellisRender uses it: an encoder that writes through a callback
// with fixed settings, and libpng's simplified reader.
//
// libpng reports errors by longjmp to a jmp_buf its caller set. Swift cannot
// be jumped over, so the setjmp and every libpng call that may fail stay in
// this C function; Swift only sees a status and the bytes handed to `sink`.
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

/// Receives the encoded bytes, in order, possibly in several calls.
typedef void (*trellis_png_sink)(void *context, const uint8_t *bytes, size_t count);

static void trellis_png_write_data(png_structp png, png_bytep data, size_t length) {
    void **target = (void **)png_get_io_ptr(png);
    ((trellis_png_sink)target[0])(target[1], data, length);
}

static void trellis_png_flush(png_structp png) { (void)png; }

/// Encodes `height` rows of `width` RGBA8 pixels (`width * 4` bytes a row) as
/// a PNG: no interlace, compression level 9, every row filtered by libpng's
/// deterministic choice among the five filters, and no ancillary chunk
/// (no tIME, gAMA, sRGB or tEXt): the same pixels always give the same bytes.
/// Returns 0 on success, -1 when libpng failed (nothing useful was written).
static inline int trellis_png_encode(
    const uint8_t *rgba, uint32_t width, uint32_t height, trellis_png_sink sink, void *context)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!info || !rows) {
        free(rows);
        png_destroy_write_struct(&png, info ? &info : NULL);
        return -1;
    }
    void *target[2] = {(void *)sink, context};
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * width * 4);
    png_set_write_fn(png, target, trellis_png_write_data, trellis_png_flush);
    png_set_compression_level(png, 9);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_ALL_FILTERS);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
        PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    free(rows);
    png_destroy_write_struct(&png, &info);
    return 0;
}

/// `PNG_FORMAT_RGBA` (a macro of flags Swift does not import): 8-bit sRGB RGBA.
static const uint32_t trellis_png_format_rgba = PNG_FORMAT_RGBA;
