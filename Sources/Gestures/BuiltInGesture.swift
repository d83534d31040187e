/// The touchpad gestures animd publishes on their own, without a binding (`gesture.changed`): a pinch, with its
/// scale and rotation, and a hold. Bindings share their namespace on the wire, so these names are reserved: a
/// binding may not take one (the config says so).
public enum BuiltInGesture: String, Hashable, Sendable, CaseIterable {
    case pinch, hold
}
