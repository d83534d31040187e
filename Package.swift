// swift-tools-version:6.0
//
// The target graph is the architecture (docs/architecture.md, whose graph
// scripts/module-graph.py writes from this file and make test checks): pure
// libraries (TextWriting, Motion, Gestures, TransitionModel, Transitions,
// AnimConfig, JSONText, AnimProtocol, FocusSources) never touch a file, a socket, a
// thread or the wall clock; the shell (the input backends X11Input and
// LibinputInput on BackendThread's runtime, DesktopPortal, the C modules,
// UnixSupport, AnimClient, AnimDaemon) and the executables do. Each target
// declares every module it imports: scripts/check-imports.py, run by make
// test, checks both ways.
import Foundation
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// animd and animctl carry the Swift runtime and the libstdc++ it needs inside them (3 MiB less resident memory
// for animd, and animctl starts in two thirds of the time: docs/performance.md), so that the tests run the binaries
// that are installed. animd then installs its event loop as Swift concurrency's executor itself
// (Sources/animd/ConcurrencyOnTheLoop.swift), since SwiftNIO's way cannot find the runtime's hook in a static
// runtime. linker/ holds the script that turns the runtime's -lstdc++ into the static archive.
// ANIMD_DYNAMIC_RUNTIME=1 links them as before, for ThreadSanitizer (make test-tsan): its libdispatch interceptors
// do not see a static libdispatch, which leaves it blind to the synchronization of dispatch's queues.
let dynamicRuntime = ProcessInfo.processInfo.environment["ANIMD_DYNAMIC_RUNTIME"] == "1"
let staticRuntime: [LinkerSetting] =
    dynamicRuntime ? [] : [.unsafeFlags(["-static-stdlib", "-L\(Context.packageDirectory)/linker"])]
// swift-argument-parser's FoundationEssentials, static too, needs its support libraries named; lld, since GNU gold
// warns of a mktemp that FoundationEssentials has and animctl never calls.
let animctlStaticRuntime: [LinkerSetting] =
    dynamicRuntime
    ? []
    : staticRuntime + [.unsafeFlags(["-use-ld=lld"])]
        + ["_FoundationCShims", "_FoundationCollections", "swiftSynchronization"].map { .linkedLibrary($0) }

// animd's functions in the order that its start-up, idle loop and request path run them (linker/code-order.txt,
// written by scripts/code-order.py): built with a section per function (the Makefile's RELEASE_FLAGS), what an idle
// animd runs lies together, and 2 to 2.7 MiB less of its code stays resident (docs/performance.md). Release links only;
// gold takes the file, as animd links with it.
let codeOrder: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xlinker", "--section-ordering-file=\(Context.packageDirectory)/linker/code-order.txt"],
        .when(configuration: .release))
]

let package = Package(
    name: "animd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "animd", targets: ["animd"]),
        .executable(name: "animctl", targets: ["animctl"]),
        .executable(name: "animd-demo", targets: ["animd-demo"]),
        .executable(name: "animd-touch-relay", targets: ["animd-touch-relay"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "AnimProtocol", targets: ["AnimProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The libraries of one backend, or of the portal, loaded only when it runs (dlopen): stubs with the headers'
        // prototypes, so a backend that does not run costs no memory (docs/performance.md, issue 33).
        .target(name: "CLazyLibrary"),
        // libX11, libXi, libXrandr, libXfixes, libXinerama (libx11-dev libxi-dev libxrandr-dev libxfixes-dev libxinerama-dev).
        .target(name: "CX11", dependencies: ["CLazyLibrary"]),
        // libinput and libudev (libinput-dev libudev-dev).
        .target(name: "CLibinput", dependencies: ["CLazyLibrary"]),
        // sd-bus: D-Bus through libsystemd, which every systemd machine has (libsystemd-dev; docs/motion.md).
        .target(name: "CSDBus", dependencies: ["CLazyLibrary"]),
        // sched_setattr(2), which glibc does not wrap: the event loop's short time slice (docs/architecture.md).
        .systemLibrary(name: "CLinuxScheduling"),
        // posix_spawn_file_actions_addclosefrom_np, which glibc declares only under _GNU_SOURCE: on-snap commands
        // inherit no descriptor of animd's.
        .systemLibrary(name: "CSpawn"),
        // The evdev and uinput ioctls of the touch relay, whose request numbers are C macros (linux/input.h, linux/uinput.h).
        .systemLibrary(name: "CEvdev"),
        // The Swift runtime's global-enqueue hook, reached through the linker: animd's event loop runs Swift
        // concurrency in the static build too (Sources/animd/ConcurrencyOnTheLoop.swift).
        .systemLibrary(name: "CConcurrencyHook"),
        // Text written as it is made, with no String between: numbers, and strings quoted for JSON and TOML.
        .target(name: "TextWriting", swiftSettings: strict),
        .target(name: "Motion", dependencies: ["TextWriting"], swiftSettings: strict),
        .target(name: "Gestures", swiftSettings: strict),
        // The touch relay's logic (issue 59): protocol-B frames read, each touch held or passed to the twin, the twin's
        // frames written, and the lines it trades with animd. Pure, as the gesture core is.
        .target(name: "TouchRelay", swiftSettings: strict),
        // `animctl import` (issue 61): touchegg's, fusuma's, libinput-gestures' and lisgd's configs read, and what
        // they do written as animd bindings. Pure: text and the session in, a config and what was left out out.
        .target(name: "GestureImport", swiftSettings: strict),
        // What a transition is and what may be asked of it: the snapshot, its phase, the commands. The engine makes
        // them, the wire carries them; neither owns them.
        .target(name: "TransitionModel", dependencies: ["Motion", "TextWriting"], swiftSettings: strict),
        .target(name: "Transitions", dependencies: ["Motion", "Gestures", "TransitionModel"], swiftSettings: strict),
        // animd.toml: TOML 1.0 read with every key's line and column, layered, checked, and turned into the engine's tables.
        .target(
            name: "AnimConfig",
            dependencies: ["Motion", "Gestures", "Transitions", "TransitionModel", "TextWriting", "JSONText"],
            resources: [.embedInCode("Resources/default-config.toml")],
            swiftSettings: strict
        ),
        // JSON read and written by hand: the tree (JSONValue), the in-place reader the request path uses (JSONElement over
        // a tape), the writer. Apart from the wire protocol, so that the focus sources read JSON without it.
        .target(name: "JSONText", dependencies: ["TextWriting"], swiftSettings: strict),
        .target(
            name: "AnimProtocol", dependencies: ["Gestures", "Motion", "TextWriting", "TransitionModel", "JSONText"],
            swiftSettings: strict),
        // What the desktop says of motion, as values: the XDG portal's settings and KDE's kdeglobals, read from text.
        // DesktopPortal and the shell fill them; the core decides with them.
        .target(name: "DesktopMotion", dependencies: ["Motion"], swiftSettings: strict),
        // The daemon's core machine (issue 60): every change of state, as events in and effects out. Pure by
        // construction: it may import only pure targets, which the compiler holds and module-graph.py checks.
        .target(
            name: "AnimCore",
            dependencies: [
                "JSONText", "Motion", "Gestures", "TextWriting", "TransitionModel", "Transitions",
                "AnimConfig", "AnimProtocol", "DesktopMotion",
            ], swiftSettings: strict),
        // sockaddr_un built and read in one place, errno's text, and the monotonic clock: shared by the client, the
        // daemon and its input backends.
        .target(name: "UnixSupport", dependencies: ["CSpawn"], swiftSettings: strict),
        .target(
            name: "AnimClient",
            dependencies: ["JSONText", "AnimProtocol", "Gestures", "TransitionModel", "Motion", "UnixSupport"],
            swiftSettings: strict),
        .target(name: "FocusSources", dependencies: ["JSONText", "Gestures", "TextWriting"], swiftSettings: strict),
        // The input backend's contract (InputBackend, BackendInfo, BackendEvent), and what both backends' threads
        // share: the wake-up pipe, logging unavailable sources. A shell concern, kept out of the pure Gestures.
        .target(
            name: "BackendThread",
            dependencies: [
                "Gestures", "UnixSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ], swiftSettings: strict),
        .target(
            name: "X11Input",
            dependencies: [
                "CX11", "Gestures", "BackendThread", "UnixSupport", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // wl_output and the xdg-output protocol, bound by hand (docs/wayland.md).
        .target(name: "CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        .target(
            name: "LibinputInput",
            dependencies: [
                "CLibinput", "CWayland", "Gestures", "BackendThread", "UnixSupport", "FocusSources", "TouchRelay",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // The XDG desktop portal's settings over the session bus, on a thread of their own: reduced motion.
        .target(
            name: "DesktopPortal",
            dependencies: ["CSDBus", "UnixSupport", "BackendThread", "FocusSources", "Gestures", "DesktopMotion"],
            swiftSettings: strict),
        .target(
            name: "AnimDaemon",
            dependencies: [
                "JSONText",
                "Motion", "Gestures", "TextWriting", "TransitionModel", "Transitions", "AnimConfig", "AnimProtocol",
                "AnimCore", "DesktopMotion", "UnixSupport", "BackendThread", "X11Input", "LibinputInput",
                "DesktopPortal", "FocusSources", "CLinuxScheduling",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "animd",
            dependencies: [
                "JSONText", "AnimDaemon", "AnimProtocol", "AnimConfig", "UnixSupport", "CConcurrencyHook",
                "TextWriting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict,
            linkerSettings: staticRuntime + codeOrder
        ),
        .executableTarget(
            name: "animctl",
            dependencies: [
                "JSONText", "AnimProtocol", "AnimClient", "AnimConfig", "TransitionModel", "Gestures", "Motion",
                "TextWriting", "UnixSupport", "GestureImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict,
            linkerSettings: animctlStaticRuntime
        ),
        // The process that takes a touchscreen (EVIOCGRAB) and gives the compositor its twin (uinput) for exclusive
        // touch on the libinput backend; apart from animd so that a stopped animd cannot freeze the glass
        // (docs/wayland.md). Installed in libexec, carrying its runtime as animd does.
        .executableTarget(
            name: "animd-touch-relay", dependencies: ["TouchRelay", "CEvdev"], swiftSettings: strict,
            linkerSettings: staticRuntime),
        // A native X11 client that draws the transitions from its subscription frames (examples/, README picture).
        // Installed by the package as animd and animctl are, so it carries the runtime too: it runs without Swift.
        .executableTarget(
            name: "animd-demo", dependencies: ["AnimProtocol", "AnimClient", "CX11", "UnixSupport"],
            swiftSettings: strict,
            linkerSettings: staticRuntime),
        .executableTarget(
            name: "animd-bench",
            dependencies: [
                "JSONText", "Motion", "Gestures", "Transitions", "AnimConfig", "TransitionModel", "AnimProtocol",
                "AnimDaemon", "AnimClient", "UnixSupport", "XorgInputTest", "DaemonLauncher",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Benchmarks/animd-bench",
            swiftSettings: strict
        ),
        // The fan-out benchmark's NIO floor: the C baseline's job on animd's own stack (NIO, the same send path).
        .executableTarget(
            name: "animd-bench-floor",
            dependencies: [
                "CLinuxScheduling", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/nio-floor",
            swiftSettings: strict
        ),
        // The memory benchmark's floor: a Swift program with nothing but the standard library and Glibc, linked as animd is.
        .executableTarget(
            name: "animd-bench-swift-floor", path: "Benchmarks/swift-floor", swiftSettings: strict,
            linkerSettings: staticRuntime),
        .target(
            name: "TestSupport",
            dependencies: ["UnixSupport", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            path: "Tests/TestSupport",
            swiftSettings: strict),
        // The tree-building reader of request lines that the tests and the fuzzer compare the daemon's reading with.
        .target(
            name: "ProtocolOracle", dependencies: ["JSONText", "AnimProtocol"], path: "Tests/ProtocolOracle",
            swiftSettings: strict),
        // How the integration tests and the benchmarks start daemons: one launcher for both.
        .target(
            name: "DaemonLauncher", dependencies: ["AnimClient"], path: "Tests/DaemonLauncher", swiftSettings: strict),
        // The X client the X tests run beside animd: a recording window, XTest input, a rival selection.
        .systemLibrary(name: "CXTest", path: "Tests/CXTest", pkgConfig: "xtst", providers: [.apt(["libxtst-dev"])]),
        .executableTarget(
            name: "animd-xprobe", dependencies: ["CX11", "CXTest"], path: "Tests/XProbe", swiftSettings: strict),
        // A headless Xorg whose fake touchscreen and touchpad (the inputtest driver) the touch tests and the touch
        // benchmark drive: real XI2 touches and XI 2.4 gestures through the server's own grab code.
        .systemLibrary(name: "CInputTest", path: "Tests/CInputTest", providers: [.apt(["xserver-xorg-dev"])]),
        .target(
            name: "XorgInputTest", dependencies: ["CInputTest"], path: "Tests/XorgInputTest", swiftSettings: strict),
        .testTarget(name: "TextWritingTests", dependencies: ["TextWriting"], swiftSettings: strict),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "TouchRelayTests", dependencies: ["TouchRelay"], swiftSettings: strict),
        .testTarget(
            name: "GestureImportTests", dependencies: ["GestureImport", "AnimConfig", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "GesturesTests", dependencies: ["JSONText", "Gestures", "AnimProtocol", "TestSupport"],
            exclude: ["Traces"], swiftSettings: strict),
        .testTarget(
            name: "TransitionsTests",
            dependencies: [
                "Transitions", "AnimConfig", "AnimProtocol", "TransitionModel", "Motion", "Gestures", "TestSupport",
            ], swiftSettings: strict),
        .testTarget(
            name: "FocusSourcesTests", dependencies: ["FocusSources", "Gestures", "AnimProtocol"], swiftSettings: strict
        ),
        .testTarget(
            name: "ConfigTests",
            dependencies: [
                "AnimConfig", "Motion", "Gestures", "Transitions", "TransitionModel", "TextWriting", "JSONText",
                "TestSupport",
            ], exclude: ["FuzzRegressions"], swiftSettings: strict),
        .testTarget(
            name: "AnimProtocolTests",
            dependencies: ["JSONText", "AnimProtocol", "ProtocolOracle", "TransitionModel", "Gestures", "Motion"],
            swiftSettings: strict),
        .testTarget(
            name: "DesktopPortalTests", dependencies: ["DesktopPortal", "DesktopMotion", "BackendThread"],
            swiftSettings: strict),
        .testTarget(
            name: "AnimDaemonTests",
            dependencies: [
                "JSONText", "TestSupport", "DesktopPortal", "DesktopMotion", "AnimCore", "Transitions", "AnimDaemon",
                "AnimProtocol",
                "AnimConfig", "TransitionModel", "Gestures", "Motion", "GestureImport", "TextWriting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "BackendThreadTests",
            dependencies: [
                "BackendThread", "Gestures", "UnixSupport", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "X11InputTests", dependencies: ["X11Input", "CX11", "Gestures", "AnimProtocol", "UnixSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "AnimClientTests", dependencies: ["AnimClient", "AnimConfig", "JSONText"], swiftSettings: strict),
        .testTarget(
            name: "LibinputInputTests", dependencies: ["LibinputInput", "Gestures", "AnimProtocol", "UnixSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "JSONText", "AnimProtocol", "TransitionModel", "AnimClient", "DaemonLauncher", "TestSupport",
                "CLinuxScheduling", "XorgInputTest", "UnixSupport", "Gestures",
            ],
            exclude: ["fish-complete.py"],
            swiftSettings: strict),
    ]
)

// libFuzzer targets (scripts/fuzz.sh): declared only when ANIMD_FUZZ is set, because they have no main of their
// own (libFuzzer provides it) and must be built with -sanitize=fuzzer in a scratch folder of their own.
if ProcessInfo.processInfo.environment["ANIMD_FUZZ"] != nil {
    let fuzzSettings = strict + [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/driver", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-protocol",
            dependencies: [
                "AnimProtocol", "JSONText", "ProtocolOracle", "TransitionModel", "Gestures", "Motion", "FuzzDriver",
                "AnimClient", "UnixSupport",
            ], path: "Fuzz/protocol", swiftSettings: fuzzSettings),
        .executableTarget(
            name: "fuzz-config", dependencies: ["AnimConfig", "TransitionModel", "FuzzDriver"], path: "Fuzz/config",
            swiftSettings: fuzzSettings),
    ]
}
