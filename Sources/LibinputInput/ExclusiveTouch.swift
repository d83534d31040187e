import CLibinput
import Gestures
import Logging
import TouchRelay
import UnixSupport

/// `touch-edges = "exclusive"` on the libinput backend (issue 59, docs/wayland.md): each touchscreen is handed to a
/// relay of its own (`animd-touch-relay`), which grabs it and gives the compositor a twin, and animd reads its
/// touches from the relay instead of from libinput. libinput stops reading the device meanwhile (its send-events
/// mode set to disabled) and takes it back when the relay ends.
final class ExclusiveTouch {
    enum State: Equatable {
        case starting
        case waiting
        case taken(twin: String)
        /// The relay ended or could not start: the device is libinput's again, shared.
        case shared(reason: String)
    }

    /// A touchscreen libinput added: its device number, its libinput device (referenced while kept) and its name.
    private struct Touchscreen {
        let device: Int
        let handle: OpaquePointer
        let name: String
    }

    /// One touchscreen handed to a relay: the touchscreen, its relay process and its state, how its touches are
    /// placed (placement, calibration), and the frame and touch ids being translated.
    private final class Relayed {
        let touchscreen: Touchscreen
        let process: TouchRelayProcess
        var state = State.starting
        var placement: TouchscreenPlacement?
        var calibration: [Double]
        /// The frame the relay is sending, until its `frame` line.
        var frame: [GateReport] = []
        /// animd's touch id → the relay's, for touches the relay holds (or that a multi-finger claim may cancel).
        var relayIDs: [Int: (id: UInt32, held: Bool)] = [:]

        var device: Int { touchscreen.device }
        var name: String { touchscreen.name }

        init(touchscreen: Touchscreen, process: TouchRelayProcess, calibration: [Double]) {
            self.touchscreen = touchscreen
            self.process = process
            self.calibration = calibration
        }
    }

    /// Every touchscreen's libinput device, referenced, with its name: what a relay is started for.
    private var touchscreens: [Int: Touchscreen] = [:]
    private var relays: [Int: Relayed] = [:]
    /// Devices whose relay ended, with why: shared until the plan changes or the device comes again.
    private var fallbacks: [Int: (name: String, reason: String)] = [:]
    private let logger: Logger
    /// Set when a relay's state changed; the session reports it.
    var changed = false
    /// Set when a relay told its axes: its rules can be sent (`place`).
    var needsPlacing = false

    init(logger: Logger) { self.logger = logger }

    var descriptors: [Int32] { relays.keys.sorted().map { relays[$0]!.process.socket } }

    func isRelayed(_ device: Int) -> Bool { relays[device] != nil }

    /// A touchscreen libinput added.
    func add(device: Int, handle: OpaquePointer, name: String) {
        if let old = touchscreens[device] { libinput_device_unref(old.handle) }
        touchscreens[device] = Touchscreen(device: device, handle: libinput_device_ref(handle), name: name)
    }

    /// A device libinput removed: its relay ends, and nothing of it is kept.
    func forget(device: Int) {
        release(device: device, gone: true)
        fallbacks[device] = nil
        if let old = touchscreens.removeValue(forKey: device) { libinput_device_unref(old.handle) }
    }

    /// Hands every touchscreen to a relay.
    func claimAll(plan: InputPlan) {
        for device in touchscreens.keys.sorted() { _ = claim(device: device, plan: plan) }
    }

    /// Ends the relays, and lets the devices go (the session closes).
    func close() {
        releaseAll()
        for touchscreen in touchscreens.values { libinput_device_unref(touchscreen.handle) }
        touchscreens = [:]
    }

    /// Hands a touchscreen to a relay; false (and the device stays libinput's) when none can start.
    func claim(device: Int, plan: InputPlan) -> Bool {
        guard relays[device] == nil else { return true }
        guard let touchscreen = touchscreens[device] else { return false }
        let (handle, name) = (touchscreen.handle, touchscreen.name)
        fallbacks[device] = nil
        changed = true
        let udevDevice = libinput_device_get_udev_device(handle)
        defer { if let udevDevice { udev_device_unref(udevDevice) } }
        guard let nodeText = udevDevice.flatMap(udev_device_get_devnode) else {
            fallbacks[device] = (name, "libinput gives no device node for it")
            return false
        }
        let node = String(cString: nodeText)
        guard let executable = TouchRelayProcess.executable() else {
            fallbacks[device] = (name, "animd-touch-relay is not installed beside animd nor in its libexec folder")
            return false
        }
        var matrix = [Float](repeating: 0, count: 6)
        let calibration =
            libinput_device_config_calibration_get_matrix(handle, &matrix) != 0
            ? matrix.map(Double.init) : [1, 0, 0, 0, 1, 0]
        // libinput lets the device go first: it must not read what the relay reads (a mocked node is one pty).
        _ = libinput_device_config_send_events_set_mode(handle, UInt32(LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue))
        do {
            let process = try TouchRelayProcess(executable: executable, device: node, holdLimit: plan.touchHoldLimit)
            relays[device] = Relayed(touchscreen: touchscreen, process: process, calibration: calibration)
            logger.info(
                "exclusive touch: relay started",
                metadata: ["device": "\(name)", "node": "\(node)", "pid": "\(process.pid)"])
            return true
        } catch {
            _ = libinput_device_config_send_events_set_mode(
                handle, UInt32(LIBINPUT_CONFIG_SEND_EVENTS_ENABLED.rawValue))
            fallbacks[device] = (name, error.reason)
            return false
        }
    }

    /// Ends a device's relay; libinput reads it again unless it is gone.
    func release(device: Int, gone: Bool) {
        guard let relayed = relays.removeValue(forKey: device) else {
            if gone { fallbacks[device] = nil }
            return
        }
        relayed.process.close()
        if !gone {
            _ = libinput_device_config_send_events_set_mode(
                relayed.touchscreen.handle, UInt32(LIBINPUT_CONFIG_SEND_EVENTS_ENABLED.rawValue))
        }
        changed = true
    }

    func releaseAll() {
        for device in relays.keys.sorted() { release(device: device, gone: false) }
        fallbacks = [:]
    }

    /// Where each relayed device's touches land, and the rules its relay holds touches by.
    func place(
        _ targets: [Int: (rect: Rect, transform: Int)], plan: InputPlan, outputs: [NamedOutput], monitors: [Rect]
    ) {
        for relayed in relays.values {
            guard let target = targets[relayed.device], var placement = relayed.placement else { continue }
            placement.rect = target.rect
            placement.transform = target.transform
            relayed.placement = placement
            let geometry = ScreenGeometry(monitors: monitors, touchSurfaces: [target.rect], outputs: outputs)
            var zones: [DeviceRect] = []
            for edge in Edge.allCases {
                guard let width = plan.touchStrips[edge] else { continue }
                for part in geometry.placed(
                    onGlass: target.rect, edge: edge, within: plan.touchPlaces[edge] ?? [EdgePlacement()])
                {
                    zones.append(placement.deviceRect(covering: part.strip(width: width)))
                }
            }
            relayed.process.send(.rules(zones: zones, fingers: plan.touchFingers))
        }
    }

    /// Reads what each ready relay sent (`ready[i]` for `descriptors[i]`): the touch records, in order. A relay that
    /// ended gives its device back to libinput.
    func read(ready: [Int16], targets: [Int: (rect: Rect, transform: Int)]) -> [(
        record: LibinputRecord, relay: UInt32?, held: Bool
    )] {
        var records: [(LibinputRecord, UInt32?, Bool)] = []
        for (index, device) in relays.keys.sorted().enumerated() where index < ready.count && ready[index] != 0 {
            guard let relayed = relays[device] else { continue }
            guard let lines = relayed.process.read() else {
                let reason = if case let .shared(reason) = relayed.state { reason } else { "the relay ended" }
                logger.warning(
                    "exclusive touch: the relay ended; the touchscreen is shared",
                    metadata: ["device": "\(relayed.name)", "reason": "\(reason)"])
                records += cancelAll(relayed)
                release(device: device, gone: false)
                fallbacks[device] = (relayed.name, reason)
                continue
            }
            for line in lines {
                guard let message = RelayMessage(line: line) else { continue }
                records += translate(message, from: relayed, target: targets[device])
            }
        }
        return records
    }

    private func translate(_ message: RelayMessage, from relayed: Relayed, target: (rect: Rect, transform: Int)?) -> [(
        LibinputRecord, UInt32?, Bool
    )] {
        switch message {
        case let .axes(x, y):
            relayed.placement = TouchscreenPlacement(
                x: x, y: y, calibration: relayed.calibration,
                rect: target?.rect ?? Rect(x: 0, y: 0, width: 1, height: 1),
                transform: target?.transform ?? 0)
            needsPlacing = true
        case .waiting: setState(.waiting, of: relayed)
        case let .taken(twin): setState(.taken(twin: twin), of: relayed)
        case let .refused(reason): setState(.shared(reason: reason), of: relayed)
        case .resync: return cancelAll(relayed)
        case .report(.frame(let time)):
            defer { relayed.frame = [] }
            return relayed.frame.compactMap { record($0, of: relayed, time: time) }
        case let .report(report): relayed.frame.append(report)
        }
        return []
    }

    private func setState(_ state: State, of relayed: Relayed) {
        guard relayed.state != state else { return }
        relayed.state = state
        changed = true
        logger.notice("exclusive touch", metadata: ["device": "\(relayed.name)", "state": "\(state)"])
    }

    private func record(_ report: GateReport, of relayed: Relayed, time: Double) -> (LibinputRecord, UInt32?, Bool)? {
        guard let placement = relayed.placement else { return nil }
        switch report {
        case let .down(id, point, held):
            return (
                .touchDown(
                    device: relayed.device, slot: Int32(bitPattern: id), at: placement.screenPoint(point), time: time),
                id, held
            )
        case let .move(id, point):
            return (
                .touchMotion(
                    device: relayed.device, slot: Int32(bitPattern: id), at: placement.screenPoint(point), time: time),
                nil, false
            )
        case let .up(id):
            return (.touchUp(device: relayed.device, slot: Int32(bitPattern: id), time: time), nil, false)
        case .frame, .expired:
            return nil
        }
    }

    /// The relay's touches end as cancelled: it lost them, or animd lost its reports.
    private func cancelAll(_ relayed: Relayed) -> [(LibinputRecord, UInt32?, Bool)] {
        relayed.frame = []
        relayed.relayIDs = [:]
        return [(.deviceRemoved(device: relayed.device, time: monotonicSeconds()), nil, false)]
    }

    /// The converter gave animd's id to a touch the relay reported.
    func remember(touch: Int, device: Int, relay: UInt32, held: Bool) {
        guard let relayed = relays[device] else { return }
        relayed.relayIDs[touch] = (relay, held)
        // Bounded: decisions come for the touches of one sequence at most, long before this many.
        if relayed.relayIDs.count > 256, let oldest = relayed.relayIDs.keys.min() { relayed.relayIDs[oldest] = nil }
    }

    /// The arena's claims and releases, to the relays that hold the touches. A claim reaches a touch the twin
    /// already has only when its sequence has the fingers of a multi-finger binding (it is cancelled there); a
    /// one-finger touch that passed stays the application's, as on X11.
    func decide(_ decisions: [ArenaOutput], fingers: Int) {
        for decision in decisions {
            let (touches, claim): ([Int], Bool)
            switch decision {
            case let .claimed(_, .touch, ids): (touches, claim) = (ids, true)
            case let .released(_, .touch, ids): (touches, claim) = (ids, false)
            default: continue
            }
            let multiFinger = fingers > 0 && touches.count >= fingers
            for relayed in relays.values {
                for touch in touches {
                    guard let (id, held) = relayed.relayIDs[touch] else { continue }
                    guard held || (claim && multiFinger) else { continue }
                    relayed.relayIDs[touch] = nil
                    relayed.process.send(claim ? .claim(id) : .pass(id))
                }
            }
        }
    }

    /// What the status says of exclusive touch; nil when no touchscreen is relayed or fell back.
    var detail: String? {
        var parts: [String] = []
        for relayed in relays.values.sorted(by: { $0.name < $1.name }) {
            switch relayed.state {
            case .starting: parts.append("\(relayed.name): starting its relay")
            case .waiting: parts.append("\(relayed.name): waiting for no finger on it to take it")
            case let .taken(twin): parts.append("\(relayed.name): taken; applications get its twin \"\(twin)\"")
            case let .shared(reason): parts.append("\(relayed.name): shared (\(reason))")
            }
        }
        for fallback in fallbacks.values.sorted(by: { $0.name < $1.name }) {
            parts.append("\(fallback.name): shared (\(fallback.reason))")
        }
        return parts.isEmpty ? nil : "exclusive touch: " + parts.joined(separator: "; ")
    }
}
