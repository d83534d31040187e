/// fusuma's `config.yml` (issue 61): `swipe`, `pinch`, `rotate` and `hold` by finger count and direction, each with
/// an action (`command`, `shortcut`, `sendkey`, and fusuma-plugin-wmctrl's `workspace` and `window`), or with
/// `begin`, `update` and `end` actions (fusuma's continuous gestures); a document whose `context` names an
/// application holds that application's gestures. fusuma runs a plain action once the gesture passes its threshold,
/// which a binding's `fire = "begin"` does once it passes its slop.
public enum FusumaImport {
    public static func read(_ text: String, session: ImportSession) throws(ImportError) -> ImportedConfig {
        let documents: [YAMLNode]
        do {
            documents = try YAMLSubsetReader.documents(text)
        } catch {
            throw ImportError(line: error.line, message: error.message)
        }
        var config = ImportedConfig(tool: .fusuma)
        for document in documents {
            // fusuma-plugin-appmatcher's `application:` sections, or a document's `context: application:`.
            let sections: [(apps: [String], node: YAMLNode)] =
                document["application"].map { applications in
                    applications.pairs.map { (["global", "Global"].contains($0.key) ? [] : [$0.key], $0.value) }
                } ?? [(document["context"]?["application"]?.scalar.map { [$0] } ?? [], document)]
            for (apps, node) in sections { section(node, apps: apps, into: &config, session) }
        }
        return config
    }

    /// One section's gestures and settings, for `apps` (all when empty).
    private static func section(
        _ section: YAMLNode, apps: [String], into config: inout ImportedConfig, _ session: ImportSession
    ) {
        for pair in section.pairs {
            switch pair.key {
            case "swipe", "pinch", "rotate":
                gestures(pair, apps: apps, into: &config, session)
            case "hold":
                config.leave(
                    pair.line, "hold",
                    because: "a touchpad hold runs no command in animd: libinput's hold is published as `hold`")
            case "context", "application": continue
            case "threshold", "interval":
                config.note(
                    "fusuma's \(pair.key) (line \(pair.line)) has no counterpart: a binding runs its command once "
                        + "it is recognized, or per repeat-distance.")
            case "plugin":
                config.leave(pair.line, "plugin", because: "fusuma's plugin settings have no counterpart")
            default:
                config.leave(pair.line, pair.key, because: "not a gesture of fusuma's")
            }
        }
    }

    /// `swipe: {3: {left: action}}`, `pinch: {in: action}` (any fingers) and the like.
    private static func gestures(
        _ gesture: YAMLPair, apps: [String], into config: inout ImportedConfig, _ session: ImportSession
    ) {
        for byFingers in gesture.value.pairs {
            if let fingers = Int(byFingers.key) {
                guard ImportedConfig.fingers.contains(fingers) else {
                    config.leave(
                        byFingers.line, "\(gesture.key) \(byFingers.key)", because: "animd takes 1 to 5 fingers")
                    continue
                }
                for way in byFingers.value.pairs {
                    translate(gesture.key, fingers: fingers...fingers, way, apps: apps, into: &config, session)
                }
            } else {
                let any = gesture.key == "swipe" ? 3...5 : 2...5
                translate(gesture.key, fingers: any, byFingers, apps: apps, into: &config, session)
            }
        }
    }

    private static let ways = [
        "swipe": ["left", "right", "up", "down"], "pinch": ["in", "out"], "rotate": ["clockwise", "counterclockwise"],
    ]

    private static func translate(
        _ kind: String, fingers: ClosedRange<Int>, _ way: YAMLPair, apps: [String], into config: inout ImportedConfig,
        _ session: ImportSession
    ) {
        let fingerWord = fingers.count == 1 ? "\(fingers.lowerBound)" : "any"
        let entry = "\(kind) \(fingerWord) \(way.key)"
        guard ways[kind]?.contains(way.key) == true else {
            return config.leave(way.line, entry, because: "no \(kind) goes \"\(way.key)\"")
        }
        var binding = ImportedBinding(
            name: ImportedBinding.name([kind, fingerWord, way.key] + apps.prefix(1)),
            line: way.line, entry: entry)
        switch kind {
        case "swipe": binding.stroke(way.key, fingers: fingers, sources: ["touchpad"])
        case "pinch": binding.transform("pinch", way: way.key, fingers: fingers, sources: ["touchpad"])
        default:
            binding.transform(
                "rotate", way: way.key == "clockwise" ? "clockwise" : "counter-clockwise", fingers: fingers,
                sources: ["touchpad"])
        }
        if !apps.isEmpty { binding.set("apps", .strings(apps)) }
        let phases = [("begin", "begin"), ("update", "repeat"), ("end", "end")].compactMap { phase, fire in
            way.value[phase].map { (fire, $0) }
        }
        if phases.isEmpty { return act(way.value, binding, fire: "begin", into: &config, session) }
        for (fire, action) in phases {
            var phased = binding
            if phases.count > 1 { phased.name += "-\(fire)" }
            act(action, phased, fire: fire, into: &config, session)
        }
    }

    /// One action as a command.
    private static func act(
        _ action: YAMLNode, _ binding: ImportedBinding, fire: String, into config: inout ImportedConfig,
        _ session: ImportSession
    ) {
        var binding = binding
        if action["keypress"] != nil {
            binding.notes.append("its keypress variants are not kept: animd does not watch the keyboard")
        }
        if let command = action["command"]?.scalar, !command.isEmpty {
            binding.runShell(command, fire: fire)
            return config.add(binding)
        }
        if let keys = action["shortcut"]?.scalar {
            return config.addWindowAction(binding, .keys(keys), on: session, fire: fire)
        }
        if action["sendkey"] != nil {
            return config.leave(
                binding.line, binding.entry,
                because: "fusuma-plugin-sendkey's keys: animd sends no keys, and its evdev key names are not xdotool's")
        }
        if let workspace = action["workspace"]?.scalar, workspace == "next" || workspace == "prev" {
            return config.addWindowAction(binding, .workspace(next: workspace == "next"), on: session, fire: fire)
        }
        if let window = action["window"] {
            let kinds: [String: WindowAction] = ["close": .close, "maximized": .maximize, "fullscreen": .fullscreen]
            let name = window.scalar ?? window.pairs.first?.key ?? ""
            if let windowAction = kinds[name] {
                return config.addWindowAction(binding, windowAction, on: session, fire: fire)
            }
        }
        config.leave(
            binding.line, binding.entry,
            because:
                "its action is none of command, shortcut, sendkey, workspace: next|prev, window: close|maximized|fullscreen"
        )
    }
}
