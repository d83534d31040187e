import Testing

@testable import AnimDaemon

/// The write path's decisions, with a fake kernel that takes a given number of bytes or refuses (EAGAIN).
struct ClientWriterTests {
    /// A kernel whose socket buffer has `room` bytes left; it records every send it was asked for.
    final class FakeKernel {
        var room: Int
        var calls: [(offset: Int, count: Int)] = []

        init(room: Int) { self.room = room }

        func send(_ count: Int) -> (Int) -> Int {
            { [self] offset in
                calls.append((offset, count - offset))
                guard room > 0 else { return -1 }  // EAGAIN
                let taken = min(room, count - offset)
                room -= taken
                return taken
            }
        }
    }

    /// Answers count as waiting only while NIO holds something, and stop counting once it has written everything;
    /// events never count.
    @Test func answersWaitingAreCountedUntilNIOHasWrittenThem() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 100)
        _ = writer.send(80, kernel: kernel.send(80))
        writer.answerRouted(80)
        #expect(writer.answerBytesWaiting == 0, "the kernel took it: nothing waits")
        _ = writer.send(500, kernel: kernel.send(500))
        writer.answerRouted(500)
        _ = writer.send(300, kernel: kernel.send(300))
        #expect(writer.answerBytesWaiting == 500, "an answer waits; the event after it does not count")
        #expect(!writer.writeCompleted(succeeded: true) && writer.answerBytesWaiting == 500)
        #expect(writer.writeCompleted(succeeded: true) && writer.answerBytesWaiting == 0, "NIO wrote everything")
    }

    @Test func aBufferTheKernelTakesWholeIsSent() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 1000)
        #expect(writer.send(100, kernel: kernel.send(100)) == .sent)
        #expect(writer.pendingWrites == 0 && writer.canTakeFrames && kernel.calls.count == 1)
    }

    /// A partial write hands NIO the rest, from the first byte the kernel did not take.
    @Test func aPartialWriteHandsTheRestToNIO() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 30)
        #expect(writer.send(100, kernel: kernel.send(100)) == .handToNIO(offset: 30))
        #expect(writer.pendingWrites == 1 && !writer.canTakeFrames)
    }

    @Test func aFullSocketHandsEverythingToNIO() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 0)
        #expect(writer.send(100, kernel: kernel.send(100)) == .handToNIO(offset: 0))
    }

    /// Ordering: once anything waits in NIO, later buffers wait behind it, even when the kernel would take them;
    /// when NIO has written everything, the direct path is open again.
    @Test func nothingOvertakesWhatWaitsInNIO() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 50)
        #expect(writer.send(100, kernel: kernel.send(100)) == .handToNIO(offset: 50))
        kernel.room = 10_000
        #expect(writer.send(10, kernel: kernel.send(10)) == .handToNIO(offset: 0))
        #expect(writer.send(10, kernel: kernel.send(10)) == .handToNIO(offset: 0))
        #expect(kernel.calls.count == 1, "the kernel is not asked while NIO holds writes")
        #expect(writer.pendingWrites == 3)
        let first = writer.writeCompleted(succeeded: true), second = writer.writeCompleted(succeeded: true)
        let last = writer.writeCompleted(succeeded: true)
        #expect(!first && !second && last, "only the last completion drains")
        #expect(writer.send(10, kernel: kernel.send(10)) == .sent && kernel.calls.count == 2)
    }

    /// Close: after a failed NIO write or an inactive channel, the socket is never written directly again.
    @Test func afterAFailureOrACloseNothingGoesDirect() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 0)
        _ = writer.send(10, kernel: kernel.send(10))
        let drained = writer.writeCompleted(succeeded: false)
        #expect(drained)
        kernel.room = 1000
        #expect(writer.send(10, kernel: kernel.send(10)) == .handToNIO(offset: 0) && kernel.calls.count == 1)
        var closed = ClientWriter()
        closed.channelClosed()
        #expect(closed.send(10, kernel: kernel.send(10)) == .handToNIO(offset: 0) && kernel.calls.count == 1)
    }

    /// An empty buffer goes nowhere, and a completion more than was handed over never counts below zero.
    @Test func edges() {
        var writer = ClientWriter()
        let kernel = FakeKernel(room: 0)
        #expect(writer.send(0, kernel: kernel.send(0)) == .sent && kernel.calls.isEmpty)
        let drained = writer.writeCompleted(succeeded: true)
        #expect(drained && writer.pendingWrites == 0)
    }
}
