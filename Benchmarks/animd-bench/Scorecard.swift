/// One performance target (docs/performance.md, issue 9) as a benchmark measured it in this run.
struct TargetResult {
    let figure: String
    let target: String
    let measured: String
    let met: Bool
}

/// The table `make bench` ends with: every target the benchmarks that ran could measure, met or missed.
enum Scorecard {
    static func print(_ results: [TargetResult]) {
        let figureWidth = max(6, results.map(\.figure.count).max() ?? 0)
        let targetWidth = max(6, results.map(\.target.count).max() ?? 0)
        let measuredWidth = max(8, results.map(\.measured.count).max() ?? 0)
        Swift.print("\n== targets: \(results.filter(\.met).count) of \(results.count) met in this run")
        Swift.print(
            "\(pad("figure", figureWidth))  \(pad("target", targetWidth))  \(pad("measured", measuredWidth))  status")
        for result in results {
            Swift.print(
                "\(pad(result.figure, figureWidth))  \(pad(result.target, targetWidth))  \(pad(result.measured, measuredWidth))  "
                    + (result.met ? "met" : "missed"))
        }
    }
}
