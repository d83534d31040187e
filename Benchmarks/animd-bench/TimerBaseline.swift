import Foundation
import Synchronization

/// The pacing measure's baseline: how late a plain loop of absolute sleeps (`clock_nanosleep(TIMER_ABSTIME)`, the
/// kernel's high-resolution timers, as animd's timerfd) wakes at 120 Hz grid points on this machine. It runs on a
/// thread of its own while animd's leg runs, so both see the same moments of the shared machine; a late animd frame
/// next to an equally late baseline is the machine, not animd.
final class TimerBaseline: Sendable {
    private let results = Mutex<[Double]?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(ticks: Int) {
        Thread { [self] in
            let measured = Self.measure(ticks: ticks)
            results.withLock { $0 = measured }
            finished.signal()
        }.start()
    }

    /// Each wake-up's lateness past its grid point, µs, sorted; waits for the loop to finish.
    func lateness() -> [Double] {
        finished.wait()
        return results.withLock { $0 ?? [] }
    }

    private static func measure(ticks: Int) -> [Double] {
        let period = 1_000_000_000 / 120
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var lateness: [Double] = []
        for tick in 1...ticks {
            let target = start.tv_sec * 1_000_000_000 + start.tv_nsec + tick * period
            var deadline = timespec(tv_sec: target / 1_000_000_000, tv_nsec: target % 1_000_000_000)
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
            var woke = timespec()
            clock_gettime(CLOCK_MONOTONIC, &woke)
            lateness.append(Double(woke.tv_sec * 1_000_000_000 + woke.tv_nsec - target) / 1000)
        }
        return lateness.sorted()
    }
}
