// Writing a whole buffer to a file descriptor, for the modules that write
// without Foundation (TrellisViews' log, the trellis CLI's files).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes every byte of `bytes` to `descriptor`, again after a write is
/// interrupted or partial; nil when all were written, else the failed
/// write's `errno` (a write of 0 bytes counts as failed, with `EIO`).
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return written < 0 ? errno : EIO
        }
    }
    return nil
}
