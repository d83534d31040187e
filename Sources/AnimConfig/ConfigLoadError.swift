/// Why a config file could not be put in force: it could not be read, or it was read and holds errors. The shell
/// reads the file (`ConfigSource`); the core takes the result as a value.
public enum ConfigLoadError: Error, CustomStringConvertible, Sendable {
    case unreadable(String, String)
    case invalid(String, ConfigErrors)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "\(path): \(reason)"
        case let .invalid(path, errors):
            errors.errors.map { "\($0.file.isEmpty ? path : $0.file):\($0)" }.joined(separator: "\n")
        }
    }
}
