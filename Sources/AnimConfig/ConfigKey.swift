import TextWriting

/// One key of the config, as the reference lists it (`animctl config --keys`, docs/config.md's "Every key"): its
/// name, what its value must be, its default and one line of what it does. Declared once, in `ConfigSchema`, where
/// the reader takes the key's range and the accepted-key lists from.
public struct ConfigKeyEntry: Hashable, Sendable {
    public let name: String
    public let kind: Kind
    /// The default as the file would write it; nil where there is none (required, or none means "not set").
    public let defaultText: String?
    public let doc: String
    /// For a binding's key: the gestures that take it; empty when every binding does.
    public let gestures: [String]

    /// What a value must be.
    public enum Kind: Hashable, Sendable {
        case number(ClosedRange<Double>)
        case integer(ClosedRange<Int>)
        /// A snap point's index of the transition: 0 to its last.
        case snapIndex
        case bool
        case string
        case choice([String])
        /// An array of numbers, of the shape written (`[width, height]`).
        case numbers(String)
        case strings
        case timing
        /// A table whose keys are the user's (a device's name, a snap's index).
        case table(String)
        /// `{ edge = "…", depth = N }` or `[x, y, width, height]`.
        case region

        public var description: String {
            switch self {
            case let .number(range): "number, \(formatNumber(range.lowerBound)) … \(formatNumber(range.upperBound))"
            case let .integer(range): "whole number, \(range.lowerBound) … \(range.upperBound)"
            case .snapIndex: "snap index, 0 … the last"
            case .bool: "true or false"
            case .string: "string"
            case let .choice(choices): choices.map { "\"\($0)\"" }.joined(separator: ", ")
            case let .numbers(shape): "numbers, \(shape)"
            case .strings: "strings"
            case .timing: "timing spec"
            case let .table(shape): "table, \(shape)"
            case .region: "{ edge = \"…\", depth = N } or [x, y, width, height]"
            }
        }
    }
}

/// A key whose value the reader reads as `Value`: a number key is read as a number, with the key's own range, and
/// cannot be read as anything else. Made only by the constructors below, each for its type.
struct ConfigKey<Value>: Sendable {
    let entry: ConfigKeyEntry
    var name: String { entry.name }

    private init(
        _ name: String, _ kind: ConfigKeyEntry.Kind, default defaultText: String?, gestures: [GestureKind],
        _ doc: String
    ) {
        entry = ConfigKeyEntry(
            name: name, kind: kind, defaultText: defaultText, doc: doc, gestures: gestures.map(\.rawValue))
    }

    static func make(
        _ name: String, _ kind: ConfigKeyEntry.Kind, default defaultText: String?, gestures: [GestureKind] = [],
        _ doc: String
    ) -> Self {
        Self(name, kind, default: defaultText, gestures: gestures, doc)
    }
}

extension ConfigKey where Value == Double {
    static func number(
        _ name: String, in range: ClosedRange<Double>, default value: Double?, gestures: [GestureKind] = [],
        _ doc: String
    ) -> Self {
        make(name, .number(range), default: value.map(formatNumber), gestures: gestures, doc)
    }

    var range: ClosedRange<Double> {
        if case let .number(range) = entry.kind { range } else { -.infinity ... .infinity }
    }
}

extension ConfigKey where Value == Int {
    static func integer(
        _ name: String, in range: ClosedRange<Int>, default value: Int?, gestures: [GestureKind] = [], _ doc: String
    ) -> Self {
        make(name, .integer(range), default: value.map(String.init), gestures: gestures, doc)
    }

    var range: ClosedRange<Int> { if case let .integer(range) = entry.kind { range } else { Int.min...Int.max } }
}

/// The index of one of the transition's snap points, whose count the key cannot know.
struct SnapIndex {}

extension ConfigKey where Value == SnapIndex {
    static func snapIndex(_ name: String, default value: String?, gestures: [GestureKind] = [], _ doc: String) -> Self {
        make(name, .snapIndex, default: value, gestures: gestures, doc)
    }
}

extension ConfigKey where Value == Bool {
    static func bool(_ name: String, default value: String?, gestures: [GestureKind] = [], _ doc: String) -> Self {
        make(name, .bool, default: value, gestures: gestures, doc)
    }
}

extension ConfigKey where Value == String {
    static func string(_ name: String, default value: String? = nil, gestures: [GestureKind] = [], _ doc: String)
        -> Self
    {
        make(name, .string, default: value, gestures: gestures, doc)
    }
}

extension ConfigKey where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    static func choice(_ name: String, default value: Value?, gestures: [GestureKind] = [], _ doc: String) -> Self {
        make(
            name, .choice(Value.allCases.map(\.rawValue)), default: value.map { "\"\($0.rawValue)\"" },
            gestures: gestures, doc)
    }
}

extension ConfigKey where Value == [Double] {
    static func numbers(
        _ name: String, shape: String, default value: String?, gestures: [GestureKind] = [], _ doc: String
    ) -> Self {
        make(name, .numbers(shape), default: value, gestures: gestures, doc)
    }
}

extension ConfigKey where Value == [String] {
    static func strings(_ name: String, default value: String?, gestures: [GestureKind] = [], _ doc: String) -> Self {
        make(name, .strings, default: value, gestures: gestures, doc)
    }
}
