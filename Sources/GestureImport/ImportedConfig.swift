/// What `animctl import` makes of another tool's config (issue 61): the bindings it could translate, each with where
/// it came from, and the entries it could not, each with its line and why.
public struct ImportedConfig: Equatable, Sendable {
    /// The tool the config is for, as `animctl import` names it.
    public var tool: ImportedTool
    public var bindings: [ImportedBinding] = []
    public var leftOut: [LeftOut] = []
    /// What holds for the whole file, said once at its top (the tool that runs window actions, say).
    public var notes: [String] = []

    public init(tool: ImportedTool) { self.tool = tool }

    /// Adds a binding under a name no other has: the name asked for, else with -2, -3… after it.
    mutating func add(_ binding: ImportedBinding) {
        var binding = binding
        let taken = Set(bindings.map(\.name))
        if taken.contains(binding.name) {
            let base = binding.name
            binding.name = (2...).lazy.map { "\(base)-\($0)" }.first { !taken.contains($0) } ?? base
        }
        bindings.append(binding)
    }

    mutating func leave(_ line: Int, _ entry: String, because reason: String) {
        leftOut.append(LeftOut(line: line, entry: entry, reason: reason))
    }

    /// What animd's config takes, checked where the other tool's values enter: a swipe's fingers (`touches`) and its
    /// `min-distance`, px. A value outside is left out with its line, so that the output always loads.
    static let fingers = 1...5
    static let distances = 1.0...100_000.0

    mutating func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }
}

/// The tools `animctl import` reads.
public enum ImportedTool: String, CaseIterable, Sendable {
    case touchegg, fusuma
    case libinputGestures = "libinput-gestures"
    case lisgd
}

/// One binding to write: `[bindings.NAME]` with its keys in order, under comments saying what it came from.
public struct ImportedBinding: Equatable, Sendable {
    public var name: String
    /// The entry it translates, as the file wrote it, and its line.
    public var line: Int
    public var entry: String
    /// What it does differently from the original, one comment line each.
    public var notes: [String] = []
    public var keys: [TOMLEntry] = []

    init(name: String, line: Int, entry: String) {
        self.name = name; self.line = line; self.entry = entry
    }

    mutating func set(_ key: String, _ value: TOMLValue) { keys.append(TOMLEntry(key: key, value: value)) }

    /// A binding's name from words: lowercased, joined by hyphens, and kept to what a TOML bare key may hold
    /// (ASCII letters, digits, `-`), so that an application called "Café" makes `caf`, not a key animd refuses.
    static func name(_ words: [String]) -> String {
        let joined = words.filter { !$0.isEmpty }.joined(separator: "-").lowercased()
        let bare = String(
            joined.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            })
        return bare.isEmpty ? "imported" : bare
    }
}

/// An entry of the file that has no binding, with why.
public struct LeftOut: Equatable, Sendable {
    public var line: Int
    public var entry: String
    public var reason: String
}

/// One `key = value` line.
public struct TOMLEntry: Equatable, Sendable {
    public var key: String
    public var value: TOMLValue
}

/// The values an imported binding uses.
public enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case strings([String])
    case bool(Bool)
    /// An inline table, written as it is (`{ edge = "left", depth = 50 }`).
    case inlineTable(String)
}
