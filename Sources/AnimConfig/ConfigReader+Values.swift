import Gestures
import Motion
import TextWriting
import Transitions

/// The reader's accessors of values by kind: each reads one key of a table as its kind, within its range, and
/// records a mistake at the key's place, so that every key of a kind is refused in the same words.
extension ConfigReader {
    mutating func expectKeys(_ t: ConfigTable, _ p: ConfigPath, _ known: [String]) {
        for key in t.keys where !known.contains(key) {
            error(p / key, "unknown key (expected one of: \(known.joined(separator: ", ")))", at: .key)
        }
    }

    mutating func table(_ t: ConfigTable, _ key: String, path: ConfigPath) -> ConfigTable? {
        guard let value = t[key] else { return nil }
        guard let table = value.table else { error(path, "must be a table"); return nil }
        return table
    }

    /// What a value of the wrong type is, for its error: `the string "0.35"`, `the number 2.5`, `true`, `a table`.
    static func describe(_ node: ConfigNode) -> String {
        switch node.value {
        case let .string(text): "the string \"\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))\""
        case let .bool(bool): "\(bool)"
        case let .integer(int): "the number \(int)"
        case let .float(double): "the number \(formatNumber(double))"
        case .array: "an array"
        case .table: "a table"
        case .dateOrTime: "a date or time"
        }
    }

    mutating func string(_ t: ConfigTable, _ key: String, _ p: ConfigPath) -> String? {
        guard let value = t[key] else { return nil }
        guard let text = value.string else {
            error(p / key, "must be a string, got \(Self.describe(value))"); return nil
        }
        return text
    }

    mutating func boolean(_ t: ConfigTable, _ key: String, _ p: ConfigPath) -> Bool? {
        guard let value = t[key] else { return nil }
        guard let flag = value.bool else {
            error(p / key, "must be true or false, got \(Self.describe(value))"); return nil
        }
        return flag
    }

    mutating func number(_ t: ConfigTable, _ key: String, _ p: ConfigPath, in range: ClosedRange<Double>) -> Double? {
        guard let value = t[key] else { return nil }
        guard let number = value.number else {
            error(p / key, "must be a number, got \(Self.describe(value))")
            return nil
        }
        guard range.contains(number) else {
            error(
                p / key,
                "must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), got \(formatNumber(number))"
            )
            return nil
        }
        return number
    }

    mutating func integer(_ t: ConfigTable, _ key: String, _ p: ConfigPath, in range: ClosedRange<Int>) -> Int? {
        guard let value = t[key] else { return nil }
        guard let number = value.int else {
            error(p / key, "must be a whole number, got \(Self.describe(value))"); return nil
        }
        guard range.contains(number) else {
            error(p / key, "must be between \(range.lowerBound) and \(range.upperBound), got \(number)")
            return nil
        }
        return number
    }

    mutating func numbers(_ t: ConfigTable, _ key: String, _ p: ConfigPath) -> [Double]? {
        array(t, key, p, of: "numbers", \.number)
    }

    mutating func strings(_ t: ConfigTable, _ key: String, _ p: ConfigPath) -> [String]? {
        array(t, key, p, of: "strings", \.string)
    }

    /// An array whose every element `element` reads, or nil (with the error recorded) when one does not.
    private mutating func array<Element>(
        _ t: ConfigTable, _ key: String, _ p: ConfigPath, of kind: String,
        _ element: (ConfigNode) -> Element?
    ) -> [Element]? {
        guard let value = t[key] else { return nil }
        guard let array = value.array else { error(p / key, "must be an array of \(kind)"); return nil }
        let elements = array.compactMap(element)
        guard elements.count == array.count else { error(p / key, "must be an array of \(kind)"); return nil }
        return elements
    }

    mutating func choice<E: RawRepresentable & CaseIterable>(
        _ t: ConfigTable, _ key: String, _ p: ConfigPath, _: E.Type
    ) -> E? where E.RawValue == String {
        guard let text = string(t, key, p) else { return nil }
        guard let value = E(rawValue: text) else {
            error(
                p / key,
                "must be one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(text)\"")
            return nil
        }
        return value
    }

    mutating func timingSpec(_ t: ConfigTable, _ key: String, _ p: ConfigPath) -> TimingSpec? {
        guard let text = string(t, key, p) else { return nil }
        do {
            return try TimingSpec(parsing: text)
        } catch {
            self.error(p / key, "bad timing spec \(quotedExcerpt(text)): \(error)")
            return nil
        }
    }
}
