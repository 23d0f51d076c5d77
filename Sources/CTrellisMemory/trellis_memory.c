#include "trellis_memory.h"

// Any C library header defines __GLIBC__ when the library is glibc.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#endif

int trellis_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

unsigned long long trellis_resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long long size = 0, resident = 0;
    int read = fscanf(file, "%llu %llu", &size, &resident);
    fclose(file);
    long page = sysconf(_SC_PAGESIZE);
    return read == 2 && page > 0 ? resident * (unsigned long long)page : 0;
}

#if defined(__GLIBC__)
/// The block `trellis_use_batch_heap` keeps below the huge pages.
static void *padding;
#endif

void trellis_use_batch_heap(unsigned long pad, int oneArena) {
#if defined(__GLIBC__)
    if (pad > (1ul << 30)) pad = 1ul << 30;
    if (oneArena) mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, (int)(2 * pad));
    mallopt(M_TOP_PAD, (int)pad);
    // Blocks the heap's top cannot hold grow the heap by `pad` now; the
    // 2 MB-aligned part of what it added is marked for huge pages (later
    // growth, past the pad, is not).
    uintptr_t before = (uintptr_t)sbrk(0);
    void *blocks[8];
    int count = 0;
    while (count < 8 && (uintptr_t)sbrk(0) == before) {
        blocks[count] = malloc(256 << 10);
        if (blocks[count] == NULL) break;
        count += 1;
    }
    uintptr_t after = (uintptr_t)sbrk(0);
    while (count > 0) free(blocks[--count]);
    const uintptr_t huge = 2u << 20;
    uintptr_t start = (before + huge - 1) & ~(huge - 1);
    uintptr_t end = after & ~(huge - 1);
    if (before == (uintptr_t)-1 || after == (uintptr_t)-1 || end <= start) return;
    madvise((void *)start, end - start, MADV_HUGEPAGE);
    // The heap's free top begins below `start`, in 4 KB pages: a block kept
    // (never touched, so never faulted in) takes it up to `start`, and what
    // is allocated next lies on huge pages.
    size_t top = mallinfo2().keepcost;
    uintptr_t topStart = after - top;
    if (top > 0 && topStart < start && start - topStart > 64) {
        padding = malloc(start - topStart - 2 * sizeof(size_t));
    }
#else
    (void)pad;
    (void)oneArena;
#endif
}
