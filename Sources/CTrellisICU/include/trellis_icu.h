// The few ICU services Trellis needs, behind a header that includes no ICU
// header: ICU's headers clash with Foundation's _FoundationICU when imported
// into Swift on Linux (UErrorCode defined twice).
#ifndef TRELLIS_ICU_H
#define TRELLIS_ICU_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A reusable UAX #14 line break iterator over UTF-8 text. Not thread-safe:
/// use one per thread. Reusing it costs about 0.8 µs per 100-character text;
/// opening a new iterator costs about 5 µs.
typedef struct TrellisLineBreaker TrellisLineBreaker;

/// Opens a line breaker for a locale ("" for the root locale).
/// Returns NULL and sets *status to the ICU error code on failure.
TrellisLineBreaker *trellis_line_breaker_open(const char *locale, int32_t *status);

void trellis_line_breaker_close(TrellisLineBreaker *breaker);

/// Finds the line break opportunities of `length` bytes of UTF-8 text.
/// Writes the byte offset of each opportunity (the position a line may start
/// at, so the last one is `length`) to `offsets`, and to `isHard` 1 for a
/// mandatory break (after a hard line break character) or 0 for a soft one.
/// Returns the number of opportunities; when it exceeds `capacity`, only the
/// first `capacity` were written and the caller retries with a larger buffer.
/// Returns -1 and sets *status on an ICU error.
int64_t trellis_line_breaker_breaks(TrellisLineBreaker *breaker, const char *utf8,
                                    int64_t length, int32_t *offsets, uint8_t *isHard,
                                    int64_t capacity, int32_t *status);


/// A reusable bidi analyser (ICU ubidi, UAX #9) over UTF-8 text. Not
/// thread-safe: use one per thread.
typedef struct TrellisBidi TrellisBidi;

/// Opens a bidi analyser. Returns NULL and sets *status on failure.
TrellisBidi *trellis_bidi_open(int32_t *status);

void trellis_bidi_close(TrellisBidi *bidi);

/// Splits one paragraph of `length` bytes of UTF-8 text into runs of equal
/// embedding level, in logical order. The paragraph direction comes from its
/// first strong character (left-to-right when it has none). Writes each run's
/// end (a byte offset) to `ends` and its level to `levels` (odd levels are
/// right-to-left) and the paragraph level to *paragraphLevel.
/// Returns the number of runs; when it exceeds `capacity`, only the first
/// `capacity` were written and the caller retries with a larger buffer.
/// Returns -1 and sets *status on an ICU error (including invalid UTF-8).
int64_t trellis_bidi_runs(TrellisBidi *bidi, const char *utf8, int64_t length,
                          int32_t *ends, uint8_t *levels, int64_t capacity,
                          uint8_t *paragraphLevel, int32_t *status);

/// Starts loading the cache line at `address` without waiting for it (a
/// hint: it never faults, even for an address no longer mapped). Swift has
/// no prefetch; TrellisText uses it to overlap the memory misses of a text's
/// word-cache lookups instead of taking them one after another. Not ICU, but
/// this is the package's own C target.
static inline void trellis_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// A number for the calling thread, the same on every call from it:
/// threads are numbered 0, 1, 2, … in the order they first ask. A pool of
/// workspaces keeps the one each thread gave back in that thread's slot.
uint32_t trellis_thread_number(void);

/// Atomically replaces the word at `slot` with `value` and returns what it
/// held (acquiring what the store being replaced released). For slot
/// arrays, which Swift's `Atomic` cannot make.
static inline uintptr_t trellis_atomic_exchange(uintptr_t *slot, uintptr_t value) {
    return __atomic_exchange_n(slot, value, __ATOMIC_ACQ_REL);
}

/// Atomically stores `value` at `slot` if it holds 0 (releasing what the
/// caller wrote before); whether it did.
static inline bool trellis_atomic_store_if_empty(uintptr_t *slot, uintptr_t value) {
    uintptr_t expected = 0;
    return __atomic_compare_exchange_n(slot, &expected, value, false, __ATOMIC_RELEASE,
                                       __ATOMIC_RELAXED);
}

/// Loads the word at `slot` with acquire ordering: what was written before
/// the release store of the value loaded is seen after it. For the word
/// cache's entries (`_ByteKeyTable`), which Swift's `Atomic` cannot make.
static inline uint64_t trellis_atomic_load_acquire(const uint64_t *slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Stores `value` at `slot` with release ordering (see
/// `trellis_atomic_load_acquire`).
static inline void trellis_atomic_store_release(uint64_t *slot, uint64_t value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

#ifdef __cplusplus
}
#endif

#endif
