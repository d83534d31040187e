import Motion

/// The reader's accessors by `ConfigKey`: the key's name, and the range it declares, come from the schema; the
/// messages are the accessors' by name, so a key read either way is refused in the same words.
extension ConfigReader {
    /// Records every key of `t` that `known` does not declare.
    mutating func expectKeys(_ t: ConfigTable, _ p: ConfigPath, _ known: [ConfigKeyEntry]) {
        expectKeys(t, p, known.map(\.name))
    }

    mutating func number(_ t: ConfigTable, _ key: ConfigKey<Double>, _ p: ConfigPath) -> Double? {
        number(t, key.name, p, in: key.range)
    }

    mutating func integer(_ t: ConfigTable, _ key: ConfigKey<Int>, _ p: ConfigPath) -> Int? {
        integer(t, key.name, p, in: key.range)
    }

    /// A snap point's index, 0 to `last`; nil (and no error) while the transition, and so its last snap, is unknown.
    mutating func snapIndex(_ t: ConfigTable, _ key: ConfigKey<SnapIndex>, _ p: ConfigPath, last: Int?) -> Int? {
        last.flatMap { integer(t, key.name, p, in: 0...$0) }
    }

    mutating func boolean(_ t: ConfigTable, _ key: ConfigKey<Bool>, _ p: ConfigPath) -> Bool? {
        boolean(t, key.name, p)
    }

    mutating func string(_ t: ConfigTable, _ key: ConfigKey<String>, _ p: ConfigPath) -> String? {
        string(t, key.name, p)
    }

    mutating func numbers(_ t: ConfigTable, _ key: ConfigKey<[Double]>, _ p: ConfigPath) -> [Double]? {
        numbers(t, key.name, p)
    }

    mutating func strings(_ t: ConfigTable, _ key: ConfigKey<[String]>, _ p: ConfigPath) -> [String]? {
        strings(t, key.name, p)
    }

    mutating func choice<E: RawRepresentable & CaseIterable>(_ t: ConfigTable, _ key: ConfigKey<E>, _ p: ConfigPath)
        -> E?
    where E.RawValue == String {
        choice(t, key.name, p, E.self)
    }

    mutating func timingSpec(_ t: ConfigTable, _ key: ConfigKey<TimingSpec>, _ p: ConfigPath) -> TimingSpec? {
        timingSpec(t, key.name, p)
    }

    mutating func table(_ t: ConfigTable, _ key: ConfigKey<ConfigTable>, _ p: ConfigPath) -> ConfigTable? {
        table(t, key.name, path: p / key.name)
    }
}

extension ConfigReader {
    /// Records `message` about `key` of the table at `p`.
    mutating func error<Value>(_ p: ConfigPath, _ key: ConfigKey<Value>, _ message: String) {
        error(p / key.name, message)
    }
}
