import Glibc
import TouchRelay

/// The relay's one loop: the device, animd's socket and the hold deadline, on one poll. The device is taken only
/// while no finger is on it; from then each frame goes through the gate, whose twin frames are written at once and
/// whose reports go to animd. animd's commands (rules, claims, passes) are read between frames.
struct RelayLoop {
    private enum Hold { case waiting, taken }

    /// What animd may leave unread before the relay stops holding anything (256 KiB: seconds of touches).
    static let outboxLimit = 256 * 1024

    private let device: EvdevDevice
    private let twin: UinputTwin
    private let control: Int32
    /// SIGTERM, SIGINT and SIGHUP, read (-1: none to read).
    private let termination: Int32
    private var decoder: MultitouchDecoder
    private var gate: TouchGate
    private var encoder: TwinEncoder
    private var hold = Hold.waiting
    private var outbox: [UInt8] = []
    private var inbox: [UInt8] = []
    /// Reports were dropped while animd did not read: it is told to start again once it does.
    private var owesResync = false

    init(device: EvdevDevice, twin: UinputTwin, control: Int32, termination: Int32, holdLimit: Double) {
        self.device = device
        self.twin = twin
        self.control = control
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
            var fds = [pollfd(fd: device.descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: control, events: Int16(POLLIN) | (outbox.isEmpty ? 0 : Int16(POLLOUT)), revents: 0),
                       pollfd(fd: termination, events: Int16(POLLIN), revents: 0)]
            let result = poll(&fds, 3, timeout(now: now))
            if result < 0 && errno != EINTR { return "poll failed: \(String(cString: strerror(errno)))" }
            if fds[2].revents != 0 { return "asked to stop (animd ended, or a signal)" }
            if fds[1].revents & Int16(POLLOUT) != 0 { flush() }
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
            var changes = decoder.take(event)
            if decoder.needsResync, let slots = device.slots() { changes = decoder.resync(trackingIDs: slots.ids, xs: slots.xs, ys: slots.ys) }
            guard let changes, hold == .taken else { continue }
            carry(gate.take(changes, at: monotonicNow()))
        }
        return true
    }

    /// Reads animd's lines; false once it has gone.
    private mutating func readCommands() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(control, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return false }
        guard count > 0 else { return true }
        inbox += buffer.prefix(count)
        while let end = inbox.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: inbox[..<end], as: UTF8.self)
            inbox.removeSubrange(...end)
            switch RelayCommand(line: Substring(line)) {
            case let .rules(zones, fingers)?:
                gate.rules.zones = zones
                gate.rules.fingers = fingers
            case let .claim(id)?: carry(gate.claim(id))
            case let .pass(id)?: carry(gate.pass(id))
            case nil: FileHandleStandardError.write("animd-touch-relay: ignoring \"\(line.prefix(80))\"\n")
            }
        }
        // A line longer than any command: dropped.
        if inbox.count > 16 * 1024 { inbox.removeAll() }
        return true
    }

    private mutating func carry(_ output: GateOutput) {
        if !output.twinFrames.isEmpty { _ = twin.write(encoder.encode(output.twinFrames)) }
        for report in output.reports { send(.report(report)) }
    }

    private mutating func send(_ message: RelayMessage) {
        guard !owesResync else { return }
        outbox += Array((message.line + "\n").utf8)
        flush()
        if outbox.count > Self.outboxLimit {
            // animd stopped reading: nothing is held for it until it reads again.
            outbox.removeAll()
            owesResync = true
            carry(gate.stall())
        }
    }

    private mutating func flush() {
        if owesResync, outbox.isEmpty {
            outbox = Array((RelayMessage.resync.line + "\n").utf8)
            owesResync = false
            gate.resume()
        }
        while !outbox.isEmpty {
            let sent = outbox.withUnsafeBytes { Glibc.send(control, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            outbox.removeFirst(sent)
        }
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
