public import Gestures

/// What bindings' conditions are matched against (`BindingCondition`): the focused application, and whether the
/// machine is in tablet mode (true or false from its tablet-mode switch; nil where it has none).
public struct SessionState: Hashable, Sendable {
    public var focus: SessionFocus
    public var tabletMode: Bool?

    public init(focus: SessionFocus = .unknown(reason: "no focus source has reported yet"), tabletMode: Bool? = nil) {
        self.focus = focus; self.tabletMode = tabletMode
    }
}
