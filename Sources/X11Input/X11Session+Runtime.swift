import BackendThread
import CX11
import Gestures
import Glibc

/// The X connection as the backend runtime drives it: its descriptor, then the tablet-mode switches' where they are
/// read; Xlib's queue; and the edge push's deadline.
extension X11Session: BackendSession {
    var descriptors: [Int32] { [XConnectionNumber(display)] + (desktop.tabletMode?.fileDescriptor.map { [$0] } ?? []) }

    func timeout(now: Double) -> Double? {
        if XQLength(display) > 0 { return 0 }
        return deadline.map { $0 - now }
    }

    func dispatch(ready: [Int16], now: Double) -> SessionStep {
        let revents = ready.first ?? 0
        if revents & Int16(POLLHUP | POLLERR) != 0 { return serverGone() }
        if revents & Int16(POLLIN) != 0 {
            // Readable with nothing to read: the server closed the connection.
            var probe: UInt8 = 0
            if recv(XConnectionNumber(display), &probe, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 { return serverGone() }
        }
        if ready.count > 1, ready[1] & Int16(POLLIN) != 0, desktop.tabletMode?.dispatch() == true { infoChanged = true }
        var events = expirePressure(at: now)
        expireFocus(at: now)
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            events += handle(&event, receivedAt: now)
        }
        for failure in XErrorTrap.drain() { logger.warning("X error (ignored)", metadata: ["error": "\(failure)"]) }
        return .events(events)
    }

    var info: BackendInfo { displayInfo.backendInfo }

    func takeInfoChange() -> BackendInfo? {
        guard infoChanged else { return nil }
        infoChanged = false
        return displayInfo.backendInfo
    }

    private func serverGone() -> SessionStep {
        .ended(reason: "the X server went away; reconnecting")
    }
}
