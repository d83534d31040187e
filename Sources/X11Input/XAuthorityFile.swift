import Glibc
import UnixSupport

/// The authority file of an X session: `XAUTHORITY` as the session gives it, else `~/.Xauthority`, as Xlib finds it.
/// animd reads it itself and hands Xlib the cookie for the display (`XSetAuthorization`, in `X11SessionOpener`):
/// left to itself, Xlib reads the file the process's environment names, and `daemon.environment` had to change that
/// environment, with `setenv`, while other threads could read it, and so waited for the X thread to end first: two
/// seconds of the event loop per switch, or for good behind a thread stuck in Xlib (issue 57).
///
/// The file is read without blocking and within a bound (`RegularFile`): Xlib spun for good on `/dev/zero` and waited
/// for a writer on a FIFO (issue 48).
enum XAuthorityFile {
    /// The most animd reads: an authority file holds an entry of about 50 bytes per display and host.
    static let sizeLimit = 1 << 20

    /// Why the file must not be read, for the input's status.
    struct Problem: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The file a session's variables name: `XAUTHORITY` when it is set and not empty, else `HOME`'s `.Xauthority`;
    /// with how to name it in a message.
    static func path(xauthority: String?, home: String?) -> (path: String, named: String)? {
        if let xauthority, !xauthority.isEmpty { return (xauthority, "XAUTHORITY (\(xauthority))") }
        guard let home, !home.isEmpty else { return nil }
        let path = home + "/.Xauthority"
        return (path, path)
    }

    /// The cookie for display `number` of this host (`hostname`), as the session's file holds it: nil where there is
    /// no file or it holds none (the server is then asked without one, as Xlib would), or why the file cannot be used.
    static func cookie(forDisplay number: Int, hostname: [UInt8], xauthority: String?, home: String?) -> Result<
        XAuthorityEntry?, Problem
    > {
        guard let (path, named) = path(xauthority: xauthority, home: home) else { return .success(nil) }
        switch RegularFile.read(path, atMost: sizeLimit) {
        case let .success(bytes):
            return .success(
                XAuthorityEntry.cookie(in: XAuthorityEntry.entries(in: bytes), forDisplay: number, hostname: hostname))
        case .failure(.absent), .failure(.system):
            // Xlib goes without a file it cannot open, and so does animd.
            return .success(nil)
        case let .failure(failure):
            return .failure(Problem(description: "\(named) \(failure.reason)"))
        }
    }

    /// This machine's name, as xcb compares it with a local entry's address.
    static var hostname: [UInt8] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }
}

/// One entry of an X authority file (Xau's `Xauth`, as xauth(1) writes it): a family, an address, a display number
/// and an authorization's name and data, each counted field a big-endian 16-bit length and its bytes.
struct XAuthorityEntry: Hashable, Sendable {
    var family: UInt16
    var address: [UInt8]
    var number: [UInt8]
    var name: [UInt8]
    var data: [UInt8]

    /// Xau's families that a local display's entry may have: `FamilyLocal` (the host's name as its address) and
    /// `FamilyWild` (any host).
    static let familyLocal: UInt16 = 256
    static let familyWild: UInt16 = 65535
    /// The one authorization xcb sends from data handed to it: XDM-AUTHORIZATION-1 is computed per connection, which
    /// only xcb's own reading of the file does.
    static let magicCookie = Array("MIT-MAGIC-COOKIE-1".utf8)

    /// The entries of a file, in order; a truncated last entry ends the list, as `XauReadAuth` ends at it.
    static func entries(in bytes: [UInt8]) -> [XAuthorityEntry] {
        var entries: [XAuthorityEntry] = []
        var offset = 0
        func short() -> UInt16? {
            guard offset + 2 <= bytes.count else { return nil }
            defer { offset += 2 }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }
        func counted() -> [UInt8]? {
            guard let length = short(), offset + Int(length) <= bytes.count else { return nil }
            defer { offset += Int(length) }
            return Array(bytes[offset..<offset + Int(length)])
        }
        while let family = short(), let address = counted(), let number = counted(), let name = counted(),
            let data = counted()
        {
            entries.append(XAuthorityEntry(family: family, address: address, number: number, name: name, data: data))
        }
        return entries
    }

    /// The entry Xlib would use for local display `number` (`XauGetBestAuthByAddr`, as xcb asks it for a Unix
    /// socket or the loopback): the first magic cookie whose family is wild, or local with this host's name, and
    /// whose number is empty or the display's.
    static func cookie(in entries: [XAuthorityEntry], forDisplay number: Int, hostname: [UInt8]) -> XAuthorityEntry? {
        let display = Array(String(number).utf8)
        return entries.first { entry in
            (entry.family == familyWild || (entry.family == familyLocal && entry.address == hostname))
                && (entry.number.isEmpty || entry.number == display) && entry.name == magicCookie
        }
    }
}
