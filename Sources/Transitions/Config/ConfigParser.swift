public import Gestures
import Motion
import TOMLKit

/// Reads the TOML config into a `DaemonConfig`, collecting every problem with
/// its line, column and key rather than stopping at the first.
public enum ConfigParser {
    public static func parse(_ text: String) throws(ConfigErrors) -> DaemonConfig {
        if let stray = TOMLPrecheck.firstNonASCIIOutsideStrings(text) {
            let message = stray.nonASCII
                ? "\"\(stray.character)\" outside a string or comment: TOML keys are ASCII (A-Z, a-z, 0-9, _ and -); quote the key"
                : "a table header must start with a key, not " + (stray.character.isNewline || stray.character == " " ? "a line break" : "\"\(stray.character)\"")
            throw ConfigErrors(errors: [ConfigError(line: stray.line, column: stray.column, key: "", message: message)])
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigErrors(errors: [ConfigError(line: error.source.begin.line, column: error.source.begin.column,
                                                    key: "", message: error.description)])
        } catch {
            throw ConfigErrors(errors: [ConfigError(line: 1, column: 1, key: "", message: "\(error)")])
        }
        var reader = Reader(locator: KeyLocator(text))
        let config = reader.read(root)
        guard reader.errors.isEmpty else { throw ConfigErrors(errors: reader.errors) }
        return config
    }
}

/// Walks the TOML tree; every accessor records a located error instead of throwing.
private struct Reader {
    let locator: KeyLocator
    var errors: [ConfigError] = []

    mutating func error(_ path: String, _ message: String) {
        let position = locator.position(of: path)
        errors.append(ConfigError(line: position.line, column: position.column, key: path, message: message))
    }

    mutating func read(_ root: TOMLTable) -> DaemonConfig {
        var config = DaemonConfig()
        expectKeys(root, "", ["daemon", "input", "transitions", "bindings"])
        if let daemon = table(root, "daemon", path: "daemon") { config.daemon = readDaemon(daemon) }
        if let input = table(root, "input", path: "input") { config.input = readInput(input) }
        if let transitions = table(root, "transitions", path: "transitions") {
            for name in inFileOrder(transitions.keys, "transitions") {
                guard let body = table(transitions, name, path: "transitions.\(name)") else { continue }
                config.transitions.append(readTransition(name, body))
            }
        }
        if let bindings = table(root, "bindings", path: "bindings") {
            for name in inFileOrder(bindings.keys, "bindings") {
                guard let body = table(bindings, name, path: "bindings.\(name)") else { continue }
                if let binding = readBinding(name, body, transitions: config.transitions) { config.bindings.append(binding) }
            }
        }
        let names = Set(config.bindings.map(\.name))
        for binding in config.bindings {
            for other in binding.requireToFail where !names.contains(other) {
                error("bindings.\(binding.name).require-to-fail", "no binding is named \"\(other)\"")
            }
        }
        return config
    }

    mutating func readDaemon(_ t: TOMLTable) -> DaemonSettings {
        let p = "daemon"
        expectKeys(t, p, ["frame-rate", "screen", "max-clients", "max-subscriptions", "max-backlog"])
        var settings = DaemonSettings()
        if let rate = number(t, "frame-rate", p, in: 1...1000) { settings.frameRate = rate }
        if let screen = numbers(t, "screen", p) {
            if screen.count == 2, screen.allSatisfy({ $0 >= 1 }) {
                settings.screenWidth = screen[0]; settings.screenHeight = screen[1]
            } else {
                error("\(p).screen", "must be [width, height] in pixels")
            }
        }
        if let clients = integer(t, "max-clients", p, in: 1...100_000) { settings.maxClients = clients }
        if let subscriptions = integer(t, "max-subscriptions", p, in: 1...10_000) { settings.maxSubscriptions = subscriptions }
        if let backlog = integer(t, "max-backlog", p, in: 4096...(1 << 30)) { settings.maxBacklog = backlog }
        return settings
    }

    mutating func readInput(_ t: TOMLTable) -> InputSettings {
        let p = "input"
        expectKeys(t, p, ["pressure-release", "pressure-cap", "touchscreens", "touch-edges", "backend"])
        var settings = InputSettings()
        if let delay = number(t, "pressure-release", p, in: 0.02...2) { settings.pressureReleaseDelay = delay }
        if let cap = number(t, "pressure-cap", p, in: 1...200) { settings.pressureCap = cap }
        if let edges = enumValue(t, "touch-edges", p, TouchEdges.self) { settings.touchEdges = edges }
        if let backend = enumValue(t, "backend", p, BackendSetting.self) { settings.backend = backend }
        if let screens = table(t, "touchscreens", path: "\(p).touchscreens") {
            for device in screens.keys {
                if let output = string(screens, device, "\(p).touchscreens") { settings.touchscreens[device] = output }
            }
        }
        return settings
    }

    mutating func readTransition(_ name: String, _ t: TOMLTable) -> TransitionConfig {
        let p = "transitions.\(name)"
        expectKeys(t, p, ["snap-points", "timing", "duration", "release", "deceleration-rate", "threshold-fraction",
                          "threshold-velocity", "reach", "rubber-band", "completion-speed", "initial-snap", "on-snap"])
        var c = TransitionConfig(name: name)
        if let snaps = numbers(t, "snap-points", p) {
            if snaps.count < 2 {
                error("\(p).snap-points", "needs at least 2 snap points")
            } else if zip(snaps, snaps.dropFirst()).contains(where: { $0 >= $1 }) {
                error("\(p).snap-points", "must be strictly increasing")
            } else {
                c.snapPoints = snaps
            }
        }
        if let timing = timingSpec(t, "timing", p) { c.timing = timing }
        if let duration = number(t, "duration", p, in: LegLimits.duration) { c.duration = duration }
        var rate = 0.998, fraction = 0.5, velocity = 1000.0
        if let r = number(t, "deceleration-rate", p, in: 0.5...0.99999) { rate = r }
        if let f = number(t, "threshold-fraction", p, in: 0...1) { fraction = f }
        if let v = number(t, "threshold-velocity", p, in: 0...100_000) { velocity = v }
        switch string(t, "release", p) {
        case nil, "projection": c.release = .projection(rate: rate)
        case "threshold": c.release = .threshold(fraction: fraction, velocity: velocity)
        case let other?: error("\(p).release", "must be \"projection\" or \"threshold\", not \"\(other)\"")
        }
        if let reach = integer(t, "reach", p, in: 1...1000) { c.reach = reach }
        if let band = number(t, "rubber-band", p, in: 0...1) { c.rubberBand = band }
        if let speed = number(t, "completion-speed", p, in: 0.01...100) { c.completionSpeed = speed }
        if let initial = integer(t, "initial-snap", p, in: 0...(c.snapPoints.count - 1)) { c.initialSnap = initial }
        if let actions = table(t, "on-snap", path: "\(p).on-snap") { c.onSnap = readActions(actions, "\(p).on-snap", lastSnap: c.lastSnap) }
        return c
    }

    /// `on-snap.N = ["program", "arg", …]`: an argv run without a shell, so nothing in it is expanded or split.
    mutating func readActions(_ t: TOMLTable, _ p: String, lastSnap: Int) -> [Int: [String]] {
        var actions: [Int: [String]] = [:]
        for key in t.keys {
            guard let snap = Int(key), (0...lastSnap).contains(snap), String(snap) == key else {
                error("\(p).\(key)", "must be a snap index from 0 to \(lastSnap)")
                continue
            }
            guard let argv = strings(t, key, p) else { continue }
            if let problem = SnapAction.problem(with: argv) { error("\(p).\(key)", problem); continue }
            actions[snap] = argv
        }
        return actions
    }

    mutating func readBinding(_ name: String, _ t: TOMLTable, transitions: [TransitionConfig]) -> BindingConfig? {
        let p = "bindings.\(name)"
        expectKeys(t, p, ["transition", "gesture", "edge", "zone", "pointer-zone", "pressure-slop", "slop", "direction", "axis",
                          "min-touches", "max-touches", "region", "increases", "distance", "at-snap", "sources", "require-to-fail"])
        let errorCount = errors.count
        let transitionName = string(t, "transition", p)
        let transition = transitionName.flatMap { n in transitions.first { $0.name == n } }
        if transitionName == nil { error("\(p).transition", "is required") }
        else if transition == nil { error("\(p).transition", "no transition is named \"\(transitionName ?? "")\"") }
        let slop = number(t, "slop", p, in: 0...500) ?? 10
        let direction = enumValue(t, "direction", p, Direction.self)
        var increases = enumValue(t, "increases", p, Direction.self)
        let gesture: BindingGesture
        switch string(t, "gesture", p) {
        case "edge-pan":
            guard let edge = enumValue(t, "edge", p, Edge.self) else {
                if t["edge"] == nil { error("\(p).edge", "is required for an edge-pan") }
                return nil
            }
            gesture = .edgePan(EdgePanOptions(edge: edge, touchZone: number(t, "zone", p, in: 1...500) ?? 20,
                                              pointerZone: number(t, "pointer-zone", p, in: 0...500) ?? 2, slop: slop,
                                              pressureSlop: number(t, "pressure-slop", p, in: 0...5000) ?? 40))
            increases = increases ?? Direction.allCases.first { $0.unit == edge.inward }
        case "pan":
            let minTouches = integer(t, "min-touches", p, in: 1...10) ?? 1
            let maxTouches = integer(t, "max-touches", p, in: 1...10) ?? 10
            if maxTouches < minTouches { error("\(p).max-touches", "must be at least min-touches (\(minTouches))") }
            let options = PanOptions(slop: slop, minTouches: minTouches, maxTouches: maxTouches,
                                     axis: enumValue(t, "axis", p, Axis.self), direction: direction)
            gesture = .pan(options, region: region(t, p))
            increases = increases ?? direction
            if increases == nil { error("\(p).increases", "is required for a pan without a direction") }
        case nil:
            error("\(p).gesture", "is required (\"edge-pan\" or \"pan\")")
            return nil
        case let other?:
            error("\(p).gesture", "must be \"edge-pan\" or \"pan\", not \"\(other)\"")
            return nil
        }
        guard let distance = number(t, "distance", p, in: 1...100_000) else {
            if t["distance"] == nil { error("\(p).distance", "is required: the pixels that move the progress by 1") }
            return nil
        }
        guard errors.count == errorCount, let transition, let increases else { return nil }
        var binding = BindingConfig(name: name, transition: transition.name, gesture: gesture, increases: increases, distance: distance)
        if let atSnap = integer(t, "at-snap", p, in: 0...transition.lastSnap) { binding.atSnap = atSnap }
        if let sources = strings(t, "sources", p) {
            let parsed = sources.compactMap(InputSource.init(rawValue:))
            if parsed.count != sources.count || parsed.isEmpty {
                error("\(p).sources", "must list some of \"touch\", \"pointer\", \"pressure\", \"touchpad\"")
            } else {
                binding.sources = Set(parsed)
            }
        }
        if let others = strings(t, "require-to-fail", p) { binding.requireToFail = others }
        return errors.count == errorCount ? binding : nil
    }

    mutating func region(_ t: TOMLTable, _ p: String) -> RegionSpec? {
        guard let value = t["region"] else { return nil }
        if let strip = value.table {
            let edge = enumValue(strip, "edge", "\(p).region", Edge.self)
            let depth = number(strip, "depth", "\(p).region", in: 1...100_000)
            expectKeys(strip, "\(p).region", ["edge", "depth"])
            if let edge, let depth { return .strip(edge: edge, depth: depth) }
            error("\(p).region", "needs edge and depth, for example { edge = \"left\", depth = 400 }")
            return nil
        }
        if let rect = numbers(t, "region", p), rect.count == 4, rect[2] > 0, rect[3] > 0 {
            return .rect(Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        }
        error("\(p).region", "must be { edge = \"…\", depth = N } or [x, y, width, height]")
        return nil
    }

    /// TOMLKit lists keys sorted; the file's order is the user's.
    func inFileOrder(_ keys: [String], _ table: String) -> [String] {
        keys.sorted { locator.position(of: "\(table).\($0)").line < locator.position(of: "\(table).\($1)").line }
    }

    // MARK: - Typed accessors

    mutating func expectKeys(_ t: TOMLTable, _ p: String, _ known: [String]) {
        for key in t.keys where !known.contains(key) {
            let path = p.isEmpty ? key : "\(p).\(key)"
            error(path, "unknown key (expected one of: \(known.joined(separator: ", ")))")
        }
    }

    mutating func table(_ t: TOMLTable, _ key: String, path: String) -> TOMLTable? {
        guard let value = t[key] else { return nil }
        guard let table = value.table else { error(path, "must be a table"); return nil }
        return table
    }

    /// What a value of the wrong type is, for its error: `the string "0.35"`, `the number 2.5`, `true`, `a table`.
    static func describe(_ value: any TOMLValueConvertible) -> String {
        if let text = value.string { return "the string \"\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))\"" }
        if let bool = value.bool { return "\(bool)" }
        if let int = value.int { return "the number \(int)" }
        if let double = value.double { return "the number \(formatNumber(double))" }
        if value.array != nil { return "an array" }
        if value.table != nil { return "a table" }
        return "a date or time"
    }

    mutating func string(_ t: TOMLTable, _ key: String, _ p: String) -> String? {
        guard let value = t[key] else { return nil }
        guard let text = value.string else { error("\(p).\(key)", "must be a string, got \(Self.describe(value))"); return nil }
        return text
    }

    mutating func number(_ t: TOMLTable, _ key: String, _ p: String, in range: ClosedRange<Double>) -> Double? {
        guard let value = t[key] else { return nil }
        guard let number = value.double ?? value.int.map(Double.init) else {
            error("\(p).\(key)", "must be a number, got \(Self.describe(value))")
            return nil
        }
        guard range.contains(number) else {
            error("\(p).\(key)", "must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), got \(formatNumber(number))")
            return nil
        }
        return number
    }

    mutating func integer(_ t: TOMLTable, _ key: String, _ p: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = t[key] else { return nil }
        guard let number = value.int else { error("\(p).\(key)", "must be a whole number, got \(Self.describe(value))"); return nil }
        guard range.contains(number) else {
            error("\(p).\(key)", "must be between \(range.lowerBound) and \(range.upperBound), got \(number)")
            return nil
        }
        return number
    }

    mutating func numbers(_ t: TOMLTable, _ key: String, _ p: String) -> [Double]? {
        guard let value = t[key] else { return nil }
        guard let array = value.array else { error("\(p).\(key)", "must be an array of numbers"); return nil }
        let numbers = array.compactMap { $0.double ?? $0.int.map(Double.init) }
        guard numbers.count == array.count else { error("\(p).\(key)", "must be an array of numbers"); return nil }
        return numbers
    }

    mutating func strings(_ t: TOMLTable, _ key: String, _ p: String) -> [String]? {
        guard let value = t[key] else { return nil }
        guard let array = value.array else { error("\(p).\(key)", "must be an array of strings"); return nil }
        let strings = array.compactMap(\.string)
        guard strings.count == array.count else { error("\(p).\(key)", "must be an array of strings"); return nil }
        return strings
    }

    mutating func enumValue<E: RawRepresentable & CaseIterable>(_ t: TOMLTable, _ key: String, _ p: String, _: E.Type) -> E? where E.RawValue == String {
        guard let text = string(t, key, p) else { return nil }
        guard let value = E(rawValue: text) else {
            error("\(p).\(key)", "must be one of \(E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), not \"\(text)\"")
            return nil
        }
        return value
    }

    mutating func timingSpec(_ t: TOMLTable, _ key: String, _ p: String) -> TimingSpec? {
        guard let text = string(t, key, p) else { return nil }
        do {
            return try TimingSpec(parsing: text)
        } catch {
            self.error("\(p).\(key)", "bad timing spec \"\(text)\": \(error)")
            return nil
        }
    }
}

extension Axis: CaseIterable {
    public static let allCases: [Axis] = [.horizontal, .vertical]
}
