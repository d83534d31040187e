/// What one client is owed, and when: the fan-out policy as a value, with no
/// sockets. `SubscriberRegistry` tells it about each event and each chance to
/// write, and writes exactly the frames it returns, in order.
///
/// - A coalescible frame (progress, gesture.changed) goes out at once when the
///   socket takes it and its rate allows; otherwise it waits, and a newer frame
///   under the same key replaces it (latest wins).
/// - An event that is never dropped (began, ended, input) goes out at once,
///   after every frame still waiting for its transition, progress and gesture
///   alike, so that nothing about a leg arrives after its `ended`.
/// - A frame held back by its rate falls due at `nextDue`; the daemon keeps a
///   timer for it even when nothing animates, so a leg's last frame arrives.
///
/// Generic over the frame and its key so that tests use strings; the daemon uses ByteBuffers and `CoalescingKey`s.
struct DeliveryQueue<Frame, Key: Equatable> {
    private struct Waiting {
        var key: Key
        var frame: Frame
        var transition: String?
        var rate: Double?
    }

    /// Waiting frames in the order they were first queued.
    private var waiting: [Waiting] = []
    /// When a frame under each rate-limited key last went out: a short list searched by equality, not a table, so
    /// that a frame's path hashes nothing. A client has one entry per key it received rate-limited frames under
    /// (its transitions and gestures, a handful); equal keys' names are usually the same storage or small strings,
    /// which compare without reading their bytes.
    private var lastSent: [(key: Key, time: Double)] = []

    var isEmpty: Bool { waiting.isEmpty }

    /// A frame that a newer one under `key` may replace; `rate` is the most
    /// frames per second the client asked for (nil: every frame). Returns the
    /// frame when it goes now, nil when it waits: one frame at most, so that
    /// the path every frame takes for every subscriber allocates nothing.
    mutating func offer(_ frame: Frame, key: Key, transition: String?, rate: Double?, now: Double, writable: Bool)
        -> Frame?
    {
        if writable && isDue(key, rate: rate, now: now) {
            if !waiting.isEmpty { waiting.removeAll { $0.key == key } }
            if rate != nil { markSent(key, at: now) }
            return frame
        }
        let entry = Waiting(key: key, frame: frame, transition: transition, rate: rate)
        if let index = waiting.firstIndex(where: { $0.key == key }) {
            waiting[index] = entry
        } else {
            waiting.append(entry)
        }
        return nil
    }

    /// An event that is never dropped: the frames still waiting for its transition first, then the event.
    mutating func offerEvent(_ frame: Frame, transition: String?, now: Double) -> [Frame] {
        guard let transition, !waiting.isEmpty else { return [frame] }
        var out: [Frame] = []
        var held: [Waiting] = []
        for entry in waiting {
            if entry.transition == transition {
                if entry.rate != nil { markSent(entry.key, at: now) }
                out.append(entry.frame)
            } else {
                held.append(entry)
            }
        }
        waiting = held
        return out + [frame]
    }

    /// The socket can take more, or time has passed: the waiting frames whose rate allows them now.
    mutating func release(now: Double, writable: Bool) -> [Frame] {
        guard writable else { return [] }
        var out: [Frame] = []
        var held: [Waiting] = []
        for entry in waiting {
            if isDue(entry.key, rate: entry.rate, now: now) {
                if entry.rate != nil { markSent(entry.key, at: now) }
                out.append(entry.frame)
            } else {
                held.append(entry)
            }
        }
        waiting = held
        return out
    }

    /// When the earliest frame held back by its rate may go; nil when none is.
    var nextDue: Double? {
        waiting.compactMap { entry in entry.rate.map { lastSentTime(entry.key) + 1 / $0 } }.min()
    }

    mutating func removeAll() { waiting.removeAll() }

    /// Forgets when a frame under each key `gone` names was last sent: its transition or gesture is gone. A frame
    /// still waiting under it goes out as it would have.
    mutating func forget(_ gone: (Key) -> Bool) {
        lastSent.removeAll { gone($0.key) }
    }

    private func isDue(_ key: Key, rate: Double?, now: Double) -> Bool {
        guard let rate else { return true }
        // 1 µs of slack: frames computed at exactly 1/rate apart must not wait a whole extra frame.
        return now - lastSentTime(key) >= 1 / rate - 1e-6
    }

    private func lastSentTime(_ key: Key) -> Double {
        lastSent.first { $0.key == key }?.time ?? -.infinity
    }

    private mutating func markSent(_ key: Key, at now: Double) {
        if let index = lastSent.firstIndex(where: { $0.key == key }) {
            lastSent[index].time = now
        } else {
            lastSent.append((key, now))
        }
    }
}
