import AnimProtocol

/// What `systemctl status animd` shows (STATUS=): pure, so that its wording is tested without systemd.
enum SystemdStatus {
    /// "5 transitions, 3 clients, X input on :0".
    static func line(transitions: Int, clients: Int, input: InputStatus) -> String {
        let source =
            switch (input.backend, input.connected) {
            case (.x11, true): "X input on \(input.display ?? "the display")"
            case (.x11, false): "X input off"
            case (.libinput, true):
                "libinput input on \(input.seat ?? "its seat")" + (input.display == nil ? ", no display" : "")
            case (.libinput, false) where input.isConnecting: "libinput input connecting"
            case (.libinput, false): input.display.map { "libinput input, \($0) out of reach" } ?? "libinput input off"
            case (nil, _): "input starting"
            }
        return
            "\(transitions) transition\(transitions == 1 ? "" : "s"), \(clients) client\(clients == 1 ? "" : "s"), \(source)"
    }
}
