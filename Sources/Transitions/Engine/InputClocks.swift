import Gestures

/// The recognizers count time in the events' own clock (X's, libinput's, an injected trace's `t`); the engine
/// counts in the daemon's. Each source's last event ties the two together: from it on, the event clock is taken
/// to run at the daemon's rate. So a deadline a recognizer sets while a finger rests still maps to the moment the
/// daemon must wake, whatever clock the events came with.
struct InputClocks: Sendable {
    /// By `InputSource.ordinal`: every event writes here, and a table of four needs no hashing.
    private var last: [(event: Double, engine: Double)?] = Array(repeating: nil, count: InputSource.allCases.count)

    /// An event of `event.source` arrived at engine time `time`.
    mutating func note(_ event: InputEvent, at time: Double) { last[event.source.ordinal] = (event.time, time) }

    /// The engine time at which `source`'s clock reads `eventTime`; nil before any event of it.
    func engineTime(of eventTime: Double, on source: InputSource) -> Double? {
        last[source.ordinal].map { $0.engine + (eventTime - $0.event) }
    }

    /// What `source`'s clock reads at engine time `time`; nil before any event of it.
    func eventTime(at time: Double, on source: InputSource) -> Double? {
        last[source.ordinal].map { $0.event + (time - $0.engine) }
    }
}
