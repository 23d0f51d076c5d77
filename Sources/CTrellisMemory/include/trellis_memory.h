#ifndef TRELLIS_MEMORY_H
#define TRELLIS_MEMORY_H

/// Gives the free memory of every malloc arena back to the system (glibc's
/// malloc_trim(0), which also releases free pages inside the heap, not only
/// at its top). Returns 1 when memory was released, 0 otherwise; does nothing
/// and returns 0 where the C library has no such call.
int trellis_release_free_memory(void);

/// The process's resident memory in bytes (from /proc/self/statm), or 0
/// where it cannot be read.
unsigned long long trellis_resident_bytes(void);

#endif
