import Gestures
import Transitions

/// `[bindings.NAME]`: a recognizer and the transition it drives.
extension ConfigReader {
    /// The keys every binding takes, and those of each gesture.
    static let commonBindingKeys = ["transition", "gesture", "sources", "require-to-fail", "enabled", "at-snap", "catch",
                                    "apps", "except-apps", "when-fullscreen"]
    static let gestureKeys: [String: [String]] = [
        "edge-pan": ["edge", "zone", "pointer-zone", "pressure-slop", "slop", "increases", "distance", "hold", "output", "span"],
        "pan": ["slop", "direction", "axis", "min-touches", "max-touches", "region", "increases", "distance", "hold"],
        "long-press": ["duration", "slop", "min-touches", "max-touches", "edge", "zone", "region", "output", "to", "fill"],
    ]

    mutating func readBinding(_ name: String, _ t: ConfigTable, transitions: [TransitionConfig]) -> BindingConfig? {
        let p = "bindings.\(name)"
        let gestureName = t["gesture"]?.string
        let specific = gestureName.flatMap { Self.gestureKeys[$0] } ?? Self.gestureKeys.values.flatMap { $0 }
        expectKeys(t, p, Self.commonBindingKeys + Array(Set(specific)).sorted())
        let errorCount = errors.count
        let transitionName = string(t, "transition", p)
        let transition = transitionName.flatMap { n in transitions.first { $0.name == n } }
        if transitionName == nil { error("\(p).transition", "is required") }
        else if transition == nil { error("\(p).transition", "no transition is named \"\(transitionName ?? "")\"") }
        guard let (gesture, increases) = readGesture(t, p, lastSnap: transition?.lastSnap) else { return nil }
        // A long press moves nothing by distance: it keeps 1 px and `up`, which nothing reads.
        let isLongPress = gestureName == "long-press"
        let distance = isLongPress ? 1 : number(t, "distance", p, in: 1...100_000)
        guard let distance else {
            if t["distance"] == nil { error("\(p).distance", "is required: the pixels that move the progress by 1") }
            return nil
        }
        guard errors.count == errorCount, let transition, let increases = isLongPress ? .up : increases else { return nil }
        var binding = BindingConfig(name: name, transition: transition.name, gesture: gesture, increases: increases, distance: distance)
        if let atSnap = integer(t, "at-snap", p, in: 0...transition.lastSnap) { binding.atSnap = atSnap }
        if let sources = strings(t, "sources", p) {
            let parsed = sources.compactMap(InputSource.init(rawValue:))
            if parsed.count != sources.count || parsed.isEmpty {
                error("\(p).sources", "must list some of \"touch\", \"pointer\", \"pressure\", \"touchpad\"")
            } else {
                binding.sources = Set(parsed)
            }
        }
        if let others = strings(t, "require-to-fail", p) { binding.requireToFail = others }
        binding.catches = boolean(t, "catch", p) ?? BindingConfig.defaultCatch(for: gesture)
        binding.appCondition = readAppCondition(t, p)
        return errors.count == errorCount ? binding : nil
    }

    /// `apps`, `except-apps` and `when-fullscreen`: names as `animctl hello` shows them, matched ignoring case.
    mutating func readAppCondition(_ t: ConfigTable, _ p: String) -> AppCondition {
        var condition = AppCondition()
        condition.apps = appNames(t, "apps", p) ?? []
        condition.exceptApps = appNames(t, "except-apps", p) ?? []
        condition.whenFullscreen = boolean(t, "when-fullscreen", p) ?? true
        if !condition.apps.isEmpty, let both = condition.apps.first(where: { name in condition.exceptApps.contains { $0.caseInsensitiveEquals(name) } }) {
            error("\(p).except-apps", "names \"\(both)\", which apps names too: the binding could never work there")
        }
        return condition
    }

    private mutating func appNames(_ t: ConfigTable, _ key: String, _ p: String) -> [String]? {
        guard let names = strings(t, key, p) else { return nil }
        guard !names.isEmpty, names.count <= AppCondition.nameLimit else {
            error("\(p).\(key)", "must list 1 to \(AppCondition.nameLimit) application names, got \(names.count)")
            return nil
        }
        if let bad = names.first(where: { $0.isEmpty || $0.utf8.count > FocusedWindow.nameLimit }) {
            error("\(p).\(key)", "an application name must be 1 to \(FocusedWindow.nameLimit) bytes long, got \(bad.utf8.count)")
            return nil
        }
        return names
    }

    /// A binding's recognizer and the direction that increases its progress; nil (with the errors recorded) when
    /// either is missing or wrong. Unset keys take the recognizers' own defaults: one home for them (Gestures).
    mutating func readGesture(_ t: ConfigTable, _ p: String, lastSnap: Int?) -> (BindingGesture, Direction?)? {
        let panDefaults = PanOptions(), edgeDefaults = EdgePanOptions(edge: .left)
        let slop = number(t, "slop", p, in: 0...500) ?? panDefaults.slop
        let hold = number(t, "hold", p, in: 0...10) ?? 0
        let direction = enumValue(t, "direction", p, Direction.self)
        let increases = enumValue(t, "increases", p, Direction.self)
        switch string(t, "gesture", p) {
        case "edge-pan":
            guard let edge = enumValue(t, "edge", p, Edge.self) else {
                if t["edge"] == nil { error("\(p).edge", "is required for an edge-pan") }
                return nil
            }
            let options = EdgePanOptions(edge: edge, touchZone: number(t, "zone", p, in: 1...500) ?? edgeDefaults.touchZone,
                                         pointerZone: number(t, "pointer-zone", p, in: 0...500) ?? edgeDefaults.pointerZone,
                                         slop: slop, pressureSlop: number(t, "pressure-slop", p, in: 0...5000) ?? edgeDefaults.pressureSlop,
                                         hold: hold, placement: placement(t, p))
            return (.edgePan(options), increases ?? Direction.allCases.first { $0.unit == edge.inward })
        case "pan":
            let (minTouches, maxTouches) = touchCounts(t, p, defaultMax: panDefaults.maxTouches)
            let options = PanOptions(slop: slop, minTouches: minTouches, maxTouches: maxTouches,
                                     axis: enumValue(t, "axis", p, Axis.self), direction: direction, hold: hold)
            if increases ?? direction == nil { error("\(p).increases", "is required for a pan without a direction") }
            return (.pan(options, region: region(t, p)), increases ?? direction)
        case "long-press":
            return readLongPress(t, p, slop: slop, lastSnap: lastSnap).map { ($0, nil) }
        case nil:
            error("\(p).gesture", "is required (\"edge-pan\", \"pan\" or \"long-press\")")
            return nil
        case let other?:
            error("\(p).gesture", "must be \"edge-pan\", \"pan\" or \"long-press\", not \"\(other)\"")
            return nil
        }
    }

    /// An edge pan's `output` (a monitor's name) and `span` (`[from, to]`, fractions of the edge's length).
    private mutating func placement(_ t: ConfigTable, _ p: String) -> EdgePlacement {
        var placement = EdgePlacement()
        if let name = string(t, "output", p) {
            if name.isEmpty || name.utf8.count > 256 { error("\(p).output", "a monitor's name must be 1 to 256 bytes long, got \(name.utf8.count)") }
            else { placement.output = name }
        }
        if let span = numbers(t, "span", p) {
            if span.count == 2, span.allSatisfy({ (0...1).contains($0) }), span[0] < span[1] {
                placement.span = span[0]...span[1]
            } else {
                error("\(p).span", "must be [from, to]: two fractions of the edge's length, 0 to 1, from below to, such as [0.25, 0.75]")
            }
        }
        return placement
    }

    /// A long press: how long, how still, how many touches, where (an edge, a region or an output; anywhere when
    /// none is given), and what it does.
    private mutating func readLongPress(_ t: ConfigTable, _ p: String, slop: Double, lastSnap: Int?) -> BindingGesture? {
        let defaults = LongPressOptions()
        let (minTouches, maxTouches) = touchCounts(t, p, defaultMax: nil)
        var options = LongPressOptions(duration: number(t, "duration", p, in: 0.05...60) ?? defaults.duration, slop: slop,
                                       minTouches: minTouches, maxTouches: maxTouches)
        let places = ["edge", "region", "output"].filter { t[$0] != nil }
        if places.count > 1 { error("\(p).\(places[1])", "a long press has one place: edge, region or output, not both \(places[0]) and \(places[1])") }
        var region: RegionSpec?
        if let edge = enumValue(t, "edge", p, Edge.self) {
            options.place = .edge(edge, zone: number(t, "zone", p, in: 1...500) ?? EdgePanOptions(edge: edge).touchZone)
        } else if let name = string(t, "output", p) {
            region = .output(name)
        } else {
            region = self.region(t, p)
        }
        let to = lastSnap.flatMap { integer(t, "to", p, in: 0...$0) }
        return .longPress(.init(options: options, to: to, fill: boolean(t, "fill", p) ?? false), region: region)
    }

    /// `min-touches` and `max-touches`; the maximum defaults to `defaultMax`, or to the minimum when that is nil.
    private mutating func touchCounts(_ t: ConfigTable, _ p: String, defaultMax: Int?) -> (Int, Int) {
        let limit = PanOptions.touchLimit
        let minTouches = integer(t, "min-touches", p, in: 1...limit) ?? 1
        let maxTouches = integer(t, "max-touches", p, in: 1...limit) ?? defaultMax ?? minTouches
        if maxTouches < minTouches { error("\(p).max-touches", "must be at least min-touches (\(minTouches))") }
        return (minTouches, max(maxTouches, minTouches))
    }

    mutating func region(_ t: ConfigTable, _ p: String) -> RegionSpec? {
        guard let value = t["region"] else { return nil }
        if let strip = value.table {
            let edge = enumValue(strip, "edge", "\(p).region", Edge.self)
            let depth = number(strip, "depth", "\(p).region", in: 1...100_000)
            expectKeys(strip, "\(p).region", ["edge", "depth"])
            if let edge, let depth { return .strip(edge: edge, depth: depth) }
            error("\(p).region", "needs edge and depth, for example { edge = \"left\", depth = 400 }")
            return nil
        }
        if let rect = numbers(t, "region", p), rect.count == 4, rect[2] > 0, rect[3] > 0 {
            return .rect(Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        }
        error("\(p).region", "must be { edge = \"…\", depth = N } or [x, y, width, height]")
        return nil
    }
}
