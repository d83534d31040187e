import Gestures
import Transitions

/// `[bindings.NAME]`'s keys: those every binding takes, then each gesture's (a key some gestures take lists them).
extension ConfigSchema {
    enum Binding {
        static let gestures = ["edge-pan", "pan", "long-press"]
        private static let pan = PanOptions(), edgePan = EdgePanOptions(edge: .left), longPress = LongPressOptions()
        private static let pans = ["edge-pan", "pan"]

        static let transition = ConfigKey.string("transition", "the transition it drives (required)")
        static let gesture = ConfigKey<String>.make("gesture", .choice(gestures), default: nil, "its recognizer (required)")
        static let sources = ConfigKey.strings("sources", default: "[\"touch\", \"pressure\"]",
                                               "some of \"touch\", \"pointer\", \"pressure\", \"touchpad\"")
        static let requireToFail = ConfigKey.strings("require-to-fail", default: "[]", "bindings that must fail before it may begin")
        static let enabled = ConfigKey.bool("enabled", default: "true", "false takes it out, as if it were not written")
        static let atSnap = ConfigKey.snapIndex("at-snap", default: nil, "works only while its transition rests at this snap")
        static let catches = ConfigKey.bool("catch", default: nil,
                                            "a touch that lands in its place stops a running leg there; on for a pan with a region, else off")
        static let apps = ConfigKey.strings("apps", default: nil, "works only while one of these applications has the focus")
        static let exceptApps = ConfigKey.strings("except-apps", default: nil, "is off while one of these applications has the focus")
        static let whenFullscreen = ConfigKey.bool("when-fullscreen", default: "true", "false: off over a full-screen window")

        static let edge = ConfigKey<Edge>.choice("edge", default: nil, gestures: ["edge-pan", "long-press"],
                                                 "the screen's edge (required for an edge-pan)")
        static let zone = ConfigKey.number("zone", in: 1...500, default: edgePan.touchZone, gestures: ["edge-pan", "long-press"],
                                           "px from the edge a touch may start")
        static let pointerZone = ConfigKey.number("pointer-zone", in: 0...500, default: edgePan.pointerZone, gestures: ["edge-pan"],
                                                  "the width of the edge strip that takes mouse drags")
        static let pressureSlop = ConfigKey.number("pressure-slop", in: 0...5000, default: edgePan.pressureSlop, gestures: ["edge-pan"],
                                                   "px of pressure into the edge before it begins")
        static let slop = ConfigKey.number("slop", in: 0...500, default: pan.slop, gestures: gestures, "px the touches move before it begins")
        static let increases = ConfigKey<Direction>.choice("increases", default: nil, gestures: pans,
                                                           "the direction that adds to the progress (an edge pan: inward)")
        static let distance = ConfigKey.number("distance", in: 1...100_000, default: nil, gestures: pans,
                                               "px toward increases that add 1 (required)")
        static let hold = ConfigKey.number("hold", in: 0...10, default: 0, gestures: pans, "seconds the touches rest before it may begin")
        static let output = ConfigKey.string("output", gestures: ["edge-pan", "long-press"], "only on the monitor of this name")
        static let span = ConfigKey.numbers("span", shape: "[from, to], fractions of the edge, 0 … 1", default: "[0, 1]",
                                            gestures: ["edge-pan"], "only on this part of the edge")
        static let direction = ConfigKey<Direction>.choice("direction", default: nil, gestures: ["pan"], "the way it must move to begin")
        static let axis = ConfigKey<Axis>.choice("axis", default: nil, gestures: ["pan"], "the axis it must move along to begin")
        static let minTouches = ConfigKey.integer("min-touches", in: 1...PanOptions.touchLimit, default: pan.minTouches,
                                                  gestures: ["pan", "long-press"], "fewest touches")
        static let maxTouches = ConfigKey.integer("max-touches", in: 1...PanOptions.touchLimit, default: pan.maxTouches,
                                                  gestures: ["pan", "long-press"], "most touches (a long press: min-touches)")
        static let region = ConfigKey<RegionSpec>.make("region", .region, default: nil, gestures: ["pan", "long-press"],
                                                       "only touches that start here")
        static let duration = ConfigKey.number("duration", in: 0.05...60, default: longPress.duration, gestures: ["long-press"],
                                               "seconds held")
        static let to = ConfigKey.snapIndex("to", default: nil, gestures: ["long-press"], "the snap it sends its transition to; none toggles")
        static let fill = ConfigKey.bool("fill", default: "false", gestures: ["long-press"], "moves the transition toward to while held")

        /// `[bindings.NAME.region]` as a table.
        enum Region {
            static let edge = ConfigKey<Edge>.choice("edge", default: nil, "the edge the strip lies along")
            static let depth = ConfigKey.number("depth", in: 1...100_000, default: nil, "px the strip reaches in")
            static let keys = [edge.entry, depth.entry]
        }

        static let common = [transition.entry, gesture.entry, sources.entry, requireToFail.entry, enabled.entry, atSnap.entry,
                             catches.entry, apps.entry, exceptApps.entry, whenFullscreen.entry]
        static let specific = [edge.entry, zone.entry, pointerZone.entry, pressureSlop.entry, slop.entry, increases.entry,
                               distance.entry, hold.entry, output.entry, span.entry, direction.entry, axis.entry, minTouches.entry,
                               maxTouches.entry, region.entry, duration.entry, to.entry, fill.entry]
        static let keys = common + specific

        /// The keys a binding of `gesture` takes (of every gesture, when it names none known), in the order the
        /// `unknown key` error lists them: the common ones, then the gesture's, sorted.
        static func accepted(by gesture: String?) -> [String] {
            let known = gesture.map { gestures.contains($0) } ?? false
            let own = specific.filter { !known || $0.gestures.contains(gesture ?? "") }.map(\.name)
            return common.map(\.name) + Array(Set(own)).sorted()
        }
    }
}
