// animd-bench: the project's benchmarks. Each prints its figures next to a
// baseline measured in the same run, so that a noisy machine shows in both.
//
//   .build/release/animd-bench            # everything
//   .build/release/animd-bench curves     # curve and spring evaluation, ns/op
//   .build/release/animd-bench request    # parsing a request and encoding a frame, µs/op
//   .build/release/animd-bench scale      # a command at 10 and 10,000 transitions, a touch-down at 10 and 10,000 open touches
//   .build/release/animd-bench coldpath   # the request path's steps in-process, warm and after evicting the caches
//   .build/release/animd-bench fanout     # input.inject → progress at N subscribers, against a C server and a NIO floor
//   .build/release/animd-bench fanout --smoke   # one short row (N = 10): CI checks that it runs
//   .build/release/animd-bench fanout --same-slice   # the C server follows animd's scheduling too (slice rule, hand-over)
//   .build/release/animd-bench sustained  # 1000 subscribers, 4 transitions at 120 Hz: animd's CPU, missed frames
//   .build/release/animd-bench legs       # 1000 subscribers, 4 transitions: frames "all" against "driven", CPU and bytes
//   .build/release/animd-bench service    # start-up to READY=1, RSS with 1000 clients, 120 Hz pacing, idle wake-ups (60 s)
//   .build/release/animd-bench memory     # RSS idle and with 1000 subscribers on each backend, beside a Swift floor; animctl against socat
//   .build/release/animd-bench touch      # the delay animd adds to touches an application receives (headless Xorg, root)
//   .build/release/animd-bench bindings   # a touch-down and a touch-move with 10, 100 and 1000 edge pans placed on two monitors
//   .build/release/animd-bench transforms # a touch-move with a pinch and a rotation bound beside the default bindings, and without
//   .build/release/animd-bench focus      # the daemon's CPU per focus change (Hyprland's lines), against lines that change nothing
//   .build/release/animd-bench fairness   # a get's latency beside a client's batches of 1,024 requests, against it at rest
//
// A full run ends with one table: every target (docs/performance.md) with what this run measured, met or missed.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let selected = Set(arguments.filter { !$0.hasPrefix("-") })
func wants(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

print("animd-bench — command: \(CommandLine.arguments.joined(separator: " "))")
var results: [TargetResult] = []
// Only a benchmark that could not run fails; its figures never do.
var couldNotRun = false
if wants("curves") { CurveBenchmark.run() }
if wants("request") { results += RequestBenchmark.run() }
if wants("scale") { results += ScaleBenchmark.run() }
if wants("bindings") { results += BindingsBenchmark.run() }
if wants("transforms") { results += TransformBenchmark.run() }
if wants("coldpath") { ColdPathBenchmark.run() }
if wants("fanout") {
    if let fanout = FanoutBenchmark.run(
        smoke: arguments.contains("--smoke"), sameSlice: arguments.contains("--same-slice"))
    {
        results += fanout
    } else {
        couldNotRun = true
    }
}
if wants("sustained") {
    if let sustained = SustainedBenchmark.run(subscribers: 1000, seconds: 10) {
        results += sustained
    } else {
        couldNotRun = true
    }
}
if wants("legs") {
    if let legs = LegBenchmark.run(subscribers: 1000, seconds: 10) { results += legs } else { couldNotRun = true }
}
if wants("service") {
    if let service = ServiceBenchmark.run(clients: 1000, idleSeconds: 60) {
        results += service
    } else {
        couldNotRun = true
    }
}
if wants("memory") {
    if let memory = MemoryBenchmark.run(clients: 1000) { results += memory } else { couldNotRun = true }
}
if wants("touch") {
    if let touch = TouchDelayBenchmark.run() { results += touch } else { couldNotRun = true }
}
if wants("focus") {
    if let focus = FocusBenchmark.run() { results += focus } else { couldNotRun = true }
}
if wants("fairness") {
    if let fairness = FairnessBenchmark.run() { results += fairness } else { couldNotRun = true }
}
if !results.isEmpty { Scorecard.print(results) }
if couldNotRun { exit(1) }
