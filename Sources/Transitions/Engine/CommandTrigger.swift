public import Gestures

/// One run of a binding's command that a gesture's update made due.
public struct CommandRun: Hashable, Sendable {
    public var binding: String
    public var argv: [String]
    /// `ANIMD_BINDING`, `ANIMD_GESTURE`, `ANIMD_SOURCE`, `ANIMD_FINGERS`, `ANIMD_FIRE`, `ANIMD_DIRECTION` (where the
    /// gesture has gone some way), `ANIMD_STEP` (a repeat's), `ANIMD_X` and `ANIMD_Y` (where the fingers are), and
    /// `ANIMD_TRANSITION` (for a binding that drives one too).
    public var environment: [String: String]
    /// Which run of a repeating gesture it is, from 1; nil for one that runs once.
    public var step: Int?
}

/// When the bindings' commands run, as their gestures' updates come (issue 61). Pure: the updates carry their time.
/// It keeps, for each repeating gesture under way, how many steps it has run; an entry goes when its gesture ends,
/// is cancelled or fails, and there is at most one gesture under way per input source, so it stays small.
public struct CommandTrigger: Sendable {
    private struct Key: Hashable, Sendable {
        var binding: String
        var sequence: Int
    }

    private var stepsRun: [Key: Int] = [:]

    public init() {}

    /// The runs that `update`, of `binding`'s recognizer, makes due.
    public mutating func runs(for update: GestureUpdate, of binding: BindingConfig) -> [CommandRun] {
        guard let command = binding.command else { return [] }
        let key = Key(binding: binding.name, sequence: update.sequence)
        let travel = Self.travel(of: update, along: command.way, gesture: binding.gesture)
        switch (update.state, command.fire) {
        case (.began, .begin):
            return [Self.run(binding, command, update, step: nil)]
        case let (.began, .repeat(step)), let (.changed, .repeat(step)):
            return repeats(key, binding, command, update, travel: travel, step: step)
        case let (.ended, .repeat(step)):
            defer { stepsRun[key] = nil }
            return repeats(key, binding, command, update, travel: travel, step: step)
        case (.ended, .end):
            // Gone the wrong way by the end (a swipe taken back), it is not the gesture the binding names.
            guard command.way == nil || (travel ?? 1) > 0 else { return [] }
            return [Self.run(binding, command, update, step: nil)]
        case (.cancelled, _), (.failed, _):
            stepsRun[key] = nil
            return []
        case (.began, .end), (.changed, _), (.ended, .begin), (.possible, _):
            return []
        }
    }

    /// A run for each whole `step` the travel has passed since the last, up to `repeatsPerUpdate` at once.
    private mutating func repeats(
        _ key: Key, _ binding: BindingConfig, _ command: BindingCommand, _ update: GestureUpdate, travel: Double?,
        step: Double
    ) -> [CommandRun] {
        let already = stepsRun[key] ?? 0
        stepsRun[key] = already
        guard let travel, travel.isFinite, step > 0 else { return [] }
        // Within Int's range whatever the travel: the bound is a count of steps, not a float.
        let passed = Int(min(max(travel / step, 0), 1e9).rounded(.down))
        guard passed > already else { return [] }
        stepsRun[key] = passed
        let first = max(already + 1, passed - BindingCommand.repeatsPerUpdate + 1)
        return (first...passed).map { Self.run(binding, command, update, step: $0) }
    }

    /// How far the gesture has gone the way that counts: px for a pan, ln of the scale for a pinch, degrees for a
    /// rotation; with no way, how far in any. Nil for a long press, which goes nowhere.
    static func travel(of update: GestureUpdate, along way: BindingCommand.Way?, gesture: BindingGesture) -> Double? {
        switch gesture {
        case .longPress, .tap:
            return nil
        case .pan, .edgePan, .swipe:
            let moved = update.translation
            guard case let .direction(direction)? = way else { return moved.length }
            return moved.x * direction.unit.x + moved.y * direction.unit.y
        case let .transform(transform, _):
            let isPinch = if case .pinch = transform.kind { true } else { false }
            let measure = isPinch ? update.transform.x : update.transform.y
            switch way {
            case let .scale(closing)?: return closing ? -measure : measure
            case let .turn(clockwise)?: return clockwise ? measure : -measure
            case .direction?, nil: return abs(measure)
            }
        }
    }

    private static func run(_ binding: BindingConfig, _ command: BindingCommand, _ update: GestureUpdate, step: Int?)
        -> CommandRun
    {
        var environment = [
            "ANIMD_BINDING": binding.name, "ANIMD_GESTURE": binding.gesture.word,
            "ANIMD_SOURCE": update.source.rawValue,
            "ANIMD_FINGERS": String(update.touchCount), "ANIMD_FIRE": command.fire.word,
            "ANIMD_X": coordinate(update.location.x), "ANIMD_Y": coordinate(update.location.y),
        ]
        if let direction = direction(of: update, gesture: binding.gesture) ?? command.way.map(word) {
            environment["ANIMD_DIRECTION"] = direction
        }
        if let step { environment["ANIMD_STEP"] = String(step) }
        if let transition = binding.transition { environment["ANIMD_TRANSITION"] = transition }
        return CommandRun(binding: binding.name, argv: command.argv, environment: environment, step: step)
    }

    /// The way the gesture has gone: the main direction of a pan's movement (since it began, or from where it
    /// started when it has not moved since), "in" or "out" for a pinch, "clockwise" or "counter-clockwise" for a
    /// rotation; nil while it has not gone any way.
    static func direction(of update: GestureUpdate, gesture: BindingGesture) -> String? {
        switch gesture {
        case .longPress, .tap:
            return nil
        case let .swipe(options, _):
            return options.heading(of: update.translation)?.rawValue
        case .pan, .edgePan:
            let moved = update.translation.length > 0 ? update.translation : update.location - update.startLocation
            guard moved.length > 0 else { return nil }
            if abs(moved.x) >= abs(moved.y) { return moved.x < 0 ? "left" : "right" }
            return moved.y < 0 ? "up" : "down"
        case let .transform(transform, _):
            if case .pinch = transform.kind {
                return update.transform.x == 0 ? nil : update.transform.x < 0 ? "in" : "out"
            }
            return update.transform.y == 0 ? nil : update.transform.y > 0 ? "clockwise" : "counter-clockwise"
        }
    }

    /// A way's word, where the movement says none yet: a touchpad swipe that just began has moved its slop, which a
    /// recognizer with a direction checked went that way, though its update carries no movement since.
    private static func word(_ way: BindingCommand.Way) -> String {
        switch way {
        case let .direction(direction): direction.rawValue
        case let .scale(closing): closing ? "in" : "out"
        case let .turn(clockwise): clockwise ? "clockwise" : "counter-clockwise"
        }
    }

    /// A location as whole pixels; input is bounded where it enters, the clamp only keeps the conversion total.
    private static func coordinate(_ value: Double) -> String {
        value.isFinite ? String(Int(min(max(value, -1e9), 1e9).rounded())) : "0"
    }
}
