import UnixSupport

/// Where xcb, under Xlib, connects for a display name `[protocol/][host]:number[.screen]`, in the order it tries:
/// a local display (no host, or `unix`) at its abstract socket, then its socket file; a host at TCP port 6000 +
/// number. Nil for a name it does not parse, which Xlib refuses at once.
enum XDisplayEndpoints {
    /// The display's number, where its server is on this machine (its authority entry is then a local one); nil for
    /// another host, or a name xcb does not parse.
    static func localNumber(of name: String) -> Int? {
        guard let endpoints = of(name) else { return nil }
        switch endpoints.first {
        case let .unix(path): return path.split(separator: "X").last.flatMap { Int($0) }
        case let .tcp(host, port): return ["localhost", "127.0.0.1", "::1"].contains(host) ? port - 6000 : nil
        case nil: return nil
        }
    }

    static func of(_ name: String) -> [SocketProbe.Endpoint]? {
        var rest = Substring(name)
        var transport: Substring?
        if let slash = rest.firstIndex(of: "/") {
            transport = rest[..<slash]
            rest = rest[rest.index(after: slash)...]
        }
        guard let colon = rest.lastIndex(of: ":") else { return nil }
        let host = rest[..<colon]
        let display = rest[rest.index(after: colon)...].prefix { $0 != "." }
        guard !display.isEmpty, display.allSatisfy(\.isASCII), display.allSatisfy(\.isNumber),
            let number = Int(display),
            number < 65_536 - 6000
        else { return nil }
        if host.isEmpty || host == "unix" || transport == "unix" {
            let file = "/tmp/.X11-unix/X\(number)"
            return ["@" + file, file].map { .unix($0) }
        }
        return [.tcp(host: String(host), port: 6000 + number)]
    }
}
