public import Logging

/// A machine's tablet-mode switch, read beside a backend whose display server passes none on (X11; issue 45). It
/// lives on the backend's thread and is polled with the session's own descriptor.
public protocol TabletModeReader: AnyObject {
    /// On while a switch is on; nil while none is read.
    var mode: Bool? { get }
    /// How the switch is read, or why none is, for `input.status`.
    var detail: String { get }
    /// The descriptor to poll; nil while nothing is read.
    var fileDescriptor: Int32? { get }
    /// Reads what is ready; true when the mode changed.
    func dispatch() -> Bool
    func close()
}

/// Makes a `TabletModeReader` on the backend's thread, logging to the given logger.
public typealias TabletModeReaderMaker = @Sendable (Logger) -> any TabletModeReader
