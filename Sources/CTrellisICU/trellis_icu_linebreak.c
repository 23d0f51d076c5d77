// UAX #14 line break opportunities through ICU's ubrk line iterator, reused
// through ubrk_setUText on a UTF-8 UText so no UTF-16 copy is made.
#include "trellis_icu.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct TrellisLineBreaker {
    UBreakIterator *iterator;
    UText text;
};

TrellisLineBreaker *trellis_line_breaker_open(const char *locale, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &error);
    if (U_FAILURE(error)) {
        *status = (int32_t)error;
        return NULL;
    }
    TrellisLineBreaker *breaker = calloc(1, sizeof(TrellisLineBreaker));
    if (breaker == NULL) {
        ubrk_close(iterator);
        *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    breaker->iterator = iterator;
    UText empty = UTEXT_INITIALIZER;
    breaker->text = empty;
    *status = 0;
    return breaker;
}

void trellis_line_breaker_close(TrellisLineBreaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    utext_close(&breaker->text);
    free(breaker);
}

int64_t trellis_line_breaker_breaks(TrellisLineBreaker *breaker, const char *utf8,
                                    int64_t length, int32_t *offsets, uint8_t *isHard,
                                    int64_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    utext_openUTF8(&breaker->text, utf8, length, &error);
    if (U_FAILURE(error)) {
        *status = (int32_t)error;
        return -1;
    }
    ubrk_setUText(breaker->iterator, &breaker->text, &error);
    if (U_FAILURE(error)) {
        *status = (int32_t)error;
        return -1;
    }
    int64_t count = 0;
    ubrk_first(breaker->iterator);
    for (int32_t position = ubrk_next(breaker->iterator); position != UBRK_DONE;
         position = ubrk_next(breaker->iterator)) {
        if (count < capacity) {
            offsets[count] = position;
            // UBRK_LINE_HARD is the rule status range [100, 200).
            int32_t rule = ubrk_getRuleStatus(breaker->iterator);
            isHard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    *status = 0;
    return count;
}
