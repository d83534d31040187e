public import Gestures
import Motion
import TextWriting
import Transitions

/// Reads TOML config layers into a `DaemonConfig`, collecting every problem
/// with its file, line, column and key rather than stopping at the first.
public enum ConfigParser {
    /// One layer alone, exactly as written: what a test or the fuzzer means by "this config".
    public static func parse(_ text: String, name: String = "") throws(ConfigErrors) -> DaemonConfig {
        try load([ConfigLayer(name: name, text: text)]).config
    }

    /// The user's file laid over the embedded default (docs/config.md, "Layers"), unless it says `defaults = false`.
    public static func load(user: ConfigLayer?) throws(ConfigErrors) -> LoadedConfig {
        guard let user else { return try load([.embeddedDefault]) }
        let top = try table(of: user)
        if let switchNode = top["defaults"] {
            guard let keep = switchNode.bool else {
                throw ConfigErrors(errors: [
                    ConfigError(
                        at: switchNode.origin, column: switchNode.origin.valueColumn, key: "defaults",
                        message: "must be true or false, got \(ConfigReader.describe(switchNode))")
                ])
            }
            if !keep { return try read([top], layers: [user.name]) }
        }
        return try read([try table(of: .embeddedDefault), top], layers: [ConfigLayer.defaultName, user.name])
    }

    /// Layers in order, each laid over the ones before it.
    static func load(_ layers: [ConfigLayer]) throws(ConfigErrors) -> LoadedConfig {
        var tables: [ConfigTable] = []
        var errors: [ConfigError] = []
        for layer in layers {
            do { tables.append(try table(of: layer)) } catch { errors += error.errors }
        }
        guard errors.isEmpty else { throw ConfigErrors(errors: errors) }
        return try read(tables, layers: layers.map(\.name))
    }

    private static func read(_ tables: [ConfigTable], layers: [String]) throws(ConfigErrors) -> LoadedConfig {
        let merged = tables.dropFirst().reduce(tables.first ?? ConfigTable()) { $0.merging($1) }
        var reader = ConfigReader(tree: merged, fallbackLayer: layers.last ?? "")
        let config = reader.read(merged)
        guard reader.errors.isEmpty else { throw ConfigErrors(errors: reader.errors) }
        let entries = merged.leaves().filter { $0.path != ConfigPath("defaults") }
            .map { ConfigEntry(value: $0.node.tomlText, origin: $0.node.origin, path: $0.path) }
        return LoadedConfig(config: config, layers: layers, entries: entries)
    }

    /// One layer's text as a tree, or its syntax error.
    static func table(of layer: ConfigLayer) throws(ConfigErrors) -> ConfigTable {
        do {
            return try TOMLReader.read(layer.text, layer: layer.name)
        } catch {
            throw ConfigErrors(errors: [
                ConfigError(
                    file: layer.name, line: error.position.line, column: error.position.column, key: error.key,
                    message: error.message)
            ])
        }
    }
}

/// Walks the merged tree; every accessor records a located error instead of throwing.
struct ConfigReader {
    let tree: ConfigTable
    /// The layer blamed for a key that is missing everywhere: the user's.
    let fallbackLayer: String
    var errors: [ConfigError] = []

    enum Part { case key, value }

    /// Records `message` about `path`, at its value (or, for `.key`, the key), or at its nearest written parent.
    mutating func error(_ path: ConfigPath, _ message: String, at part: Part = .value) {
        for dropped in 0..<path.keys.count {
            guard let node = tree.node(at: path.dropLast(dropped).keys) else { continue }
            let column = dropped == 0 && part == .value ? node.origin.valueColumn : node.origin.keyColumn
            errors.append(ConfigError(at: node.origin, column: column, key: path.description, message: message))
            return
        }
        errors.append(ConfigError(file: fallbackLayer, line: 1, column: 1, key: path.description, message: message))
    }

    /// A transition or binding of the file is named by the rule a declared one is (`Declaration.nameProblem`): a
    /// dotted or empty name would be split again wherever its key path is, and its errors placed at its parent's
    /// line. Such a name is refused at its own key, and nothing under it is read. True when refused.
    mutating func refusesName(_ name: String, in section: ConfigTable, under path: ConfigPath) -> Bool {
        guard let problem = Declaration.nameProblem(name), let node = section[name] else { return false }
        var key = path.description + "."
        appendQuoted(excerpt(name, bytes: 80), to: &key)
        errors.append(ConfigError(at: node.origin, column: node.origin.keyColumn, key: key, message: problem))
        return true
    }

    /// Records `message` about `path` at the place `node` was written (an element of an array).
    mutating func error(at node: ConfigNode, _ path: ConfigPath, _ message: String) {
        errors.append(
            ConfigError(at: node.origin, column: node.origin.valueColumn, key: path.description, message: message))
    }

    mutating func read(_ root: ConfigTable) -> DaemonConfig {
        var config = DaemonConfig()
        expectKeys(root, ConfigPath(), ConfigSchema.Root.keys)
        if let daemon = table(root, "daemon", path: ConfigPath("daemon")) { config.daemon = readDaemon(daemon) }
        if let input = table(root, "input", path: ConfigPath("input")) { config.input = readInput(input) }
        if let transitions = table(root, "transitions", path: ConfigPath("transitions")) {
            config.transitions = readTransitions(transitions)
        }
        var disabled: Set<String> = []
        if let bindings = table(root, "bindings", path: ConfigPath("bindings")) {
            (config.bindings, disabled) = readBindings(bindings, transitions: config.transitions)
        }
        let names = Set(config.bindings.map(\.name))
        for (index, binding) in config.bindings.enumerated() {
            for other in binding.requireToFail where !names.contains(other) && !disabled.contains(other) {
                error(ConfigPath("bindings", binding.name, "require-to-fail"), "no binding is named \"\(other)\"")
            }
            config.bindings[index].requireToFail.removeAll { disabled.contains($0) }
        }
        return config
    }

    /// `[transitions]`: each table a transition, up to the daemon's bound.
    private mutating func readTransitions(_ transitions: ConfigTable) -> [TransitionConfig] {
        if transitions.keys.count > DaemonConfig.maximumTransitions {
            error(
                ConfigPath("transitions"),
                "has \(transitions.keys.count) transitions; at most \(DaemonConfig.maximumTransitions)", at: .key)
        }
        var read: [TransitionConfig] = []
        for name in transitions.keys.prefix(DaemonConfig.maximumTransitions) {
            guard !refusesName(name, in: transitions, under: ConfigPath("transitions")),
                let body = table(transitions, name, path: ConfigPath("transitions", name))
            else { continue }
            read.append(readTransition(name, body))
        }
        return read
    }

    /// `[bindings]`: the bindings read, up to the daemon's bound, and the names of those `enabled = false` takes out.
    private mutating func readBindings(_ bindings: ConfigTable, transitions: [TransitionConfig])
        -> (bindings: [BindingConfig], disabled: Set<String>)
    {
        // A binding with neither transition nor gesture in any layer changes one that does not exist: most
        // likely a misspelt name, which would otherwise be "transition: is required" or pass unnoticed.
        let defined = bindings.keys.filter {
            bindings[$0]?.table.map { $0["transition"] != nil || $0["gesture"] != nil } ?? false
        }
        if bindings.keys.count > DaemonConfig.maximumBindings {
            error(
                ConfigPath("bindings"),
                "has \(bindings.keys.count) bindings; at most \(DaemonConfig.maximumBindings)", at: .key)
        }
        var (read, disabled): ([BindingConfig], Set<String>) = ([], [])
        for name in bindings.keys.prefix(DaemonConfig.maximumBindings) {
            guard !refusesName(name, in: bindings, under: ConfigPath("bindings")),
                let body = table(bindings, name, path: ConfigPath("bindings", name)),
                acceptsBindingName(name, defined: defined)
            else { continue }
            if boolean(body, ConfigSchema.Binding.enabled, ConfigPath("bindings", name)) == false {
                disabled.insert(name)
            } else if let binding = readBinding(name, body, transitions: transitions) {
                read.append(binding)
            }
        }
        return (read, disabled)
    }

    /// Whether a binding may go by `name`: not a built-in gesture's, and one that some layer defines.
    private mutating func acceptsBindingName(_ name: String, defined: [String]) -> Bool {
        if BuiltInGesture(rawValue: name) != nil {
            error(
                ConfigPath("bindings", name),
                "\"\(name)\" is reserved: animd's touchpad \(name) is published as gesture.changed "
                    + "under that name; give the binding another name", at: .key)
            return false
        }
        guard defined.contains(name) else {
            error(ConfigPath("bindings", name), Self.unknownBinding(name, defined: defined), at: .key)
            return false
        }
        return true
    }

    mutating func readDaemon(_ t: ConfigTable) -> DaemonSettings {
        read(t, ConfigPath("daemon"), ConfigSchema.Daemon.table)
    }

    mutating func readInput(_ t: ConfigTable) -> InputSettings {
        read(t, ConfigPath("input"), ConfigSchema.Input.table)
    }

    /// `on-tablet-mode = { on = ["program", "arg", …], off = […] }`: argvs run without a shell, as `on-snap`'s.
    mutating func readTabletModeActions(_ t: ConfigTable, _ p: ConfigPath) -> [Bool: [String]] {
        var actions: [Bool: [String]] = [:]
        for key in t.keys {
            guard key == "on" || key == "off" else {
                error(p / key, "must be \"on\" or \"off\": the command run going into tablet mode, or out of it")
                continue
            }
            guard let argv = strings(t, key, p) else { continue }
            if let problem = SnapAction.problem(with: argv) { error(p / key, problem); continue }
            actions[key == "on"] = argv
        }
        return actions
    }

    mutating func readTransition(_ name: String, _ t: ConfigTable) -> TransitionConfig {
        let p = ConfigPath("transitions", name)
        typealias Key = ConfigSchema.Transition
        expectKeys(t, p, Key.keys)
        var c = TransitionConfig(name: name)
        if let snaps = readSnapPoints(t, p) { c.snapPoints = snaps }
        if let timing = timingSpec(t, Key.timing, p) { c.timing = timing }
        if let duration = number(t, Key.duration, p) { c.duration = duration }
        var (rate, fraction, velocity) = Key.release
        if let r = number(t, Key.decelerationRate, p) { rate = r }
        if let f = number(t, Key.thresholdFraction, p) { fraction = f }
        if let v = number(t, Key.thresholdVelocity, p) { velocity = v }
        switch choice(t, Key.releaseRule, p) ?? .projection {
        case .projection: c.release = .projection(rate: rate)
        case .threshold: c.release = .threshold(fraction: fraction, velocity: velocity)
        }
        if let reach = integer(t, Key.reach, p) { c.reach = reach }
        if let band = number(t, Key.rubberBand, p) { c.rubberBand = band }
        if let speed = number(t, Key.completionSpeed, p) { c.completionSpeed = speed }
        if let initial = snapIndex(t, Key.initialSnap, p, last: c.lastSnap) { c.initialSnap = initial }
        if let actions = table(t, Key.onSnap, p) {
            c.onSnap = readActions(actions, p / "on-snap", lastSnap: c.lastSnap)
        }
        return c
    }

    /// `snap-points`, when given and valid: 2 to the bound, increasing, each within range.
    private mutating func readSnapPoints(_ t: ConfigTable, _ p: ConfigPath) -> [Double]? {
        typealias Key = ConfigSchema.Transition
        guard let snaps = numbers(t, Key.snapPoints, p) else { return nil }
        let range = TransitionConfig.snapPointRange
        if let outside = zip(snaps, t[Key.snapPoints.name]?.array ?? []).first(where: { !range.contains($0.0) }) {
            // At the number itself: nan, inf and 1e308 are each one value among many.
            error(
                at: outside.1, p / "snap-points",
                "each must be between \(formatNumber(range.lowerBound)) and "
                    + "\(formatNumber(range.upperBound)), got \(formatNumber(outside.0))")
        } else if snaps.count < 2 {
            error(p, Key.snapPoints, "needs at least 2 snap points")
        } else if snaps.count > TransitionConfig.maximumSnapPoints {
            error(p, Key.snapPoints, "has \(snaps.count) snap points; at most \(TransitionConfig.maximumSnapPoints)")
        } else if zip(snaps, snaps.dropFirst()).contains(where: { $0 >= $1 }) {
            error(p, Key.snapPoints, "must be strictly increasing")
        } else {
            return snaps
        }
        return nil
    }

    /// `on-snap.N = ["program", "arg", …]`: an argv run without a shell, so nothing in it is expanded or split.
    mutating func readActions(_ t: ConfigTable, _ p: ConfigPath, lastSnap: Int) -> [Int: [String]] {
        var actions: [Int: [String]] = [:]
        for key in t.keys {
            guard let snap = Int(key), (0...lastSnap).contains(snap), String(snap) == key else {
                error(p / key, "must be a snap index from 0 to \(lastSnap)")
                continue
            }
            guard let argv = strings(t, key, p) else { continue }
            if let problem = SnapAction.problem(with: argv) { error(p / key, problem); continue }
            actions[snap] = argv
        }
        return actions
    }

    /// What to say of a binding that changes one no layer defines: the nearest name, the names there are, and how
    /// to make a new one.
    static func unknownBinding(_ name: String, defined: [String]) -> String {
        var message = "no binding is named \"\(name)\""
        // Bounded: a hostile config's names may be long or many, and the distance costs their lengths' product.
        let candidates = name.count <= 64 && defined.count <= 256 ? defined.filter { $0.count <= 64 } : []
        if let nearest = candidates.min(by: { editDistance($0, name) < editDistance($1, name) }),
            editDistance(nearest, name) <= 3
        {
            message += "; did you mean \"\(nearest)\"?"
        }
        // At most 20 names: each such error lists them, and a hostile config may have thousands of both.
        let listed =
            defined.prefix(20).joined(separator: ", ") + (defined.count > 20 ? ", … (\(defined.count) in all)" : "")
        message += " The bindings are: " + (defined.isEmpty ? "none" : listed)
        return message + ". A new binding needs transition and gesture."
    }
}

extension Axis: CaseIterable {
    public static let allCases: [Axis] = [.horizontal, .vertical]
}
