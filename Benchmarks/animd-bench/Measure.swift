import Foundation

/// Nanoseconds per call of `body`, the best of `rounds` rounds of `iterations` calls.
/// The minimum is the figure least disturbed by other load on a shared machine.
func nanosecondsPerOperation(iterations: Int = 2_000_000, rounds: Int = 7, _ body: (Int) -> Double) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        var sum = 0.0
        for i in 0..<iterations { sum += body(i) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        // Using the result keeps the optimizer from removing the measured work.
        if sum.isNaN { print("(a measured value was NaN)") }
        best = min(best, elapsed / Double(iterations))
    }
    return best
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// The value at quantile `q` (0...1) of an ascending array, the nearest rank below: p50 is `sorted[count / 2]`.
func percentile<Value>(_ sorted: [Value], _ q: Double) -> Value {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
}

/// A numeric field of a /proc status file ("VmRSS:\t  31992 kB" → 31992), nil when it is missing.
func procStatusField(_ status: String, _ name: String) -> Int? {
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
    return line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
}
