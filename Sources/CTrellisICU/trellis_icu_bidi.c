// Bidi runs (UAX #9) through ICU's ubidi. ubidi works on UTF-16, so the UTF-8
// paragraph is converted into a buffer that the analyser keeps and grows, and
// run ends are mapped back to UTF-8 byte offsets.
#include "trellis_icu.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ustring.h>

struct TrellisBidi {
    UBiDi *bidi;
    UChar *utf16;
    int32_t capacity;
};

TrellisBidi *trellis_bidi_open(int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBiDi *analyser = ubidi_open();
    if (analyser == NULL) {
        *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    TrellisBidi *bidi = calloc(1, sizeof(TrellisBidi));
    if (bidi == NULL) {
        ubidi_close(analyser);
        *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    bidi->bidi = analyser;
    *status = (int32_t)error;
    return bidi;
}

void trellis_bidi_close(TrellisBidi *bidi) {
    if (bidi == NULL) return;
    ubidi_close(bidi->bidi);
    free(bidi->utf16);
    free(bidi);
}

// Number of UTF-8 bytes of the code point whose UTF-16 form starts with `unit`.
static int32_t utf8_length_of(const UChar *text, int32_t index, int32_t length, int32_t *units) {
    UChar unit = text[index];
    if (U16_IS_LEAD(unit) && index + 1 < length && U16_IS_TRAIL(text[index + 1])) {
        *units = 2;
        return 4;
    }
    *units = 1;
    if (unit < 0x80) return 1;
    if (unit < 0x800) return 2;
    return 3;
}

int64_t trellis_bidi_runs(TrellisBidi *bidi, const char *utf8, int64_t length,
                          int32_t *ends, uint8_t *levels, int64_t capacity,
                          uint8_t *paragraphLevel, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    if (length > INT32_MAX / 2) {
        *status = (int32_t)U_INDEX_OUTOFBOUNDS_ERROR;
        return -1;
    }
    // A UTF-8 text never needs more UTF-16 units than it has bytes.
    int32_t needed = (int32_t)length + 1;
    if (needed > bidi->capacity) {
        UChar *grown = realloc(bidi->utf16, (size_t)needed * sizeof(UChar));
        if (grown == NULL) {
            *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
            return -1;
        }
        bidi->utf16 = grown;
        bidi->capacity = needed;
    }
    int32_t units = 0;
    u_strFromUTF8(bidi->utf16, bidi->capacity, &units, utf8, (int32_t)length, &error);
    if (U_FAILURE(error)) {
        *status = (int32_t)error;
        return -1;
    }
    ubidi_setPara(bidi->bidi, bidi->utf16, units, UBIDI_DEFAULT_LTR, NULL, &error);
    if (U_FAILURE(error)) {
        *status = (int32_t)error;
        return -1;
    }
    *paragraphLevel = (uint8_t)ubidi_getParaLevel(bidi->bidi);
    int64_t count = 0;
    int32_t unitIndex = 0;
    int32_t byteIndex = 0;
    while (unitIndex < units) {
        int32_t limit = 0;
        UBiDiLevel level = 0;
        ubidi_getLogicalRun(bidi->bidi, unitIndex, &limit, &level);
        while (unitIndex < limit) {
            int32_t step = 0;
            byteIndex += utf8_length_of(bidi->utf16, unitIndex, units, &step);
            unitIndex += step;
        }
        if (count < capacity) {
            ends[count] = byteIndex;
            levels[count] = (uint8_t)level;
        }
        count++;
    }
    *status = 0;
    return count;
}
