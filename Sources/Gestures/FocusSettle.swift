/// Holds back a moment of "no window" between two windows. An X window manager may publish no active window while
/// the focus moves (openbox answers the old window's FocusOut before the new window's FocusIn, and writes None in
/// between on every switch); passing that on would turn `except-apps` bindings on and `apps` bindings off for a few
/// milliseconds, rebuild the input plan twice, and show subscribers a focus nobody gave. So a read of no window,
/// after a window, waits `delay` seconds: a window read meanwhile replaces it, and only a gap that lasts is
/// published. Every other read is published at once. Pure: the caller hands it each read and the time.
public struct FocusSettle: Sendable {
    /// How long no window must last to be believed: past a manager's switch (openbox under Xvfb, 40 switches: 13 gaps
    /// published without the settle, none with it), and short beside what a person notices of a binding that stays
    /// on a moment after its window closed.
    public static let delay = 0.1

    /// The focus as published: what bindings are matched against.
    public private(set) var published: SessionFocus
    /// A gap that is waiting to be believed, and when it will be.
    private var pending: (focus: SessionFocus, due: Double)?

    public init(_ focus: SessionFocus) { published = focus }

    /// When the caller must call `expire` next; nil while nothing waits.
    public var deadline: Double? { pending?.due }

    /// Takes a new read of the focus; true when the published focus changed.
    public mutating func read(_ focus: SessionFocus, at now: Double) -> Bool {
        if case .known(nil, _) = focus, case .known(.some, _) = published {
            if pending == nil || pending?.focus != focus { pending = (focus, now + Self.delay) }
            return false
        }
        pending = nil
        return publish(focus)
    }

    /// Publishes a gap that has lasted; true when the published focus changed.
    public mutating func expire(at now: Double) -> Bool {
        guard let waiting = pending, now >= waiting.due else { return false }
        pending = nil
        return publish(waiting.focus)
    }

    private mutating func publish(_ focus: SessionFocus) -> Bool {
        guard focus != published else { return false }
        published = focus
        return true
    }
}
