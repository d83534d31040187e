#if canImport(Glibc)
    import Glibc
#endif

/// A detached POSIX thread that runs a closure: all animd needs of Foundation's `Thread`, without linking
/// Foundation (docs/performance.md, "Memory"). The input backends and the on-snap actions each run on one.
public enum PosixThread {
    /// Starts `body` on a new detached thread named `name` (the kernel keeps 15 bytes of it, as `ps -T` shows);
    /// false when the system could not start one.
    @discardableResult
    public static func start(named name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(ThreadWork(name: name, body: body))
        var thread = pthread_t()
        guard pthread_create(&thread, nil, runThreadWork, work.toOpaque()) == 0 else {
            work.release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}

/// What a new thread runs, handed to it through `pthread_create`'s argument.
private final class ThreadWork: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) { self.name = name; self.body = body }
}

private func runThreadWork(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    let work = Unmanaged<ThreadWork>.fromOpaque(argument).takeRetainedValue()
    nameThisThread(work.name)
    work.body()
    return nil
}

/// What `pthread_setname_np` does for another thread, done for this one: glibc declares it only under
/// `_GNU_SOURCE`, and `prctl` is variadic, which Swift cannot call.
private func nameThisThread(_ name: String) {
    let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard comm >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(comm, $0.baseAddress, $0.count) }
    close(comm)
}
