import AnimClient
import Foundation
import Synchronization

/// Sustained load (issue 9): N subscribers (1000 by default) each receive every frame of four transitions that
/// animate without pause at 120 Hz. It reports animd's CPU (utime + stime from /proc over the measured window) as a
/// share of one core, and the frames a subscriber missed: each one subscribes to `progress` and `state`, so every
/// `seq` of every transition reaches it, and a gap in a transition's `seq` is a frame lost (coalesced away).
///
/// The subscribers are read by one epoll thread that only splits lines and checks `seq`, so that it keeps up; the
/// report says how many lines it read per second. A driver animates each transition back and forth in one-second legs.
enum SustainedBenchmark {
    static let transitions = ["sidebar", "panel", "launcher", "pager"]

    static func run(subscribers: Int, seconds: Double) -> [TargetResult]? {
        let folder = BenchProcess.scratchFolder("sustained")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let (daemon, socket) = startDaemon(for: "sustained", in: folder) else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }

        print(
            "\n== sustained: \(subscribers) subscribers, \(transitions.count) transitions animating at 120 Hz, \(Int(seconds)) s"
        )
        guard let readers = SubscriberReader(socket: socket, count: subscribers) else {
            print("sustained: could not subscribe \(subscribers) clients")
            return nil
        }
        guard let driver = Driver(socket: socket) else { return nil }
        driver.start()
        // One second to reach the steady state, then the measured window.
        readers.pump(for: 1.0)
        readers.resetCounts()
        let cpuBefore = cpuSeconds(daemon.processIdentifier), readerBefore = processCPUSeconds()
        let start = Date()
        readers.pump(for: seconds)
        let elapsed = Date().timeIntervalSince(start)
        let cpu = cpuSeconds(daemon.processIdentifier) - cpuBefore, readerCPU = processCPUSeconds() - readerBefore
        driver.stop()

        let share = cpu / elapsed
        let framesPerSubscriber = Double(readers.progressLines) / Double(subscribers) / elapsed
        print(
            String(
                format: "animd CPU              %5.1f %% of one core   (target ≤ 50 %%: %@)", share * 100,
                share <= 0.5 ? "met" : "missed"))
        print(
            String(
                format: "progress frames        %6.1f per second per subscriber (4 × 120 = 480 at most; %d legs)",
                framesPerSubscriber, driver.legs))
        print(
            String(
                format: "missed frames          %d of %d (gaps in seq)   (target 0: %@)", readers.gaps,
                readers.progressLines + readers.gaps, readers.gaps == 0 ? "met" : "missed"))
        print(
            String(
                format: "reader                 %.0f lines/s on %.0f %% of a core", Double(readers.lines) / elapsed,
                readerCPU / elapsed * 100))
        return [
            TargetResult(
                figure: "sustained: \(subscribers) subscribers, 4 transitions at 120 Hz", target: "≤ 50 % of a core",
                measured: String(format: "%.1f %%", share * 100), met: share <= 0.5),
            TargetResult(
                figure: "sustained: frames missed by a reader that keeps up", target: "0",
                measured: "\(readers.gaps) of \(readers.progressLines + readers.gaps)", met: readers.gaps == 0),
        ]
    }

    /// animd at 120 frames a second on a socket in `folder`, answering; nil (with the reason printed) otherwise.
    static func startDaemon(for label: String, in folder: String) -> (Process, String)? {
        guard let animd = BenchProcess.animd(for: label) else { return nil }
        let socket = folder + "/animd.sock", config = folder + "/animd.toml"
        guard let defaults = try? String(contentsOfFile: BenchProcess.repoFile("config/animd.toml"), encoding: .utf8),
            defaults.contains("frame-rate = 60"),
            FileManager.default.createFile(
                atPath: config,
                contents: Data(
                    defaults.replacingOccurrences(
                        of: "frame-rate = 60", with: "frame-rate = 120"
                    ).utf8))
        else {
            print("\(label): cannot write a config with frame-rate = 120")
            return nil
        }
        BenchProcess.raiseDescriptorLimit()
        guard let daemon = BenchProcess.start(animd, ["--socket", socket, "--config", config]) else {
            print("\(label): cannot start \(animd)")
            return nil
        }
        guard BenchProcess.connect(socket) != nil else {
            daemon.terminate()
            daemon.waitUntilExit()
            return nil
        }
        return (daemon, socket)
    }

    /// utime + stime of a process, in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// This process's CPU (the reader and the driver), in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(
            usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Writes one request line and reads up to the newline that ends its answer (setup only, blocking).
    static func request(_ fd: Int32, _ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { return false }
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1 { if byte == 10 { return true } }
        return false
    }

    /// Every subscriber, read with poll() on this thread.
    final class SubscriberReader {
        private var fds: [pollfd] = []
        /// Per subscriber: the unfinished line, and the last seq seen per transition.
        private var carry: [[UInt8]]
        private var lastSeq: [[Int]]
        private(set) var lines = 0, progressLines = 0, gaps = 0, bytes = 0

        /// - frames: `subscribe`'s `frames` ("all" or "driven"); the seq check only holds with every frame.
        init?(socket: String, count: Int, frames: String = "all") {
            carry = Array(repeating: [], count: count)
            lastSeq = Array(repeating: Array(repeating: -1, count: SustainedBenchmark.transitions.count), count: count)
            let names = SustainedBenchmark.transitions.map { "\"\($0)\"" }.joined(separator: ",")
            for _ in 0..<count {
                guard case let .success(fd) = UnixSocket.connect(to: socket),
                    SustainedBenchmark.request(
                        fd,
                        #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":[\#(names)],"events":["progress","state"],"frames":"\#(frames)"}}"#
                    )
                else { return nil }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            }
        }

        deinit {
            for entry in fds { close(entry.fd) }
        }

        func resetCounts() { lines = 0; progressLines = 0; gaps = 0; bytes = 0 }

        /// Reads each ready socket once per poll (level-triggered: what is left is read on the next round).
        func pump(for seconds: Double) {
            let end = Date().addingTimeInterval(seconds)
            let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
            defer { chunk.deallocate() }
            while Date() < end {
                guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
                for index in fds.indices where fds[index].revents != 0 {
                    let got = read(fds[index].fd, chunk.baseAddress, chunk.count)
                    if got > 0 {
                        bytes += got
                        consume(UnsafeBufferPointer(rebasing: chunk[0..<got]), from: index)
                    }
                }
            }
        }

        private static let nameKey = Array(#""name":""#.utf8), seqKey = Array(#""seq":"#.utf8)
        private static let progressPrefix = Array(#"{"jsonrpc":"2.0","method":"transition.progress""#.utf8)
        private static let namesBytes = SustainedBenchmark.transitions.map { Array($0.utf8) }

        private func consume(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) {
            if !carry[index].isEmpty {
                // A line was cut between reads: finish it from a copy (rare), then go on in place.
                guard let newline = bytes.firstIndex(of: 10) else { carry[index] += bytes; return }
                carry[index] += bytes[..<newline]
                let line = carry[index]
                line.withUnsafeBufferPointer { check($0, from: index) }
                carry[index].removeAll(keepingCapacity: true)
                consume(UnsafeBufferPointer(rebasing: bytes[(newline + 1)...]), from: index)
                return
            }
            var start = 0
            while let newline = bytes[start...].firstIndex(of: 10) {
                check(UnsafeBufferPointer(rebasing: bytes[start..<newline]), from: index)
                start = newline + 1
            }
            carry[index] += bytes[start...]
        }

        /// Finds the transition's name and `seq` in one line and counts a gap in its seq as missed frames.
        private func check(_ line: UnsafeBufferPointer<UInt8>, from index: Int) {
            lines += 1
            guard let nameAt = find(Self.nameKey, in: line, fromEnd: false),
                let seqAt = find(Self.seqKey, in: line, fromEnd: true)
            else { return }
            let nameStart = nameAt + Self.nameKey.count
            guard
                let transition = Self.namesBytes.firstIndex(where: { name in
                    line.count > nameStart + name.count
                        && line[nameStart..<(nameStart + name.count)].elementsEqual(name)
                        && line[nameStart + name.count] == UInt8(ascii: "\"")
                })
            else { return }
            var seq = 0
            var cursor = seqAt + Self.seqKey.count
            while cursor < line.count, (48...57).contains(line[cursor]) {
                seq = seq * 10 + Int(line[cursor] - 48); cursor += 1
            }
            if line.starts(with: Self.progressPrefix) { progressLines += 1 }
            let last = lastSeq[index][transition]
            if last >= 0, seq > last + 1 { gaps += seq - last - 1 }
            lastSeq[index][transition] = seq
        }

        /// `name` sits near the start of a line and `seq` near its end: each is searched from its side.
        private func find(_ needle: [UInt8], in line: UnsafeBufferPointer<UInt8>, fromEnd: Bool) -> Int? {
            guard line.count >= needle.count else { return nil }
            let last = line.count - needle.count
            for step in 0...last {
                let start = fromEnd ? last - step : step
                if line[start] == needle[0], line[start..<(start + needle.count)].elementsEqual(needle) { return start }
            }
            return nil
        }
    }

    /// Animates every transition, and each one back as soon as its `transition.ended` arrives, on its own thread.
    final class Driver: Sendable {
        private let fd: Int32
        private let legCount = Atomic<Int>(0)
        private let stopped = Atomic<Bool>(false)
        private let finished = DispatchSemaphore(value: 0)

        var legs: Int { legCount.load(ordering: .sequentiallyConsistent) }

        init?(socket: String) {
            guard case let .success(descriptor) = UnixSocket.connect(to: socket) else { return nil }
            fd = descriptor
            let names = SustainedBenchmark.transitions.map { "\"\($0)\"" }.joined(separator: ",")
            guard
                SustainedBenchmark.request(
                    fd,
                    #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":[\#(names)],"events":["state"]}}"#
                )
            else { close(fd); return nil }
            var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        func start() {
            for name in SustainedBenchmark.transitions { animate(name, to: 1) }
            Thread { [self] in
                loop()
                finished.signal()
            }.start()
        }

        func stop() {
            stopped.store(true, ordering: .sequentiallyConsistent)
            finished.wait()
            close(fd)
        }

        /// Legs of one second, so that the transitions spend nearly all the time animating. The timing is given: the
        /// default transitions are springs, which settle in their own time (about 0.47 s) whatever the duration.
        private func animate(_ name: String, to snap: Int) {
            legCount.add(1, ordering: .sequentiallyConsistent)
            let line = Array(
                (#"{"jsonrpc":"2.0","id":2,"method":"transition.animate","params":{"name":"\#(name)","to":\#(snap),"timing":"ease-in-out","duration":1}}"#
                    + "\n").utf8)
            _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }

        private func loop() {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while !stopped.load(ordering: .sequentiallyConsistent) {
                let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard got > 0 else { continue }
                pending += chunk[0..<got]
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    guard line.contains("\"method\":\"transition.ended\"") else { continue }
                    if let name = SustainedBenchmark.transitions.first(where: { line.contains("\"name\":\"\($0)\"") }) {
                        animate(name, to: line.contains("\"snap\":0,") ? 1 : 0)
                    }
                }
            }
        }
    }
}
