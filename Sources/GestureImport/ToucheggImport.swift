/// `touchegg.conf` (issue 61): `<application name="All">` and per-application sections of `<gesture type fingers
/// direction>` with one `<action type>`. Its swipes and pinches are the touchpad's and the touchscreen's, its taps
/// and drags the touchscreen's. Its window actions become the running session's commands; its animations have no
/// counterpart (animd's transitions are how to animate).
public enum ToucheggImport {
    public static func read(_ text: String, session: ImportSession) throws(ImportError) -> ImportedConfig {
        let root: XMLElement
        do {
            root = try XMLSubsetReader.parse(text)
        } catch {
            throw ImportError(line: error.line, message: error.message)
        }
        var config = ImportedConfig(tool: .touchegg)
        let sections = root.children.filter { $0.name == "application" }
        for child in root.children where child.name != "application" && child.name != "settings" {
            config.leave(child.line, "<\(child.name)>", because: "not an element of touchegg.conf")
        }
        if let settings = root.children.first(where: { $0.name == "settings" }) {
            config.note(
                "touchegg's <settings> (line \(settings.line)) have no counterpart: its animations are its own, and a "
                    + "gesture here acts once it is recognized, not past a percentage.")
        }
        for section in sections {
            let apps = (section["name"] ?? "All").split(separator: ",").map { String($0).trimmed }
            let gestures = section.children.filter { $0.name == "gesture" }
            for (index, gesture) in gestures.enumerated() {
                // touchegg keeps the last of the same gesture in a section (Config::saveGestureConfig's map).
                if let later = gestures[(index + 1)...].last(where: { sameGesture($0, gesture) }) {
                    config.leave(
                        gesture.line, "<gesture type=\"\(gesture["type"] ?? "")\">",
                        because: "touchegg uses line \(later.line)'s, the last of the same gesture here")
                    continue
                }
                translate(gesture, apps: apps == ["All"] ? [] : apps, sections: sections, into: &config, session)
            }
        }
        return config
    }

    private static func sameGesture(_ one: XMLElement, _ other: XMLElement) -> Bool {
        one["type"] == other["type"] && one["fingers"] == other["fingers"] && one["direction"] == other["direction"]
    }

    /// The applications whose own section has this gesture, which "All" therefore leaves to them.
    private static func overriding(_ gesture: XMLElement, in sections: [XMLElement]) -> [String] {
        sections.filter { ($0["name"] ?? "All") != "All" }.filter { section in
            section.children.contains { $0.name == "gesture" && sameGesture($0, gesture) }
        }.flatMap { ($0["name"] ?? "").split(separator: ",").map { String($0).trimmed } }
    }

    private static func translate(
        _ gesture: XMLElement, apps: [String], sections: [XMLElement], into config: inout ImportedConfig,
        _ session: ImportSession
    ) {
        let type = gesture["type"] ?? "", direction = (gesture["direction"] ?? "").lowercased()
        let entry =
            "<gesture type=\"\(type)\" fingers=\"\(gesture["fingers"] ?? "")\""
            + (gesture["direction"].map { " direction=\"\($0)\"" } ?? "") + ">"
        guard let fingers = gesture["fingers"].flatMap({ Int($0) }), ImportedConfig.fingers.contains(fingers) else {
            return config.leave(gesture.line, entry, because: "its fingers are not 1 to 5")
        }
        guard let action = gesture.children.first(where: { $0.name == "action" }) else {
            return config.leave(gesture.line, entry, because: "it has no <action>")
        }
        var binding = ImportedBinding(
            name: ImportedBinding.name([type, String(fingers), direction] + apps.prefix(1)),
            line: gesture.line, entry: entry + " " + (action["type"] ?? ""))
        switch (type, direction) {
        case ("SWIPE", "up"), ("SWIPE", "down"), ("SWIPE", "left"), ("SWIPE", "right"):
            binding.stroke(direction, fingers: fingers...fingers, sources: ["touchpad", "touch"])
        case ("DRAG", "up"), ("DRAG", "down"), ("DRAG", "left"), ("DRAG", "right"):
            binding.stroke(direction, fingers: fingers...fingers, sources: ["touch"])
        case ("PINCH", "in"), ("PINCH", "out"):
            guard fingers >= 2 else {
                return config.leave(gesture.line, entry, because: "a pinch takes two fingers or more")
            }
            binding.transform("pinch", way: direction, fingers: fingers...fingers, sources: ["touchpad", "touch"])
        case ("TAP", _):
            binding.tap(fingers: fingers)
        default:
            return config.leave(gesture.line, entry, because: "no touchegg gesture is \(type) \(direction)")
        }
        if !apps.isEmpty { binding.set("apps", .strings(apps)) }
        let others = apps.isEmpty ? overriding(gesture, in: sections) : []
        if !others.isEmpty { binding.set("except-apps", .strings(others)) }
        act(action, binding, tap: type == "TAP", into: &config, session)
    }

    /// When the action runs: `<repeat>` per step, `<on>` at the begin, the end, or both (two bindings).
    private static func act(
        _ action: XMLElement, _ binding: ImportedBinding, tap: Bool, into config: inout ImportedConfig,
        _ session: ImportSession
    ) {
        // Its window actions run as the gesture completes; commands, keys and clicks at its begin unless `<on>` or
        // `<repeat>` says otherwise (touchegg's RepeatedAction and MouseClick).
        guard ["RUN_COMMAND", "SEND_KEYS", "MOUSE_CLICK"].contains(action["type"] ?? "") else {
            return act(action, binding, fire: "end", into: &config, session)
        }
        let repeats = action.child("repeat") == "true" && !tap
        let on = action.child("on") ?? "begin"
        if !repeats, on == "begin-and-end" {
            guard action["type"] != "MOUSE_CLICK" else {
                return config.leave(
                    binding.line, binding.entry,
                    because: "holds the mouse button down for the gesture: animd presses no buttons")
            }
            for fire in ["begin", "end"] {
                var once = binding
                once.name += "-\(fire)"
                act(action, once, fire: fire, into: &config, session)
            }
            return
        }
        act(action, binding, fire: repeats ? "repeat" : on == "end" ? "end" : "begin", into: &config, session)
    }

    /// The action as a command fired at `fire`: a command as written, keys and clicks through xdotool, window
    /// actions through the session's tools.
    private static func act(
        _ action: XMLElement, _ binding: ImportedBinding, fire: String, into config: inout ImportedConfig,
        _ session: ImportSession
    ) {
        var binding = binding
        if action.child("decreaseCommand") != nil || action.child("decreaseKeys") != nil {
            binding.notes.append("its decrease command is not kept: a repeat runs one command, each step its way")
        }
        let window: [String: WindowAction] = [
            "MAXIMIZE_RESTORE_WINDOW": .maximize, "MINIMIZE_WINDOW": .minimize, "FULLSCREEN_WINDOW": .fullscreen,
            "CLOSE_WINDOW": .close, "SHOW_DESKTOP": .showDesktop,
        ]
        let type = action["type"] ?? ""
        switch type {
        case "RUN_COMMAND":
            guard let command = action.child("command"), !command.isEmpty else {
                return config.leave(binding.line, binding.entry, because: "it has no <command>")
            }
            binding.runShell(command, fire: fire)
            config.add(binding)
        case "SEND_KEYS":
            let keys = [action.child("modifiers"), action.child("keys")].compactMap { $0 }.filter { !$0.isEmpty }
                .joined(separator: "+")
            config.addWindowAction(binding, .keys(keys), on: session, fire: fire)
        case "MOUSE_CLICK":
            config.addWindowAction(binding, .click(Int(action.child("button") ?? "1") ?? 1), on: session, fire: fire)
        case "CHANGE_DESKTOP":
            changeDesktop(action, binding, into: &config, session)
        default:
            guard let windowAction = window[type] else {
                return config.leave(binding.line, binding.entry, because: "no command does touchegg's \(type) here")
            }
            config.addWindowAction(binding, windowAction, on: session)
        }
    }

    /// CHANGE_DESKTOP: the session's next or previous workspace.
    private static func changeDesktop(
        _ action: XMLElement, _ binding: ImportedBinding, into config: inout ImportedConfig, _ session: ImportSession
    ) {
        var binding = binding
        let direction = action.child("direction") ?? "auto"
        guard let next = desktop(direction, binding: binding) else {
            return config.leave(
                binding.line, binding.entry, because: "a desktop grid (up, down, left, right): animd runs no grid")
        }
        if direction == "auto" {
            binding.notes.append(
                "\"auto\" is natural scrolling's: left and up go to the next desktop, right and down to the previous")
        }
        config.addWindowAction(binding, .workspace(next: next), on: session)
    }

    /// CHANGE_DESKTOP's direction: next, previous, or auto by the gesture's way (natural scrolling's, the
    /// touchpads' default on GNOME and KDE Plasma); nil for a grid's up, down, left or right.
    private static func desktop(_ direction: String, binding: ImportedBinding) -> Bool? {
        switch direction {
        case "next": return true
        case "previous": return false
        case "auto":
            let way = binding.keys.first { $0.key == "direction" || $0.key == "increases" }?.value
            return way == .string("left") || way == .string("up") || way == .string("in")
        default: return nil
        }
    }
}

/// A file `animctl import` cannot read at all, with the line where it stopped.
public struct ImportError: Error, Equatable {
    public var line: Int
    public var message: String
}
