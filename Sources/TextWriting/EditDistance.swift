/// Levenshtein's distance between two words, over characters: how a mistyped name finds the one meant ("did you
/// mean"), in the config and on animd's command line. Quadratic in the words' lengths, which callers bound.
public func editDistance(_ a: some StringProtocol, _ b: some StringProtocol) -> Int {
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
