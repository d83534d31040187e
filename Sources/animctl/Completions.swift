import AnimClient
import AnimConfig
import AnimProtocol
import ArgumentParser
import Glibc
import UnixSupport

/// What the shells' completion of animctl offers beyond ArgumentParser's own (issue 58): the transitions' names, from
/// the animd that runs (its `transition.list`, declared ones included), else from the config a starting animd would
/// read; the values of `motion`, `--events` and `--frames`.
enum Completions {
    static let transitionNames = CompletionKind.custom { words, _, prefix in
        names(socket: socket(in: words)).filter { $0.hasPrefix(prefix) }
    }
    static let motionSettings = words(of: .setting)
    static let eventGroups = words(of: .events)
    static let frameDeliveries = words(of: .frames)
    /// `animctl call`'s methods.
    static let methods = CompletionKind.list(Method.allCases.map(\.rawValue))

    /// A parameter's words, as the method table declares them.
    private static func words(of param: Param) -> CompletionKind {
        switch param.kind {
        case let .choice(words), let .someOf(words): return .list(words)
        default: return .default
        }
    }

    /// The `--socket` the command line being completed names, if any.
    static func socket(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == "--socket", index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix("--socket=") { return String(word.dropFirst("--socket=".count)) }
        }
        return nil
    }

    /// The names animd serves now, else the config's: a shell waits for completion, so animd is given half a second.
    static func names(socket: String?) -> [String] {
        let environment = ProcessEnvironment.current
        let path = socket ?? SocketPath.resolve(environment: environment, uid: getuid())
        if let rpc = try? RPCConnection(path: path),
            case let .success(list)? = try? rpc.call("transition.list", nil, timeout: 0.5),
            let names = list["transitions"]?.array?.compactMap({ $0["name"]?.string })
        {
            return names
        }
        let folder =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (environment["HOME"] ?? "") + "/.config"
        let file = folder + "/animd/animd.toml"
        let user = readFile(file).map { ConfigLayer(name: file, text: String(decoding: $0, as: UTF8.self)) }
        return ((try? ConfigParser.load(user: user)) ?? (try? ConfigParser.load(user: nil)))?.config.transitions.map(
            \.name) ?? []
    }
}
