import Transitions

/// Tablet mode (issue 45): the one way it comes in, from the backend's switch and from `input.inject` alike.
extension CoreMachine {
    /// `when-tablet-mode` bindings turn on or off from the next sequence on, the backend takes the input of those
    /// now on (and stops taking the rest), the `device` group hears of it, and `[input] on-tablet-mode` runs its
    /// command for the new mode. A machine without a switch counts as out of tablet mode, so a switch that appears
    /// reading off runs nothing, and one that goes away while on runs `off`.
    package mutating func tabletModeReported(_ on: Bool?, injected: Bool, into effects: inout [CoreEffect]) {
        let before = input.tabletMode.current
        guard input.tabletMode.record(on, injected: injected) else { return }
        if engine.setTabletMode(on) { effects.append(.configureBackend(inputPlan)) }
        let mode = on.map { $0 ? "on" : "off" } ?? "no switch"
        effects.append(.log(.info, "tablet mode: \(mode)", ["source": "\(injected ? "inject" : "backend")"]))
        effects.append(.line(.tabletMode(on)))
        let effective = on ?? false
        guard effective != (before ?? false), let argv = config.config.input.onTabletMode[effective] else { return }
        effects.append(.run(ConfiguredAction(tabletMode: effective, argv: argv)))
    }
}
