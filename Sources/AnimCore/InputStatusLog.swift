import AnimProtocol

/// How a new input status reads in the journal.
extension InputStatus {
    /// Whether input is off or only its display is out of reach; "connecting" is neither yet.
    var logLine: String { connected ? "input connected" : isConnecting ? "input connecting" : "input not connected" }

    var logFields: [String: String] {
        var fields = ["backend": backend?.rawValue ?? "none"]
        if let display { fields["display"] = display }
        if let seat { fields["seat"] = seat }
        if let reason { fields["reason"] = reason }
        if let warning { fields["warning"] = warning }
        return fields
    }
}
