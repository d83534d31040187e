public import Gestures
import JSONText

/// The focused window as GNOME Shell and KWin tell it over the session bus (issue 31). Pure: what they send in,
/// the focus out; the bus itself is DesktopPortal's.
public enum DesktopShellFocus {
    /// animd's own GNOME Shell extension (gnome-shell/extension.js), on GNOME Shell's connection: `Get()` answers, and
    /// `Changed` sends on each change, the focused window's `wm_class`, `wm_class_instance`, application id, title
    /// and whether it is full screen (`ssssb`; empty strings and false for no window).
    public enum GNOME {
        public static let service = "org.gnome.Shell"
        public static let path = "/org/animd/FocusedWindow"
        public static let interface = "org.animd.FocusedWindow1"
        public static let signal = "Changed"
        public static let source = FocusSource.gnome
        /// GNOME Shell's own signal for an extension enabled, disabled or failed: either extension is read again.
        public static let extensionsPath = "/org/gnome/Shell"
        public static let extensionsInterface = "org.gnome.Shell.Extensions"
        public static let extensionStateChanged = "ExtensionStateChanged"

        /// What the extension says; no window when it names none. The names go from the most particular to the
        /// application (`FocusedWindow.app` is the last), each once.
        public static func focus(wmClass: String, instance: String, appID: String, title: String, fullscreen: Bool)
            -> SessionFocus
        {
            guard [wmClass, instance, appID, title].contains(where: { !$0.isEmpty }) else {
                return .known(nil, source: source)
            }
            var names: [String] = []
            for name in [instance, wmClass, appID] where !name.isEmpty && !names.contains(name) {
                names.append(name)
            }
            return .known(FocusedWindow(names: names, fullscreen: fullscreen), source: source)
        }
    }

    /// The third-party "Focused Window D-Bus" extension (extensions.gnome.org/extension/5592,
    /// github.com/flexagoon/focused-window-dbus), read where animd's own is not enabled: `Get()` answers, and
    /// `FocusChanged(s)` sends, the focused window as a JSON object (`{}` for none), with its `wm_class` and
    /// `wm_class_instance`. It says nothing of full screen.
    public enum FocusedWindowDBus {
        public static let path = "/org/gnome/shell/extensions/FocusedWindow"
        public static let interface = "org.gnome.shell.extensions.FocusedWindow"
        public static let signal = "FocusChanged"
        public static let source = FocusSource.gnomeFocusedWindow
        /// The longest answer read: a title and the rest are a few hundred bytes.
        public static let answerLimit = 64 << 10

        /// The focus an answer or a signal carries; nil for text that is not the extension's.
        public static func focus(fromJSON text: String) -> SessionFocus? {
            guard text.utf8.count <= answerLimit, let json = try? JSONParser.parse(Array(text.utf8)),
                json.objectMembers != nil
            else { return nil }
            let names = [json["wm_class_instance"]?.string, json["wm_class"]?.string].compactMap { $0 }.filter {
                !$0.isEmpty
            }
            guard json["wm_class"] != nil || json["title"] != nil else { return .known(nil, source: source) }
            return .known(FocusedWindow(names: names, fullscreen: false), source: source)
        }
    }

    /// A KWin script that animd writes and loads (`org.kde.kwin.Scripting.loadScript`), for KWin has no focus to read
    /// from outside: it follows `workspace.windowActivated` (Plasma 6; `clientActivated` before) and each active
    /// window's `fullScreenChanged`, and calls `Report(resourceClass, resourceName, fullScreen)` on animd's own
    /// connection. animd takes the call only from KWin's connection.
    public enum KWin {
        public static let service = "org.kde.KWin"
        public static let scriptingPath = "/Scripting"
        public static let scriptingInterface = "org.kde.kwin.Scripting"
        public static let pluginName = "animd-focus"
        public static let reportPath = "/org/animd/Focus"
        public static let reportInterface = "org.animd.Focus"
        public static let reportMember = "Report"
        public static let source = FocusSource.kde

        /// The script, calling back `destination` (animd's unique name on the bus, which only it can hold).
        public static func script(destination: String) -> String {
            let target = [destination, reportPath, reportInterface, reportMember].map { "\"\($0)\"" }.joined(
                separator: ", ")
            return """
                // Written by animd: reports the active window to it (docs/focus.md). Safe to remove; animd loads it again.
                var current = null;
                function report() {
                    callDBus(\(target),
                             current ? String(current.resourceClass) : "", current ? String(current.resourceName) : "",
                             current ? Boolean(current.fullScreen) : false);
                }
                function follow(window) {
                    if (current && current.fullScreenChanged) current.fullScreenChanged.disconnect(report);
                    current = window || null;
                    if (current && current.fullScreenChanged) current.fullScreenChanged.connect(report);
                    report();
                }
                (workspace.windowActivated || workspace.clientActivated).connect(follow);
                follow(workspace.activeWindow || workspace.activeClient);

                """
        }

        /// What a report says: no window when its class is empty.
        public static func focus(resourceClass: String, resourceName: String, fullscreen: Bool) -> SessionFocus {
            guard !resourceClass.isEmpty || !resourceName.isEmpty else { return .known(nil, source: source) }
            let names = [resourceName, resourceClass].filter { !$0.isEmpty }
            return .known(
                FocusedWindow(
                    names: names.count == 2 && names[0] == names[1] ? [names[0]] : names, fullscreen: fullscreen),
                source: source)
        }
    }
}
