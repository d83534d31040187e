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
        private static let settings = DaemonSettings()
        static let frameRate = ConfigKey.number("frame-rate", in: 1...1000, default: settings.frameRate,
                                                "frames a second, where the display reports no refresh rate")
        static let screen = ConfigKey.numbers("screen", shape: "[width, height]",
                                              default: "[\(formatNumber(settings.screenWidth)), \(formatNumber(settings.screenHeight))]",
                                              "the screen on the console; X and Wayland give their monitors")
        static let maxClients = ConfigKey.integer("max-clients", in: 1...100_000, default: settings.maxClients, "clients at once")
        static let maxSubscriptions = ConfigKey.integer("max-subscriptions", in: 1...10_000, default: settings.maxSubscriptions,
                                                        "subscriptions per client")
        static let maxBacklog = ConfigKey.integer("max-backlog", in: 4096...(1 << 30), default: settings.maxBacklog,
                                                  "bytes queued for one client before it is disconnected")
        static let motion = ConfigKey<MotionSetting>.choice("motion", default: settings.motion, "full or reduced motion (docs/motion.md)")
        static let reducedDuration = ConfigKey.number("reduced-duration", in: MotionPolicy.reducedDurations, default: settings.reducedDuration,
                                                      "seconds a leg takes under reduced motion; 0 is instant")
        static let maxDeclarations = ConfigKey.integer("max-declarations", in: 0...Declaration.maximumInDaemon,
                                                       default: settings.maxDeclarations, "transitions clients may declare, all together")
        static let maxDeclarationsPerClient = ConfigKey.integer("max-declarations-per-client", in: 0...Declaration.maximumInDaemon,
                                                                default: settings.maxDeclarationsPerClient, "transitions one connection may declare")
        static let keys = [frameRate.entry, screen.entry, maxClients.entry, maxSubscriptions.entry, maxBacklog.entry, motion.entry,
                           reducedDuration.entry, maxDeclarations.entry, maxDeclarationsPerClient.entry]
    }

    enum Input {
        private static let settings = InputSettings()
        static let pressureRelease = ConfigKey.number("pressure-release", in: 0.02...2, default: settings.pressureReleaseDelay,
                                                      "seconds without a push that end a pressure on the edge")
        static let pressureCap = ConfigKey.number("pressure-cap", in: 1...200, default: settings.pressureCap, "px one barrier hit may add")
        static let touchscreens = ConfigKey<ConfigTable>.make("touchscreens", .table("device name = monitor or output name"), default: nil,
                                                              "which monitor each touchscreen is on (docs/x11.md, docs/wayland.md)")
        static let touchEdges = ConfigKey<TouchEdges>.choice("touch-edges", default: settings.touchEdges,
                                                             "whether edge touches are animd's alone (docs/x11.md)")
        static let touchHoldLimit = ConfigKey.number("touch-hold-limit", in: 0.05...1, default: settings.touchHoldLimit,
                                                     "seconds an exclusive touch waits for animd before it goes to applications (docs/wayland.md)")
        static let backend = ConfigKey<BackendSetting>.choice("backend", default: settings.backend, "the input backend (docs/wayland.md)")
        static let onTabletMode = ConfigKey<ConfigTable>.make("on-tablet-mode", .table("on or off = [\"program\", \"arg\", …]"), default: nil,
                                                              "run when the machine goes into tablet mode (on) or out of it (off)")
        static let keys = [pressureRelease.entry, pressureCap.entry, touchscreens.entry, touchEdges.entry, touchHoldLimit.entry, backend.entry,
                           onTabletMode.entry]
    }

    enum Transition {
        private static let defaults = TransitionConfig(name: "")
        static let snapPoints = ConfigKey.numbers("snap-points", shape: "2 to \(TransitionConfig.maximumSnapPoints), increasing",
                                                  default: "[0, 1]", "the progress values it rests at")
        static let timing = ConfigKey<TimingSpec>.make("timing", .timing, default: "\"\(defaults.timing)\"", "the curve or spring of its legs")
        static let duration = ConfigKey.number("duration", in: LegLimits.duration, default: defaults.duration, "seconds of a cubic leg")
        static let releaseRule = ConfigKey<String>.make("release", .choice(["projection", "threshold"]), default: "\"projection\"",
                                                    "how a released finger picks the snap")
        /// The release rules' defaults, which `TransitionConfig` does not hold while the other rule is in force.
        static let release = (rate: 0.998, fraction: 0.5, velocity: 1000.0)
        static let decelerationRate = ConfigKey.number("deceleration-rate", in: 0.5...0.99999, default: release.rate,
                                                       "projection: UIScrollView's rate, per millisecond")
        static let thresholdFraction = ConfigKey.number("threshold-fraction", in: 0...1, default: release.fraction,
                                                        "threshold: the fraction of the way past which it goes on")
        static let thresholdVelocity = ConfigKey.number("threshold-velocity", in: 0...100_000, default: release.velocity,
                                                        "threshold: px/s toward a snap that reach it whatever the fraction")
        static let reach = ConfigKey.integer("reach", in: 1...1000, default: defaults.reach, "snaps one release may pass")
        static let rubberBand = ConfigKey.number("rubber-band", in: 0...1, default: defaults.rubberBand, "resistance past the ends; 0 is a hard stop")
        static let completionSpeed = ConfigKey.number("completion-speed", in: 0.01...100, default: defaults.completionSpeed,
                                                      "UIPercentDrivenInteractiveTransition's completionSpeed")
        static let initialSnap = ConfigKey.snapIndex("initial-snap", default: String(defaults.initialSnap), "where it rests when animd starts")
        static let onSnap = ConfigKey<ConfigTable>.make("on-snap", .table("snap index = [\"program\", \"arg\", …]"), default: nil,
                                                        "a command run each time it comes to rest at the snap")
        static let keys = [snapPoints.entry, timing.entry, duration.entry, releaseRule.entry, decelerationRate.entry, thresholdFraction.entry,
                           thresholdVelocity.entry, reach.entry, rubberBand.entry, completionSpeed.entry, initialSnap.entry, onSnap.entry]
    }
}
