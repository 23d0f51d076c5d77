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

/// Sets glibc's malloc up for a short process that fills its caches once and
/// exits (`trellis measure`): with `oneArena`, every thread allocates from the
/// main heap (a thread's own arena grows and shrinks a few pages at a time,
/// each step a system call, and is not marked below); the heap grows `pad`
/// bytes at a time and keeps its top, blocks up to 32 MB come from the heap
/// rather than from a mapping of their own, and the heap is grown once now
/// and marked for transparent huge pages (`madvise(MADV_HUGEPAGE)`; the
/// kernel's setting decides whether it gives them), so memory is faulted in
/// 2 MB at a time rather than 4 KB. Call it before other threads allocate.
/// Does nothing where the C library is not glibc.
void trellis_use_batch_heap(unsigned long pad, int oneArena);

#endif
