import Glibc

/// The authority file Xlib reads inside `XOpenDisplay`: `XAUTHORITY`, else `~/.Xauthority`. Xlib reads it to its end,
/// blocking, on the X thread: `XAUTHORITY=/dev/zero` made that thread spin for good (endless empty entries), a FIFO
/// made it wait for a writer, and either way the backend could no longer be stopped (issue 48). So the file is looked
/// at first, without blocking and without reading it: Xlib may read a regular file within the bound, or find none.
enum XAuthorityFile {
    /// The most animd lets Xlib read: an authority file holds an entry of about 50 bytes per display and host.
    static let sizeLimit = 1 << 20

    /// Why Xlib must not be let read the file `environment` names, or nil when it may (a regular file within the
    /// bound, or none that can be opened, which Xlib goes without).
    static func problem(environment: (String) -> String?) -> String? {
        let variable = environment("XAUTHORITY").flatMap { $0.isEmpty ? nil : $0 }
        guard let path = variable ?? environment("HOME").flatMap({ $0.isEmpty ? nil : $0 + "/.Xauthority" }) else { return nil }
        let named = variable != nil ? "XAUTHORITY (\(path))" : path
        // O_NONBLOCK: opening a FIFO does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else { return "\(named) is not a regular file; Xlib would read it without end" }
        guard status.st_size <= sizeLimit else { return "\(named) is larger than \(sizeLimit >> 20) MiB" }
        return nil
    }
}
