import AnimProtocol
import Logging

/// How a new input status reads in the journal.
extension InputStatus {
    /// Whether input is off or only its display is out of reach; "connecting" is neither yet.
    var logLine: String { connected ? "input connected" : isConnecting ? "input connecting" : "input not connected" }

    var logMetadata: Logger.Metadata {
        var metadata: Logger.Metadata = ["backend": "\(backend?.rawValue ?? "none")"]
        if let display { metadata["display"] = "\(display)" }
        if let seat { metadata["seat"] = "\(seat)" }
        if let reason { metadata["reason"] = "\(reason)" }
        if let warning { metadata["warning"] = "\(warning)" }
        return metadata
    }
}
