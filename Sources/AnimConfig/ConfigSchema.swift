import Gestures
import Motion
import TextWriting
import Transitions

/// Every key of `animd.toml` (and of a declaration, which takes the keys of `[transitions.NAME]` and
/// `[bindings.NAME]`), declared once: its type and range, its default and what it does. The reader takes from here
/// the range it checks and the keys it accepts, so an error, the `unknown key` list, `animctl config --keys` and
/// docs/config.md's "Every key" (checked by ConfigSchemaTests) cannot disagree. Defaults are read from the types
/// that apply them (`DaemonSettings`, `TransitionConfig`, the recognizers' options), their one home.
enum ConfigSchema {
    enum Root {
        static let keys = ["defaults", "daemon", "input", "transitions", "bindings"]
    }

    enum Daemon {
        static let table: [SettingsKey<DaemonSettings>] = [
            .number(
                "frame-rate", in: 1...1000, \.frameRate, "frames a second, where the display reports no refresh rate"),
            .custom(
                ConfigKey.numbers(
                    "screen", shape: "[width, height]",
                    default:
                        "[\(formatNumber(DaemonSettings().screenWidth)), \(formatNumber(DaemonSettings().screenHeight))]",
                    "the screen on the console; X and Wayland give their monitors")
            ) { reader, t, p, settings, key in
                guard let screen = reader.numbers(t, key, p) else { return }
                guard screen.count == 2, screen.allSatisfy({ $0 >= 1 }) else {
                    return reader.error(p, key, "must be [width, height] in pixels")
                }
                (settings.screenWidth, settings.screenHeight) = (screen[0], screen[1])
            },
            .integer("max-clients", in: 1...100_000, \.maxClients, "clients at once"),
            .integer("max-subscriptions", in: 1...10_000, \.maxSubscriptions, "subscriptions per client"),
            .integer(
                "max-backlog", in: 4096...(1 << 30), \.maxBacklog,
                "bytes queued for one client before it is disconnected"),
            .choice("motion", \.motion, "full or reduced motion (docs/motion.md)"),
            .number(
                "reduced-duration", in: MotionPolicy.reducedDurations, \.reducedDuration,
                "seconds a leg takes under reduced motion; 0 is instant"),
            .integer(
                "max-declarations", in: 0...Declaration.maximumInDaemon, \.maxDeclarations,
                "transitions clients may declare, all together"),
            .integer(
                "max-declarations-per-client", in: 0...Declaration.maximumInDaemon, \.maxDeclarationsPerClient,
                "transitions one connection may declare"),
        ]
        static let keys = table.map(\.entry)
    }

    enum Input {
        static let table: [SettingsKey<InputSettings>] = [
            .number(
                "pressure-release", in: 0.02...2, \.pressureReleaseDelay,
                "seconds without a push that end a pressure on the edge"),
            .number("pressure-cap", in: 1...200, \.pressureCap, "px one barrier hit may add"),
            .custom(
                ConfigKey<ConfigTable>.make(
                    "touchscreens", .table("device name = monitor or output name"), default: nil,
                    "which monitor each touchscreen is on (docs/x11.md, docs/wayland.md)")
            ) { reader, t, p, settings, key in
                guard let screens = reader.table(t, key, p) else { return }
                for device in screens.keys {
                    if let output = reader.string(screens, device, p / key.name) {
                        settings.touchscreens[device] = output
                    }
                }
            },
            .choice("touch-edges", \.touchEdges, "whether edge touches are animd's alone (docs/x11.md)"),
            .number(
                "touch-hold-limit", in: 0.05...1, \.touchHoldLimit,
                "seconds an exclusive touch waits for animd before it goes to applications (docs/wayland.md)"),
            .choice("backend", \.backend, "the input backend (docs/wayland.md)"),
            .custom(
                ConfigKey<ConfigTable>.make(
                    "on-tablet-mode", .table("on or off = [\"program\", \"arg\", …]"), default: nil,
                    "run when the machine goes into tablet mode (on) or out of it (off)")
            ) { reader, t, p, settings, key in
                if let actions = reader.table(t, key, p) {
                    settings.onTabletMode = reader.readTabletModeActions(actions, p / key.name)
                }
            },
        ]
        static let keys = table.map(\.entry)
    }

    enum Transition {
        private static let defaults = TransitionConfig(name: "")
        static let snapPoints = ConfigKey.numbers(
            "snap-points", shape: "2 to \(TransitionConfig.maximumSnapPoints), increasing",
            default: "[0, 1]", "the progress values it rests at")
        static let timing = ConfigKey<TimingSpec>.make(
            "timing", .timing, default: "\"\(defaults.timing)\"", "the curve or spring of its legs")
        static let duration = ConfigKey.number(
            "duration", in: LegLimits.duration, default: defaults.duration, "seconds of a cubic leg")
        static let releaseRule = ConfigKey<ReleaseRule>.choice(
            "release", default: .projection, "how a released finger picks the snap")
        /// The release rules' defaults, which `TransitionConfig` does not hold while the other rule is in force.
        static let release = (rate: 0.998, fraction: 0.5, velocity: 1000.0)
        static let decelerationRate = ConfigKey.number(
            "deceleration-rate", in: 0.5...0.99999, default: release.rate,
            "projection: UIScrollView's rate, per millisecond")
        static let thresholdFraction = ConfigKey.number(
            "threshold-fraction", in: 0...1, default: release.fraction,
            "threshold: the fraction of the way past which it goes on")
        static let thresholdVelocity = ConfigKey.number(
            "threshold-velocity", in: 0...100_000, default: release.velocity,
            "threshold: px/s toward a snap that reach it whatever the fraction")
        static let reach = ConfigKey.integer(
            "reach", in: 1...1000, default: defaults.reach, "snaps one release may pass")
        static let rubberBand = ConfigKey.number(
            "rubber-band", in: 0...1, default: defaults.rubberBand, "resistance past the ends; 0 is a hard stop")
        static let completionSpeed = ConfigKey.number(
            "completion-speed", in: 0.01...100, default: defaults.completionSpeed,
            "UIPercentDrivenInteractiveTransition's completionSpeed")
        static let initialSnap = ConfigKey.snapIndex(
            "initial-snap", default: String(defaults.initialSnap), "where it rests when animd starts")
        static let onSnap = ConfigKey<ConfigTable>.make(
            "on-snap", .table("snap index = [\"program\", \"arg\", …]"), default: nil,
            "a command run each time it comes to rest at the snap")
        static let keys = [
            snapPoints.entry, timing.entry, duration.entry, releaseRule.entry, decelerationRate.entry,
            thresholdFraction.entry,
            thresholdVelocity.entry, reach.entry, rubberBand.entry, completionSpeed.entry, initialSnap.entry,
            onSnap.entry,
        ]
    }
}
