import AnimClient
import Foundation

/// What animd costs a session to keep (issue 33): resident memory idle and with 1000 subscribers, on each input
/// backend, beside a Swift program that does nothing (the floor any Swift program pays); and how long `animctl get`
/// takes from start to exit, beside socat asking the same socket the same thing.
enum MemoryBenchmark {
    static func run(clients: Int) -> [TargetResult]? {
        let folder = BenchProcess.scratchFolder("memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let animd = BenchProcess.animd(for: "memory"),
            let floorProgram = BenchProcess.sibling("animd-bench-swift-floor", for: "memory"),
            let animctl = BenchProcess.sibling("animctl", for: "memory")
        else { return nil }
        BenchProcess.raiseDescriptorLimit()
        print("\n== memory: resident memory (VmRSS) and animctl's start-up, release build, default config")
        guard let floor = floorRSS(floorProgram) else { print("memory: the floor program did not start"); return nil }
        print(String(format: "a Swift program that does nothing (the floor)   %5.1f MiB", floor))
        var results: [TargetResult] = []
        for backend in ["x11", "libinput"] {
            guard
                let (idle, loaded) = ServiceBenchmark.residentMemory(
                    animd, folder: folder, clients: clients, backend: backend)
            else {
                print("memory: animd on \(backend) could not be started or take \(clients) subscribers")
                return nil
            }
            print(
                String(
                    format: "animd, %@ backend: idle %5.1f MiB (%.1f above the floor); %d subscribers %5.1f MiB",
                    backend.padding(toLength: 8, withPad: " ", startingAt: 0), idle, idle - floor, clients, loaded))
            results.append(
                TargetResult(
                    figure: "idle RSS, \(backend) backend", target: "≤ 16 MiB",
                    measured: String(format: "%.1f MiB", idle), met: idle <= 16))
            results.append(
                TargetResult(
                    figure: "RSS with \(clients) subscribers, \(backend) backend", target: "≤ 22 MiB",
                    measured: String(format: "%.1f MiB", loaded), met: loaded <= 22))
        }
        guard let (animctlMedian, socatMedian) = commandLine(animd, animctl: animctl, folder: folder) else {
            return nil
        }
        let ratio = animctlMedian / socatMedian
        print(
            String(
                format: "animctl get sidebar: median %.1f ms of 20 runs; socat, the same request: %.1f ms (%.2f×)",
                animctlMedian, socatMedian, ratio))
        results.append(
            TargetResult(
                figure: "animctl get, against socat", target: "≤ 2×", measured: String(format: "%.2f×", ratio),
                met: ratio <= 2))
        return results
    }

    /// The floor program's VmRSS once it said it is ready.
    static func floorRSS(_ program: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        defer { process.terminate(); process.waitUntilExit() }
        _ = output.fileHandleForReading.availableData
        return ServiceBenchmark.residentMiB(process.processIdentifier)
    }

    /// Medians (ms) of 20 whole runs each, alternated: `animctl get sidebar`, and socat sending the same request
    /// (it exits once animd has answered and closed, as animd does after a client closed its side).
    static func commandLine(_ animd: String, animctl: String, folder: String) -> (animctl: Double, socat: Double)? {
        guard let socat = BenchProcess.tool("socat", package: "socat") else {
            print("memory: socat is missing"); return nil
        }
        let socket = folder + "/cli.sock"
        guard let daemon = BenchProcess.start(animd, ["--socket", socket]) else { return nil }
        defer { daemon.terminate(); daemon.waitUntilExit() }
        guard BenchProcess.connect(socket) != nil else { return nil }
        let request = #"{"jsonrpc":"2.0","id":1,"method":"transition.get","params":{"name":"sidebar"}}"# + "\n"
        var animctlTimes: [Double] = [], socatTimes: [Double] = []
        for _ in 0..<20 {
            guard let a = timed([animctl, "get", "sidebar", "--socket", socket], input: ""),
                let s = timed([socat, "-", "UNIX-CONNECT:" + socket], input: request)
            else { return nil }
            animctlTimes.append(a)
            socatTimes.append(s)
        }
        return (percentile(animctlTimes.sorted(), 0.5), percentile(socatTimes.sorted(), 0.5))
    }

    /// Milliseconds from posix_spawn to the exit waitpid reports, `input` on its standard input and its output
    /// discarded; nil if it could not start or failed. (Foundation's Process adds tens of milliseconds of its own
    /// to noticing an exit.)
    static func timed(_ argv: [String], input: String) -> Double? {
        var stdinPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_addclose(&actions, stdinPipe[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let arguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in arguments { free(pointer) } }
        var pid = pid_t()
        let began = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, arguments, environ)
        close(stdinPipe[0])
        _ = input.utf8CString.withUnsafeBufferPointer { write(stdinPipe[1], $0.baseAddress, $0.count - 1) }
        close(stdinPipe[1])
        guard spawned == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
        return status == 0 ? elapsed : nil
    }
}
