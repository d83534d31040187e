import AnimCore
import DesktopMotion
import Glibc
import Logging
import NIOCore
import NIOPosix
import UnixSupport

/// Follows KDE's `kdeglobals`: read at start-up, and again whenever it changes. The folder is watched with
/// inotify, on the event loop (no thread of its own, and no wake-up while nothing changes), because KConfig and
/// kwriteconfig replace the file by renaming another over it; a write in place shows too. KDE also announces a
/// change with `org.kde.kconfig.notify.ConfigChanged` on D-Bus, which the session bus's watch (DesktopPortal) hands
/// over too: it covers a file the folder's watch cannot see change, such as one a dotfile manager links elsewhere.
enum KDEGlobalsWatch {
    /// Its name in the user's config folder (`ConfigSource.configFolder`), beside animd's own.
    static let fileName = "kdeglobals"
    /// The most animd reads of it: a real one is a few KiB.
    static let sizeLimit = 1 << 20

    /// The file at `path`, as it reads now.
    static func file(at path: String) -> KDEGlobals.File { KDEGlobals.File(path: path, reading: read(path)) }

    /// What the file says now. Read on the event loop, so without waiting (`RegularFile`): a FIFO renamed over it
    /// held the loop, and SIGTERM with it (issue 57).
    private static func read(_ path: String) -> KDEGlobals.Reading {
        switch RegularFile.read(path, atMost: sizeLimit) {
        case let .success(bytes): KDEGlobals.read(Substring(String(decoding: bytes, as: UTF8.self)))
        case .failure(.absent): .absent
        case let .failure(failure): .unreadable("it \(failure.reason)")
        }
    }

    /// Watches `folder` for the file; `changed` runs on `loop` with each new reading of it. Fails when the folder cannot
    /// be watched (it does not exist, or inotify's limits are reached).
    static func start(folder: String, on loop: any EventLoop, changed: @escaping @Sendable (KDEGlobals.File) -> Void)
        -> EventLoopFuture<any Channel>
    {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return loop.makeFailedFuture(IOError(errnoCode: errno, reason: "inotify_init1")) }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
        guard inotify_add_watch(descriptor, folder, events) >= 0 else {
            let code = errno
            close(descriptor)
            return loop.makeFailedFuture(IOError(errnoCode: code, reason: "inotify_add_watch \(folder)"))
        }
        let path = folder + "/" + fileName
        return NIOPipeBootstrap(group: loop)
            // inotify refuses a read too small for its next event (EINVAL): never less than one event with the longest name.
            .channelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: 8192))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        FolderEvents(name: fileName) { changed(file(at: path)) })
                }
            }
            .takingOwnershipOfDescriptor(input: descriptor)
    }
}

/// inotify's events for one folder, as bytes: each is a header (watch, mask, cookie, name length) and a name padded
/// with NULs. Runs `touched` once per read in which the file of `name` changed.
private final class FolderEvents: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let name: [UInt8]
    private let touched: () -> Void

    init(name: String, touched: @escaping () -> Void) {
        self.name = Array(name.utf8)
        self.touched = touched
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = Self.unwrapInboundIn(data)
        var changed = false
        while let _ = buffer.readInteger(endianness: .host, as: Int32.self),
            let _ = buffer.readInteger(endianness: .host, as: UInt32.self),
            let _ = buffer.readInteger(endianness: .host, as: UInt32.self),
            let length = buffer.readInteger(endianness: .host, as: UInt32.self),
            let bytes = buffer.readBytes(length: Int(length))
        {
            if bytes.prefix(while: { $0 != 0 }).elementsEqual(name) { changed = true }
        }
        if changed { touched() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
