package import Transitions

/// A command the user's config asks animd to run: a transition's `on-snap`, or `[input] on-tablet-mode`.
package struct ConfiguredAction: Hashable, Sendable {
    /// What it is, for the log ("sidebar.on-snap.1"); one run of each at a time.
    package var key: String
    /// Which key of the config it comes from ("on-snap"), for the log's words.
    package var label: String
    package var argv: [String]
    /// Variables the command gets beside the session's (`ANIMD_TRANSITION`, `ANIMD_TABLET_MODE`).
    package var environment: [String: String]

    package init(_ action: SnapAction) {
        key = "\(action.transition).on-snap.\(action.snap)"
        label = "on-snap"
        argv = action.argv
        environment = ["ANIMD_TRANSITION": action.transition, "ANIMD_SNAP": String(action.snap)]
    }

    /// A binding's `run`, due by its gesture. One run of each at a time, except a repeating gesture's steps: each
    /// step is a run of its own (the runner's bound on running commands still holds).
    package init(_ run: CommandRun) {
        key = run.step.map { "bindings.\(run.binding).run.\($0)" } ?? "bindings.\(run.binding).run"
        label = "run"
        argv = run.argv
        environment = run.environment
    }

    /// `[input] on-tablet-mode`'s command for going into tablet mode (`on`) or out of it.
    package init(tabletMode on: Bool, argv: [String]) {
        key = "input.on-tablet-mode.\(on ? "on" : "off")"
        label = "on-tablet-mode"
        self.argv = argv
        environment = ["ANIMD_TABLET_MODE": on ? "on" : "off"]
    }
}
