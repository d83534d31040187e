#if canImport(Glibc)
    import Glibc
#endif

/// Whole reads and writes on a descriptor, retried across EINTR: what the daemon and animctl took from
/// Foundation's `FileHandle` before.

/// Writes `text` to standard error at once, unbuffered: for messages before and after the logger.
public func writeToStandardError(_ text: String) { writeWhole(text, to: STDERR_FILENO) }

/// Writes all of `text` to `descriptor`, across partial writes and EINTR; stops at the first error.
public func writeWhole(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}

/// Why `readToEnd` gave no bytes.
public enum ReadFailure: Error, Equatable {
    /// The system's error number.
    case system(Int32)
    /// More than the limit the caller set.
    case tooLarge
}

/// Every byte a descriptor gives until its end of file, at most `limit` of them.
public func readToEnd(_ descriptor: Int32, atMost limit: Int = .max) -> Result<[UInt8], ReadFailure> {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return .failure(.system(errno))
        }
        if count == 0 { return .success(bytes) }
        guard bytes.count + count <= limit else { return .failure(.tooLarge) }
        bytes += chunk.prefix(count)
    }
}

/// A file's bytes, or nil when it cannot be opened or read.
public func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return try? readToEnd(descriptor).get()
}
