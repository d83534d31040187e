import AnimProtocol
import Foundation
public import Transitions

/// Where the config comes from: `--config PATH`, else
/// `$XDG_CONFIG_HOME/animd/animd.toml` (or `~/.config/…`), laid over the
/// embedded default; without either file, the embedded default alone.
public struct ConfigSource: Sendable {
    public let path: String
    /// Given with --config: a missing file is an error, not "use the default".
    public let explicit: Bool

    public init(explicitPath: String?, environment: [String: String]) {
        if let explicitPath {
            path = explicitPath
            explicit = true
        } else {
            let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? (environment["HOME"] ?? "") + "/.config"
            path = base + "/animd/animd.toml"
            explicit = false
        }
    }

    public enum LoadError: Error, CustomStringConvertible, Sendable {
        case unreadable(String, String)
        case invalid(String, ConfigErrors)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "\(path): \(reason)"
            case let .invalid(path, errors): errors.errors.map { "\($0.file.isEmpty ? path : $0.file):\($0)" }.joined(separator: "\n")
            }
        }

        var rpcError: RPCError {
            switch self {
            case let .unreadable(path, reason):
                return RPCError(.configInvalid, "config invalid: \(path): \(reason)",
                                data: .object([("errors", .array([.object([("line", 0), ("column", 0), ("message", .string(reason))])]))]))
            case let .invalid(path, errors):
                let list = errors.errors.map { e -> JSONValue in
                    .object([("file", .string(e.file.isEmpty ? path : e.file)), ("line", .number(Double(e.line))), ("column", .number(Double(e.column))),
                             ("key", .string(e.key)), ("message", .string(e.message))])
                }
                return RPCError(.configInvalid, "config invalid: \(path) has \(errors.errors.count) error(s); the running config is kept",
                                data: .object([("errors", .array(list))]))
            }
        }
    }

    /// Whether the file exists; without it the embedded default is used alone.
    public var fileExists: Bool { FileManager.default.fileExists(atPath: path) }

    public func load() -> Result<LoadedConfig, LoadError> {
        var user: ConfigLayer?
        if fileExists || explicit {
            guard let data = FileManager.default.contents(atPath: path) else {
                let reason = access(path, R_OK) == 0 ? "it cannot be read" : String(cString: strerror(errno))
                return .failure(.unreadable(path, "cannot read the file: \(reason)"))
            }
            user = ConfigLayer(name: path, text: String(decoding: data, as: UTF8.self))
        }
        do {
            return .success(try ConfigParser.load(user: user))
        } catch {
            return .failure(.invalid(path, error))
        }
    }
}
