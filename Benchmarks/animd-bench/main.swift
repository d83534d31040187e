// animd-bench: the project's benchmarks. Each prints its figures next to a
// baseline measured in the same run, so that a noisy machine shows in both.
//
//   .build/release/animd-bench            # everything
//   .build/release/animd-bench curves     # curve and spring evaluation, ns/op
//   .build/release/animd-bench request    # parsing a request and encoding a frame, µs/op
//   .build/release/animd-bench fanout     # input.inject → progress at N subscribers, against a C server
//   .build/release/animd-bench fanout --smoke   # one short row (N = 10): CI checks that it runs
//   .build/release/animd-bench fanout --same-slice   # the C server asks for animd's scheduler slice too
//   .build/release/animd-bench sustained  # 1000 subscribers, 4 transitions at 120 Hz: animd's CPU, missed frames
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let selected = Set(arguments.filter { !$0.hasPrefix("-") })
func wants(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

print("animd-bench — command: \(CommandLine.arguments.joined(separator: " "))")
if wants("curves") { CurveBenchmark.run() }
if wants("request") { RequestBenchmark.run() }
// Only a benchmark that could not run fails; its figures never do.
if wants("fanout"), !FanoutBenchmark.run(smoke: arguments.contains("--smoke"), sameSlice: arguments.contains("--same-slice")) { exit(1) }
if wants("sustained"), !SustainedBenchmark.run(subscribers: 1000, seconds: 10) { exit(1) }
