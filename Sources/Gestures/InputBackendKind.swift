/// Which input backend reads the devices. Its raw value is how the wire names it (`input.status`'s `backend`,
/// `input.event`'s `origin`).
public enum InputBackendKind: String, Hashable, Sendable, CaseIterable {
    case x11, libinput
}
