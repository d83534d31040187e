import AnimClient
import AnimProtocol
import DaemonLauncher
import Foundation
import JSONText
import Synchronization
import Testing
import XorgInputTest

/// The three leg evaluators a client embeds (Swift's AnimClient, C's clients/c/animd-leg.h, Python's
/// clients/python) against the reference vectors of scripts/leg-vectors.py, and against a live daemon's frames.
@Suite(.serialized) struct LegClientTests {
    static let vectorsPath = Binaries.repo.appendingPathComponent("Tests/Fixtures/leg-vectors.json").path

    struct Sample { let leg: JSONValue; let time: Double; let progress: Double; let velocity: Double }

    /// Every sample of the fixture; a fixture that lost its cases fails here rather than passing with none.
    static func vectorSamples() throws -> [Sample] {
        let vectors = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: vectorsPath))))
        let cases = vectors["cases"]?.array ?? []
        guard cases.count >= 10 else { throw HarnessError("\(vectorsPath) has \(cases.count) cases") }
        return cases.flatMap { item in
            (item["samples"]?.array ?? []).compactMap { sample -> Sample? in
                guard let values = sample.array?.compactMap(\.number), values.count == 3, let leg = item["leg"] else {
                    return nil
                }
                return Sample(leg: leg, time: values[0], progress: values[1], velocity: values[2])
            }
        }
    }

    static func close(_ actual: (Double, Double)?, _ progress: Double, _ velocity: Double) -> Bool {
        guard let (p, v) = actual else { return false }
        return abs(p - progress) <= 1e-9 && abs(v - velocity) <= 1e-6 * max(1, abs(velocity))
    }

    /// The fixture is what the script writes today (it is the reference, so it must not drift from it).
    @Test func theVectorsAreCurrent() throws {
        let result = try runTool(
            "/usr/bin/env",
            ["python3", Binaries.repo.appendingPathComponent("scripts/leg-vectors.py").path, "--check"],
            readingStderr: true)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func swiftEvaluatesTheVectors() throws {
        let samples = try Self.vectorSamples()
        #expect(samples.count > 1000)
        for sample in samples {
            let leg = try #require(Leg(json: sample.leg), "\(sample.leg)")
            let actual = leg.progress(at: sample.time).flatMap { p in leg.velocity(at: sample.time).map { (p, $0) } }
            #expect(
                Self.close(actual, sample.progress, sample.velocity),
                "\(leg.kind) at \(sample.time): \(String(describing: actual))")
        }
    }

    @Test func cEvaluatesTheVectors() throws {
        let samples = try Self.vectorSamples()
        let lines = samples.map { Self.cLine($0.leg, at: $0.time) }
        let results = try Self.evaluateWithC(lines)
        #expect(results.count == samples.count)
        for (sample, result) in zip(samples, results) {
            #expect(Self.close(Self.pair(result), sample.progress, sample.velocity), "C at \(sample.time): \(result)")
        }
    }

    /// The header is C99 and C++ alike, pedantic and warning-free in both: a C++ program includes it and evaluates a
    /// linear leg halfway (progress 0.5, velocity 1 / duration).
    @Test func cHeaderBuildsAsCPlusPlus() throws {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let header = Binaries.repo.appendingPathComponent("clients/c/animd-leg.h").path
        try """
        #include <cstdio>
        #include "\(header)"
        int main() {
            animd_leg leg = {};
            leg.kind = ANIMD_LEG_CUBIC;
            leg.x2 = 1; leg.y2 = 1; leg.to = 1; leg.start_time = 10; leg.end_x = 1; leg.duration = 2;
            double progress = 0, velocity = 0;
            if (!animd_leg_eval(&leg, 11, &progress, &velocity)) return 1;
            std::printf("%.17g %.17g\\n", progress, velocity);
            return 0;
        }
        """.write(toFile: folder + "/check.cpp", atomically: true, encoding: .utf8)
        let built = try runTool(
            "/usr/bin/env",
            [
                "c++", "-std=c++11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-o", folder + "/check",
                folder + "/check.cpp", "-lm",
            ], readingStderr: true)
        #expect(built.status == 0, "\(built.output)")
        let ran = try runTool(folder + "/check", [])
        let values = ran.output.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(ran.status == 0 && values.count == 2)
        #expect(abs((values.first ?? .nan) - 0.5) <= 1e-9 && abs((values.last ?? .nan) - 0.5) <= 1e-6, "\(ran.output)")
    }

    /// `pip install` of clients/python into a fresh venv, then its own unit tests (the vectors among them) run
    /// against the installed package.
    @Test func pythonInstallsAndEvaluatesTheVectors() throws {
        let python = try Self.installedPython()
        let result = try runTool(
            python,
            ["-m", "unittest", "discover", "-s", Binaries.repo.appendingPathComponent("clients/python/tests").path],
            environment: ["ANIMD_LEG_VECTORS": Self.vectorsPath, "PATH": "/usr/bin:/bin"], readingStderr: true)
        #expect(result.status == 0 && result.output.contains("OK"), "\(result.output)")
    }

    /// The scripted run of `LegTests`, watched by the Python client (two connections of its own, one with every frame and
    /// one with `frames: "driven"`), and by Swift, whose driven legs the C evaluator then evaluates at every frame time.
    @Test func pythonAndCMatchALiveDaemon() throws {
        let daemon = try DaemonProcess()
        let python = try Self.installedPython()
        let client = try LineProcess(
            URL(fileURLWithPath: python),
            [
                Binaries.repo.appendingPathComponent("clients/python/tests/live_conformance.py").path,
                daemon.socket, "sidebar",
            ], display: "")
        defer { client.close() }
        #expect(client.nextLine(timeout: 20) == "ready")
        let run = try LegTests.scriptedRun(on: daemon)
        let summary = try #require(client.nextLine(timeout: 30), "the Python client printed no summary")
        client.process.waitUntilExit()
        let status = client.process.terminationStatus
        let report = try JSONParser.parse(Array(summary.utf8))
        #expect(status == 0, "\(summary)")
        #expect((report["compared"]?.integer ?? 0) > 20 && report["kinds"]?.array?.count == 2, "\(summary)")

        // C, on the legs the Swift driven client received, at every animating frame time of the other client.
        var lines: [String] = [], expected: [(Double, Double)] = []
        for (frame, announced) in LegTests.animatingFrames(of: run) {
            guard let leg = announced, let time = frame["time"]?.number, let progress = frame["progress"]?.number,
                let velocity = frame["velocity"]?.number
            else {
                Issue.record("frame \(frame["seq"] ?? .null) animates, but the driven client has no leg for it");
                continue
            }
            lines.append(Self.cLine(leg, at: time))
            expected.append((progress, velocity))
        }
        #expect(lines.count > 20)
        let results = try Self.evaluateWithC(lines)
        #expect(results.count == lines.count)
        for (result, (progress, velocity)) in zip(results, expected) {
            #expect(
                Self.close(Self.pair(result), progress, velocity),
                "C gives \(result); the frame says \(progress) \(velocity)")
        }
    }

    /// Under reduced motion (issue 30) the legs clients receive are short ease-outs, and the evaluators need no
    /// change: Python (its own two connections) and C (on the leg Swift received) give every animating frame of a
    /// toggle under `reduced-duration = 0.3`, and the instant leg of `reduced-duration = 0` is at its end at once.
    @Test func pythonAndCMatchReducedMotion() throws {
        let daemon = try DaemonProcess(
            config: "defaults = true\n[daemon]\nmotion = \"reduced\"\nreduced-duration = 0.3\n")
        let python = try Self.installedPython()
        let client = try LineProcess(
            URL(fileURLWithPath: python),
            [
                Binaries.repo.appendingPathComponent("clients/python/tests/live_conformance.py").path,
                daemon.socket, "sidebar",
            ], display: "")
        defer { client.close() }
        #expect(client.nextLine(timeout: 20) == "ready")
        let rpc = try daemon.connect()
        _ = try rpc.ok("subscribe", ["transitions": ["sidebar"]])
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let events = try rpc.notifications(until: { method, _ in method == .ended })
        let summary = try #require(client.nextLine(timeout: 30), "the Python client printed no summary")
        client.process.waitUntilExit()
        let report = try JSONParser.parse(Array(summary.utf8))
        #expect(
            client.process.terminationStatus == 0 && (report["compared"]?.integer ?? 0) >= 5
                && report["kinds"] == ["cubic"], "\(summary)")

        let leg = try #require(events.first { $0.0 == .began }?.1["leg"])
        #expect(leg["controlPoints"] == [0, 0, 0.58, 1] && leg["duration"] == 0.3, "\(leg)")
        let frames = events.filter { $0.0 == .progress && $0.1["phase"] == "animating" }.map(\.1)
        #expect(frames.count >= 5)
        let results = try Self.evaluateWithC(
            frames.compactMap { frame in frame["time"]?.number.map { Self.cLine(leg, at: $0) } })
        for (result, frame) in zip(results, frames) {
            #expect(
                Self.close(Self.pair(result), frame["progress"]?.number ?? .nan, frame["velocity"]?.number ?? .nan),
                "C gives \(result): \(frame)")
        }

        _ = try DaemonLauncher.writeConfig(
            "defaults = true\n[daemon]\nmotion = \"reduced\"\n", named: "animd", in: daemon.folder)
        _ = try rpc.ok("daemon.reload")
        _ = try rpc.ok("transition.toggle", ["name": "sidebar"])
        let (_, instant) = try rpc.notification(where: { method, _ in method == .began })
        let zero = try #require(instant["leg"])
        let start = try #require(zero["startTime"]?.number)
        let evaluated = try Self.evaluateWithC([Self.cLine(zero, at: start), Self.cLine(zero, at: start + 1)])
        #expect(evaluated.allSatisfy { Self.close(Self.pair($0), 0, 0) }, "at its end, snap 0, at once: \(evaluated)")
    }

    // MARK: - Helpers

    /// One line of leg-eval's input: the leg's fields in the header's order, then the time.
    static func cLine(_ leg: JSONValue, at time: Double) -> String {
        let kind = leg["kind"]?.string ?? "?"
        let keys: [String] =
            switch kind {
            case "cubic": ["from", "to", "startTime", "startX", "endX", "duration"]
            case "spring":
                ["mass", "stiffness", "damping", "velocity", "from", "to", "startTime", "elapsed", "settlingTime"]
            default: []
            }
        let points = kind == "cubic" ? (leg["controlPoints"]?.array ?? []).compactMap(\.number) : []
        let values = points + keys.map { leg[$0]?.number ?? .nan } + [time]
        return ([kind] + values.map { String($0) }).joined(separator: " ")
    }

    static func pair(_ line: String) -> (Double, Double)? {
        let parts = line.split(separator: " ").compactMap { Double($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// Builds clients/c/tests/leg-eval.c with the system's C compiler (warnings as errors) and runs it on `lines`.
    static func evaluateWithC(_ lines: [String]) throws -> [String] {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = Binaries.repo.appendingPathComponent("clients/c/tests/leg-eval.c").path
        let built = try runTool(
            "/usr/bin/env",
            ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-o", folder + "/leg-eval", source, "-lm"],
            readingStderr: true)
        guard built.status == 0 else { throw HarnessError("leg-eval did not build: \(built.output)") }
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/in", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: folder + "/leg-eval")
        process.standardInput = FileHandle(forReadingAtPath: folder + "/in")
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HarnessError("leg-eval failed on its input") }
        return output.split(separator: "\n").map(String.init)
    }

    /// A venv with clients/python installed by pip, made once per run; returns its python.
    static func installedPython() throws -> String { try PythonVenv.python() }
}

/// The venv the Python client is installed into, made once per test run, and removed when the run ends.
enum PythonVenv {
    private static let made = Mutex<String?>(nil)
    private static let folder = Mutex<String?>(nil)

    static func python() throws -> String {
        try made.withLock { python throws -> String in
            if let python { return python }
            let folder = try DaemonProcess.makeFolder()
            Self.folder.withLock { $0 = folder }
            atexit { PythonVenv.folder.withLock { $0 }.map { _ = try? FileManager.default.removeItem(atPath: $0) } }
            let venv = try runTool(
                "/usr/bin/python3", ["-m", "venv", "--system-site-packages", folder + "/venv"], readingStderr: true)
            guard venv.status == 0 else { throw HarnessError("python3 -m venv failed: \(venv.output)") }
            // From a copy: setuptools writes build/ and *.egg-info beside the sources it builds.
            try FileManager.default.copyItem(
                atPath: Binaries.repo.appendingPathComponent("clients/python").path, toPath: folder + "/source")
            // A build of an earlier checkout left in the tree (ignored by git) would be newer than the copied sources,
            // and setuptools would install it as up to date.
            for leftover in ["build", "animd.egg-info"] {
                try? FileManager.default.removeItem(atPath: folder + "/source/" + leftover)
            }
            // --no-build-isolation: build with the setuptools already installed, never fetch one.
            let installed = try runTool(
                folder + "/venv/bin/pip",
                ["install", "--quiet", "--no-build-isolation", "--no-deps", folder + "/source"],
                environment: ["PATH": folder + "/venv/bin:/usr/bin:/bin", "HOME": folder, "PIP_NO_INPUT": "1"],
                readingStderr: true)
            guard installed.status == 0 else {
                throw HarnessError("pip install ./clients/python failed: \(installed.output)")
            }
            python = folder + "/venv/bin/python"
            return folder + "/venv/bin/python"
        }
    }
}
