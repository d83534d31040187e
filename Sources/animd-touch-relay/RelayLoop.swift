import Glibc
import TouchRelay

/// The relay's one loop: the device, animd's socket and the hold deadline, on one poll. The device is taken only
/// while no finger is on it; from then each frame goes through the gate, whose twin frames are written at once and
/// whose reports go to animd. animd's commands (rules, claims, passes) are read between frames.
struct RelayLoop {
    private enum Hold { case waiting, taken }

    private let device: EvdevDevice
    private let twin: UinputTwin
    private var animd: AnimdChannel
    /// SIGTERM, SIGINT and SIGHUP, read (-1: none to read).
    private let termination: Int32
    private var decoder: MultitouchDecoder
    private var gate: TouchGate
    private var encoder: TwinEncoder
    private var hold = Hold.waiting

    init(device: EvdevDevice, twin: UinputTwin, control: Int32, termination: Int32, holdLimit: Double) {
        self.device = device
        self.twin = twin
        animd = AnimdChannel(socket: control)
        self.termination = termination
        let twinCapabilities = device.capabilities.twin
        decoder = MultitouchDecoder(slotCount: device.capabilities.slotCount)
        gate = TouchGate(rules: GateRules(holdLimit: holdLimit), twinSlots: twinCapabilities.slotCount)
        encoder = TwinEncoder(capabilities: twinCapabilities)
    }

    /// Runs until animd goes away (its socket closes) or the device does; the reason.
    mutating func run() -> String {
        if let slots = device.slots() { _ = decoder.resync(trackingIDs: slots.ids, xs: slots.xs, ys: slots.ys) }
        tryTaking()
        if hold == .waiting { send(.waiting) }
        while true {
            let now = monotonicNow()
            var fds = [
                pollfd(fd: device.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: animd.socket, events: Int16(POLLIN) | (animd.hasUnsent ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: termination, events: Int16(POLLIN), revents: 0),
            ]
            let result = poll(&fds, 3, timeout(now: now))
            if result < 0 && errno != EINTR { return "poll failed: \(String(cString: strerror(errno)))" }
            if fds[2].revents != 0 { return "asked to stop (animd ended, or a signal)" }
            if fds[1].revents & Int16(POLLOUT) != 0, animd.flush() { gate.resume() }
            if fds[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !readCommands() { return "animd went away" }
            if fds[0].revents != 0, !readDevice() { return "the touchscreen went away" }
            if hold == .waiting, !decoder.needsResync, decoder.isIdle { tryTaking() }
            carry(gate.expire(at: monotonicNow()))
        }
    }

    /// Lifts what the twin has down, and lets the device go.
    mutating func finish() {
        _ = twin.write(encoder.liftAll())
        twin.destroy()
        _ = device.grab(false)
    }

    private func timeout(now: Double) -> Int32 {
        var seconds = hold == .waiting ? 0.1 : -1.0
        if let deadline = gate.deadline { seconds = max(0, min(seconds < 0 ? .infinity : seconds, deadline - now)) }
        return seconds < 0 ? -1 : Int32((seconds * 1000).rounded(.up))
    }

    /// Grabs the device if no finger is on it (checked again once grabbed: one may have landed in between).
    private mutating func tryTaking() {
        guard hold == .waiting, !device.isTouched() else { return }
        guard device.grab(true) else { return }
        guard !device.isTouched() else {
            _ = device.grab(false)
            return
        }
        hold = .taken
        send(.taken(twin: device.capabilities.twin.name))
    }

    private mutating func readDevice() -> Bool {
        guard let events = device.read() else { return false }
        for event in events {
            var changes = decoder.decode(event)
            if decoder.needsResync, let slots = device.slots() {
                changes = decoder.resync(trackingIDs: slots.ids, xs: slots.xs, ys: slots.ys)
            }
            guard let changes, hold == .taken else { continue }
            carry(gate.route(changes, at: monotonicNow()))
        }
        return true
    }

    /// Carries out animd's commands; false once it has gone.
    private mutating func readCommands() -> Bool {
        guard let commands = animd.receive() else { return false }
        for command in commands {
            switch command {
            case let .rules(zones, fingers):
                gate.rules.zones = zones
                gate.rules.fingers = fingers
            case let .claim(id): carry(gate.claim(id))
            case let .pass(id): carry(gate.pass(id))
            }
        }
        return true
    }

    private mutating func carry(_ output: GateOutput) {
        if !output.twinFrames.isEmpty { _ = twin.write(encoder.encode(output.twinFrames)) }
        for report in output.reports { send(.report(report)) }
    }

    private mutating func send(_ message: RelayMessage) {
        // animd stopped reading: nothing is held for it until it reads again.
        if !animd.send(message) { carry(gate.stall()) }
    }
}

func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

enum FileHandleStandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}
