import AnimClient
import AnimProtocol
import Foundation
import JSONText
import TestSupport
import Testing
import UnixSupport

/// Clients that write and go away without reading (issue 47): one line of Python used to abort animd. Each client
/// here writes from 1 B to 1 MiB of pipelined requests, batches, declarations or garbage, as much as the socket takes
/// without blocking, and then closes, half-closes or resets its socket at a random point. Between them, a fresh
/// connection must be answered; at the end nothing they did is left: no client, no subscription, no declaration.
@Suite(.serialized) struct EarlyCloseTests {
    /// The issue's one-liner, at 60 sizes from 256 B to 64 KiB: the daemon answers after each.
    @Test func theOneLinerAtEverySize() throws {
        let daemon = try DaemonProcess()
        let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":"sidebar"}}"#.utf8) + [10]
        for round in 0..<60 {
            let size = 256 << (round % 9)
            let client = try RawClient(daemon.socket)
            client.sendWithoutBlocking(Array(repeating: line, count: max(1, size / line.count)).flatMap { $0 })
            client.end(.close)
        }
        try Self.expectQuiet(daemon)
    }

    /// Hundreds of clients, each with a payload, a cut and an ending of its own, four at a time; a seeded generator,
    /// so that a failure reproduces.
    @Test func hundredsOfClientsThatLeaveEarly() throws {
        let daemon = try DaemonProcess()
        var random = SplitMix64(seed: 47)
        // Fewer under ThreadSanitizer, whose daemon runs about ten times slower; the same kinds of client.
        let clients = Sanitizer.active ? 120 : 400
        var open: [RawClient] = []
        for index in 0..<clients {
            let client = try RawClient(daemon.socket)
            let payload = Payload.random(using: &random, index: index)
            let cut = Int.random(in: 0...payload.count, using: &random)
            client.sendWithoutBlocking(Array(payload.prefix(cut)))
            if Bool.random(using: &random) { client.readSome() }
            open.append(client)
            if open.count == 4 {
                open.removeFirst().end(RawClient.Ending.allCases.randomElement(using: &random)!)
            }
            if index % 25 == 24 {
                // A fresh connection is answered meanwhile.
                let rpc = try daemon.connect()
                #expect(
                    try rpc.ok("daemon.hello", timeout: Self.helloTimeout)["name"] == "animd", "after client \(index)")
            }
        }
        for client in open { client.end(.close) }
        try Self.expectQuiet(daemon)
    }

    /// How long a fresh connection may wait for its answer while the daemon carries out what the clients before it
    /// sent. A client that pipelined a megabyte and left has its lines carried out a turn at a time, and NIO runs
    /// the turns, which it is handed as tasks, before it reads any socket again (issue 48, "every source takes its
    /// turn"): under ThreadSanitizer, ten times slower, on a loaded machine, that took more than 10 s
    /// (docs/reliability.md, 2026-11-27).
    static let helloTimeout: Double = Sanitizer.active ? 90 : 10

    /// The daemon is alive and answers, and holds nothing of the clients that left: one client (this one), no
    /// subscription, no declared transition.
    static func expectQuiet(_ daemon: DaemonProcess) throws {
        #expect(daemon.process.isRunning, "\(daemon.log.suffix(2000))")
        let rpc = try daemon.connect()
        var hello: JSONValue = [:]
        for _ in 0..<200 {
            hello = try rpc.ok("daemon.hello")
            if hello["clients"] == 1 && hello["subscriptions"] == 0 { break }
            usleep(50_000)
        }
        #expect(hello["clients"] == 1 && hello["subscriptions"] == 0, "\(hello)")
        let names = try rpc.ok("transition.list")["transitions"]?.array?.compactMap { $0["name"]?.string } ?? []
        #expect(!names.contains { $0.hasPrefix("early") }, "\(names)")
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["name"] == "sidebar")
    }
}

/// What one early-leaving client writes.
enum Payload {
    static func random(using random: inout SplitMix64, index: Int) -> [UInt8] {
        // Sizes spread evenly over their logarithm, 1 B to 1 MiB.
        let size = Int(exp(Double.random(in: 0...log(Double(1 << 20)), using: &random)))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 512)
        let kind = Int.random(in: 0..<5, using: &random)
        var id = 0
        while bytes.count < size {
            id += 1
            switch kind {
            case 0: bytes += Array(request(id, using: &random).utf8) + [10]
            case 1:
                let members = (0..<Int.random(in: 1...8, using: &random)).map { request(id * 10 + $0, using: &random) }
                bytes += Array("[\(members.joined(separator: ","))]\n".utf8)
            case 2: bytes += garbage(using: &random)
            case 3:
                // Declarations, subscriptions and toggles: state that must end with the connection.
                let name = "early\(index)-\(id)"
                bytes +=
                    Array(
                        #"{"jsonrpc":"2.0","id":\#(id),"method":"transition.declare","params":{"name":"\#(name)","transition":{"snap-points":[0,1]},"bindings":{}}}"#
                            .utf8) + [10]
                bytes +=
                    Array(
                        #"{"jsonrpc":"2.0","id":\#(id),"method":"subscribe","params":{"transitions":["\#(name)","sidebar"]}}"#
                            .utf8) + [10]
                bytes +=
                    Array(#"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"\#(name)"}}"#.utf8) + [10]
            default:
                // Everything at once, line by line.
                bytes += Array(request(id, using: &random).utf8) + [10] + garbage(using: &random)
            }
        }
        return bytes
    }

    static let requests = [
        #"{"jsonrpc":"2.0","id":ID,"method":"transition.get","params":{"name":"sidebar"}}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"transition.list"}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"daemon.hello"}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"subscribe","params":{"events":["progress","state","input"]}}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"transition.toggle","params":{"name":"panel"}}"#,
        #"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"launcher"}}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"no.such.method"}"#,
        #"{"jsonrpc":"2.0","id":ID,"method":"transition.animate","params":{"name":"pager","to":1e308}}"#,
    ]

    static func request(_ id: Int, using random: inout SplitMix64) -> String {
        requests.randomElement(using: &random)!.replacingOccurrences(of: "ID", with: "\(id)")
    }

    /// Bytes of any value, a newline now and then; sometimes a line longer than the framer's limit.
    static func garbage(using random: inout SplitMix64) -> [UInt8] {
        let length = Int.random(in: 1...(Int.random(in: 0..<50, using: &random) == 0 ? 70_000 : 200), using: &random)
        var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes.append(10)
        return bytes
    }
}

/// A client on a plain socket, which writes without blocking and leaves in one of the ways a process can.
final class RawClient {
    enum Ending: CaseIterable {
        /// close(2) with the daemon's answers unread.
        case close
        /// shutdown(SHUT_WR), then close(2) without reading.
        case halfCloseThenClose
        /// shutdown(SHUT_WR), then read whatever comes for a moment, then close(2).
        case halfCloseThenRead
        /// SO_LINGER 0, then close(2).
        case reset
    }

    private let descriptor: Int32

    init(_ path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessError("socket: \(errno)") }
        guard UnixAddress.with(path, { connect(descriptor, $0, $1) }) == 0 else {
            close(descriptor)
            throw HarnessError("connect \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes as much of `bytes` as the socket takes now, and stops at the first refusal.
    func sendWithoutBlocking(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Reads what is there now, up to 64 KiB.
    func readSome() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        _ = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    }

    func end(_ ending: Ending) {
        switch ending {
        case .close: break
        case .halfCloseThenClose: shutdown(descriptor, Int32(SHUT_WR))
        case .halfCloseThenRead:
            shutdown(descriptor, Int32(SHUT_WR))
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            for _ in 0..<4 where poll(&waiting, 1, 5) > 0 { readSome() }
        case .reset:
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }
        close(descriptor)
    }
}
