import Gestures
import Transitions

/// `[bindings.NAME]`'s keys: those every binding takes, then each gesture's (a key some gestures take lists them).
extension ConfigSchema {
    enum Binding {
        private static let pan = PanOptions(), edgePan = EdgePanOptions(edge: .left), longPress = LongPressOptions()
        private static let pans: [GestureKind] = [.edgePan, .pan]
        /// The gestures whose fingers move across the screen, which `slop` (px) measures.
        private static let moves: [GestureKind] = [.edgePan, .pan, .longPress]
        /// A pinch's and a rotation's own keys.
        private static let transforms: [GestureKind] = [.pinch, .rotate]
        /// The gestures decided when the fingers lift.
        private static let discrete: [GestureKind] = [.tap, .swipe]
        private static let tap = TapOptions()

        /// What adds to the progress: a direction for a pan, a way for a pinch or a rotation (on the screen, y down).
        /// One key for all, so each binding writes `increases`; the reader takes of these the ones its gesture has.
        enum Increase: String, CaseIterable, Sendable {
            case left, right, up, down
            case closing = "in", opening = "out"
            case clockwise, counterClockwise = "counter-clockwise"

            var direction: Direction? { Direction(rawValue: rawValue) }

            /// The way it names for a command (`BindingCommand.Way`).
            var way: BindingCommand.Way? {
                switch self {
                case .left, .right, .up, .down: direction.map(BindingCommand.Way.direction)
                case .closing, .opening: .scale(closing: self == .closing)
                case .clockwise, .counterClockwise: .turn(clockwise: self == .clockwise)
                }
            }
        }

        static let transition = ConfigKey.string(
            "transition", "the transition it drives (required unless it has run)")
        static let run = ConfigKey.strings(
            "run", default: nil,
            "a command its gesture runs, [\"program\", \"argument\", …] without a shell (required unless it has transition)"
        )
        static let fire = ConfigKey<FireMoment>.choice(
            "fire", default: .end,
            "when run runs: at the gesture's end (recognized, not cancelled), at its begin, or at each repeat step")
        static let gesture = ConfigKey<GestureKind>.choice("gesture", default: nil, "its recognizer (required)")
        static let sources = ConfigKey.strings(
            "sources", default: "[\"touch\", \"pressure\"]",
            "some of \"touch\", \"pointer\", \"pressure\", \"touchpad\"")
        static let requireToFail = ConfigKey.strings(
            "require-to-fail", default: "[]", "bindings that must fail before it may begin")
        static let enabled = ConfigKey.bool("enabled", default: "true", "false takes it out, as if it were not written")
        static let atSnap = ConfigKey.snapIndex(
            "at-snap", default: nil, "works only while its transition rests at this snap")
        static let catches = ConfigKey.bool(
            "catch", default: nil,
            "a touch that lands in its place stops a running leg there; on for a pan, pinch or rotation with a region, else off"
        )
        static let apps = ConfigKey.strings(
            "apps", default: nil, "works only while one of these applications has the focus")
        static let exceptApps = ConfigKey.strings(
            "except-apps", default: nil, "is off while one of these applications has the focus")
        static let whenFullscreen = ConfigKey.bool(
            "when-fullscreen", default: "true", "false: off over a full-screen window")
        static let whenTabletMode = ConfigKey.bool(
            "when-tablet-mode", default: nil,
            "true: only in tablet mode; false: only out of it; absent: both")

        static let edge = ConfigKey<Edge>.choice(
            "edge", default: nil, gestures: [.edgePan, .longPress],
            "the screen's edge (required for an edge-pan)")
        static let zone = ConfigKey.number(
            "zone", in: 1...500, default: edgePan.touchZone, gestures: [.edgePan, .longPress],
            "px from the edge a touch may start")
        static let pointerZone = ConfigKey.number(
            "pointer-zone", in: 0...500, default: edgePan.pointerZone, gestures: [.edgePan],
            "the width of the edge strip that takes mouse drags")
        static let pressureSlop = ConfigKey.number(
            "pressure-slop", in: 0...5000, default: edgePan.pressureSlop, gestures: [.edgePan],
            "px of pressure into the edge before it begins")
        static let slop = ConfigKey.number(
            "slop", in: 0...500, default: pan.slop, gestures: moves + discrete,
            "px the touches move before it begins (a tap: before it fails; a swipe: before all its fingers are down)")
        static let increases = ConfigKey<Increase>.choice(
            "increases", default: nil, gestures: pans + transforms + [.swipe],
            "what adds to the progress: a direction for a pan (an edge pan: inward), "
                + "\"in\" or \"out\" for a pinch, \"clockwise\" or \"counter-clockwise\" for a rotation")
        static let distance = ConfigKey.number(
            "distance", in: 1...100_000, default: nil, gestures: pans,
            "px toward increases that add 1 (required)")
        static let hold = ConfigKey.number(
            "hold", in: 0...10, default: 0, gestures: pans, "seconds the touches rest before it may begin")
        static let output = ConfigKey.string(
            "output", gestures: [.edgePan, .longPress] + transforms + discrete, "only on the monitor of this name")
        static let span = ConfigKey.numbers(
            "span", shape: "[from, to], fractions of the edge, 0 … 1", default: "[0, 1]",
            gestures: [.edgePan], "only on this part of the edge")
        static let direction = ConfigKey<Direction>.choice(
            "direction", default: nil, gestures: [.pan], "the way it must move to begin")
        static let axis = ConfigKey<Axis>.choice(
            "axis", default: nil, gestures: [.pan], "the axis it must move along to begin")
        static let minTouches = ConfigKey.integer(
            "min-touches", in: 1...PanOptions.touchLimit, default: pan.minTouches,
            gestures: [.pan, .longPress] + transforms, "fewest touches (a pinch, a rotation: 2)")
        static let maxTouches = ConfigKey.integer(
            "max-touches", in: 1...PanOptions.touchLimit, default: pan.maxTouches,
            gestures: [.pan, .longPress] + transforms,
            "most touches (a long press: min-touches; a pinch, a rotation: 5)")
        static let region = ConfigKey<RegionSpec>.make(
            "region", .region, default: nil, gestures: [.pan, .longPress] + transforms + discrete,
            "only touches that start here")
        static let factor = ConfigKey.number(
            "factor", in: 1.05...100, default: TransformOptions.pinchFactor, gestures: [.pinch],
            "the scale, in or out, that adds 1: counted in log scale, so in and out are symmetric")
        static let scaleSlop = ConfigKey.number(
            "scale-slop", in: 0...3, default: TransformOptions.scaleSlopFraction, gestures: [.pinch],
            "how much the fingers' spread changes before it begins (0.15: 15 %)")
        static let angle = ConfigKey.number(
            "angle", in: 1...3600, default: TransformOptions.rotationAngle, gestures: [.rotate],
            "degrees of turn that add 1")
        static let angleSlop = ConfigKey.number(
            "angle-slop", in: 0...180, default: TransformOptions.angleSlop, gestures: [.rotate],
            "degrees the fingers turn before it begins")
        static let duration = ConfigKey.number(
            "duration", in: 0.05...60, default: longPress.duration, gestures: [.longPress],
            "seconds held")
        static let repeatDistance = ConfigKey.number(
            "repeat-distance", in: 1...100_000, default: BindingCommand.repeatDistance, gestures: pans,
            "px the fingers travel between runs, with fire = \"repeat\"")
        static let repeatFactor = ConfigKey.number(
            "repeat-factor", in: 1.01...100, default: BindingCommand.repeatFactor, gestures: [.pinch],
            "the scale, in or out, between runs, with fire = \"repeat\"")
        static let repeatAngle = ConfigKey.number(
            "repeat-angle", in: 1...3600, default: BindingCommand.repeatAngle, gestures: [.rotate],
            "degrees of turn between runs, with fire = \"repeat\"")
        static let to = ConfigKey.snapIndex(
            "to", default: nil, gestures: [.longPress, .tap], "the snap it sends its transition to; none toggles")
        static let touches = ConfigKey.integer(
            "touches", in: TapOptions.fingers, default: tap.touches, gestures: discrete, "the fingers it takes")
        static let taps = ConfigKey.integer(
            "taps", in: TapOptions.tapCounts, default: tap.taps, gestures: [.tap], "2: a double tap; 3: a triple tap")
        static let maxDuration = ConfigKey.number(
            "max-duration", in: 0.05...2, default: tap.maxDuration, gestures: [.tap],
            "seconds from the first finger down to the last up")
        static let interval = ConfigKey.number(
            "interval", in: 0.05...2, default: tap.interval, gestures: [.tap],
            "seconds from one tap's lift to the next tap's touch")
        static let directions = ConfigKey.strings(
            "directions", default: nil, gestures: [.swipe],
            "some of \"left\", \"right\", \"up\", \"down\", \"up-left\", \"up-right\", \"down-left\", \"down-right\" (required)"
        )
        static let minDistance = ConfigKey.number(
            "min-distance", in: 1...100_000, default: SwipeOptions(directions: []).minDistance, gestures: [.swipe],
            "px the stroke must go its way")
        static let minVelocity = ConfigKey.number(
            "min-velocity", in: 0...100_000, default: SwipeOptions(directions: []).minVelocity, gestures: [.swipe],
            "px/s it must still go its way as the fingers lift; 0: any speed")
        static let fill = ConfigKey.bool(
            "fill", default: "false", gestures: [.longPress], "moves the transition toward to while held")

        /// `[bindings.NAME.region]` as a table.
        enum Region {
            static let edge = ConfigKey<Edge>.choice("edge", default: nil, "the edge the strip lies along")
            static let depth = ConfigKey.number("depth", in: 1...100_000, default: nil, "px the strip reaches in")
            static let keys = [edge.entry, depth.entry]
        }

        static let common = [
            transition.entry, run.entry, fire.entry, gesture.entry, sources.entry, requireToFail.entry, enabled.entry,
            atSnap.entry,
            catches.entry, apps.entry, exceptApps.entry, whenFullscreen.entry, whenTabletMode.entry,
        ]
        static let specific = [
            edge.entry, zone.entry, pointerZone.entry, pressureSlop.entry, slop.entry, increases.entry,
            distance.entry, hold.entry, output.entry, span.entry, direction.entry, axis.entry, minTouches.entry,
            maxTouches.entry, region.entry, duration.entry, to.entry, fill.entry, factor.entry, scaleSlop.entry,
            angle.entry, angleSlop.entry, repeatDistance.entry, repeatFactor.entry, repeatAngle.entry, touches.entry,
            taps.entry, maxDuration.entry, interval.entry, directions.entry, minDistance.entry, minVelocity.entry,
        ]
        static let keys = common + specific

        /// The keys a binding of `gesture` takes (of every gesture, when it names none known), in the order the
        /// `unknown key` error lists them: the common ones, then the gesture's, sorted.
        static func accepted(by gesture: String?) -> [String] {
            let known = gesture.flatMap(GestureKind.init(rawValue:))
            let own = specific.filter { known == nil || $0.gestures.contains(known?.rawValue ?? "") }.map(\.name)
            return common.map(\.name) + Array(Set(own)).sorted()
        }
    }
}
