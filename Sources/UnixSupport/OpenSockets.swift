#if canImport(Glibc)
    import Glibc
#endif

/// The sockets this process has open, read from /proc/self/fd: what `ConnectDeadline` compares before and after a
/// library's connect, to find the connection the library made without handing it out.
public enum OpenSockets {
    /// One open socket: its descriptor now, and its inode, which tells it from a later socket at the same number.
    public struct Entry: Hashable, Sendable {
        public let descriptor: Int32
        public let inode: UInt64
    }

    /// Every socket open now.
    public static func list() -> [Entry] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        var entries: [Entry] = []
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let descriptor = Int32(name), descriptor != dirfd(folder) else { continue }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { continue }
            entries.append(Entry(descriptor: descriptor, inode: UInt64(status.st_ino)))
        }
        return entries
    }

    /// Whether `entry` is still the socket it was: the same descriptor may have been closed and reused since.
    public static func isStillOpen(_ entry: Entry) -> Bool {
        var status = stat()
        return fstat(entry.descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
            && UInt64(status.st_ino) == entry.inode
    }
}
