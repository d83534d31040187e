/// Negative numbers on animctl's command line.
///
/// ArgumentParser takes every token that starts with "-" for an option (apple/swift-argument-parser#31, open), so
/// `animctl animate pager -1` said "Missing expected argument" and `--velocity -2` "Missing value", instead of
/// reaching the command and animd's range checks. Numeric options parse their value unconditionally, which
/// covers `--velocity -2`. A negative number anywhere else is a positional: it is marked with U+2212 (minus)
/// before parsing, which ArgumentParser leaves alone, and `signed` reads it back. animctl has no option whose
/// name is a digit, so no option is lost to this.
enum NegativeNumbers {
    static let minus = "\u{2212}"

    /// `-1`, `-0`, `-0.5`, `-.5`, `-1e3`: what Double reads, after one "-".
    static func isNegativeNumber(_ token: String) -> Bool {
        token.hasPrefix("-") && !token.hasPrefix("--") && Double(token) != nil
    }

    /// The arguments with each negative number that is not an option's value marked.
    static func marked(_ arguments: [String]) -> [String] {
        var result: [String] = []
        for token in arguments {
            let previous = result.last ?? ""
            let isOptionValue = previous.hasPrefix("--") && !previous.contains("=")
            if isNegativeNumber(token) && !isOptionValue {
                result.append(minus + token.dropFirst())
            } else {
                result.append(token)
            }
        }
        return result
    }

    /// A positional number, marked or not.
    static func signed<T: LosslessStringConvertible>(_ text: String) throws -> T {
        let plain = text.hasPrefix(minus) ? "-" + text.dropFirst() : text
        guard let value = T(plain) else { throw SignedNumberError(text: plain) }
        return value
    }
}

struct SignedNumberError: Error, CustomStringConvertible {
    let text: String
    var description: String { "\"\(text)\" is not a number" }
}
