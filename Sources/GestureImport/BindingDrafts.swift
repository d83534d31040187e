/// The keys of the bindings the importers make, one builder per kind, so that each tool's reader says only what its
/// entry means: which gesture, how many fingers, which way, and the command.
extension ImportedBinding {
    /// A stroke in one of the four directions (a pan with a direction: it begins after its slop that way, and a
    /// command fired at its end runs unless it was taken back), or one of the four diagonals, or one judged at the
    /// lift by how far it went (`atLift`): a swipe at any speed, of one finger count.
    mutating func stroke(
        _ heading: String, fingers: ClosedRange<Int>, sources: [String], minDistance: Double? = nil,
        atLift: Bool = false
    ) {
        if !atLift, ["left", "right", "up", "down"].contains(heading) {
            set("gesture", .string("pan"))
            set("sources", .strings(sources))
            fingerRange(fingers)
            set("direction", .string(heading))
            if let minDistance, minDistance > 0 {
                notes.append(
                    "its threshold of \(formatted(minDistance)) px is not kept: a pan begins after its 10 px slop")
            }
            return
        }
        set("gesture", .string("swipe"))
        set("sources", .strings(sources))
        set("touches", .integer(fingers.lowerBound))
        set("directions", .strings([heading]))
        set("min-velocity", .integer(0))
        if let minDistance, minDistance >= 1 { set("min-distance", .number(minDistance)) }
    }

    /// A pinch in or out, or a rotation, of `fingers`.
    mutating func transform(_ kind: String, way: String, fingers: ClosedRange<Int>, sources: [String]) {
        set("gesture", .string(kind))
        set("sources", .strings(sources))
        fingerRange(fingers)
        set("increases", .string(way))
    }

    mutating func tap(fingers: Int) {
        set("gesture", .string("tap"))
        set("touches", .integer(fingers))
    }

    /// `run`, and `fire` unless it is the end (the default).
    mutating func run(_ argv: [String], fire: String = "end") {
        set("run", .strings(argv))
        if fire != "end" { set("fire", .string(fire)) }
    }

    /// A shell command line, as the other tools run theirs: through `sh -c`.
    mutating func runShell(_ command: String, fire: String = "end") {
        run(["sh", "-c", command], fire: fire)
    }

    private mutating func fingerRange(_ fingers: ClosedRange<Int>) {
        set("min-touches", .integer(fingers.lowerBound))
        set("max-touches", .integer(fingers.upperBound))
    }

    private func formatted(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : "\(number)"
    }
}

extension ImportedConfig {
    /// A binding for a window action, with the session's command, or the entry left out where it has none.
    mutating func addWindowAction(
        _ binding: ImportedBinding, _ action: WindowAction, on session: ImportSession, fire: String = "end"
    ) {
        switch session.command(for: action) {
        case let .success(argv):
            var binding = binding
            binding.run(argv, fire: fire)
            note("Window actions run through \(session.tool), the tools of the session that was running at import.")
            add(binding)
        case let .failure(unavailable):
            leave(binding.line, binding.entry, because: unavailable.reason)
        }
    }
}
