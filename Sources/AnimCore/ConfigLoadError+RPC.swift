package import AnimConfig
package import AnimProtocol
import JSONText

/// A config that could not be put in force, as `daemon.reload` refuses it: where, and each error with its place.
extension ConfigLoadError {
    package var rpcError: RPCError {
        switch self {
        case let .unreadable(path, reason):
            return RPCError(
                .configInvalid, "config invalid: \(path): \(reason)",
                data: .object([
                    ("errors", .array([.object([("line", 0), ("column", 0), ("message", .string(reason))])]))
                ]))
        case let .invalid(path, errors):
            let list = errors.errors.map { e -> JSONValue in
                .object([
                    ("file", .string(e.file.isEmpty ? path : e.file)), ("line", .number(Double(e.line))),
                    ("column", .number(Double(e.column))),
                    ("key", .string(e.key)), ("message", .string(e.message)),
                ])
            }
            return RPCError(
                .configInvalid,
                "config invalid: \(path) has \(errors.errors.count) error(s); the running config is kept",
                data: .object([("errors", .array(list))]))
        }
    }
}
