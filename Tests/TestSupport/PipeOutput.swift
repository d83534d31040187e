public import Foundation

/// What a child process has written to a pipe so far, read on demand by the thread that asks, with no reading thread.
///
/// A reading thread that appends under a lock, as these tests had, shares data between threads: Synchronization's
/// `Mutex` waits in futex calls that ThreadSanitizer cannot see, so when the lock was contended the test's own read
/// was reported as a race (CI, 2026-11-24). Here nothing is shared. The pipe is drained whenever `text` is asked
/// for; the tests ask in their polling loops, so a child never fills the pipe and stalls.
public final class PipeOutput {
    private let descriptor: Int32
    private var data = Data()

    public init(_ pipe: Pipe) {
        descriptor = pipe.fileHandleForReading.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Everything written so far.
    public var text: String {
        drain()
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads until the pipe is empty (EAGAIN) or closed; each round takes bytes out, so it ends.
    private func drain() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return }
            data.append(contentsOf: chunk[..<count])
        }
    }
}
