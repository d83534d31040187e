import BackendThread
import CX11
import Gestures
import Logging

/// One connection to an X display and everything animd set up on it: the input sources it intercepts (raw touch,
/// exclusive touch strips, pointer barriers, drag strips, touchpad gestures), re-made when the plan, the monitors
/// or the touchscreens change, and the conversion of its events. Lives on the backend runtime's thread.
///
/// Nothing here grabs the pointer: barriers only observe pushes, and a strip takes presses with the implicit
/// *asynchronous* grab any window gets, so a stopped animd can never freeze the pointer. Touches are observed
/// through raw events, which nothing delays; only the opt-in exclusive touch strips hold a touch, and only one
/// that starts inside them.
///
/// Past the size that usually means two jobs (about 520 lines, 470 before the formatter wrapped them): it owns the X
/// connection and everything set up on it, and the interception's set-up is not yet apart from the event handling.
/// That split (the set-up as its own type) is still to do.
final class X11Session {
    let connection: X11Connection
    let logger: Logger
    private(set) var converter: XInputConverter
    private var plan: InputPlan
    /// The screen as X reports it now.
    private var layout: X11Layout
    /// What is set up on the server for the plan: torn down and set up again as a whole.
    private var interception = X11Interception()
    /// Set when monitors or source states changed; the backend reports it once.
    var infoChanged = false
    /// XSETTINGS' animations, the focused window and the tablet-mode switch.
    private(set) var desktop: X11DesktopWatch

    /// `tabletMode` makes the reader of the tablet-mode switch, once the display is open.
    init?(name: String, plan: InputPlan, logger: Logger, tabletMode: TabletModeReaderMaker? = nil) {
        guard let connection = X11Connection(name: name) else { return nil }
        self.connection = connection
        self.logger = logger
        self.plan = plan
        layout = X11Layout.read(connection)
        desktop = X11DesktopWatch(connection, tabletMode: tabletMode?(logger))
        converter = XInputConverter(
            pressure: EdgePressure(cap: plan.pressureCap, releaseDelay: plan.pressureReleaseDelay))
        setUp()
    }

    var display: OpaquePointer { connection.display }
    var root: Window { connection.root }

    var displayInfo: DisplayInfo {
        DisplayInfo(
            name: connection.name, monitors: layout.monitors.map(\.0),
            outputs: layout.monitors.filter { !$0.1.isEmpty }.map { NamedOutput(name: $0.1, rect: $0.0) },
            refreshRate: layout.refreshRate,
            xiVersion: connection.hasXI ? "\(connection.xiVersion.major).\(connection.xiVersion.minor)" : "none",
            sources: interception.sources,
            touchSurfaces: interception.touchSurfaces, animationsEnabled: desktop.xsettings.animationsEnabled,
            focus: desktop.focus.focus, tabletMode: desktop.tabletMode?.mode,
            tabletModeDetail: desktop.tabletMode?.detail)
    }

    /// The monitors, with the names a placed edge pan may give (`output`).
    private var geometry: ScreenGeometry {
        ScreenGeometry(
            monitors: layout.monitors.map(\.0),
            outputs: layout.monitors.filter { !$0.1.isEmpty }.map { NamedOutput(name: $0.1, rect: $0.0) })
    }

    /// Tears down what the old plan set up and sets up the new one.
    func apply(_ newPlan: InputPlan) {
        guard newPlan != plan else { return }
        plan = newPlan
        tearDown()
        converter.pressure.configure(cap: plan.pressureCap, releaseDelay: plan.pressureReleaseDelay)
        setUp()
        infoChanged = true
    }

    /// Closes the connection; the server drops the grabs, barriers and strips with it. A connection the server
    /// broke is closed too, or its descriptor and Xlib's memory would stay with each reconnection: Xlib marks it
    /// broken at the first I/O error, and its close then sends nothing (the exit handler `X11Connection` sets lets
    /// it return), but frees the display and closes the socket.
    func close() {
        desktop.tabletMode?.close()
        XCloseDisplay(display)
    }

    // MARK: - Setting up interception

    private func setUp() {
        interception.sources = [:]
        if connection.hasXI { selectOnRoot(XIAllDevices, [XI_HierarchyChanged]) }
        interception.sources[.touch] = setUpTouch()
        interception.sources[.pressure] = setUpBarriers()
        interception.sources[.pointer] = setUpStrips()
        interception.sources[.touchpad] = setUpTouchpad()
        retireRootEvents()
        XFlush(display)
    }

    /// Tears down the barriers and strips. The root window's selections stay on the server until the new plan's are
    /// made (`retiringRootEvents`): a touch under way when a plan changes (a widget declared or went, the focus
    /// moved) keeps its every raw event, its end included, where deselecting first would lose those that came
    /// meanwhile and leave the arena waiting for a lift that never comes.
    private func tearDown() {
        for barrier in interception.barriers { XFixesDestroyPointerBarrier(display, barrier) }
        interception.barriers = []
        converter.barriers = [:]
        // A touch strip's passive grab goes with its window.
        for strip in interception.strips { XDestroyWindow(display, strip) }
        interception.strips = []
        interception.retiringRootEvents = interception.rootEvents
        interception.rootEvents = [:]
        XSync(display, 0)
    }

    /// Once the new plan's selections are made: each device selects exactly those, dropping what only the old plan
    /// wanted.
    private func retireRootEvents() {
        for (device, old) in interception.retiringRootEvents {
            let now = interception.rootEvents[device] ?? []
            if old.contains(where: { !now.contains($0) }) { select(root, device: device, now) }
        }
        interception.retiringRootEvents = [:]
    }

    /// Touch is observed through raw events on the root window: every touch, from its first event, with nothing
    /// held, so a stopped animd delays no touch. With `touch-edges = "exclusive"`, strips along the touchscreens'
    /// edges also hold the touches that start in them, for the arena to accept or reject.
    private func setUpTouch() -> SourceStatus {
        guard plan.touch else { return SourceStatus(.unused, "no binding uses touch") }
        guard connection.hasXI(2, 2) else {
            return SourceStatus(
                .unavailable,
                "the server has XInput \(connection.xiVersion.major).\(connection.xiVersion.minor); touch needs 2.2")
        }
        let failures = XErrorTrap.catching(display) {
            selectOnRoot(XIAllMasterDevices, [XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd])
            // A new Coordinate Transformation Matrix (a rotated tablet) moves the touchscreen's glass.
            selectOnRoot(XIAllDevices, [XI_PropertyEvent])
        }
        if let failure = failures.first { return SourceStatus(.unavailable, "raw touch events refused: \(failure)") }
        let screens = readTouchscreens()
        var detail =
            "observing every touch (raw events; nothing held); \(screens.count) touchscreen(s)"
            + (screens.isEmpty
                ? ": none present yet; one that appears is used at once"
                : ": " + screens.map(\.name).joined(separator: ", "))
        if !plan.touchStrips.isEmpty {
            switch setUpTouchStrips() {
            case let .success(count):
                let edges = Edge.allCases.compactMap { edge in
                    plan.touchStrips[edge].map { "\(edge.rawValue) \(Int($0)) px" }
                }
                detail +=
                    count > 0
                    ? "; exclusive touch strips (touches starting there belong to animd): \(edges.joined(separator: ", "))"
                    : "; no exclusive touch strips until a touchscreen appears"
            case let .failure(failure):
                return SourceStatus(.unavailable, "exclusive touch strips refused: \(failure)")
            }
        }
        if anotherClientGrabsRootTouches() {
            detail +=
                "; another client holds the touch grab on the root window (touchegg, a window manager): it decides"
                + " every touch before applications do; animd still observes them all"
        }
        return SourceStatus(.active, detail)
    }

    /// Reads the touchscreens: where each one's touches go (for the converter) and its glass (for the edges).
    /// Returns the touchscreens found.
    @discardableResult
    private func readTouchscreens() -> [TouchDevice] {
        let screens = DisplayReader.touchscreens(display)
        var mappings: [Int32: TouchscreenMapping] = [:]
        var pinned: [Rect] = [], whole: [Rect] = []
        for screen in screens {
            guard let x = screen.xAxis, let y = screen.yAxis else {
                logger.warning("\"\(screen.name)\" reports no absolute axes; its touches are ignored")
                continue
            }
            var target = layout.desktop
            if let monitorName = plan.touchscreens[screen.name] {
                if let monitor = layout.monitors.first(where: { $0.1 == monitorName })?.0 {
                    target = monitor
                } else {
                    logger.warning(
                        "no monitor is named \"\(monitorName)\"; \"\(screen.name)\" keeps the server's mapping")
                }
            }
            let mapping = TouchscreenMapping(xAxis: x, yAxis: y, target: target, matrix: screen.matrix)
            mappings[screen.id] = mapping
            if target == layout.desktop { whole.append(mapping.surface) } else { pinned.append(mapping.surface) }
        }
        for deviceName in plan.touchscreens.keys.sorted() where !screens.contains(where: { $0.name == deviceName }) {
            logger.warning("no touchscreen is named \"\(deviceName)\"")
        }
        converter.touchscreens = mappings
        interception.touchDevices = screens
        interception.touchSurfaces = (pinned + whole).reduce(into: []) { unique, surface in
            if !unique.contains(surface) { unique.append(surface) }
        }
        return screens
    }

    /// One InputOnly strip per placed part of each touchscreen edge the plan names, each with a passive touch grab: a
    /// touch that starts there is held for animd, and only such a touch; one elsewhere on the edge goes to the
    /// application. Returns how many strips were made.
    private func setUpTouchStrips() -> Result<Int, XErrorTrap.Failure> {
        var made = 0
        let failures = XErrorTrap.catching(display) {
            for surface in interception.touchSurfaces {
                for edge in Edge.allCases {
                    guard let width = plan.touchStrips[edge] else { continue }
                    for part in geometry.placed(
                        onGlass: surface, edge: edge, within: plan.touchPlaces[edge] ?? [EdgePlacement()])
                    {
                        // A glass through a matrix may have fractional borders; windows have whole pixels.
                        let whole = EdgeSegment(
                            edge: edge, line: part.line.rounded(), start: part.start.rounded(), end: part.end.rounded())
                        interception.strips.append(touchStrip(whole.strip(width: width)))
                        made += 1
                    }
                }
            }
        }
        if let failure = failures.first { return .failure(failure) }
        return .success(made)
    }

    /// An InputOnly window over `rect`, mapped on top, with a passive grab of the touches that begin in it.
    private func touchStrip(_ rect: Rect) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let window = XCreateWindow(
            display, root, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height), 0, 0,
            UInt32(InputOnly), nil, UInt(CWOverrideRedirect), &attributes)
        XStoreName(display, window, "animd touch strip")
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        withMask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd], device: XIAllMasterDevices) { mask in
            _ = XIGrabTouchBegin(display, XIAllMasterDevices, window, 0, &mask, 1, &modifiers)
        }
        XMapRaised(display, window)
        return window
    }

    /// Whether another client holds the passive touch grab on the root window. X lists no grabs, so this asks for
    /// the same grab and lets go at once: a touch that begins in that one round trip is held like a strip's touch
    /// and answered from the arena's decision, so nothing is lost; it happens only when the touch set-up is made.
    private func anotherClientGrabsRootTouches() -> Bool {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        var failed: Int32 = 0
        let failures = XErrorTrap.catching(display) {
            withMask([XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd], device: XIAllMasterDevices) { mask in
                failed = XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers)
            }
        }
        guard failures.isEmpty && failed == 0 else { return true }
        var release = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        XIUngrabTouchBegin(display, XIAllMasterDevices, root, 1, &release)
        XFlush(display)
        return false
    }

    private func setUpBarriers() -> SourceStatus {
        guard !plan.pressureEdges.isEmpty else { return SourceStatus(.unused, "no binding uses edge pressure") }
        guard connection.hasBarriers else {
            return SourceStatus(.unavailable, "the server lacks pointer barriers (XFixes 5 and XInput 2.3)")
        }
        var made: [UInt: Edge] = [:]
        let segments = placedSegments(plan.pressureEdges, plan.pressurePlaces)
        let failures = XErrorTrap.catching(display) {
            for segment in segments {
                // Each barrier lets the pointer leave the edge and stops it pushing out.
                let (x1, y1, x2, y2, open): (Double, Double, Double, Double, Int) =
                    switch segment.edge {
                    case .left: (segment.line, segment.start, segment.line, segment.end, BarrierPositiveX)
                    case .right: (segment.line, segment.start, segment.line, segment.end, BarrierNegativeX)
                    case .top: (segment.start, segment.line, segment.end, segment.line, BarrierPositiveY)
                    case .bottom: (segment.start, segment.line, segment.end, segment.line, BarrierNegativeY)
                    }
                let barrier = XFixesCreatePointerBarrier(
                    display, root, Int32(x1), Int32(y1), Int32(x2), Int32(y2), Int32(open), 0, nil)
                interception.barriers.append(barrier)
                made[barrier] = segment.edge
            }
            selectOnRoot(XIAllDevices, [XI_BarrierHit, XI_BarrierLeave])
        }
        if let failure = failures.first {
            return SourceStatus(.unavailable, "pointer barriers refused: \(failure)")
        }
        converter.barriers = made
        let edges = Edge.allCases.filter(plan.pressureEdges.contains).map(\.rawValue)
        return SourceStatus(
            .active, "pointer barriers on \(segments.count) outer edge stretch(es): \(edges.joined(separator: ", "))")
    }

    /// The outer stretches of `edges` where their edge pans may start (`output`, `span`), edge by edge.
    private func placedSegments(_ edges: Set<Edge>, _ places: [Edge: [EdgePlacement]]) -> [EdgeSegment] {
        Edge.allCases.filter(edges.contains).flatMap { edge in
            geometry.placed(geometry.outerSegments(of: [edge]), within: places[edge] ?? [EdgePlacement()])
        }
    }

    private func setUpStrips() -> SourceStatus {
        guard !plan.dragStrips.isEmpty else { return SourceStatus(.unused, "no binding opts in to pointer drags") }
        guard connection.hasXI else { return SourceStatus(.unavailable, "the server has no XInput 2") }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let segments = placedSegments(Set(plan.dragStrips.keys), plan.dragPlaces)
        let failures = XErrorTrap.catching(display) {
            for segment in segments {
                let rect = segment.strip(width: plan.dragStrips[segment.edge] ?? 2)
                let window = XCreateWindow(
                    display, root, Int32(rect.x), Int32(rect.y), UInt32(rect.width), UInt32(rect.height), 0, 0,
                    UInt32(InputOnly), nil, UInt(CWOverrideRedirect), &attributes)
                XStoreName(display, window, "animd edge strip")
                select(window, device: XIAllMasterDevices, [XI_ButtonPress, XI_ButtonRelease, XI_Motion])
                XMapRaised(display, window)
                interception.strips.append(window)
            }
        }
        if let failure = failures.first { return SourceStatus(.unavailable, "edge strips refused: \(failure)") }
        let edges = Edge.allCases.filter { plan.dragStrips[$0] != nil }.map {
            "\($0.rawValue) \(Int(plan.dragStrips[$0] ?? 0)) px"
        }
        return SourceStatus(.active, "button-1 drags from edge strips: \(edges.joined(separator: ", "))")
    }

    private func setUpTouchpad() -> SourceStatus {
        guard plan.touchpad else { return SourceStatus(.unused, "no binding uses the touchpad") }
        guard connection.hasXI(2, 4) else {
            return SourceStatus(
                .unavailable,
                "the server has XInput \(connection.xiVersion.major).\(connection.xiVersion.minor); touchpad gestures need 2.4"
            )
        }
        let before = interception.rootEvents[XIAllMasterDevices] ?? []
        let failures = XErrorTrap.catching(display) {
            selectOnRoot(
                XIAllMasterDevices,
                [
                    XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
                    XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                ])
        }
        if let failure = failures.first {
            // The refused request changed nothing on the server; the raw touch selection it carried stands.
            interception.rootEvents[XIAllMasterDevices] = before
            return SourceStatus(
                .unavailable,
                failure.isBadAccess
                    ? "another client (a window manager or touchegg) already selects touchpad gestures on the root window"
                    : "touchpad gestures refused: \(failure)")
        }
        return SourceStatus(.active, "touchpad swipes and pinches on the root window")
    }

    // MARK: - Events

    /// Converts one event; monitor changes set `infoChanged`.
    func handle(_ event: inout XEvent, receivedAt now: Double) -> [InputEvent] {
        let type = event.type
        if type == GenericEvent && event.xcookie.extension == connection.xiOpcode {
            guard XGetEventData(display, &event.xcookie) != 0, let data = event.xcookie.data else { return [] }
            defer { XFreeEventData(display, &event.xcookie) }
            return handleInput(event.xcookie.evtype, data, receivedAt: now)
        }
        if desktop.xsettings.concerns(&event) {
            if desktop.xsettings.refresh(connection) { infoChanged = true }
            return []
        }
        if desktop.focus.concerns(&event, root: root) {
            if desktop.focus.refresh(connection, at: now) { infoChanged = true }
            return []
        }
        if connection.hasRandR
            && (type == connection.randrEventBase + RRScreenChangeNotify
                || type == connection.randrEventBase + RRNotify)
        {
            XRRUpdateConfiguration(&event)
            monitorsMayHaveChanged()
            return []
        }
        if type == MapNotify || type == ConfigureNotify {
            let window = type == MapNotify ? event.xmap.window : event.xconfigure.window
            if !interception.strips.isEmpty && !interception.strips.contains(window) { keepStripsOnTop(at: now) }
        }
        return []
    }

    /// One XInput2 event, its data read from the server.
    private func handleInput(_ type: Int32, _ data: UnsafeMutableRawPointer, receivedAt now: Double) -> [InputEvent] {
        switch type {
        case XI_RawTouchBegin, XI_RawTouchUpdate, XI_RawTouchEnd:
            return converter.rawTouch(data.assumingMemoryBound(to: XIRawEvent.self).pointee, receivedAt: now)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            // Held by an exclusive strip (or caught by the rival-grab probe): only the answer is needed here.
            send(converter.grabbedTouch(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee))
            return []
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            return converter.pointer(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, receivedAt: now)
        case XI_BarrierHit, XI_BarrierLeave:
            return converter.barrier(data.assumingMemoryBound(to: XIBarrierEvent.self).pointee, receivedAt: now)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            return converter.swipe(data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee, receivedAt: now)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            return converter.pinch(data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee, receivedAt: now)
        case XI_HierarchyChanged:
            return hierarchyChanged(data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee, at: now)
        case XI_PropertyEvent:
            let e = data.assumingMemoryBound(to: XIPropertyEvent.self).pointee
            if converter.touchscreens[e.deviceid] != nil,
                e.property == XInternAtom(display, DisplayReader.matrixProperty, 1)
            {
                touchscreensMayHaveChanged()
            }
            return []
        default:
            return []
        }
    }

    /// Ends a push that has gone quiet.
    func expirePressure(at now: Double) -> [InputEvent] { converter.expirePressure(at: now) }

    /// Publishes a gap in the focus that lasted.
    func expireFocus(at now: Double) {
        if desktop.focus.expire(at: now) { infoChanged = true }
    }

    /// The earliest moment something is due without an event: a quiet push's end, a focus gap's.
    var deadline: Double? {
        [converter.pressureDeadline, desktop.focus.deadline].compactMap { $0 }.min()
    }

    /// Answers the arena's decisions for the touches animd holds: accept claimed touches, reject released ones.
    func allow(_ decisions: [ArenaOutput]) {
        for decision in decisions { send(converter.allowances(for: decision)) }
    }

    private func send(_ allowances: [XInputConverter.TouchAllowance]) {
        guard !allowances.isEmpty else { return }
        for allowance in allowances {
            XIAllowTouchEvents(
                display, allowance.deviceID, allowance.touchID, Window(allowance.window),
                allowance.accept ? XIAcceptTouch : XIRejectTouch)
        }
        XFlush(display)
    }

    private func hierarchyChanged(_ e: XIHierarchyEvent, at now: Double) -> [InputEvent] {
        guard let info = e.info else { return [] }
        var events: [InputEvent] = []
        for i in 0..<Int(e.num_info) where info[i].flags & (XISlaveRemoved | XIDeviceDisabled) != 0 {
            events += converter.removeDevice(info[i].deviceid, at: now)
        }
        touchscreensMayHaveChanged()
        return events
    }

    /// A touchscreen came, went, or got a new matrix: touch is set up again for the touchscreens there are now
    /// (their strips follow their glass). Touches in progress keep going: the converter keeps its open touches.
    private func touchscreensMayHaveChanged() {
        guard interception.sources[.touch]?.state == .active else { return }
        guard DisplayReader.touchscreens(display) != interception.touchDevices else { return }
        tearDown()
        setUp()
        infoChanged = true
    }

    private func monitorsMayHaveChanged() {
        let now = X11Layout.read(connection)
        layout.refreshRate = now.refreshRate
        // The root's new size arrives with RRScreenChangeNotify, which may come after the CRTC's RRNotify.
        guard !now.sameScreen(as: layout) else { return }
        layout = now
        logger.notice("monitors changed; edges follow", metadata: ["monitors": "\(now.monitors.map(\.0))"])
        // Barriers and strips sit on the outer edges: rebuild them for the new layout.
        tearDown()
        setUp()
        infoChanged = true
    }

    /// Raises the strips above a window that just appeared or moved, at most
    /// ten times a second, so that two always-on-top clients cannot spin.
    private func keepStripsOnTop(at now: Double) {
        let second = Int(now.rounded(.down))
        interception.raises =
            interception.raises.second == second ? (second, interception.raises.count + 1) : (second, 1)
        guard interception.raises.count <= 10 else {
            if interception.raises.count == 11 {
                logger.notice("another client keeps restacking over the edge strips; waiting a second")
            }
            return
        }
        for strip in interception.strips { XRaiseWindow(display, strip) }
    }

    // MARK: - XI2 selections

    /// Adds `events` to what is selected on the root window for `device` (XISelectEvents replaces a window's mask
    /// per device, so every selection there goes through this one list), with what the old plan selected while a
    /// new plan is being set up.
    private func selectOnRoot(_ device: Int32, _ events: [Int32]) {
        let all =
            (interception.rootEvents[device] ?? [])
            + events.filter { !(interception.rootEvents[device] ?? []).contains($0) }
        interception.rootEvents[device] = all
        select(root, device: device, all + (interception.retiringRootEvents[device] ?? []).filter { !all.contains($0) })
    }

    private func select(_ window: Window, device: Int32, _ events: [Int32]) {
        withMask(events, device: device) { mask in _ = XISelectEvents(display, window, &mask, 1) }
    }

    private func withMask(_ events: [Int32], device: Int32, _ body: (inout XIEventMask) -> Void) {
        var bits = [UInt8](repeating: 0, count: Int(animd_xi_mask_len(XI_LASTEVENT)))
        bits.withUnsafeMutableBufferPointer { buffer in
            for event in events { animd_xi_set_mask(buffer.baseAddress, event) }
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            body(&mask)
        }
    }
}
