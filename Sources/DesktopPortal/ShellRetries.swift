/// When `BusFocus` asks the bus again, a value apart from the bus so that it is tested with a clock given: a shell's
/// name whose owner could not be asked (each alone, every `interval` seconds), and GNOME Shell's version, which a
/// shell still starting may not say yet, asked again at most `versionTries` times in a row.
struct ShellRetries {
    let interval: Double
    let versionTries: Int
    /// When to ask again, by the shell's bus name.
    private var due: [String: Double] = [:]
    /// How many times in a row GNOME Shell did not say its version.
    private var versionMisses = 0

    init(interval: Double, versionTries: Int) {
        self.interval = interval
        self.versionTries = versionTries
    }

    /// The next time a name is to be asked about again; nil while none is.
    var next: Double? { due.values.min() }

    /// The names whose time has come, sorted so that the order of asking is the same each run.
    func names(dueAt now: Double) -> [String] { due.filter { $0.value <= now }.keys.sorted() }

    mutating func schedule(_ name: String, now: Double) { due[name] = now + interval }

    mutating func cancel(_ name: String) { due[name] = nil }

    /// GNOME Shell answered about its version (`said`) or did not: whether not saying it deserves another try.
    mutating func versionAsked(said: Bool) -> Bool {
        versionMisses = said ? 0 : versionMisses + 1
        return !said && versionMisses < versionTries
    }
}
