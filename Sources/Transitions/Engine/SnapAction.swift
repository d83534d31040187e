/// A command from a transition's `on-snap` to run because a transition came to rest at a
/// snap (`on-snap`). The engine's events say when; the daemon runs it.
public struct SnapAction: Hashable, Sendable {
    public var transition: String
    public var snap: Int
    /// Program and arguments, run without a shell.
    public var argv: [String]

    /// The actions that `events` call for: one per `ended` at `start` or `end`
    /// (a leg that completed onto a snap), none for an interruption (`current`).
    public static func due(after events: [EngineEvent], in engine: Engine) -> [SnapAction] {
        events.compactMap { event in
            guard case let .ended(snapshot, position) = event, position != .current,
                let argv = engine.transition(named: snapshot.name)?.onSnap[snapshot.snap]
            else { return nil }
            return SnapAction(transition: snapshot.name, snap: snapshot.snap, argv: argv)
        }
    }

    /// Bounds an argv must meet: something to run, and nothing exec cannot pass on.
    public static func problem(with argv: [String]) -> String? {
        if argv.isEmpty || argv[0].isEmpty { return "needs a program to run: [\"program\", \"argument\", …]" }
        if argv.count > maxArguments { return "has \(argv.count) arguments; at most \(maxArguments)" }
        if argv.contains(where: { $0.utf8.contains(0) }) { return "an argument contains a NUL character" }
        if argv.reduce(0, { $0 + $1.utf8.count }) > maxBytes { return "is longer than \(maxBytes) bytes" }
        return nil
    }

    static let maxArguments = 256
    static let maxBytes = 65_536
}
