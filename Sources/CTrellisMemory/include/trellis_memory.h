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

/// Has the kernel fault in the first `bytes` (rounded up to 2 MB, at most
/// what it added) of the heap `trellis_use_batch_heap` grew, on a thread of
/// its own (`trellis_touch_heap`; the blocks allocated next lie there): the
/// pages are zeroed meanwhile on another core rather than when the process
/// first writes them. Once a huge page is slow to come (a VM's host that
/// had taken the memory back), the rest of the heap takes 4 KB pages.
/// Returns at once; the contents of the heap are not changed.
/// `trellis_release_free_memory` waits for that thread before it gives
/// memory back. Does nothing before `trellis_use_batch_heap`, after
/// an earlier call, or where the C library is not glibc on Linux.
void trellis_fault_in_batch_heap(unsigned long bytes);

/// Has the kernel fault in every page of `length` bytes from `start` (memory
/// that is mapped and writable) without changing a byte, whatever other
/// threads write there meanwhile: on x86-64 a locked OR of zero into one
/// byte of each page, an atomic write of the value already there, so that
/// each page is faulted in under its own mapping's lock (a transparent huge
/// page at the first write into it); elsewhere on Linux
/// `madvise(MADV_POPULATE_WRITE)`, which holds the process's address space
/// for reading throughout: a thread mapping a file meanwhile waits for all
/// of it (85 ms once, on a loaded VM whose host was slow to provide pages).
/// Does nothing on other systems.
void trellis_touch_pages(void *start, unsigned long length);

/// Touches the first `length` bytes from `start` as `trellis_touch_pages`
/// does, 2 MB at a time, each step timed in this thread's CPU time; after
/// the first step that took more than `slowNanoseconds`, the rest of the
/// `extent` bytes from `start` are marked for 4 KB pages
/// (`madvise(MADV_NOHUGEPAGE)`) before the rest is touched. Returns the
/// offset from which they were marked, or `extent` when no step was slow.
/// `trellis_fault_in_batch_heap`'s thread calls it with 1 ms: a huge page
/// the host of a virtual machine had taken back (free page reporting)
/// costs about 5 ms, a 4 KB page nothing more. Elsewhere than Linux it
/// only touches the pages and returns `extent`.
unsigned long trellis_touch_heap(void *start, unsigned long length, unsigned long extent,
                                 unsigned long long slowNanoseconds);

/// The bytes of a regular file after `descriptor`'s offset (what is left
/// to read of standard input redirected from a file), or 0 for anything
/// else (a pipe, a terminal) or when it cannot be told.
unsigned long long trellis_input_bytes_left(int descriptor);

/// The processors this process may use, as FoundationEssentials'
/// `ProcessInfo.activeProcessorCount` gives them on Linux: the cgroup's
/// CPU quota (`cpu.cfs_quota_us` over `cpu.cfs_period_us`, rounded up),
/// else the first range of its `cpuset.cpus`, else the online processors
/// (`sysconf(_SC_NPROCESSORS_ONLN)`); without Foundation's `Data` and
/// `URL`, which cost about 0.3 M instructions at start.
long trellis_active_processor_count(void);

/// What `trellis_active_processor_count` makes of the texts of
/// `cpu.cfs_quota_us` and `cpu.cfs_period_us`, as FoundationEssentials
/// does: each file's first line that is not empty read as Swift's
/// `Int(_:)` reads it, and the quota over the period rounded up when both
/// are above 0; 0 otherwise.
long trellis_quota_count(const char *quota, const char *period);

/// What `trellis_active_processor_count` makes of the text of
/// `cpuset.cpus`, as FoundationEssentials does: of the first line that is
/// not empty, the first part between commas that is not empty, split once
/// at a "-" (empty sides left out), counted from its first to its last id
/// ("0-3,6" gives 4, "5" gives 1); 0 when those are not numbers or run
/// backwards.
long trellis_cpuset_count(const char *text);

#endif
