/// What is known of tablet mode: the backend's switch, and what a client injected (`input.inject`, for scripts and
/// tests). The last change wins: the backend's report counts only when it differs from its previous one, because a
/// backend repeats its whole state on any change (a monitor, a device), which must not undo an injected mode.
package struct TabletModeReports {
    /// The switch as the backend last reported it; nil while it reads none.
    package private(set) var backend: Bool?
    /// The mode in force.
    package private(set) var current: Bool?

    /// Takes a report; true when the mode in force changed.
    package mutating func record(_ on: Bool?, injected: Bool) -> Bool {
        if !injected {
            guard on != backend else { return false }
            backend = on
        }
        let before = current
        current = on
        return current != before
    }
}
