// UTF-8 validation and a JSON string's plain run, with the vector units of
// x86-64. The validation is the lookup algorithm of John Keiser and Daniel
// Lemire ("Validating UTF-8 In Less Than One Instruction Per Byte",
// Software: Practice and Experience 51(5), 2021), the one simdjson and
// simdutf use: every byte is checked against the byte before it by three
// 16-entry tables indexed by nibbles (the high and low nibble of the byte
// before, the high nibble of the byte itself), whose entries are bit sets of
// the errors that pair can make; a pair is wrong when the three sets share a
// bit, except that a continuation byte two or three places after a lead of
// three or four bytes is expected (and missing when it is not there).

#include "trellis_utf8.h"

#include <string.h>

// The plain bytes' end a byte at a time (short strings, other processors),
// the bytes passed ORed into `*high`.
static inline size_t plain_end_bytes(
    const uint8_t *bytes, size_t index, size_t count, unsigned *high)
{
    while (index < count) {
        uint8_t byte = bytes[index];
        if (byte == '"' || byte == '\\' || byte < 0x20) return index;
        *high |= byte;
        index++;
    }
    return count;
}

// Sets `*nonASCII` when bit 7 of `high` is set and `nonASCII` is not NULL.
static inline void note_non_ascii(unsigned high, int *nonASCII)
{
    if ((high & 0x80) && nonASCII != NULL) *nonASCII = 1;
}

#if defined(__x86_64__)
#include <immintrin.h>

// The errors a pair of bytes (the byte before, the byte) can make.
enum {
    // a lead, then no continuation: 11______ 0_______, 11______ 11______
    tooShort = 1 << 0,
    tooLong = 1 << 1,       // ASCII, then a continuation: 0_______ 10______
    overlong3 = 1 << 2,     // 11100000 100_____
    // past U+10FFFF: 11110100 1001____, 11110100 101_____, 11110101 ..
    tooLarge = 1 << 3,
    surrogate = 1 << 4,     // 11101101 101_____
    overlong2 = 1 << 5,     // 1100000_ 10______
    // One bit for two errors the byte before's low nibble tells apart:
    tooLarge1000 = 1 << 6,  // 11110101 1000____, 1111011_ 1000____, 11111___ 1000____
    overlong4 = 1 << 6,     // 11110000 1000____
    twoContinuations = 1 << 7,  // 10______ 10______
    // Errors the byte before's low nibble does not bear on (in every entry
    // of its table).
    carry = tooShort | tooLong | twoContinuations,
};

__attribute__((target("avx2"))) static inline __m256i before(__m256i input, __m256i previous, int n)
{
    // The 32 bytes that end n bytes before `input`'s end: the last n bytes
    // of `previous`, then `input`'s first 32 - n.
    __m256i joined = _mm256_permute2x128_si256(previous, input, 0x21);
    switch (n) {
    case 1: return _mm256_alignr_epi8(input, joined, 15);
    case 2: return _mm256_alignr_epi8(input, joined, 14);
    default: return _mm256_alignr_epi8(input, joined, 13);
    }
}

__attribute__((target("avx2"))) static inline __m256i high_nibbles(__m256i bytes)
{
    return _mm256_and_si256(_mm256_srli_epi16(bytes, 4), _mm256_set1_epi8(0x0F));
}

// The three tables: the errors a pair can make, by the high nibble of the
// byte before, its low nibble, and the high nibble of the byte.
static const uint8_t byte1HighTable[16] = {
    // 0_______: ASCII before
    tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong, tooLong,
    // 10______: a continuation before
    twoContinuations, twoContinuations, twoContinuations, twoContinuations,
    // 1100____, 1101____: the lead of two bytes
    tooShort | overlong2, tooShort,
    // 1110____: of three
    tooShort | overlong3 | surrogate,
    // 1111____: of four (or none)
    tooShort | tooLarge | tooLarge1000 | overlong4};
static const uint8_t byte1LowTable[16] = {
    carry | overlong3 | overlong2 | overlong4,  // ____0000
    carry | overlong2,                          // ____0001
    carry, carry,                               // ____001_
    carry | tooLarge,                           // ____0100
    carry | tooLarge | tooLarge1000,            // ____0101
    carry | tooLarge | tooLarge1000,            // ____011_
    carry | tooLarge | tooLarge1000,
    carry | tooLarge | tooLarge1000,            // ____1___
    carry | tooLarge | tooLarge1000, carry | tooLarge | tooLarge1000,
    carry | tooLarge | tooLarge1000, carry | tooLarge | tooLarge1000,
    carry | tooLarge | tooLarge1000 | surrogate,  // ____1101
    carry | tooLarge | tooLarge1000, carry | tooLarge | tooLarge1000};
static const uint8_t byte2HighTable[16] = {
    // 0_______: ASCII
    tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort, tooShort,
    // 1000____
    tooLong | overlong2 | twoContinuations | overlong3 | tooLarge1000 | overlong4,
    // 1001____
    tooLong | overlong2 | twoContinuations | overlong3 | tooLarge,
    // 101_____
    tooLong | overlong2 | twoContinuations | surrogate | tooLarge,
    tooLong | overlong2 | twoContinuations | surrogate | tooLarge,
    // 11______: a lead
    tooShort, tooShort, tooShort, tooShort};

// A table in both 16-byte lanes (`_mm256_shuffle_epi8` looks up per lane).
__attribute__((target("avx2"))) static inline __m256i table(const uint8_t entries[16])
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)entries));
}

// The errors of one block of 32 bytes after `previous` (the block before, or
// zeros): a byte is set where a pair or a missing continuation is wrong.
__attribute__((target("avx2"))) static inline __m256i block_errors(__m256i input, __m256i previous)
{
    const __m256i byte1High = table(byte1HighTable);
    const __m256i byte1Low = table(byte1LowTable);
    const __m256i byte2High = table(byte2HighTable);
    __m256i previous1 = before(input, previous, 1);
    __m256i special = _mm256_and_si256(
        _mm256_and_si256(
            _mm256_shuffle_epi8(byte1High, high_nibbles(previous1)),
            _mm256_shuffle_epi8(byte1Low, _mm256_and_si256(previous1, _mm256_set1_epi8(0x0F)))),
        _mm256_shuffle_epi8(byte2High, high_nibbles(input)));
    // Bit 7 where the byte two places back is a lead of three or four bytes
    // (E0 and up) or three places back one of four (F0 and up): this byte
    // must be a continuation, which the tables mark as two continuations.
    __m256i third = _mm256_subs_epu8(before(input, previous, 2), _mm256_set1_epi8(0xE0 - 0x80));
    __m256i fourth = _mm256_subs_epu8(before(input, previous, 3), _mm256_set1_epi8(0xF0 - 0x80));
    __m256i expected =
        _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(expected, special);
}

// Bytes set where a block's last three bytes begin a sequence it does not end.
__attribute__((target("avx2"))) static inline __m256i unfinished(__m256i input)
{
    const __m256i limits = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
        (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1));
    return _mm256_subs_epu8(input, limits);
}

__attribute__((target("avx2"))) static int validity_avx2(const uint8_t *bytes, size_t count)
{
    __m256i errors = _mm256_setzero_si256();
    __m256i previous = _mm256_setzero_si256();
    __m256i pending = _mm256_setzero_si256();
    __m256i all = _mm256_setzero_si256();
    size_t index = 0;
    for (;;) {
        __m256i input;
        if (index + 32 <= count) {
            input = _mm256_loadu_si256((const __m256i *)(bytes + index));
        } else if (index < count) {
            // The last bytes, followed by zeros (ASCII: a sequence they
            // leave open is then too short).
            uint8_t last[32] = {0};
            memcpy(last, bytes + index, count - index);
            input = _mm256_loadu_si256((const __m256i *)last);
        } else {
            break;
        }
        all = _mm256_or_si256(all, input);
        if (_mm256_movemask_epi8(input) == 0) {
            // ASCII: nothing to check but a sequence the block before left open.
            errors = _mm256_or_si256(errors, pending);
            pending = _mm256_setzero_si256();
        } else {
            errors = _mm256_or_si256(errors, block_errors(input, previous));
            pending = unfinished(input);
        }
        previous = input;
        index += 32;
    }
    errors = _mm256_or_si256(errors, pending);
    if (!_mm256_testz_si256(errors, errors)) return -1;
    return _mm256_movemask_epi8(all) == 0 ? 1 : 0;
}

int trellis_utf8_validity(const uint8_t *bytes, size_t count)
{
    if (count == 0) return 1;
    if (!__builtin_cpu_supports("avx2")) return -2;
    return validity_avx2(bytes, count);
}

size_t trellis_json_plain_end(const uint8_t *bytes, size_t start, size_t count, int *nonASCII)
{
    size_t index = start;
    // Bit 7 of each passed byte (its place in the block aside).
    unsigned high = 0;
    if (count - start >= 16) {
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        const __m128i controlMax = _mm_set1_epi8(0x1F);
        for (;;) {
            // The block from `index`, or the last 16 bytes (overlapping
            // bytes already passed, which stop nothing).
            size_t at = index + 16 <= count ? index : count - 16;
            __m128i block = _mm_loadu_si128((const __m128i *)(bytes + at));
            __m128i stops = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                _mm_cmpeq_epi8(_mm_min_epu8(block, controlMax), block));
            unsigned mask = (unsigned)_mm_movemask_epi8(stops);
            unsigned highs = (unsigned)_mm_movemask_epi8(block);
            if (mask != 0) {
                unsigned stop = (unsigned)__builtin_ctz(mask);
                // The bytes before the stop.
                if (highs & ((1u << stop) - 1)) high = 0x80;
                note_non_ascii(high, nonASCII);
                return at + stop;
            }
            if (highs != 0) high = 0x80;
            if (at + 16 >= count) {
                note_non_ascii(high, nonASCII);
                return count;
            }
            index = at + 16;
        }
    }
    size_t end = plain_end_bytes(bytes, index, count, &high);
    note_non_ascii(high, nonASCII);
    return end;
}

#else

int trellis_utf8_validity(const uint8_t *bytes, size_t count)
{
    (void)bytes;
    return count == 0 ? 1 : -2;
}

size_t trellis_json_plain_end(const uint8_t *bytes, size_t start, size_t count, int *nonASCII)
{
    unsigned high = 0;
    size_t end = plain_end_bytes(bytes, start, count, &high);
    note_non_ascii(high, nonASCII);
    return end;
}

#endif
