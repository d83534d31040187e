import CLinuxScheduling

/// The event loop asks Linux for a short time slice (0.1 ms, the shortest EEVDF accepts).
///
/// Measured on this project's 2-core machine: every `send()` of a frame wakes a subscriber, and the scheduler then
/// preempted the event loop about 1.3 times per request (a C server doing the same job: 0.03), stalling the rest
/// of the fan-out and the answer behind the woken reader. With the short slice, animd's loop is preempted as
/// rarely as the C server (docs/performance.md). It needs no privilege and changes neither the policy nor the nice
/// value; kernels before 6.12 ignore it.
enum LatencySlice {
    static let nanoseconds: UInt64 = 100_000

    /// Requests the slice for the calling thread; what happened, for the log.
    static func request() -> String {
        let granted = animd_request_slice(nanoseconds)
        switch granted {
        case 0: return "this kernel takes no slice requests (Linux < 6.12)"
        case ..<0: return "refused (errno \(-granted)); the thread keeps its scheduling"
        default: return "\(granted / 1000) µs"
        }
    }
}
