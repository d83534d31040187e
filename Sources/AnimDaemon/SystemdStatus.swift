import AnimProtocol

/// What `systemctl status animd` shows (STATUS=): pure, so that its wording is tested without systemd.
enum SystemdStatus {
    /// "5 transitions, 3 clients, X input on :0".
    static func line(transitions: Int, clients: Int, input: InputStatus) -> String {
        let source = switch (input.backend, input.connected) {
        case ("x11", true): "X input on \(input.display ?? "the display")"
        case ("x11", false): "X input off"
        case (let backend, true): "\(backend) input on \(input.seat ?? "its seat")"
        case (let backend, false): "\(backend) input off"
        }
        return "\(transitions) transition\(transitions == 1 ? "" : "s"), \(clients) client\(clients == 1 ? "" : "s"), \(source)"
    }
}
