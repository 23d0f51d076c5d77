#include "trellis_memory.h"

// Any C library header defines __GLIBC__ when the library is glibc.
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
#include <limits.h>
#include <stdint.h>
#include <sys/mman.h>
#endif

#include <string.h>

#if defined(__linux__)
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#endif

#if defined(__GLIBC__) || defined(__linux__)
/// A transparent huge page's size on x86-64: the heap's part for them is
/// aligned to it, and it is faulted in a page of this size at a time.
static const uintptr_t hugePageBytes = 2u << 20;
#endif

#if defined(__GLIBC__) && defined(__linux__)
/// The thread `trellis_fault_in_batch_heap` started, and whether it runs
/// unjoined: it is joined before the heap may shrink under it.
static pthread_t populateThread;
static int populating;
/// The trim threshold `trellis_use_batch_heap` set, restored when the
/// populate thread has touched every page (until then the heap may not
/// shrink: a page taken back under it would be a fault on unmapped memory).
static int batchTrimThreshold = -1;
#endif

int trellis_release_free_memory(void) {
#if defined(__GLIBC__)
#if defined(__linux__)
    if (populating) {
        pthread_join(populateThread, NULL);
        populating = 0;
    }
#endif
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
/// The block `trellis_use_batch_heap` keeps below the huge pages. Volatile:
/// clang leaves out an allocation whose pointer is never read (it did at
/// -O, and the first blocks, standard input's 1 MB buffers among them, lay
/// below the huge pages, 4 KB pages faulted in one at a time).
static void *volatile padding;
/// The part of the heap `trellis_use_batch_heap` marked for huge pages,
/// where the next blocks are allocated (empty before it runs).
static uintptr_t hugeStart, hugeEnd;
#endif

void trellis_use_batch_heap(unsigned long pad, int oneArena) {
#if defined(__GLIBC__)
    if (pad > (1ul << 30)) pad = 1ul << 30;
    if (oneArena) mallopt(M_ARENA_MAX, 1);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, (int)(2 * pad));
#if defined(__linux__)
    batchTrimThreshold = (int)(2 * pad);
#endif
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
    const uintptr_t huge = hugePageBytes;
    uintptr_t start = (before + huge - 1) & ~(huge - 1);
    uintptr_t end = after & ~(huge - 1);
    if (before == (uintptr_t)-1 || after == (uintptr_t)-1 || end <= start) return;
    madvise((void *)start, end - start, MADV_HUGEPAGE);
    hugeStart = start;
    hugeEnd = end;
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

void trellis_touch_pages(void *start, unsigned long length) {
#if defined(__linux__) && defined(__x86_64__)
    long size = sysconf(_SC_PAGESIZE);
    const uintptr_t page = size > 0 ? (uintptr_t)size : 4096;
    volatile unsigned char *bytes = start;
    uintptr_t offset = (page - (uintptr_t)start % page) % page;
    if (length > 0) {
        __asm__ volatile("lock orb $0, %0" : "+m"(bytes[0]) : : "memory");
    }
    for (; offset < length; offset += page) {
        __asm__ volatile("lock orb $0, %0" : "+m"(bytes[offset]) : : "memory");
    }
#elif defined(__linux__) && defined(MADV_POPULATE_WRITE)
    long size = sysconf(_SC_PAGESIZE);
    const uintptr_t page = size > 0 ? (uintptr_t)size : 4096;
    uintptr_t first = (uintptr_t)start & ~(page - 1);
    uintptr_t end = (uintptr_t)start + length;
    if (length > 0) madvise((void *)first, end - first, MADV_POPULATE_WRITE);
#else
    (void)start;
    (void)length;
#endif
}

#if defined(__linux__)
/// This thread's CPU time: the host providing a page stalls the thread in
/// its fault, which counts; being preempted by the process's other threads
/// does not.
static uint64_t thread_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
#endif

unsigned long trellis_touch_heap(void *start, unsigned long length, unsigned long extent,
                                 unsigned long long slowNanoseconds) {
#if defined(__linux__)
    const unsigned long huge = hugePageBytes;
    unsigned long next = 0;
    while (next < length) {
        unsigned long step = length - next < huge ? length - next : huge;
        uint64_t before = thread_nanoseconds();
        trellis_touch_pages((char *)start + next, step);
        next += step;
        if (thread_nanoseconds() - before > slowNanoseconds) {
            if (next < extent) {
                madvise((char *)start + next, extent - next, MADV_NOHUGEPAGE);
            }
            if (next < length) trellis_touch_pages((char *)start + next, length - next);
            return next;
        }
    }
#else
    trellis_touch_pages(start, length);
    (void)slowNanoseconds;
#endif
    return extent;
}

#if defined(__GLIBC__) && defined(__linux__)
/// A 2 MB page whose writing takes longer than this (in nanoseconds of the
/// writing thread's CPU time) was not ready in the host: see `populate`.
static const uint64_t slowHugePage = 1000000;

/// Faults the first `length` bytes of the huge-page part of the heap in,
/// 2 MB at a time, each timed (`trellis_touch_heap`). A virtual machine
/// whose host takes back the guest's free memory (free page reporting: on
/// this project's VM, free 2 MB blocks a few seconds after they were
/// freed) must provide a whole 2 MB block again for each huge page, about
/// 5 ms a page, where a page whose block the host still holds takes about
/// 0.2 ms and 4 KB pages, taken from blocks in use, take neither (16 MB
/// written a page at a time, 2026-12-06: huge pages 1.3-1.9 ms back to
/// back and 32-43 ms three seconds after the last run; 4 KB pages 6-9 ms
/// either way). So after the first slow one, the rest of the heap is
/// marked for 4 KB pages: those this thread touches next, and those the
/// process fills later, past `length`.
static void *populate(void *length) {
    trellis_touch_heap((void *)hugeStart, (unsigned long)(uintptr_t)length,
                       (unsigned long)(hugeEnd - hugeStart), slowHugePage);
    mallopt(M_TRIM_THRESHOLD, batchTrimThreshold);
    return NULL;
}
#endif

void trellis_fault_in_batch_heap(unsigned long bytes) {
#if defined(__GLIBC__) && defined(__linux__)
    const uintptr_t huge = hugePageBytes;
    if (hugeEnd <= hugeStart || bytes == 0 || populating) return;
    uintptr_t length = ((uintptr_t)bytes + huge - 1) & ~(huge - 1);
    if (length > hugeEnd - hugeStart) length = hugeEnd - hugeStart;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return;
    pthread_attr_setstacksize(&attributes, 64 << 10);
    // The heap does not shrink while the pages are touched (glibc trims the
    // top only past the threshold; `trellis_release_free_memory` joins first).
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
    populating = pthread_create(&populateThread, &attributes, populate, (void *)length) == 0;
    if (!populating) mallopt(M_TRIM_THRESHOLD, batchTrimThreshold);
    pthread_attr_destroy(&attributes);
#else
    (void)bytes;
#endif
}

/// The first line of `text` that is not empty (Swift's
/// `split(separator: "\n").first`): its start, and its length in `length`.
static const char *first_line(const char *text, size_t *length) {
    while (*text == '\n') text += 1;
    *length = strcspn(text, "\n");
    return text;
}

/// `Int(text)` of Swift: an optional sign and at least one decimal digit,
/// nothing else, in range.
static int parse_int(const char *text, size_t length, long long *value) {
    size_t k = 0;
    int negative = 0;
    if (k < length && (text[k] == '+' || text[k] == '-')) negative = text[k++] == '-';
    if (k == length) return 0;
    const unsigned long long limit = (unsigned long long)INT64_MAX + (unsigned long long)negative;
    unsigned long long magnitude = 0;
    for (; k < length; k++) {
        if (text[k] < '0' || text[k] > '9') return 0;
        unsigned long long digit = (unsigned long long)(text[k] - '0');
        if (magnitude > (limit - digit) / 10) return 0;
        magnitude = magnitude * 10 + digit;
    }
    *value = negative ? (long long)(0 - magnitude) : (long long)magnitude;
    return 1;
}

long trellis_quota_count(const char *quotaText, const char *periodText) {
    size_t length;
    long long quota, period;
    const char *line = first_line(quotaText, &length);
    if (!parse_int(line, length, &quota) || quota <= 0) return 0;
    line = first_line(periodText, &length);
    if (!parse_int(line, length, &period) || period <= 0) return 0;
    return (long)((quota - 1 + period) / period);
}

long trellis_cpuset_count(const char *text) {
    size_t length;
    const char *line = first_line(text, &length);
    const char *end = line + length;
    // The line's first part between commas that is not empty.
    const char *part = line;
    while (part < end && *part == ',') part += 1;
    const char *partEnd = part;
    while (partEnd < end && *partEnd != ',') partEnd += 1;
    // Its first and last ids: split once at a "-", leading ones left out
    // (as empty parts are), a missing last id taken as the first.
    while (part < partEnd && *part == '-') part += 1;
    if (part == partEnd) return 0;
    const char *dash = memchr(part, '-', (size_t)(partEnd - part));
    const char *first = part, *last = part;
    size_t firstLength = (size_t)(partEnd - part), lastLength = firstLength;
    if (dash != NULL) {
        firstLength = (size_t)(dash - part);
        if (dash + 1 < partEnd) {
            last = dash + 1;
            lastLength = (size_t)(partEnd - last);
        } else {
            lastLength = firstLength;
        }
    }
    long long low, high;
    if (!parse_int(first, firstLength, &low) || !parse_int(last, lastLength, &high)) return 0;
    if (high < low) return 0;
    return (long)(1 + high - low);
}

#if defined(__linux__)
/// A small file's text, NUL-terminated (at most `size - 1` bytes of it);
/// 0 when it cannot be read.
static int read_text(const char *path, char *text, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    size_t length = 0;
    ssize_t count = 0;
    while (length + 1 < size && (count = read(fd, text + length, size - 1 - length)) > 0) {
        length += (size_t)count;
    }
    close(fd);
    text[length] = 0;
    return count >= 0;
}
#endif

unsigned long long trellis_input_bytes_left(int descriptor) {
#if defined(__linux__)
    struct stat info;
    if (fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode)) return 0;
    off_t offset = lseek(descriptor, 0, SEEK_CUR);
    if (offset < 0 || offset >= info.st_size) return 0;
    return (unsigned long long)(info.st_size - offset);
#else
    (void)descriptor;
    return 0;
#endif
}

long trellis_active_processor_count(void) {
#if defined(__linux__)
    char quota[256], period[256], cpuset[4096];
    long count = 0;
    if (read_text("/sys/fs/cgroup/cpu/cpu.cfs_quota_us", quota, sizeof quota)
        && read_text("/sys/fs/cgroup/cpu/cpu.cfs_period_us", period, sizeof period)) {
        count = trellis_quota_count(quota, period);
    }
    if (count == 0 && read_text("/sys/fs/cgroup/cpuset/cpuset.cpus", cpuset, sizeof cpuset)) {
        count = trellis_cpuset_count(cpuset);
    }
    if (count != 0) return count;
#endif
    return sysconf(_SC_NPROCESSORS_ONLN);
}
