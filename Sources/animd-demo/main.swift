// animd-demo: a small native X11 client of animd. It subscribes to every
// transition with frames: "driven" and draws the sidebar, panel,
// notifications, launcher, pager and overview at its own refresh rate: while a finger
// or a scrub drives a transition, from the frames animd sends; while a leg
// runs, from the leg's curve, evaluated at the instant of each redraw
// (docs/protocol.md, "The leg object"). At rest it has no timer at all.
// When animd is not there, or goes away, it waits for it and subscribes
// again once it is back, as every client should.
//
//   animd-demo [--socket PATH] [--size WxH] [--rate HZ] [--print-frames]
//
// --rate: redraws per second while a leg runs; default the monitor's refresh
// rate as RandR reports it, else 144. --print-frames writes "drawn NAME=PROGRESS …"
// after each redraw that an event from animd caused reached the X server
// (not after the timer's redraws), and "connected" each time it subscribed
// after waiting (the tests synchronise on them).
import Glibc
import UnixSupport

func fail(_ message: String) -> Never {
    writeToStandardError("animd-demo: \(message)\n")
    exit(1)
}

/// A line on standard output, whole (the tests read it through a pipe).
func say(_ line: String) { writeWhole(line + "\n", to: STDOUT_FILENO) }

// A parent may have blocked SIGINT and SIGTERM (the mask survives exec); the demo must still stop on them.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
sigaddset(&stopSignals, SIGINT)
sigaddset(&stopSignals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") {
    say(DemoOptions.usage)
    exit(0)
}
let options: DemoOptions
switch DemoOptions.parse(arguments, environment: ProcessEnvironment.current, uid: getuid()) {
case let .success(parsed): options = parsed
case let .failure(error): fail(error.description)
}
let link = AnimdLink(socketPath: options.socketPath)
if !link.connect() { link.lose("animd is not running") }
guard let window = DemoWindow(width: options.width, height: options.height) else {
    fail("cannot open the X display (is DISPLAY set?)")
}
DemoLoop(window: window, link: link, frameRate: options.rate ?? window.refreshRate, printFrames: options.printFrames)
    .run()
