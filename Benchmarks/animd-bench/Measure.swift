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
