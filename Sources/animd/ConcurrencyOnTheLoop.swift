import CConcurrencyHook
import NIOCore
import NIOPosix

/// Swift concurrency's global jobs run on animd's one NIO event loop, not on libdispatch's pool, whose first job
/// would arm a worker-pool monitor that wakes the process every second for ever (docs/performance.md, idle).
///
/// SwiftNIO's own `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor` finds the runtime's
/// hook with `dlsym`, which cannot see it once the Swift runtime is linked into animd statically (as it is, for its
/// memory, in every build but ThreadSanitizer's: Package.swift). This installs the same kind of hook through a
/// reference the linker resolves (`CConcurrencyHook`), so it works in the static and the dynamic build alike.
enum ConcurrencyOnTheLoop {
    /// The hook's type as the runtime calls it: the job, and the runtime's own enqueue, unused here.
    private typealias EnqueueGlobal = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Installs the hook; false when another hook is there already. Call it first thing in `main`, before any task
    /// is created: the slot is written without a lock because no other thread enqueues a global job yet.
    static func install() -> Bool {
        let slot = animd_enqueue_global_hook_slot()
        guard let slot, slot.pointee == nil else { return false }
        let enqueue: EnqueueGlobal = { job, _ in
            MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job))
        }
        slot.pointee = unsafeBitCast(enqueue, to: UnsafeMutableRawPointer.self)
        return true
    }
}
