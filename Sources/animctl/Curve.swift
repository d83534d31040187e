import AnimProtocol
import ArgumentParser
import Glibc
import JSONText
import Motion

extension AnimCtl {
    /// Previews a timing spec before it goes into the config.
    struct Curve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sample a timing spec (a 0→1 animation) and draw it or print it as JSON.",
            discussion: TimingSpec.grammarSummary + """


                For example:
                  animctl curve ease-out
                  animctl curve 'cubic-bezier(0.17,0.67,0.76,1)' --duration 0.4
                  animctl curve 'spring(damping-ratio=0.6, response=0.4)' --json
                """
        )

        @Argument(help: "The timing spec.")
        var spec: String

        @Option(
            parsing: .unconditional,
            help: "Seconds to sample (default: 1 for cubic curves, the settling time for springs).")
        var duration: Double?

        @Option(parsing: .unconditional, help: "How many equal steps from 0 to the duration, both ends included.")
        var samples: Int = 101

        @Flag(help: "Print {\"spec\", \"duration\", \"samples\": [[t, progress], …]} as one JSON object.")
        var json = false

        func validate() throws {
            guard samples >= 2 else { throw ValidationError("--samples must be at least 2") }
            if let duration, !(duration > 0 && duration.isFinite) {
                throw ValidationError("--duration must be a positive number of seconds")
            }
        }

        func run() throws {
            let timing: TimingSpec
            do {
                timing = try TimingSpec(parsing: spec)
            } catch {
                fail(
                    "animctl: bad timing spec: \(error)\n  \(spec)\n  \(String(repeating: " ", count: error.column - 1))^",
                    status: .usage)
            }
            let preview = CurvePreview(timing: timing, duration: duration, sampleCount: samples)
            print(json ? preview.json : preview.chart())
        }
    }
}

/// Samples of a 0 → 1 animation under one timing spec.
struct CurvePreview {
    let timing: TimingSpec
    let duration: Double
    let settlingTime: Double?
    let samples: [(t: Double, progress: Double)]

    init(timing: TimingSpec, duration requested: Double?, sampleCount: Int) {
        self.timing = timing
        let spring = (timing.isSpring ? timing : nil).flatMap { spec -> SpringCurve? in
            if case let .spring(s) = spec { return s.curve }
            return nil
        }
        settlingTime = spring?.settlingTime()
        duration = requested ?? settlingTime ?? 1
        var animator = Animator(duration: duration, timing: timing)
        // An inactive animator always starts.
        try? animator.startAnimation(at: 0)
        let duration = duration
        samples = (0..<sampleCount).map { i in
            let t = i == sampleCount - 1 ? duration : duration * Double(i) / Double(sampleCount - 1)
            return (t, animator.value(at: t))
        }
    }

    var overshoot: Double { max(0, (samples.map(\.progress).max() ?? 1) - 1) }

    var json: String {
        JSONWriter.string(
            .object([
                ("spec", .string(timing.description)), ("duration", .number(duration)),
                ("samples", .array(samples.map { .array([.number($0.t), .number($0.progress)]) })),
            ]))
    }

    /// A plot of progress against time, `width` columns by `height` rows.
    func chart(width: Int = 64, height: Int = 16) -> String {
        let values = samples.map(\.progress)
        let low = min(0, values.min() ?? 0), high = max(1, values.max() ?? 1)
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        func row(_ value: Double) -> Int {
            let r = Int(((high - value) / (high - low) * Double(height - 1)).rounded())
            return min(max(r, 0), height - 1)
        }
        for column in 0..<width {
            grid[row(1)][column] = "·"
            grid[row(0)][column] = "·"
        }
        for column in 0..<width {
            let t = duration * Double(column) / Double(width - 1)
            let index = min(Int((t / duration * Double(samples.count - 1)).rounded()), samples.count - 1)
            grid[row(values[index])][column] = "●"
        }
        var lines = ["spec      \(timing)", "duration  \(format(duration)) s"]
        if let settlingTime {
            lines.append("settles   \(format(settlingTime)) s (|x| < 0.001)")
            lines.append("overshoot \(format(overshoot * 100)) %")
        }
        lines.append("")
        for (r, cells) in grid.enumerated() {
            let label = r == row(1) ? "1.0 ┤" : r == row(0) ? "0.0 ┤" : "    │"
            lines.append(label + String(cells))
        }
        lines.append("    └" + String(repeating: "─", count: width))
        let end = "\(format(duration)) s"
        lines.append("     0" + String(repeating: " ", count: max(1, width - 1 - end.count)) + end)
        return lines.joined(separator: "\n")
    }

    private func format(_ value: Double) -> String { cFormatted("%.3f", value) }
}
