#include "trellis_memory.h"

// Any C library header defines __GLIBC__ when the library is glibc.
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
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
