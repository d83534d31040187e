import CLinuxScheduling

/// The event loop's time slice: short (0.1 ms, the shortest EEVDF accepts) while two or more clients take frames,
/// the kernel's default otherwise.
///
/// Measured on this project's 2-core machine: every `send()` of a frame wakes a subscriber, and the scheduler then
/// preempted the event loop about 1.3 times per request (a C server doing the same job: 0.03), stalling the rest
/// of the fan-out and the answer behind the woken reader. With the short slice, animd's loop is preempted as
/// rarely as the C server. With a single reader there is no rest of the fan-out to stall, and the short slice
/// costs that reader's frame about 20 µs (a C server on the short slice pays the same): hence the threshold
/// (docs/performance.md). It needs no privilege and changes neither the policy nor the nice value; kernels before
/// 6.12 ignore it.
/// The rule itself (`animd_wanted_slice`) is in CLinuxScheduling, shared with the benchmark's baselines.
struct LatencySlice {
    /// The slice last asked for (0: the kernel's default).
    private(set) var requested: UInt64 = 0

    /// Asks for the slice that `frameReaders` clients taking frames want, on the calling thread (the loop's: the
    /// slice belongs to the thread that asks), when that is not the one it has. What happened, for the log; nil
    /// when nothing changed.
    mutating func update(frameReaders: Int) -> String? {
        let wanted = animd_wanted_slice(frameReaders)
        guard wanted != requested else { return nil }
        requested = wanted
        let granted = animd_request_slice(wanted)
        switch granted {
        case 0: return "this kernel takes no slice requests (Linux < 6.12)"
        case ..<0: return "refused (errno \(-granted)); the thread keeps its scheduling"
        default: return "\(granted / 1000) µs for \(frameReaders) frame reader(s)"
        }
    }
}
