import CEvdev
import Glibc
import TouchRelay

// animd-touch-relay DEVICE [--hold-limit SECONDS] [--uinput PATH]
//
// animd's touch relay (docs/wayland.md, "Touches that only animd sees"): takes one touchscreen with EVIOCGRAB once
// no finger is on it, makes its twin through uinput, and lets through to the twin every touch animd does not
// claim. It talks to animd on descriptor 3 and ends when animd does; a touch held for animd longer than the hold
// limit goes to the twin unasked, so that a stopped animd never freezes the touchscreen.
let control: Int32 = 3
var arguments = Array(CommandLine.arguments.dropFirst())
var holdLimit = 0.15
var uinputPath = "/dev/uinput"

func fail(_ reason: String) -> Never {
    let line = RelayMessage.refused(reason).line + "\n"
    _ = send(control, line, line.utf8.count, Int32(MSG_NOSIGNAL))
    FileHandleStandardError.write("animd-touch-relay: \(reason)\n")
    exit(1)
}

var devicePath: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--hold-limit":
        guard let value = arguments.first.flatMap(Double.init), value.isFinite, (0.01...5).contains(value) else {
            fail("--hold-limit takes 0.01 to 5 seconds")
        }
        holdLimit = value
        arguments.removeFirst()
    case "--uinput":
        guard let value = arguments.first else { fail("--uinput takes a path") }
        uinputPath = value
        arguments.removeFirst()
    default:
        guard devicePath == nil, !argument.hasPrefix("-") else {
            fail("usage: animd-touch-relay DEVICE [--hold-limit SECONDS] [--uinput PATH]")
        }
        devicePath = argument
    }
}
guard let devicePath else { fail("usage: animd-touch-relay DEVICE [--hold-limit SECONDS] [--uinput PATH]") }
// Descriptor 3 must be animd's socket: without it there is no one to decide, and nothing is taken.
var socketType: Int32 = 0
var typeLength = socklen_t(MemoryLayout<Int32>.size)
guard getsockopt(control, SOL_SOCKET, SO_TYPE, &socketType, &typeLength) == 0 else {
    FileHandleStandardError.write(
        "animd-touch-relay: descriptor 3 is not animd's socket; animd starts the relay itself\n")
    exit(2)
}
// Blocked before the parent-death signal is asked for, so that it too is read, not suffered.
let termination = animd_termination_descriptor()
_ = animd_die_with_parent()
signal(SIGPIPE, SIG_IGN)

let device: EvdevDevice
do { device = try EvdevDevice(path: devicePath) } catch { fail(error.reason) }
if let refusal = device.capabilities.refusal { fail("\(device.capabilities.name): \(refusal)") }
guard let x = device.capabilities.axis(Evdev.mtPositionX), let y = device.capabilities.axis(Evdev.mtPositionY) else {
    fail("no position axes")
}
let axes = RelayMessage.axes(x: x, y: y).line + "\n"
_ = send(control, axes, axes.utf8.count, Int32(MSG_NOSIGNAL))
let twin: UinputTwin
do { twin = try UinputTwin(device.capabilities.twin, path: uinputPath) } catch { fail(error.reason) }
var loop = RelayLoop(device: device, twin: twin, control: control, termination: termination, holdLimit: holdLimit)
let reason = loop.run()
loop.finish()
FileHandleStandardError.write("animd-touch-relay: \(reason); the touchscreen is let go\n")
exit(0)
