/// The session `animctl import` writes commands for (issue 61): the other tools act on windows and workspaces
/// themselves; animd runs a command, so each such action becomes the command that does it on the session running
/// at import, said in the file's header.
public enum ImportSession: String, Equatable, Sendable {
    case sway, hyprland, x11
    /// A Wayland session with no command line for its windows (GNOME, KDE Plasma): window actions are left out.
    case other

    /// The running session, as its environment says: sway's and Hyprland's sockets, else an X display.
    public static func detect(in environment: [String: String]) -> ImportSession {
        if environment["SWAYSOCK"]?.isEmpty == false { return .sway }
        if environment["HYPRLAND_INSTANCE_SIGNATURE"]?.isEmpty == false { return .hyprland }
        let type = environment["XDG_SESSION_TYPE"]
        if type == "x11"
            || (type != "wayland" && environment["WAYLAND_DISPLAY"] == nil
                && environment["DISPLAY"]?.isEmpty == false)
        {
            return .x11
        }
        return .other
    }

    /// The tool its commands go through, for the header.
    public var tool: String {
        switch self {
        case .sway: "swaymsg"
        case .hyprland: "hyprctl"
        case .x11: "wmctrl and xdotool"
        case .other: "none"
        }
    }

    /// The command that does `action` on this session, or why there is none.
    func command(for action: WindowAction) -> Result<[String], Unavailable> {
        switch (self, action) {
        case (.sway, .workspace(let next)): .success(["swaymsg", "workspace", next ? "next" : "prev"])
        case (.hyprland, .workspace(let next)): .success(["hyprctl", "dispatch", "workspace", next ? "e+1" : "e-1"])
        case (.x11, .workspace(let next)): .success(["xdotool", "set_desktop", "--relative", "--", next ? "1" : "-1"])
        case (.sway, .close): .success(["swaymsg", "kill"])
        case (.hyprland, .close): .success(["hyprctl", "dispatch", "killactive"])
        case (.x11, .close): .success(["wmctrl", "-c", ":ACTIVE:"])
        case (.hyprland, .maximize): .success(["hyprctl", "dispatch", "fullscreen", "1"])
        case (.x11, .maximize): .success(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"])
        case (.sway, .fullscreen): .success(["swaymsg", "fullscreen", "toggle"])
        case (.hyprland, .fullscreen): .success(["hyprctl", "dispatch", "fullscreen", "0"])
        case (.x11, .fullscreen): .success(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"])
        case (.sway, .minimize): .success(["swaymsg", "move", "scratchpad"])
        case (.x11, .minimize): .success(["xdotool", "getactivewindow", "windowminimize"])
        case (.x11, .showDesktop):
            .success([
                "sh", "-c", "wmctrl -k \"$(wmctrl -m | grep -q 'showing the desktop: ON' && echo off || echo on)\"",
            ])
        case (.x11, .keys(let combination)): .success(["xdotool", "key", "--clearmodifiers", combination])
        case (.x11, .click(let button)): .success(["xdotool", "click", String(button)])
        case (.sway, .maximize): .failure(.init("sway has no maximized state (its fullscreen is another action)"))
        case (.hyprland, .minimize): .failure(.init("Hyprland has no minimized state"))
        case (.sway, .showDesktop), (.hyprland, .showDesktop):
            .failure(.init("\(rawValue) has no command that shows the desktop"))
        case (_, .keys):
            .failure(.init("a keyboard shortcut: animd sends no keys, and xdotool reaches only X11 windows"))
        case (_, .click):
            .failure(.init("a mouse click: animd sends no clicks, and xdotool reaches only X11 windows"))
        case (.other, _):
            .failure(
                .init(
                    "\(action.word): this session has no command line for its windows (GNOME and KDE Plasma do it with their own gestures)"
                ))
        }
    }

    /// Why a window action has no command here.
    struct Unavailable: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

/// What the other tools do to windows and workspaces themselves.
enum WindowAction: Equatable {
    /// The next workspace, or the previous.
    case workspace(next: Bool)
    case close, maximize, minimize, fullscreen, showDesktop
    /// A key combination as xdotool writes it (`super+Page_Down`).
    case keys(String)
    case click(Int)

    var word: String {
        switch self {
        case let .workspace(next): next ? "the next workspace" : "the previous workspace"
        case .close: "close the window"
        case .maximize: "maximize the window"
        case .minimize: "minimize the window"
        case .fullscreen: "full screen"
        case .showDesktop: "show the desktop"
        case let .keys(combination): "keys \(combination)"
        case let .click(button): "click button \(button)"
        }
    }
}
