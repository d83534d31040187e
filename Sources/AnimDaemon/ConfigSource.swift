public import AnimConfig
import AnimProtocol
import Glibc
import JSONText
import UnixSupport

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
            path = (Self.configFolder(in: environment) ?? "/.config") + "/animd/animd.toml"
            explicit = false
        }
    }

    /// The user's config folder: `$XDG_CONFIG_HOME`, else `~/.config`; nil with neither variable set. animd's own
    /// file is here, and so is KDE's `kdeglobals`.
    static func configFolder(in environment: [String: String]) -> String? {
        if let home = environment["XDG_CONFIG_HOME"], !home.isEmpty { return home }
        return environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.config" }
    }

    /// Whether the file exists; without it the embedded default is used alone.
    public var fileExists: Bool { access(path, F_OK) == 0 }

    struct Unreadable: Error { let reason: String }

    /// A config file is text of a few kilobytes; more than this is not one.
    static let maximumSize = 1 << 20

    /// The file's text, or why it cannot be had: the system's reason (`Permission denied`), that it is no regular
    /// file, or its size. It is read on the event loop, so nothing here may wait (`RegularFile`).
    static func read(_ path: String) -> Result<[UInt8], Unreadable> {
        RegularFile.read(path, atMost: maximumSize).mapError { failure in
            switch failure {
            case .absent: Unreadable(reason: String(cString: strerror(ENOENT)))
            case let .system(code): Unreadable(reason: String(cString: strerror(code)))
            case .notRegular: Unreadable(reason: "it \(failure.reason)")
            case .tooLarge: Unreadable(reason: "it is larger than \(maximumSize / 1024) KiB, too large for a config")
            }
        }
    }

    public func load() -> Result<LoadedConfig, ConfigLoadError> {
        fileBytes().flatMap(parse)
    }

    /// The config as the file says now, or nil when the file is byte for byte the one `current` was read from (or
    /// is absent, as it was): a reload then has nothing to do, and nothing is parsed.
    public func reload(over current: LoadedConfig) -> Result<LoadedConfig, ConfigLoadError>? {
        let bytes = fileBytes()
        if case let .success(now) = bytes, now == current.fileBytes { return nil }
        return bytes.flatMap(parse)
    }

    /// The file's bytes; nil when there is no file and none was asked for (the embedded default alone).
    private func fileBytes() -> Result<[UInt8]?, ConfigLoadError> {
        guard fileExists || explicit else { return .success(nil) }
        return Self.read(path).map { $0 }.mapError { .unreadable(path, "cannot read the file: \($0.reason)") }
    }

    private func parse(_ bytes: [UInt8]?) -> Result<LoadedConfig, ConfigLoadError> {
        do {
            let user = try bytes.map { bytes throws(ConfigErrors) in try ConfigLayer(name: path, utf8: bytes) }
            var loaded = try ConfigParser.load(user: user)
            loaded.fileBytes = bytes
            return .success(loaded)
        } catch {
            return .failure(.invalid(path, error))
        }
    }
}
