import Foundation
import Synchronization
import Testing

/// The Animd QML module (clients/qml), built once per test run with CMake against Debian's Qt 6 into .build/qml-module,
/// and the tools that run and check QML.
enum QMLModule {
    static let runtime = "/usr/lib/qt6/bin/qml"
    static let lint = "/usr/lib/qt6/bin/qmllint"
    static let folder = Binaries.repo.appendingPathComponent(".build/qml-module").path
    private static let built = Mutex<Result<String, HarnessError>?>(nil)

    /// cmake, Qt 6's CMake packages for Quick and Network, and the `qml` runtime (scripts/install-deps.sh).
    static var installed: Bool {
        ["/usr/bin/cmake", runtime, "/usr/lib/x86_64-linux-gnu/cmake/Qt6Quick/Qt6QuickConfig.cmake",
         "/usr/lib/x86_64-linux-gnu/cmake/Qt6Network/Qt6NetworkConfig.cmake"].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// The QML import path holding Animd/, built first if this run has not built it yet.
    static func importPath() throws -> String {
        try built.withLock { result throws -> String in
            if result == nil { result = Result { try build() }.mapError { $0 as? HarnessError ?? HarnessError("\($0)") } }
            return try result!.get()
        }
    }

    /// The module's checks program (the fixtures), built with it.
    static func checks() throws -> String {
        _ = try importPath()
        return folder + "/animd-qml-checks"
    }

    /// cmake with an empty signal mask: it waits for its children through SIGCHLD (libuv), which the test runner's
    /// inherited mask would hold back for good.
    private static func cmake(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let unblocked = "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        return try runTool("/usr/bin/python3", ["-c", unblocked, "/usr/bin/cmake"] + arguments,
                           environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()], readingStderr: true)
    }

    private static func build() throws -> String {
        let source = Binaries.repo.appendingPathComponent("clients/qml").path
        let configure = try cmake(["-S", source, "-B", folder, "-DCMAKE_BUILD_TYPE=Release"])
        guard configure.status == 0 else { throw HarnessError("cmake could not configure clients/qml: \(configure.output)") }
        let make = try cmake(["--build", folder, "-j2"])
        guard make.status == 0 else { throw HarnessError("cmake could not build clients/qml: \(make.output)") }
        return folder + "/qml"
    }
}

/// The module's pure parts against the fixtures the Python and GJS helpers are held to, and the reference panel and
/// docs/toolkits.md's Quickshell snippet through qmllint against the built module.
@Suite(.serialized, .enabled(if: QMLModule.installed, "needs cmake, Qt 6's Quick and Network and the qml runtime (scripts/install-deps.sh)"))
struct QMLModuleTests {
    @Test func theModuleEvaluatesTheVectorsAndTheSwipeCases() throws {
        let fixtures = ["leg-vectors.json", "swipe-signals.json"].map { Binaries.repo.appendingPathComponent("Tests/Fixtures/\($0)").path }
        let run = try runTool(try QMLModule.checks(), fixtures)
        #expect(run.status == 0 && run.output.hasPrefix("ok: 1366 samples, 33 steps, 0 failures"), "\(run.output)")
    }

    @Test func thePanelAndTheQuickshellSnippetLint() throws {
        let path = try QMLModule.importPath()
        let docs = try String(contentsOf: Binaries.repo.appendingPathComponent("docs/toolkits.md"), encoding: .utf8)
        let snippet = try #require(docs.components(separatedBy: "```qml\n").dropFirst().first?.components(separatedBy: "```").first,
                                   "docs/toolkits.md has a qml block")
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try snippet.write(toFile: folder + "/shell.qml", atomically: true, encoding: .utf8)
        for file in [Binaries.repo.appendingPathComponent("examples/qml/sidebar-panel.qml").path, folder + "/shell.qml"] {
            let lint = try runTool(QMLModule.lint, ["-I", path, file], environment: ["PATH": "/usr/bin:/bin"], readingStderr: true)
            // Qt 6.4's qmllint warns of its own gaps (Qt's window flags; Quickshell's module, not packaged here) and exits
            // 255 for a warning as for an error; what is checked is that the file parses: a syntax error is a line that
            // starts with the file's path ("FILE:2:24: Expected token `;'"), where a warning starts with "Warning:".
            #expect(lint.status == 0 || lint.status == 255, "\(file): qmllint exited \(lint.status): \(lint.output)")
            #expect(!lint.output.split(separator: "\n").contains { $0.hasPrefix(file) || $0.hasPrefix("Error") }, "\(file): \(lint.output)")
        }
    }
}
