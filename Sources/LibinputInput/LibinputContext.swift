import CLibinput
import Logging

/// A libinput context with the interface and the callbacks it calls back through, which must outlive it: made
/// together and gone together, so that no owner keeps the three apart or frees them in the wrong order. Each of
/// animd's contexts is one (the seat's, `LibinputSession`; the X11 backend's switches, `TabletModeSwitches`).
final class LibinputContext {
    let pointer: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let callbacks: LibinputCallbacks
    private var isOpen = true

    /// `make` is the libinput call that makes the context (udev's or the path backend's), given the interface and
    /// the user data; nil when it made none.
    init?(
        logger: Logger,
        make: (UnsafeMutablePointer<libinput_interface>, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        let callbacks = LibinputCallbacks(logger: logger)
        let interface = LibinputCallbacks.makeInterface()
        guard let pointer = make(interface, callbacks.userData) else {
            interface.deinitialize(count: 1)
            interface.deallocate()
            return nil
        }
        self.pointer = pointer
        self.interface = interface
        self.callbacks = callbacks
        LibinputCallbacks.routeLog(of: pointer)
    }

    /// Device nodes that could not be opened, with errno, in the order they failed.
    var openFailures: [(path: String, errno: Int32)] { callbacks.openFailures }

    /// Lets the context go, closing its devices' nodes; safe to call again.
    func close() {
        guard isOpen else { return }
        isOpen = false
        libinput_unref(pointer)
    }

    deinit {
        close()
        interface.deinitialize(count: 1)
        interface.deallocate()
    }
}
