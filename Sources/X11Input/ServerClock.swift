/// The X server's clock as animd reads it: its stamps in seconds, and how far the local monotonic clock runs ahead of
/// it as of the last event that came with a local time (for expiring pushes on the local clock).
struct ServerClock: Sendable {
    private var unwrapper = XTimeUnwrapper()
    /// The local monotonic clock minus the server's, at the last event that came with one; nil before.
    private(set) var serverToLocal: Double?

    /// A stamp of the server's in seconds; `local`, when given, is when it was received on the local clock.
    mutating func seconds(_ stamp: UInt32, receivedAt local: Double?) -> Double {
        let server = unwrapper.seconds(stamp)
        if let local { serverToLocal = local - server }
        return server
    }
}

/// X timestamps are 32-bit milliseconds that wrap after about 49.7 days;
/// this keeps them increasing across the wrap. A stamp within half the range
/// after the newest one is newer (and may have wrapped); otherwise it is a late
/// event from before the newest one.
struct XTimeUnwrapper: Sendable {
    /// The newest stamp so far, unwrapped, in ms.
    private var newest: UInt64?

    mutating func seconds(_ raw: UInt32) -> Double {
        guard let newest else {
            newest = UInt64(raw)
            return Double(raw) / 1000
        }
        let ahead = raw &- UInt32(truncatingIfNeeded: newest)
        let unwrapped: UInt64
        if ahead <= UInt32.max / 2 {
            unwrapped = newest + UInt64(ahead)
            self.newest = unwrapped
        } else {
            let behind = UInt64(UInt32(truncatingIfNeeded: newest) &- raw)
            unwrapped = newest >= behind ? newest - behind : 0
        }
        return Double(unwrapped) / 1000
    }
}
