#if canImport(Glibc)
    import Glibc
#endif

/// Seconds on CLOCK_MONOTONIC: the one clock of animd and its clients. X timestamps and libinput's event times
/// come from it, NIO's deadlines count on it, and every `time` and `startTime` animd sends is on it.
public func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
