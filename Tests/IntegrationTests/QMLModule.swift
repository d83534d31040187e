import Foundation
import Synchronization

/// The Animd QML module (clients/qml), built once per test run with CMake against Debian's Qt 6 into .build/qml-module,
/// and the tools that run and check QML.
enum QMLModule {
    static let runtime = "/usr/lib/qt6/bin/qml"
    static let lint = "/usr/lib/qt6/bin/qmllint"
    static let folder = Binaries.repo.appendingPathComponent(".build/qml-module").path
    /// The same module built with AddressSanitizer, for the teardown tests (issue 57).
    static let sanitizedFolder = Binaries.repo.appendingPathComponent(".build/qml-module-asan").path
    private static let built = Mutex<Result<String, HarnessError>?>(nil)
    private static let builtSanitized = Mutex<Result<String, HarnessError>?>(nil)

    /// GCC's AddressSanitizer runtime, which `qml` (not built with it) must load first to run the sanitized module.
    static let addressSanitizerRuntime = "/usr/lib/gcc/x86_64-linux-gnu/12/libasan.so"

    /// cmake, Qt 6's CMake packages for Quick and Network, and the `qml` runtime (scripts/install-deps.sh).
    static var installed: Bool {
        [
            "/usr/bin/cmake", runtime, "/usr/lib/x86_64-linux-gnu/cmake/Qt6Quick/Qt6QuickConfig.cmake",
            "/usr/lib/x86_64-linux-gnu/cmake/Qt6Network/Qt6NetworkConfig.cmake",
        ].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// Qt 6's Wayland platform (qt6-wayland), which QT_QPA_PLATFORM=wayland loads.
    static var waylandInstalled: Bool {
        FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/qt6/plugins/platforms/libqwayland-generic.so")
    }

    /// The QML import path holding Animd/, built first if this run has not built it yet; with AddressSanitizer
    /// when `sanitized`.
    static func importPath(sanitized: Bool = false) throws -> String {
        func once(_ result: inout Result<String, HarnessError>?) throws -> String {
            if result == nil {
                result = Result {
                    try build(into: sanitized ? sanitizedFolder : folder, sanitizer: sanitized ? "address" : nil)
                }
                .mapError { $0 as? HarnessError ?? HarnessError("\($0)") }
            }
            return try result!.get()
        }
        return sanitized ? try builtSanitized.withLock { try once(&$0) } : try built.withLock { try once(&$0) }
    }

    /// The module's checks program (the fixtures), built with it.
    static func checks() throws -> String {
        _ = try importPath()
        return folder + "/animd-qml-checks"
    }

    /// cmake with an empty signal mask: it waits for its children through SIGCHLD (libuv), which the test runner's
    /// inherited mask would hold back for good.
    private static func cmake(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let unblocked =
            "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])"
        return try runTool(
            "/usr/bin/python3", ["-c", unblocked, "/usr/bin/cmake"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()], readingStderr: true)
    }

    private static func build(into folder: String, sanitizer: String?) throws -> String {
        let source = Binaries.repo.appendingPathComponent("clients/qml").path
        let configure = try cmake([
            "-S", source, "-B", folder, "-DCMAKE_BUILD_TYPE=Release", "-DANIMD_SANITIZE=\(sanitizer ?? "")",
        ])
        guard configure.status == 0 else {
            throw HarnessError("cmake could not configure clients/qml: \(configure.output)")
        }
        let make = try cmake(["--build", folder, "-j2"])
        guard make.status == 0 else { throw HarnessError("cmake could not build clients/qml: \(make.output)") }
        return folder + "/qml"
    }
}
