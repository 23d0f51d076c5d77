#include "trellis_icu.h"

/// This thread's number plus one (0 before it asks).
static _Thread_local uint32_t numberPlusOne;
/// Numbers given out so far.
static uint32_t numbered;

uint32_t trellis_thread_number(void) {
    uint32_t number = numberPlusOne;
    if (number == 0) {
        number = __atomic_add_fetch(&numbered, 1, __ATOMIC_RELAXED);
        numberPlusOne = number;
    }
    return number - 1;
}
