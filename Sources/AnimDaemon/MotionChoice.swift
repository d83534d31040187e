import AnimProtocol
import Motion

/// The motion in force and why: the run-time setting (`daemon.motion`, `animctl motion`) over the config's
/// `[daemon] motion`. Pure: the core asks it for the engine's policy and for what `hello` and `daemon.motion` say.
///
/// Unfinished (issue 30): the desktop's own switches (the XDG portal, GNOME, KDE's `kdeglobals`, XSETTINGS) are
/// not read yet, so `auto` is full motion, and `detail` says so.
struct MotionChoice: Hashable {
    var configured: MotionSetting
    var reducedDuration: Double
    /// The run-time setting; it outlives reloads, until animd restarts or it is set again.
    var override: MotionSetting?

    var setting: MotionSetting { override ?? configured }

    var reduced: Bool { setting == .reduced }

    var policy: MotionPolicy { MotionPolicy(reduced: reduced, reducedDuration: reducedDuration) }

    var status: MotionStatus {
        let source: String? = switch setting {
        case .auto: nil
        case .full, .reduced: override == nil ? "config" : "animctl"
        }
        let detail = switch setting {
        case .auto: "auto: no desktop switch is read yet (the portal, GNOME, KDE and XSETTINGS are not followed); "
            + "animctl motion reduced, or [daemon] motion = \"reduced\", reduces it"
        case .full, .reduced: "\(setting.rawValue), set by \(source ?? "")"
            + (reduced ? (reducedDuration == 0 ? "; completions are instant" : "; completions take \(reducedDuration) s, without a spring") : "")
        }
        return MotionStatus(reduced: reduced, setting: setting, source: source, factor: 1, detail: detail)
    }
}
