/// The notifications animd sends (PROTOCOL.md "Events"): the only place their names are written. The daemon writes
/// them, and clients (AnimClient, animctl) recognize them, through this enum, so a misspelt name is a compile error.
public enum NotificationMethod: String, Sendable, CaseIterable {
    case progress = "transition.progress", began = "transition.began", leg = "transition.leg", ended =
        "transition.ended"
    case inputStatus = "input.status", gesture = "gesture.changed", inputEvent = "input.event", shutdown =
        "daemon.shutdown"
    case motion = "daemon.motion", focus = "daemon.focus", removed = "transition.removed", tabletMode =
        "daemon.tablet-mode"

    /// A notification's line up to its params' opening brace, as one literal: the frame path writes it without
    /// building a string. `NotificationMethodTests` checks each against `rawValue`.
    @inlinable
    public var linePrefix: StaticString {
        switch self {
        case .progress: "{\"jsonrpc\":\"2.0\",\"method\":\"transition.progress\",\"params\":{"
        case .began: "{\"jsonrpc\":\"2.0\",\"method\":\"transition.began\",\"params\":{"
        case .leg: "{\"jsonrpc\":\"2.0\",\"method\":\"transition.leg\",\"params\":{"
        case .ended: "{\"jsonrpc\":\"2.0\",\"method\":\"transition.ended\",\"params\":{"
        case .inputStatus: "{\"jsonrpc\":\"2.0\",\"method\":\"input.status\",\"params\":{"
        case .gesture: "{\"jsonrpc\":\"2.0\",\"method\":\"gesture.changed\",\"params\":{"
        case .inputEvent: "{\"jsonrpc\":\"2.0\",\"method\":\"input.event\",\"params\":{"
        case .shutdown: "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.shutdown\",\"params\":{"
        case .motion: "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.motion\",\"params\":{"
        case .focus: "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.focus\",\"params\":{"
        case .removed: "{\"jsonrpc\":\"2.0\",\"method\":\"transition.removed\",\"params\":{"
        case .tabletMode: "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.tablet-mode\",\"params\":{"
        }
    }

    /// The transition events, whose params are a transition's snapshot.
    public var isTransitionEvent: Bool { [.progress, .began, .leg, .ended].contains(self) }
}
