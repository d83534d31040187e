import Gestures
import Glibc
import Transitions

/// `[bindings.NAME]`: a recognizer and the transition it drives.
extension ConfigReader {
    typealias Key = ConfigSchema.Binding

    mutating func readBinding(_ name: String, _ t: ConfigTable, transitions: [TransitionConfig]) -> BindingConfig? {
        let p = ConfigPath("bindings", name)
        let gestureName = t[Key.gesture.name]?.string
        expectKeys(t, p, Key.accepted(by: gestureName))
        let errorCount = errors.count
        // Without `run`, a binding drives a transition, which it must then name.
        let drives = t[Key.transition.name] != nil || t[Key.run.name] == nil
        let transition = drives ? boundTransition(t, p, transitions: transitions) : nil
        guard let (gesture, increases, way) = readGesture(t, p, lastSnap: transition?.lastSnap, drives: drives),
            let (distance, measuresItself) = readDistance(t, p, gesture: gesture, drives: drives)
        else { return nil }
        let command = readCommand(t, p, gesture: gesture, way: way, drives: drives)
        guard errors.count == errorCount, !drives || transition != nil else { return nil }
        var binding = BindingConfig(
            name: name, transition: transition?.name, gesture: gesture,
            increases: measuresItself ? .up : increases ?? .up, distance: distance)
        binding.command = command
        if let transition, let atSnap = snapIndex(t, Key.atSnap, p, last: transition.lastSnap) {
            binding.atSnap = atSnap
        }
        if let sources = readSources(t, p, gesture: gesture, named: gestureName) { binding.sources = sources }
        if let others = strings(t, Key.requireToFail, p) { binding.requireToFail = others }
        binding.catches = drives && (boolean(t, Key.catches, p) ?? BindingConfig.defaultCatch(for: gesture))
        binding.condition = readCondition(t, p)
        return errors.count == errorCount ? binding : nil
    }

    /// The transition the binding names, which must be one of the config's.
    private mutating func boundTransition(_ t: ConfigTable, _ p: ConfigPath, transitions: [TransitionConfig])
        -> TransitionConfig?
    {
        guard let name = string(t, Key.transition, p) else {
            if t[Key.transition.name] == nil {
                error(p, Key.transition, "is required: the transition it drives (or run, for a command it runs)")
            }
            return nil
        }
        guard let transition = transitions.first(where: { $0.name == name }) else {
            error(p, Key.transition, "no transition is named \"\(name)\"")
            return nil
        }
        return transition
    }

    /// The px that move the progress by 1, and whether the gesture measures itself. A long press moves nothing by
    /// distance: it keeps 1 px and `up`, which nothing reads. A pinch and a rotation measure themselves; their
    /// distance is their finger travel for 1, which pixel-counting release rules read.
    private mutating func readDistance(_ t: ConfigTable, _ p: ConfigPath, gesture: BindingGesture, drives: Bool)
        -> (distance: Double, measuresItself: Bool)?
    {
        // A binding that only runs a command moves no progress: `readCommand` refuses a distance it is given.
        guard drives else { return (1, false) }
        switch gesture {
        case .longPress: return (1, true)
        case .tap, .swipe: return (1, false)
        case let .transform(transform, _): return (transform.fingerTravel, true)
        case .pan, .edgePan:
            if let distance = number(t, Key.distance, p) { return (distance, false) }
            if t[Key.distance.name] == nil {
                error(p, Key.distance, "is required: the pixels that move the progress by 1")
            }
            return nil
        }
    }

    /// `sources`, when given and one the gesture can read some of.
    private mutating func readSources(
        _ t: ConfigTable, _ p: ConfigPath, gesture: BindingGesture, named gestureName: String?
    )
        -> Set<InputSource>?
    {
        guard let sources = strings(t, Key.sources, p) else { return nil }
        let parsed = sources.compactMap(InputSource.init(rawValue:))
        let readable = gesture.readableSources
        if parsed.count != sources.count || parsed.isEmpty {
            error(p, Key.sources, "must list some of \"touch\", \"pointer\", \"pressure\", \"touchpad\"")
        } else if !parsed.contains(where: readable.contains) {
            // A source a gesture cannot read is passed over, as the default's `pressure` is for a pan; a list of
            // only such sources would make a binding that never begins.
            error(
                p, Key.sources,
                "a\(gestureName == "edge-pan" ? "n" : "") \(gestureName ?? "") can read none of these, and would never "
                    + "begin: it reads " + readable.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        } else {
            return Set(parsed)
        }
        return nil
    }

    /// `apps`, `except-apps` and `when-fullscreen` (names as `animctl hello` shows them, matched ignoring case), and
    /// `when-tablet-mode`.
    mutating func readCondition(_ t: ConfigTable, _ p: ConfigPath) -> BindingCondition {
        var condition = BindingCondition()
        condition.apps = appNames(t, Key.apps, p) ?? []
        condition.exceptApps = appNames(t, Key.exceptApps, p) ?? []
        condition.whenFullscreen = boolean(t, Key.whenFullscreen, p) ?? true
        condition.whenTabletMode = boolean(t, Key.whenTabletMode, p)
        if !condition.apps.isEmpty,
            let both = condition.apps.first(where: { name in
                condition.exceptApps.contains { $0.caseInsensitiveEquals(name) }
            })
        {
            error(p, Key.exceptApps, "names \"\(both)\", which apps names too: the binding could never work there")
        }
        return condition
    }

    private mutating func appNames(_ t: ConfigTable, _ key: ConfigKey<[String]>, _ p: ConfigPath) -> [String]? {
        guard let names = strings(t, key, p) else { return nil }
        guard !names.isEmpty, names.count <= BindingCondition.nameLimit else {
            error(p / key.name, "must list 1 to \(BindingCondition.nameLimit) application names, got \(names.count)")
            return nil
        }
        if let bad = names.first(where: { $0.isEmpty || $0.utf8.count > FocusedWindow.nameLimit }) {
            error(
                p / key.name,
                "an application name must be 1 to \(FocusedWindow.nameLimit) bytes long, got \(bad.utf8.count)")
            return nil
        }
        return names
    }

    /// A binding's recognizer and the direction that increases its progress; nil (with the errors recorded) when
    /// either is missing or wrong. Unset keys take the recognizers' own defaults: one home for them (Gestures).
    mutating func readGesture(_ t: ConfigTable, _ p: ConfigPath, lastSnap: Int?, drives: Bool)
        -> (BindingGesture, increases: Direction?, way: BindingCommand.Way?)?
    {
        let defaults = PanOptions()
        let (slop, hold) = (number(t, Key.slop, p) ?? defaults.slop, number(t, Key.hold, p) ?? defaults.hold)
        let direction = choice(t, Key.direction, p)
        let increase = choice(t, Key.increases, p)
        guard let gesture = choice(t, Key.gesture, p) else {
            if t[Key.gesture.name] == nil { error(p, Key.gesture, "is required (\(Self.gestureList))") }
            return nil
        }
        let increases =
            gesture.isPan || gesture == .swipe ? increase.flatMap { increaseDirection($0, p, of: gesture) } : nil
        switch gesture {
        case .edgePan:
            guard let (edgePan, inward) = readEdgePan(t, p, slop: slop, hold: hold) else { return nil }
            let way = increases ?? inward
            return (edgePan, way, way.map { BindingCommand.Way.direction($0) })
        case .pan:
            if drives, increases ?? direction == nil, increase == nil {
                error(p, Key.increases, "is required for a pan without a direction")
            }
            let way = increases ?? direction
            let pan = readPan(t, p, slop: slop, hold: hold, direction: direction)
            return (pan, way, way.map { BindingCommand.Way.direction($0) })
        case .longPress:
            return readLongPress(t, p, slop: slop, lastSnap: lastSnap).map { ($0, nil, nil) }
        case .pinch, .rotate:
            return readTransform(t, p, pinch: gesture == .pinch, increase: increase, drives: drives).map {
                ($0, nil, increase.flatMap(\.way))
            }
        case .tap:
            return (readTap(t, p, slop: slop, lastSnap: lastSnap), nil, nil)
        case .swipe:
            return readSwipe(t, p, slop: slop, drives: drives, increases: increases).map { ($0, increases, nil) }
        }
    }

    /// `increases` for a pan or a swipe: one of the four directions.
    private mutating func increaseDirection(_ increase: Key.Increase, _ p: ConfigPath, of gesture: GestureKind)
        -> Direction?
    {
        guard let direction = increase.direction else {
            error(
                p, Key.increases,
                "a \(gesture == .swipe ? "swipe" : "pan")'s must be \"left\", \"right\", \"up\" or \"down\", not \"\(increase.rawValue)\""
            )
            return nil
        }
        return direction
    }

    /// A pan: its finger counts, axis, direction and region, with the slop and hold read for every moving gesture.
    private mutating func readPan(_ t: ConfigTable, _ p: ConfigPath, slop: Double, hold: Double, direction: Direction?)
        -> BindingGesture
    {
        let (minTouches, maxTouches) = touchCounts(t, p, defaultMax: PanOptions().maxTouches)
        let options = PanOptions(
            slop: slop, minTouches: minTouches, maxTouches: maxTouches, axis: choice(t, Key.axis, p),
            direction: direction, hold: hold)
        return .pan(options, region: region(t, p))
    }

    /// An edge pan, and the direction away from its edge, which increases its progress unless `increases` says.
    private mutating func readEdgePan(_ t: ConfigTable, _ p: ConfigPath, slop: Double, hold: Double)
        -> (BindingGesture, Direction?)?
    {
        let defaults = EdgePanOptions(edge: .left)
        guard let edge = choice(t, Key.edge, p) else {
            if t[Key.edge.name] == nil { error(p, Key.edge, "is required for an edge-pan") }
            return nil
        }
        let options = EdgePanOptions(
            edge: edge, touchZone: number(t, Key.zone, p) ?? defaults.touchZone,
            pointerZone: number(t, Key.pointerZone, p) ?? defaults.pointerZone,
            slop: slop, pressureSlop: number(t, Key.pressureSlop, p) ?? defaults.pressureSlop,
            hold: hold, placement: placement(t, p))
        return (.edgePan(options), Direction.allCases.first { $0.unit == edge.inward })
    }

    /// Which way a pinch or a rotation adds to the progress, how much makes 1, and its slop.
    private mutating func readTransformKind(
        _ t: ConfigTable, _ p: ConfigPath, pinch: Bool, increase: Key.Increase?, drives: Bool
    ) -> (BindingGesture.Transform.Kind, slop: Double)? {
        let ways: [Key.Increase] = pinch ? [.closing, .opening] : [.clockwise, .counterClockwise]
        // A binding that only runs a command may take either way; the kind's own way then counts for nothing.
        let increase = increase ?? (drives ? nil : ways[1])
        guard let increase, ways.contains(increase) else {
            let named = "\"\(ways[0].rawValue)\" or \"\(ways[1].rawValue)\""
            if let increase {
                error(
                    p, Key.increases,
                    "a \(pinch ? "pinch" : "rotation")'s must be \(named), not \"\(increase.rawValue)\"")
            } else if t[Key.increases.name] == nil {
                error(p, Key.increases, "is required for a \(pinch ? "pinch" : "rotation"): \(named)")
            }
            return nil
        }
        if pinch {
            let factor = number(t, Key.factor, p) ?? TransformOptions.pinchFactor
            let slop = number(t, Key.scaleSlop, p).map(log1p) ?? TransformOptions.scaleSlop
            return (.pinch(closing: increase == .closing, factor: factor), slop)
        }
        let angle = number(t, Key.angle, p) ?? TransformOptions.rotationAngle
        let slop = number(t, Key.angleSlop, p) ?? TransformOptions.angleSlop
        return (.rotate(clockwise: increase == .clockwise, angle: angle), slop)
    }

    private static let gestureList = GestureKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// A pinch or a rotation (issue 45): 2 to 5 fingers, which way adds to the progress and how much, its slop, and
    /// where on the glass it may start (a region or an output; the touchpad has no place).
    private mutating func readTransform(
        _ t: ConfigTable, _ p: ConfigPath, pinch: Bool, increase: Key.Increase?, drives: Bool
    ) -> BindingGesture? {
        let (minTouches, maxTouches) = touchCounts(
            t, p, defaultMin: TransformOptions.fingers.lowerBound,
            defaultMax: TransformOptions.fingers.upperBound)
        // Each count outside 2 to 5 at its own key; one that is not in the file is a default, always within.
        for (key, count) in [(Key.minTouches, minTouches), (Key.maxTouches, maxTouches)]
        where t[key.name] != nil && !TransformOptions.fingers.contains(count) {
            error(
                p, key,
                "a \(pinch ? "pinch" : "rotation") takes 2 to 5 fingers: \(key.name) must be 2 to 5, got \(count)")
        }
        let places = [Key.region.name, Key.output.name].filter { t[$0] != nil }
        if places.count > 1 {
            error(p / places[1], "a \(pinch ? "pinch" : "rotation") has one place: region or output, not both")
        }
        let region = string(t, Key.output, p).map(RegionSpec.output) ?? self.region(t, p)
        guard let (kind, slop) = readTransformKind(t, p, pinch: pinch, increase: increase, drives: drives) else {
            return nil
        }
        // One that only runs a command begins only its way, if it names one (TransformOptions.sign).
        let sign = drives ? nil : increase?.way.flatMap(Self.sign)
        let options = TransformOptions(slop: slop, minTouches: minTouches, maxTouches: maxTouches, sign: sign)
        return .transform(.init(kind: kind, options: options), region: region)
    }

    /// The sign of a pinch's or a rotation's way: opening and clockwise grow its measure.
    private static func sign(of way: BindingCommand.Way) -> Double? {
        switch way {
        case let .scale(closing): closing ? -1 : 1
        case let .turn(clockwise): clockwise ? 1 : -1
        case .direction: nil
        }
    }

    /// An edge pan's `output` (a monitor's name) and `span` (`[from, to]`, fractions of the edge's length).
    private mutating func placement(_ t: ConfigTable, _ p: ConfigPath) -> EdgePlacement {
        var placement = EdgePlacement()
        if let name = string(t, Key.output, p) {
            if name.isEmpty || name.utf8.count > 256 {
                error(p, Key.output, "a monitor's name must be 1 to 256 bytes long, got \(name.utf8.count)")
            } else {
                placement.output = name
            }
        }
        if let span = numbers(t, Key.span, p) {
            if span.count == 2, span.allSatisfy({ (0...1).contains($0) }), span[0] < span[1] {
                placement.span = span[0]...span[1]
            } else {
                error(
                    p, Key.span,
                    "must be [from, to]: two fractions of the edge's length, 0 to 1, from below to, such as [0.25, 0.75]"
                )
            }
        }
        return placement
    }

    /// A long press: how long, how still, how many touches, where (an edge, a region or an output; anywhere when
    /// none is given), and what it does.
    private mutating func readLongPress(_ t: ConfigTable, _ p: ConfigPath, slop: Double, lastSnap: Int?)
        -> BindingGesture?
    {
        let defaults = LongPressOptions()
        let (minTouches, maxTouches) = touchCounts(t, p, defaultMax: nil)
        var options = LongPressOptions(
            duration: number(t, Key.duration, p) ?? defaults.duration, slop: slop,
            minTouches: minTouches, maxTouches: maxTouches)
        let places = [Key.edge.name, Key.region.name, Key.output.name].filter { t[$0] != nil }
        if places.count > 1 {
            error(
                p / places[1],
                "a long press has one place: edge, region or output, not both \(places[0]) and \(places[1])")
        }
        var region: RegionSpec?
        if let edge = choice(t, Key.edge, p) {
            options.place = .edge(edge, zone: number(t, Key.zone, p) ?? EdgePanOptions(edge: edge).touchZone)
        } else if let name = string(t, Key.output, p) {
            region = .output(name)
        } else {
            region = self.region(t, p)
        }
        let to = snapIndex(t, Key.to, p, last: lastSnap)
        return .longPress(.init(options: options, to: to, fill: boolean(t, Key.fill, p) ?? false), region: region)
    }

    /// `min-touches` and `max-touches`; the maximum defaults to `defaultMax`, or to the minimum when that is nil.
    private mutating func touchCounts(_ t: ConfigTable, _ p: ConfigPath, defaultMin: Int = 1, defaultMax: Int?) -> (
        Int, Int
    ) {
        let minTouches = integer(t, Key.minTouches, p) ?? defaultMin
        let maxTouches = integer(t, Key.maxTouches, p) ?? defaultMax ?? minTouches
        // At the key the file wrote: a default maximum below the file's minimum is the minimum's fault.
        if maxTouches < minTouches {
            if t[Key.maxTouches.name] != nil {
                error(p, Key.maxTouches, "must be at least min-touches (\(minTouches))")
            } else {
                error(p, Key.minTouches, "must be at most max-touches (\(maxTouches), its default here)")
            }
        }
        return (minTouches, max(maxTouches, minTouches))
    }

    mutating func region(_ t: ConfigTable, _ p: ConfigPath) -> RegionSpec? {
        guard let value = t[Key.region.name] else { return nil }
        if let strip = value.table {
            let edge = choice(strip, Key.Region.edge, p / "region")
            let depth = number(strip, Key.Region.depth, p / "region")
            expectKeys(strip, p / "region", Key.Region.keys)
            if let edge, let depth { return .strip(edge: edge, depth: depth) }
            error(p, Key.region, "needs edge and depth, for example { edge = \"left\", depth = 400 }")
            return nil
        }
        if let rect = numbers(t, Key.region.name, p), rect.count == 4, rect[2] > 0, rect[3] > 0 {
            return .rect(Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        }
        error(p, Key.region, "must be { edge = \"…\", depth = N } or [x, y, width, height]")
        return nil
    }
}
