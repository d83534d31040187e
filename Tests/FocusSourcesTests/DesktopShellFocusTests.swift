import Gestures
import Testing

@testable import FocusSources

/// What the desktop shells send, as their interfaces define it: animd's own GNOME Shell extension
/// (gnome-shell/extension.js, `ssssb`), the Focused Window D-Bus extension's JSON, KWin's `Report` from animd's
/// script; and which of animd's two extension UUIDs a GNOME Shell version loads.
@Suite struct DesktopShellFocusTests {
    typealias GNOME = DesktopShellFocus.GNOME

    @Test func animdsExtensionNamesGoFromTheInstanceToTheApplication() {
        // An X11 window under GNOME: the instance and class differ, the application is the desktop file's id.
        #expect(
            GNOME.focus(wmClass: "firefox", instance: "Navigator", appID: "firefox", title: "animd", fullscreen: false)
                == .known(FocusedWindow(names: ["Navigator", "firefox"], fullscreen: false), source: .gnome))
        // A Wayland window: mutter gives its app_id as both class and instance.
        let nautilus = GNOME.focus(
            wmClass: "org.gnome.Nautilus", instance: "org.gnome.Nautilus", appID: "org.gnome.Nautilus", title: "Home",
            fullscreen: true)
        #expect(nautilus == .known(FocusedWindow(names: ["org.gnome.Nautilus"], fullscreen: true), source: .gnome))
        #expect(nautilus.window?.app == "org.gnome.Nautilus")
        // The application's id where it is not the class: it is the name shown, the last.
        let terminal = GNOME.focus(
            wmClass: "Gnome-terminal", instance: "gnome-terminal-server", appID: "org.gnome.Terminal", title: "~",
            fullscreen: false)
        #expect(terminal.window?.names == ["gnome-terminal-server", "Gnome-terminal", "org.gnome.Terminal"])
        #expect(terminal.window?.app == "org.gnome.Terminal")
    }

    @Test func animdsExtensionWithNoWindow() {
        #expect(
            GNOME.focus(wmClass: "", instance: "", appID: "", title: "", fullscreen: false)
                == .known(nil, source: .gnome))
        // A window with a title and no names is still a window, named by nothing.
        #expect(
            GNOME.focus(wmClass: "", instance: "", appID: "", title: "untitled", fullscreen: false)
                == .known(FocusedWindow(names: [], fullscreen: false), source: .gnome))
    }

    @Test func theFocusedWindowExtensionsJSON() {
        typealias Other = DesktopShellFocus.FocusedWindowDBus
        #expect(Other.focus(fromJSON: "{}") == .known(nil, source: .gnomeFocusedWindow))
        #expect(
            Other.focus(fromJSON: #"{"title":"t","wm_class":"firefox","wm_class_instance":"Navigator"}"#)
                == .known(
                    FocusedWindow(names: ["Navigator", "firefox"], fullscreen: false), source: .gnomeFocusedWindow))
        #expect(Other.focus(fromJSON: "not json") == nil)
        #expect(Other.focus(fromJSON: "[1]") == nil)
        let huge = #"{"title":""# + String(repeating: "a", count: Other.answerLimit) + #""}"#
        #expect(Other.focus(fromJSON: huge) == nil, "past 64 KiB")
    }

    @Test func kwinsReport() {
        typealias KWin = DesktopShellFocus.KWin
        #expect(KWin.focus(resourceClass: "", resourceName: "", fullscreen: false) == .known(nil, source: .kde))
        #expect(
            KWin.focus(resourceClass: "org.kde.dolphin", resourceName: "dolphin", fullscreen: true)
                == .known(FocusedWindow(names: ["dolphin", "org.kde.dolphin"], fullscreen: true), source: .kde))
        #expect(
            KWin.focus(resourceClass: "firefox", resourceName: "firefox", fullscreen: false).window?.names
                == ["firefox"])
    }

    /// GNOME 45 made extensions ES modules: 43 and 44 load the legacy UUID, 45 on the other.
    @Test func theUUIDForEachShellVersion() {
        #expect(AnimdGNOMEExtension.uuid(forShellVersion: "43.9") == AnimdGNOMEExtension.legacyUUID)
        #expect(AnimdGNOMEExtension.uuid(forShellVersion: "44.rc") == AnimdGNOMEExtension.legacyUUID)
        #expect(AnimdGNOMEExtension.uuid(forShellVersion: "45.0") == AnimdGNOMEExtension.uuid)
        #expect(AnimdGNOMEExtension.uuid(forShellVersion: "49.alpha") == AnimdGNOMEExtension.uuid)
        for unknown in [nil, "", "forty-six"] {
            let both = AnimdGNOMEExtension.uuid(forShellVersion: unknown)
            #expect(both.contains(AnimdGNOMEExtension.uuid) && both.contains(AnimdGNOMEExtension.legacyUUID))
        }
        #expect(
            AnimdGNOMEExtension.enableAdvice(shellVersion: "43.9")
                == "gnome-extensions enable animd-gnome43@animd.org")
    }
}
