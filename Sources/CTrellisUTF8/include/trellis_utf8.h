#ifndef TRELLIS_UTF8_H
#define TRELLIS_UTF8_H

#include <stddef.h>
#include <stdint.h>

/// Whether the `count` bytes at `bytes` are well-formed UTF-8 (the Unicode
/// Standard's Table 3-7), 32 bytes at a time with AVX2: 1 when they are and
/// are all ASCII, 0 when they are and are not all ASCII, -1 when they are
/// not well-formed, and -2 when this processor has no AVX2 (the caller then
/// checks them itself). `bytes` may be NULL when `count` is 0.
int trellis_utf8_validity(const uint8_t *bytes, size_t count);

/// The offset of the first byte from `start` (up to `count`) that ends the
/// plain bytes of a JSON string: a quote, a backslash or a control character
/// (below 0x20); `count` when there is none. Sets `*nonASCII` to 1 when a
/// byte before that offset is 0x80 or more (leaves it alone otherwise; NULL:
/// not asked). 16 bytes at a time with SSE2 on x86-64, a byte at a time
/// elsewhere. Reads no byte before `start` or from `count` on.
size_t trellis_json_plain_end(const uint8_t *bytes, size_t start, size_t count, int *nonASCII);

#endif
