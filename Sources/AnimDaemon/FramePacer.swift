import AnimCore
import CLinuxScheduling
import NIOCore

/// How the event loop paces itself: the one frame timer, armed as `FrameScheduler` decides and only while
/// something is due, and the machine's other timers (`CoreTimer`); the loop's time slice, which follows the number of frame readers (`LatencySlice`); and the
/// hand-over of the CPU to the readers an engine step's writes woke. The timer's handler is the core, which makes
/// the frame: the pacer calls nothing back, and arming allocates no closure per frame.
final class FramePacer {
    /// The loop paced, which everything of the daemon's core is confined to.
    let loop: any EventLoop
    /// When the machine last said the engine wants the timer (`CoreEffect.paceFrames`).
    var wake = FrameWake.idle
    /// The armed timer and the time it was armed for.
    private var armed: (deadline: Double, callback: NIOScheduledCallback)?
    private var slice = LatencySlice()
    /// The machine's other timers as armed, so that the shutdown can cancel its deadline once everyone left.
    private var timers: [CoreTimer: Scheduled<Void>] = [:]
    /// Yields the loop's CPU to the readers an engine step's writes woke (`animd_hand_over`); tests count it.
    var handOver: () -> Void = { animd_hand_over() }
    init(loop: any EventLoop) { self.loop = loop }

    /// The time the armed timer was armed for; nil when none is.
    var armedDeadline: Double? { armed?.deadline }

    /// Arms, keeps or cancels the timer, which `handler` handles when it fires.
    func carryOut(_ decision: FrameScheduler.Decision, firing handler: some NIOScheduledCallbackHandler) {
        switch decision {
        case .keep:
            return
        case .cancel:
            cancel()
        case let .arm(wanted, fireAt):
            cancel()
            // Rounded up to the nanosecond, so that the timer is never early for the grid point it was armed for.
            let deadline = NIODeadline.uptimeNanoseconds(UInt64((fireAt * 1e9).rounded(.up)))
            // Only a loop that is shutting down refuses; then there are no more frames to make.
            guard let callback = try? loop.assumeIsolated().scheduleCallback(at: deadline, handler: handler) else {
                return
            }
            armed = (wanted, callback)
        }
    }

    /// The armed timer fired: none is armed now.
    func fired() { armed = nil }

    func cancel() {
        armed?.callback.cancel()
        armed = nil
    }

    /// Arms `timer` to go off after `seconds` (again, if it was armed), into `fire`.
    func arm(_ timer: CoreTimer, after seconds: Double, into fire: @escaping (CoreTimer) -> Void) {
        timers[timer]?.cancel()
        timers[timer] = loop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { [self] in
            timers[timer] = nil
            fire(timer)
        }
    }

    func cancel(_ timer: CoreTimer) { timers.removeValue(forKey: timer)?.cancel() }

    /// The time slice for `readers` clients taking frames; what changed, for the log, or nil.
    func frameReadersChanged(to readers: Int) -> String? { slice.update(frameReaders: readers) }
}
