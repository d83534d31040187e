public import BackendThread
import CLibinput
public import Gestures
public import Logging

/// The libinput input backend, for Wayland sessions and the console, as the backend runtime runs it: a libinput
/// context on the seat, with the compositor's outputs for the screen (`LibinputSeat`). libinput reads the devices
/// beside the compositor; only exclusive touch holds touches, through relays, which the arena's claims and releases
/// answer.
public struct LibinputSessionOpener: BackendSessionOpener {
    /// `XDG_SEAT`, else seat0.
    public let seat: String
    /// `WAYLAND_DISPLAY`, whose outputs are the screen; nil on the console.
    public let waylandDisplay: String?

    public init(seat: String, waylandDisplay: String?) {
        self.seat = seat
        self.waylandDisplay = waylandDisplay
    }

    public var kind: InputBackendKind { .libinput }
    public var display: String? { nil }
    public var threadName: String { "animd-libinput" }
    /// The pointer's sources are unavailable on libinput by nature; the status says so, the log need not.
    public var loggedSources: [InputSource] { [.touch, .touchpad] }

    /// Touch claims and releases: what a relay holding a touch waits for.
    public func relevant(_ decisions: [ArenaOutput]) -> [ArenaOutput] {
        decisions.filter {
            switch $0 {
            case .claimed(_, .touch, _), .released(_, .touch, _): true
            default: false
            }
        }
    }

    /// libinput, and what it links, is loaded here, when the backend first opens, and nowhere else.
    public func open(plan: InputPlan, logger: Logger, isStopping: @escaping @Sendable () -> Bool) -> Result<
        any BackendSession, OpenFailure
    > {
        if let failure = animd_libinput_load() {
            return .failure(
                OpenFailure(reason: "libinput cannot be loaded: \(String(cString: failure))", isFinal: true))
        }
        guard let session = LibinputSession(seat: seat, plan: plan, logger: logger) else {
            return .failure(OpenFailure(reason: "libinput cannot read seat \(seat) through udev"))
        }
        return .success(
            LibinputSeat(session: session, waylandDisplay: waylandDisplay, logger: logger, isStopping: isStopping))
    }
}
