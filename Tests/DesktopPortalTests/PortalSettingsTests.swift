import BackendThread
import Testing

@testable import DesktopMotion
@testable import DesktopPortal

/// Who reduces motion by what the portal says, the values taken by key and type, and the poll timeout for sd-bus's
/// deadlines.
struct PortalSettingsTests {
    @Test func eachKeyReducesMotionAndUnknownValuesDoNot() {
        #expect(PortalSettings().reducedBy == nil)
        #expect(PortalSettings(appearanceReducedMotion: 1).reducedBy == "portal")
        #expect(PortalSettings(appearanceReducedMotion: 0).reducedBy == nil)
        #expect(PortalSettings(appearanceReducedMotion: 2).reducedBy == nil, "unknown values count as 0")
        #expect(PortalSettings(enableAnimations: false).reducedBy == "gnome")
        #expect(PortalSettings(gnomeReducedMotion: "reduce").reducedBy == "gnome")
        #expect(PortalSettings(gnomeReducedMotion: "no-preference").reducedBy == nil)
        #expect(
            PortalSettings(appearanceReducedMotion: 1, enableAnimations: false).reducedBy == "portal",
            "the portal's own key first")
    }

    @Test func valuesAreTakenByKeyAndType() {
        var settings = PortalSettings()
        let appearance = settings.set(namespace: "org.freedesktop.appearance", key: "reduced-motion", to: .unsigned(1))
        let animations = settings.set(
            namespace: "org.gnome.desktop.interface", key: "enable-animations", to: .boolean(false))
        let theme = settings.set(namespace: "org.gnome.desktop.interface", key: "gtk-theme", to: .string("Adwaita"))
        #expect(appearance && animations && !theme, "followed keys are taken; others are not")
        #expect(settings == PortalSettings(appearanceReducedMotion: 1, enableAnimations: false))
        // A value of another type than the key's (a misbehaving portal) counts as unset.
        let mistyped = settings.set(namespace: "org.freedesktop.appearance", key: "reduced-motion", to: .string("1"))
        #expect(mistyped && settings.appearanceReducedMotion == nil)
        #expect(settings.description == "the portal says enable-animations=false")
    }

    @Test func sdBusDeadlinesBecomePollTimeouts() {
        #expect(pollTimeout(PortalConnection.seconds(until: .max, now: 5)) == -1, "none due: wait for ever")
        #expect(pollTimeout(PortalConnection.seconds(until: 0, now: 5)) == 0, "past: at once")
        #expect(PortalConnection.seconds(until: 6_500_000, now: 5) == 1.5, "microseconds against seconds")
        #expect(
            pollTimeout(PortalConnection.seconds(until: 5_001_500, now: 5)) == 2,
            "a part of a millisecond waits a whole one")
        #expect(
            pollTimeout(PortalConnection.seconds(until: UInt64.max - 1, now: 5)) == 60_000,
            "far: at most a minute, as the backends' waits")
    }
}
