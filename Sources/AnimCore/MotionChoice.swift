package import AnimProtocol
package import DesktopMotion
package import Motion
import TextWriting

/// What decides motion beside the config, kept across reloads: the run-time setting and what the desktop says.
package struct MotionSources: Hashable {
    /// The run-time setting (`daemon.motion`); it outlives reloads, until animd restarts or it is set again.
    package var override: MotionSetting?
    /// What KDE's `kdeglobals` said when last read; nil while it is not followed.
    package var kde: KDEGlobals.File?
    /// What the X display's XSETTINGS manager says of animations (`Gtk/EnableAnimations`); nil without one.
    package var xsettingsAnimations: Bool?
    /// What the XDG desktop portal says; nil until it is read.
    package var portal: PortalSettings?

    package init(
        override: MotionSetting? = nil, kde: KDEGlobals.File? = nil, xsettingsAnimations: Bool? = nil,
        portal: PortalSettings? = nil
    ) {
        self.override = override
        self.kde = kde
        self.xsettingsAnimations = xsettingsAnimations
        self.portal = portal
    }
}

/// The motion in force and why: the run-time setting (`daemon.motion`, `animctl motion`) over the config's
/// `[daemon] motion`; under `auto`, what the desktop says. Pure: the core asks it for the engine's policy and for
/// what `hello` and `daemon.motion` say.
///
/// The desktop's switches: the XDG portal (its `reduced-motion`, and GNOME's keys it relays), KDE's `kdeglobals`,
/// XSETTINGS. Motion is reduced when any says so; `source` names the first that does, in that order.
package struct MotionChoice: Hashable {
    package var configured: MotionSetting
    package var reducedDuration: Double
    package var sources = MotionSources()

    private var override: MotionSetting? { sources.override }
    private var kde: KDEGlobals.File? { sources.kde }
    private var xsettingsAnimations: Bool? { sources.xsettingsAnimations }
    private var portal: PortalSettings? { sources.portal }

    package var setting: MotionSetting { override ?? configured }

    /// KDE's factor when it is followed and readable; 1 otherwise.
    private var kdeFactor: Double? {
        if case let .factor(factor)? = kde?.reading { return factor }
        return nil
    }

    package var reduced: Bool {
        switch setting {
        case .reduced: true
        case .full: false
        case .auto: portal?.reducedBy != nil || kdeFactor == 0 || xsettingsAnimations == false
        }
    }

    /// What scales durations: KDE's factor under `auto`, when it is not 0 (that is reduced motion).
    package var factor: Double {
        guard setting == .auto, let factor = kdeFactor, factor > 0 else { return 1 }
        return factor
    }

    package var policy: MotionPolicy {
        MotionPolicy(reduced: reduced, reducedDuration: reducedDuration, factor: factor)
    }

    package var status: MotionStatus {
        let source: String? =
            switch setting {
            case .auto:
                portal?.reducedBy
                    ?? (kdeFactor == 0 ? "kde" : xsettingsAnimations == false ? "xsettings" : factor != 1 ? "kde" : nil)
            case .full, .reduced: override == nil ? "config" : "animctl"
            }
        let completions =
            reduced
            ? (reducedDuration == 0
                ? "; completions are instant" : "; completions take \(reducedDuration) s, without a spring") : ""
        let detail =
            switch setting {
            case .auto:
                "auto: " + (portal?.description ?? "the portal is not read yet") + "; " + kdeDetail + "; "
                    + xsettingsDetail + completions
            case .full, .reduced: "\(setting.rawValue), set by \(source ?? "")" + completions
            }
        return MotionStatus(reduced: reduced, setting: setting, source: source, factor: factor, detail: detail)
    }

    private var xsettingsDetail: String {
        switch xsettingsAnimations {
        case nil: "no XSETTINGS manager says Gtk/EnableAnimations (none, or its settings are unreadable or past 1 MiB)"
        case true?: "XSETTINGS says Gtk/EnableAnimations=1"
        case false?: "XSETTINGS says Gtk/EnableAnimations=0"
        }
    }

    private var kdeDetail: String {
        guard let kde else { return "KDE's kdeglobals is not followed (no config folder)" }
        switch kde.reading {
        case let .factor(factor): return "KDE's \(kde.path) says \(KDEGlobals.key)=\(formatNumber(factor))"
        case .absent: return "KDE's \(kde.path) sets no \(KDEGlobals.key) (1)"
        case let .unreadable(why): return "KDE's \(kde.path) is not used: \(why)"
        }
    }
}
